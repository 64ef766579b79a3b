#pragma once

#include "observe/snapshot.h"

#include <QList>

#include <array>
#include <climits>
#include <memory>

namespace qs {

// Range queries over a run's record: what a view asks for ("[from, to) in n buckets") and what
// it gets back. A record keeps exact spans for the recent part of each thread (all of it for a
// run that fits the span budget) and time buckets at several widths for the whole run, so any
// range is answered from the finest data the record still holds.

// Time per thread state within one bucket (µs); also a bucket of a thread's TimePyramid.
struct StateMix {
    std::array<qint64, kThreadStateCount> us{};

    void add(ThreadState s, qint64 t) { us[size_t(s)] += t; }
    void add(const StateMix &o, double factor = 1.0);
    qint64 total() const;
    ThreadState dominant() const; // the state with the most time; Starting when empty
    bool isEmpty() const { return total() == 0; }
    friend bool operator==(const StateMix &, const StateMix &) = default;
};

// A queue's size within one bucket: the smallest and largest size seen, and its time-weighted
// mean. Also a bucket of a queue's TimePyramid (sizeUs = Σ size × µs, coveredUs = Σ µs).
struct SizeStat {
    int min = INT_MAX;
    int max = INT_MIN;
    qint64 sizeUs = 0;
    qint64 coveredUs = 0;

    void add(int size, qint64 us)
    {
        mark(size);
        sizeUs += qint64(size) * us;
        coveredUs += us;
    }
    void mark(int size)
    {
        min = std::min(min, size);
        max = std::max(max, size);
    }
    void add(const SizeStat &o, double factor = 1.0);
    bool isEmpty() const { return max < min; }
    double mean() const { return coveredUs > 0 ? double(sizeUs) / double(coveredUs) : (isEmpty() ? 0 : min); }
};

struct RangeRequest {
    qint64 fromUs = 0;
    qint64 toUs = -1; // < 0: now
    int buckets = 1;  // the answer's resolution: (to - from) / buckets per bucket
    // A lane comes back as exact spans when the record holds them over the whole range and at
    // most this many overlap it (spans of two buckets on average); < 0: buckets / 2, at least 16.
    int exactLimit = -1;
    bool withQueues = true;
    QList<int> threads; // the lanes wanted, by thread id; empty: all (an unknown id: none)
};

// One thread over the range: either its exact spans or its time per state per bucket.
struct LaneRecord {
    int threadId = 0;
    QString name;
    ThreadRole role = ThreadRole::Worker;
    qint64 startUs = 0; // the thread's registration: nothing before
    bool exact = false;
    QList<StateSpan> spans; // exact: every span overlapping the range, oldest first (the open one endUs -1)
    QList<StateMix> mix;    // otherwise: one per bucket
    // The coarsest record width that went into `mix` (µs); 0 when built from exact spans only.
    qint64 resolutionUs = 0;
};

struct QueueRecord {
    QString name;
    QList<SizeStat> buckets; // empty stats where the queue did not exist yet
};

struct RangeView {
    qint64 fromUs = 0;
    qint64 toUs = 0;
    qint64 nowUs = 0; // the record's time when answering
    int buckets = 1;
    QList<LaneRecord> lanes; // in registration order (or as RangeRequest::threads asked)
    QList<QueueRecord> queues;

    qint64 bucketStart(int i) const { return fromUs + (toUs - fromUs) * i / buckets; }
};

// Something that answers range queries: the live Recorder (through its snapshots) or a record
// built from stored spans. Thread-safe: query() may run on any thread while the run goes on.
class RangeSource {
public:
    virtual ~RangeSource() = default;
    virtual RangeView query(const RangeRequest &request) const = 0;
};
using RangeSourcePtr = std::shared_ptr<const RangeSource>;

} // namespace qs
