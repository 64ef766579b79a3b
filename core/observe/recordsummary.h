#pragma once

#include "observe/rangeview.h"

#include <QList>

namespace qs {

class Recorder;

// What the exports add for the time the record holds only in buckets: a thread's time before
// its oldest exact span (spans given up to the span budget), and a queue's size before its
// oldest kept sample. Built by range queries, so an export covers the whole run at the finest
// resolution the record still has there. Empty for a run that fit its budgets.
struct StateSummary {
    int threadId = 0;
    QString thread;
    qint64 fromUs = 0;
    qint64 toUs = 0;
    StateMix mix;
    qint64 resolutionUs = 0; // the record's bucket width behind `mix` (0: exact spans)
};
struct SizeSummary {
    QString queue;
    qint64 fromUs = 0;
    qint64 toUs = 0;
    SizeStat size;
};

// Per thread of `threads` (as Recorder::threads() gives them), buckets of about `bucketUs`
// (at most `maxBuckets` per thread) over [its start, its oldest exact span); empty buckets left out.
QList<StateSummary> summarisedStates(const Recorder &recorder, const QList<ThreadInfo> &threads,
                                     qint64 bucketUs = 4096, int maxBuckets = 20000);
// Per queue of `queues` (Recorder::queues(), in id order) whose sample ring dropped samples,
// buckets over [0, its oldest sample kept).
QList<SizeSummary> summarisedSizes(const Recorder &recorder, const QList<QueueInfo> &queues,
                                   qint64 bucketUs = 4096, int maxBuckets = 20000);

} // namespace qs
