#pragma once

#include "observe/snapshot.h"

#include <QString>

namespace qs {

struct RangeView; // observe/rangeview.h

// Which side limits a pipeline's throughput.
enum class Bound : quint8 {
    Input,    // the trainer waits for input: the readers cannot keep up
    Model,    // the example queue stays full: the training step is the limit
    Balanced, // neither waits much
    Unknown,  // nothing observed to judge by
};
QString boundKey(Bound bound); // "input", "model", "balanced", "unknown"

// How the threads of a run spent one window of time, as fractions of the window's length:
// what the throughput verdict is drawn from. Measured between two snapshots of one run (the
// difference of their time per state, as `bench` does) or from a range query over the run's
// record (the window at a time cursor).
struct ThroughputShares {
    qint64 fromUs = 0;
    qint64 toUs = 0;
    double trainerWaiting = -1;     // the trainer's blocked_empty share: waiting for input
    double readersBlockedFull = -1; // mean over the reader threads: waiting for room
    int readers = 0;                // reader threads seen in the window

    double seconds() const { return double(toUs - fromUs) / 1e6; }
    bool isObserved() const { return trainerWaiting >= 0; }

    static ThroughputShares between(const Snapshot &from, const Snapshot &to);
    // From a range query of one or more buckets over [view.fromUs, view.toUs).
    static ThroughputShares of(const RangeView &view);
    // The window of `windowUs` that ends at snap.tUs (shorter at the start of a run), from the
    // snapshot's record; unobserved when the snapshot has none.
    static ThroughputShares before(const Snapshot &snap, qint64 windowUs);
};

// The bound named from the shares, by one rule shared by `queuescope-cli bench` and the
// window's Explanation panel:
//  - input-bound when the trainer waits for input (blocked_empty) at least kWaitingShare of
//    the window;
//  - model-bound when it waits less and the readers spend at least kFullShare of theirs blocked
//    on a full queue (backpressure from the training step);
//  - balanced otherwise; unknown without observation.
struct ThroughputVerdict {
    static constexpr double kWaitingShare = 0.10;
    static constexpr double kFullShare = 0.30;

    Bound bound = Bound::Unknown;
    ThroughputShares shares;

    static ThroughputVerdict judge(const ThroughputShares &shares);
};

} // namespace qs
