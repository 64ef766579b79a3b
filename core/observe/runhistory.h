#pragma once

#include "observe/runfile.h"
#include "observe/snapshot.h"

#include <QHash>
#include <QList>

namespace qs {

class Recorder;

// A run's history, to see it "as it was at t": at(t) builds the Snapshot of that instant from
// the run's record (Snapshot::record: the live Recorder or a saved run's rebuilt one), its events,
// metric points and batch previews. The time cursor of the window reads it.
//
// What at(t) holds, as far as the record knows:
//  - each thread registered by t: its state, activity and detail at t (from the exact span that
//    holds t, or the dominant state of the finest bucket where spans were summarised) and its
//    time per state up to t (usIn); threads registered later are left out;
//  - each queue: its size at t (the time-weighted mean of the finest bucket holding t, or the
//    saved sample in force at t), closed when its queue_close event is at or before t, and its
//    element totals only at the end (enqueued/dequeued are -1 before: the record has no counts);
//  - the events and metric points with tUs <= t, the run state at t (Running until request_stop,
//    Stopping until the end event, Finished from it), the step count and accuracies of the latest
//    metric point or batch preview at or before t, the batch preview kept for t, and the queues'
//    size history drawn from the record's buckets over the whole run.
// Not thread-safe; a value the GUI thread owns. Built up from snapshots as a live run goes
// (add), or in one call from a Recorder or a saved run.
//
// Example:
//   auto run = RunFileReader::read(path);
//   RunHistory h = RunHistory::fromSavedRun(*run);
//   SnapshotPtr past = h.at(1'234'000); // the run at 1.234 s
class RunHistory {
public:
    RunHistory() = default;
    static RunHistory fromRecorder(const Recorder &recorder);
    static RunHistory fromSavedRun(const SavedRun &run);

    // Takes a live snapshot: its new events (by seq), its metrics, its record and figures. A
    // snapshot whose event sequence went back (a new run) starts the history over.
    void add(const SnapshotPtr &snap);
    void clear();
    bool isEmpty() const { return !m_last; }

    SnapshotPtr at(qint64 tUs) const;
    SnapshotPtr last() const { return m_last; }
    qint64 endUs() const; // the latest instant known
    const QList<Event> &events() const { return m_events; }
    // The index in events() of the last event at or before t; -1 when none.
    int eventBefore(qint64 tUs) const;
    // The queue's size samples for a chart, from the record's buckets over [0, endUs()).
    QList<QueueSample> queueHistory(const QString &queue, int buckets = 600) const;
    QHash<QString, QList<QueueSample>> queueHistories(int buckets = 600) const; // every queue's

private:
    void fillThreads(Snapshot *out, qint64 t) const;
    void fillQueues(Snapshot *out, qint64 t) const;
    void fillFigures(Snapshot *out, qint64 t) const;

    SnapshotPtr m_last;
    QList<Event> m_events;
    RangeSourcePtr m_record;
};

} // namespace qs
