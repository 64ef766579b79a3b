#pragma once

#include "observe/recorder.h"

#include <memory>

namespace qs {

// Builds a Recorder's record back from what a run saved (RunFileReader), so an opened run has
// the record the live one had: the same exact spans within the same span budget, the same time
// buckets over the whole run, the same queue rings, and the same bounded memory whatever the
// run's length (an hour of 16 readers is ~170 million spans in the file, ~100 MB here).
//
// Use: the threads and queues in id order, then each one's items in the order they were
// recorded. Spans of different threads should come in the order they ended, as they entered
// the live record: the span budget gives up the oldest chunk of whichever thread fills a chunk
// past it, so that order decides which spans stay exact (any order gives the same time per
// state per bucket). finish() hands out the record; the rebuilder is spent.
//
// The record's clock stands at `endUs`, the saved run's last instant: an open span lasts until
// then. Nothing is recorded but what is given: no events, no gate, no metrics.
//
// Spans the file lost (RunFileGap: a thread's next span starts after its last one ended) keep
// their time out of the buckets, which draw it as no state; the exact spans cannot hold a hole,
// so the span before one is drawn up to the next span at full zoom. Single thread.
class RecordRebuilder {
public:
    explicit RecordRebuilder(qint64 endUs, RecorderOptions options = {});

    static int maxThreads(); // the Recorder's limit: addThread() refuses threads past it
    // The most the time buckets of a record of `threads` threads and `queues` queues, `endUs`
    // long, can take within `options` (bytes): what a reader checks before it rebuilds one.
    static qint64 maxLevelBytes(qint64 endUs, int threads, int queues, const RecorderOptions &options);

    // startUs: the thread's registration (its first span's start). Returns its id, or -1 past
    // the Recorder's limit (its items are then ignored).
    int addThread(const QString &name, ThreadRole role, qint64 startUs);
    // A finished span (endUs >= startUs), not before the thread's previous one.
    void addSpan(int threadId, const StateSpan &span);
    // The state the thread was in at the end (endUs ignored), from its last span's end on.
    void setCurrent(int threadId, const StateSpan &open);

    int addQueue(const QString &name, const QString &type, int capacity, int minAfterDequeue,
                 qint64 registeredUs);
    // A change of the queue's size, not before its previous one. Every change enters the time
    // buckets; a sampled one also enters the throttled samples, as it did live. (Files before
    // version 3 hold only the samples: each is then given as a sampled change.)
    void addQueueChange(int queueId, const QueueChange &change);
    // The queue's figures at the end.
    void setQueueTotals(int queueId, int size, qint64 enqueued, qint64 dequeued, bool closed);

    std::shared_ptr<const Recorder> finish();

private:
    std::shared_ptr<Recorder> m_rec;
};

} // namespace qs
