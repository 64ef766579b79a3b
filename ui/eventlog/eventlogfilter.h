#pragma once

#include <QSortFilterProxyModel>

namespace qs {

// Shows the EventLogModel rows of one thread and/or one event kind. An empty thread or a kind
// of -1 lets every row through.
class EventLogFilter : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit EventLogFilter(QObject *parent = nullptr);

    void setThread(const QString &thread);
    void setKind(int kind); // an EventKind, or -1 for every kind
    QString thread() const { return m_thread; }
    int kind() const { return m_kind; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_thread;
    int m_kind = -1;
};

} // namespace qs
