#include "eventlog/eventlogmodel.h"

#include "common/eventtext.h"
#include "common/uitext.h"

#include <QFont>

#include <algorithm>

namespace qs {

EventLogModel::EventLogModel(int maxRows, QObject *parent)
    : QAbstractTableModel(parent)
    , m_maxRows(std::max(1, maxRows))
{}

void EventLogModel::append(const QList<Event> &events, qint64 nextEventSeq)
{
    if (nextEventSeq >= 0 && nextEventSeq < m_lastSeq + 1)
        clear();
    QList<Event> fresh;
    for (const Event &e : events) {
        if (e.seq > m_lastSeq) {
            fresh.append(e);
            m_lastSeq = e.seq;
        }
    }
    if (fresh.isEmpty())
        return;
    if (fresh.size() > m_maxRows)
        fresh.remove(0, fresh.size() - m_maxRows);

    const int overflow = int(m_events.size() + size_t(fresh.size())) - m_maxRows;
    if (overflow > 0) {
        // Past the bound a tenth of it goes at once. Removing the oldest row for each new one had
        // the view and its filter renumber every row at every event, which slowed each frame of
        // a long run once its log was full.
        const int drop = std::min(int(m_events.size()), overflow + slack() - 1);
        beginRemoveRows({}, 0, drop - 1);
        m_events.erase(m_events.begin(), m_events.begin() + drop);
        endRemoveRows();
    }
    const int first = int(m_events.size());
    beginInsertRows({}, first, first + int(fresh.size()) - 1);
    bool newThread = false;
    for (const Event &e : std::as_const(fresh)) {
        m_events.push_back(e);
        if (!e.thread.isEmpty() && !m_threadNames.contains(e.thread)) {
            m_threadNames.append(e.thread);
            newThread = true;
        }
    }
    endInsertRows();
    if (newThread) {
        m_threadNames.sort();
        emit threadNamesChanged();
    }
}

void EventLogModel::clear()
{
    beginResetModel();
    m_events.clear();
    m_lastSeq = -1;
    endResetModel();
    if (!m_threadNames.isEmpty()) {
        m_threadNames.clear();
        emit threadNamesChanged();
    }
}

void EventLogModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_events.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1),
                         {Qt::DisplayRole, Qt::ToolTipRole});
}

bool EventLogModel::setTopology(TopologyPtr topology)
{
    const bool same = topology == m_topology || (topology && m_topology && *topology == *m_topology);
    m_topology = std::move(topology);
    if (!same && !m_events.empty())
        emit dataChanged(index(0, Thread), index(rowCount() - 1, Details),
                         {Qt::DisplayRole, Qt::ToolTipRole});
    return !same;
}

int EventLogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_events.size());
}
int EventLogModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EventLogModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Event &e = m_events[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Time:
            return UiText::seconds(e.tUs);
        case Thread:
            return EventText::threadCell(e, m_topology.get());
        case Kind:
            return EventText::kindName(e);
        case Details:
            return EventText::details(e, m_topology.get());
        }
        return {};
    case Qt::ToolTipRole:
        switch (index.column()) {
        case Thread:
            return e.thread.isEmpty() ? tr("Done from the window, not by a pipeline thread.") : e.thread;
        case Details: {
            // The sentence in full (the column may elide it), then the fields as recorded.
            const QString raw = EventText::rawFields(e);
            const QString words = EventText::details(e, m_topology.get());
            return raw == words ? words : words + QLatin1Char('\n') + raw;
        }
        }
        return {};
    case Qt::FontRole:
        if (e.kind == EventKind::Error || e.kind == EventKind::RequestStop) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == Time ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    case KindRole:
        return int(e.kind);
    case ThreadRole:
        return e.thread;
    case SeqRole:
        return e.seq;
    case TimeUsRole:
        return e.tUs;
    }
    return {};
}

QVariant EventLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Time:
        return tr("Time");
    case Thread:
        return tr("Thread");
    case Kind:
        return tr("Event");
    case Details:
        return tr("Details");
    }
    return {};
}

} // namespace qs
