#include "eventlog/eventlogfilter.h"

#include "eventlog/eventlogmodel.h"

namespace qs {

EventLogFilter::EventLogFilter(QObject *parent)
    : QSortFilterProxyModel(parent)
{}

void EventLogFilter::setThread(const QString &thread)
{
    if (thread == m_thread)
        return;
    m_thread = thread;
    invalidateRowsFilter();
}

void EventLogFilter::setKind(int kind)
{
    if (kind == m_kind)
        return;
    m_kind = kind;
    invalidateRowsFilter();
}

bool EventLogFilter::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (!m_thread.isEmpty() && index.data(EventLogModel::ThreadRole).toString() != m_thread)
        return false;
    return m_kind < 0 || index.data(EventLogModel::KindRole).toInt() == m_kind;
}

} // namespace qs
