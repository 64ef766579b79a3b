#pragma once

#include "observe/rangeview.h"
#include "observe/snapshot.h"

#include <QJsonObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace qs {

struct RecorderOptions {
    // Exact state spans kept over all threads (16 bytes each): past this the busiest threads'
    // oldest spans are summarised, their time staying in the per-thread time buckets.
    qint64 spanBudget = 4 << 20;
    int spanChunk = 1024;        // spans are kept and given up in chunks of this many
    int levelBuckets = 4096;     // buckets kept per level of time buckets (see TimePyramid)
    int eventCapacity = 20000;   // ring of coordination events
    int queueHistory = 4096;     // ring of (time, size) samples per queue
    qint64 queueSampleUs = 2000; // at most one size sample per queue per this interval (plus every change
                                 // of closed state); the latest size is always exact
    // Every change of a queue's size, unthrottled, kept for a reader that drains them as the run
    // goes (RunFileWriter, every 200 ms): at full speed a queue changes ~10,000 times a second,
    // so this many cover a writer a few seconds behind. Past it the oldest are dropped (a gap).
    int queueChanges = 1 << 15;
    // Metric points kept for the views over the whole run: past this the series thins itself
    // (MetricSeries, with as many evaluated points again kept apart, up to metricCapacity / 8).
    int metricCapacity = 1 << 14;
    // The newest metric points kept exactly, for a reader that drains them (metricsSince).
    int metricTail = 20000;
    // What one snapshot copies, so a ~30 Hz viewer stays cheap however long the run: the newest
    // spans per thread (the open one included) and the oldest events at or after the cursor
    // (the caller catches up over the following snapshots through nextEventSeq).
    // The span tail is for views that draw a thread's latest states; the timeline queries the
    // record instead (Snapshot::record).
    int snapshotSpanLimit = 64;
    int snapshotEventLimit = 5000;
    // Tests only: replaces the steady clock. Must be non-decreasing and >= 0, and thread-safe.
    std::function<qint64()> clockUs;
};

// What the record holds now, for tests of its memory bound and for the bench.
struct RecordFootprint {
    qint64 spans = 0;         // exact spans held, over all threads
    qint64 threadBuckets = 0; // time buckets of the threads' levels, open ones included
    qint64 queueBuckets = 0;
    qint64 bytes = 0; // an estimate of their storage (allocated chunks and rings)
};

// What one of the Recorder's rings gained since a count, for a reader that drains it as the run
// goes (RunFileWriter): the items numbered [first, next), oldest first. Numbers count every item
// the ring was ever given (an event's number is its seq). first > the count asked for when the
// ring dropped items in between: the caller records that gap.
template<typename T> struct RecordTail {
    QList<T> items;
    qint64 first = 0;
    qint64 next = 0;
};

