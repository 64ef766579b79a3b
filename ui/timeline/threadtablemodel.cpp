#include "timeline/threadtablemodel.h"

#include "common/statepalette.h"
#include "common/uitext.h"

namespace qs {

ThreadTableModel::ThreadTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

ThreadState ThreadTableModel::stateOfColumn(int column)
{
    return StatePalette::legendOrder().value(column - FirstStateColumn, ThreadState::Starting);
}

void ThreadTableModel::setSnapshot(const Snapshot &snap)
{
    m_nowUs = snap.tUs;
    bool prefix = snap.threads.size() >= m_threads.size();
    for (int i = 0; prefix && i < m_threads.size(); ++i)
        prefix = snap.threads[i].id == m_threads[i].id && snap.threads[i].name == m_threads[i].name;
    if (!prefix) {
        beginResetModel();
        m_threads = snap.threads;
        endResetModel();
        return;
    }
    const int old = int(m_threads.size());
    if (old > 0) {
        m_threads = snap.threads.mid(0, old);
        emit dataChanged(index(0, 0), index(old - 1, ColumnCount - 1));
    }
    if (snap.threads.size() > old) {
        beginInsertRows({}, old, int(snap.threads.size()) - 1);
        m_threads = snap.threads;
        endInsertRows();
    }
}

void ThreadTableModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_threads.isEmpty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int ThreadTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_threads.size());
}
int ThreadTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ThreadTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ThreadInfo &t = m_threads[index.row()];
    const int column = index.column();
    qint64 total = 0;
    for (qint64 v : t.usIn)
        total += v;
    const qint64 inState = column >= FirstStateColumn ? t.usIn[size_t(stateOfColumn(column))] : 0;
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case Name:
            return t.name;
        case Role:
            return UiText::roleName(t.role);
        case State:
            return StatePalette::name(t.state);
        case For:
            return UiText::duration(m_nowUs - t.stateSinceUs);
        case Detail: {
            const QString activity = UiText::activityName(t.activity);
            return t.detail.isEmpty()   ? activity
                   : activity.isEmpty() ? t.detail
                                        : activity + QStringLiteral(" · ") + t.detail;
        }
        default:
            if (inState == 0)
                return QString();
            return tr("%1 (%2%)")
                .arg(UiText::duration(inState))
                .arg(100.0 * double(inState) / double(total), 0, 'f', 0);
        }
    case Qt::DecorationRole:
        return column == State ? QVariant(StatePalette::color(t.state)) : QVariant();
    case Qt::ToolTipRole:
        return column == State ? StatePalette::explanation(t.state) : QVariant();
    case Qt::TextAlignmentRole:
        return column >= For && column != Detail ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                                                 : QVariant();
    case StateRole:
        return int(t.state);
    case ThreadIdRole:
        return t.id;
    case SortRole:
        if (column == For)
            return m_nowUs - t.stateSinceUs;
        if (column >= FirstStateColumn)
            return inState;
        if (column == State)
            return int(t.state);
        return data(index, Qt::DisplayRole);
    }
    return {};
}

QVariant ThreadTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return QAbstractTableModel::headerData(section, orientation, role);
    if (section >= FirstStateColumn && section < ColumnCount)
        return role == Qt::DisplayRole ? StatePalette::name(stateOfColumn(section))
                                       : StatePalette::explanation(stateOfColumn(section));
    if (role == Qt::ToolTipRole)
        return {};
    switch (section) {
    case Name:
        return tr("Thread");
    case Role:
        return tr("Role");
    case State:
        return tr("State");
    case For:
        return tr("For");
    case Detail:
        return tr("Detail");
    }
    return {};
}

} // namespace qs
