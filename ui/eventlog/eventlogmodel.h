#pragma once

#include "observe/snapshot.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <algorithm>
#include <deque>

namespace qs {

// The run's coordination events as a table, appended from each snapshot's new events (those
// already seen, by seq, are skipped) and bounded: past maxRows the oldest rows are removed, a
// tenth of maxRows at a time (slack()), so a full log holds maxRows - slack() + 1 to maxRows.
// Every row names who did it (the thread's short label, or "you (Stop)" for the window's user)
// and says what happened in words of the current language (EventText).
class EventLogModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Columns { Time, Thread, Kind, Details, ColumnCount };
    enum Roles { KindRole = Qt::UserRole, ThreadRole, SeqRole, TimeUsRole };

    explicit EventLogModel(int maxRows = 10000, QObject *parent = nullptr);

    // Appends the events newer than the last one seen. A sequence that went backwards (a new run)
    // clears the log first.
    void append(const QList<Event> &events, qint64 nextEventSeq = -1);
    void clear();
    void retranslate(); // after a language change: headers, kind names and details
    // The run's shape, for the threads' and queues' short labels (the full names stay in the
    // tooltips). Null: names as they are. True when the labels changed.
    bool setTopology(TopologyPtr topology);
    const Topology *topology() const { return m_topology.get(); }

    int maxRows() const { return m_maxRows; }
    int slack() const { return std::max(1, m_maxRows / 10); }
    qint64 lastSeq() const { return m_lastSeq; }
    QStringList threadNames() const { return m_threadNames; } // every thread seen, sorted
    const Event &event(int row) const { return m_events[size_t(row)]; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    void threadNamesChanged();

private:
    int m_maxRows;
    std::deque<Event> m_events;
    qint64 m_lastSeq = -1;
    QStringList m_threadNames;
    TopologyPtr m_topology;
};

} // namespace qs