// The write side of observation for one run, shared by every thread of that run.
//
// Contract:
//  - Thread-safe. Every method may be called from any thread at any time, including while
//    another thread calls snapshot-building or export functions.
//  - Cheap on the hot path: setState and queueChanged are O(1), take at most one uncontended
//    per-thread / per-queue lock (or none), and allocate only when a ring slot is first used.
//    Memory is bounded by RecorderOptions whatever the run's length: exact spans within
//    spanBudget (plus one chunk per thread), time buckets within levelBuckets per level, queue
//    samples, events and the metrics' tail within their rings, the metrics' whole-run series
//    within metricCapacity by thinning.
//  - The record is complete: every finished span enters a thread's time buckets (from its
//    registration on, for the whole run) and its exact spans; the buckets of every queue hold
//    its size over the whole run. query() answers any range from the finest data still held.
//  - Times are microseconds of one steady clock whose zero is this Recorder's construction.
//  - Ordering: everything a thread recorded before it called event() is visible to any
//    fillSnapshot()/export that sees that event (the event log's lock is the release point).
//    Likewise a snapshot that shows a step count shows the run state and the threads as they
//    were when that step was set, or later (it reads the later facts first), so it never
//    shows training in an idle run.
//  - setEnabled(false) turns thread-state spans and queue samples into no-ops (for measuring
//    observation overhead): setState then records only final states (stopped/failed/cancelled,
//    once per thread), queueChanged only stores the latest size and totals (relaxed atomics, no
//    lock), and queue rates read 0. Events, metrics and counters are always recorded.
//  - Same state: setState with the current state, activity and detail changes nothing.
//  - Ids: registerThread/registerQueue return dense ids from 0 (-1 past 1024 threads / 256 queues,
//    with a warning); calls with an unknown id are ignored.
//  - Snapshots copy at most snapshotSpanLimit spans per thread and snapshotEventLimit events,
//    and carry the record itself as Snapshot::record for range queries; events()/threads()/
//    queues() return everything still held (every exact span; for exports).
//  - query() takes each thread's and queue's lock once, for time proportional to the answer.
//
// Example (a reader thread; the queue marks it blocked by itself through ObservedThread):
//   Recorder rec;
//   ObservedThread self(&rec, "reader_0", ThreadRole::Reader);
//   ObservedThread::setState(ThreadState::Running, Activity::Decoding);
//   rec.event(EventKind::Error, ObservedThread::currentName(), {{"kind", "data_loss"}, {"message", m}});
//   SnapshotPtr s = rec.snapshot(cursor); cursor = s->nextEventSeq; // on the UI timer
class Recorder {
public:
    explicit Recorder(RecorderOptions options = {});
    ~Recorder();
    Recorder(const Recorder &) = delete;
    Recorder &operator=(const Recorder &) = delete;

    qint64 nowUs() const;
    const RecorderOptions &options() const;
    void setEnabled(bool on);
    bool isEnabled() const;
    // The nice value each thread takes as it binds to this Recorder (ObservedThread; see
    // ThreadPriority): the window sets it above its own so that it keeps drawing under a run
    // that fills the CPU. Unset (the default, and the CLI's), threads keep their priority.
    void setThreadNice(int nice);
    std::optional<int> threadNice() const;

    // Threads. registerThread records the first span (Starting) and a thread_start event, which
    // passes the gate like any other event.
    int registerThread(const QString &name, ThreadRole role);
    void setState(int threadId, ThreadState state, Activity activity = Activity::None,
                  const QString &detail = {});
    QString threadName(int threadId) const;
    // The thread's current state (endUs -1); a default span for an unknown id.
    StateSpan currentSpan(int threadId) const;

    // Queues. queueChanged is called by the queue under its own lock after every change.
    int registerQueue(const QString &name, const QString &type, int capacity, int minAfterDequeue);
    void queueChanged(int queueId, int size, qint64 enqueuedTotal, qint64 dequeuedTotal, bool closed);

    // Coordination events. Returns the event's sequence number. The gate, if one is set, is
    // called first, on the emitting thread and outside every Recorder lock, with the event as it
    // will be (seq -1): step mode holds that thread there until the user grants the next step,
    // so an event enters the log only once it is released.
    qint64 event(EventKind kind, const QString &thread, QJsonObject details = {});
    // event() in two halves, for a caller whose event is the record of a change it makes under a
    // lock of its own (a queue's close, so that two closes racing are logged in the order they
    // took effect): awaitGate() with the event to come before taking that lock, recordEvent()
    // under it (it takes only the Recorder's innermost lock and never calls the gate).
    void awaitGate(EventKind kind, const QString &thread, const QJsonObject &details = {});
    Event recordEvent(EventKind kind, const QString &thread, QJsonObject details = {});
    using Gate = std::function<void(const Event &)>;
    void setGate(Gate gate); // any time, {} removes it; an event in flight uses the gate it saw

    // Training and run-level facts: the one place a run's figures are kept (the snapshot, the
    // summary, the CLI and the window all read them here).
    // metric() fills point.samplesPerSec itself: the trainer's throughput over the last second.
    void metric(MetricPoint point);
    void setBatchPreview(QList<Thumbnail> thumbs, QStringList classNames = {}); // empty names: keep the last
    // Samples consumed by the trainer. The first call (n may be 0: "the first batch is being
    // fetched") starts the clock of Snapshot::samplesPerSec, the mean from then to the latest
    // samples.
    void addSamples(qint64 n);
    void setSteps(qint64 steps);
    void setAccuracy(double train, double eval); // < 0: none yet
    void setHeldOutSamples(int n);
    // A record a reader skipped (skip_corrupt): counted, and a `note` event {what:
    // "skipped_record", kind, message, file, record, offset} on `thread`.
    void recordSkipped(const Status &skipped, const QString &thread);
    void setRunState(RunState run, EndHow how = EndHow::None, const Status &error = {});

    // The pipeline's shape (see observe/topology.h): set by the run that builds it, before its
    // threads start, and again when it grows (the worker demo's workers). Snapshots carry it.
    void setTopology(Topology topology);
    TopologyPtr topology() const;

    // Read side. Fills every field of `out` but stepMode and threadsAtGate (the step gate's);
    // events with seq >= eventCursor, at most snapshotEventLimit of them.
    void fillSnapshot(Snapshot *out, qint64 eventCursor) const;
    SnapshotPtr snapshot(qint64 eventCursor) const;

    // Range queries over the whole record (see observe/rangeview.h); Snapshot::record is the
    // same source, kept alive by the snapshots that hold it.
    RangeView query(const RangeRequest &request) const;
    RangeSourcePtr source() const;
    // Exact spans in full chunks held over all threads (the budget's count).
    qint64 heldSpans() const;
    RecordFootprint footprint() const;

    // Full histories for exports and end-of-run summaries (what the rings still hold).
    QList<Event> events() const;
    QList<ThreadInfo> threads() const; // every exact span still held, the open one last
    QList<QueueInfo> queues() const;   // every sample still held, the latest size last

    // Incremental reads (see RecordTail): a thread's finished spans, a queue's throttled size
    // samples, every change of a queue's size, the events, the metric points, each numbered from
    // 0 in the order recorded.
    int threadCount() const;
    int queueCount() const;
    RecordTail<StateSpan> spansSince(int threadId, qint64 count) const;
    RecordTail<QueueSample> queueSamplesSince(int queueId, qint64 count) const;
    RecordTail<QueueChange> queueChangesSince(int queueId, qint64 count) const;
    RecordTail<Event> eventsSince(qint64 seq) const;
    RecordTail<MetricPoint> metricsSince(qint64 count) const;

private:
    friend class RecordRebuilder; // builds a saved run's record back (recordrebuilder.h)
    struct Impl;
    std::shared_ptr<Impl> d;
};

// Binds the calling thread to a Recorder for as long as it lives, so code that knows nothing of
// threads (a queue's enqueue, the trainer's step) can mark "the current thread" blocked or
// running. With no binding on the thread every static call is a no-op, so queues and
// coordinators work the same without observation.
// Lives on the bound thread's stack; the Recorder must outlive it. Constructed with a null
// recorder it unbinds the thread for its lifetime. Bindings nest: the destructor restores the
// previous one.
class ObservedThread {
public:
    ObservedThread(Recorder *recorder, const QString &name, ThreadRole role);
    ~ObservedThread(); // unbinds; does not change the state (the runner sets the final state)
    ObservedThread(const ObservedThread &) = delete;
    ObservedThread &operator=(const ObservedThread &) = delete;

    int id() const { return m_id; }

    static void setState(ThreadState state, Activity activity = Activity::None, const QString &detail = {});
    static Recorder *currentRecorder(); // nullptr when unbound
    static int currentId();             // -1 when unbound
    static QString currentName();       // "" when unbound
    static StateSpan currentSpan();     // the bound thread's current state; default when unbound

private:
    Recorder *m_recorder;
    int m_id;
    Recorder *m_prevRecorder;
    int m_prevId;
};

} // namespace qs
