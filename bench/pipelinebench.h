#pragma once

#include "base/result.h"
#include "bench/machineinfo.h"
#include "run/runconfig.h"

#include <QJsonObject>

namespace qs {

// How to time one run.
struct PipelineWindow {
    double warmupS = 0.5; // after the first batch, before the window opens: the queue fills
    double windowS = 2;   // the measured stretch
    bool observe = true;  // false: Pipeline::setObservationEnabled(false)
    // Snapshots per second taken during the window as a viewer would (the cursor follows
    // nextEventSeq), each one timed; 0 for none besides the window's two ends.
    double snapshotHz = 0;
    // Non-empty: the run is saved as it goes to this run file (RunFileWriter), as the window does.
    QString recordTo;
};

// Cost of Pipeline::snapshot() calls, in milliseconds, and how much the last one held.
struct SnapshotCost {
    int calls = 0;
    double meanMs = 0;
    double p95Ms = 0;
    double maxMs = 0;
    int spans = 0;  // thread-state spans in the last snapshot, all threads
    int events = 0; // events in it
    // Then a viewer that opens late: snapshots from event 0 (as many events as a snapshot holds).
    double fromStartMs = 0; // the slowest of a few

    QJsonObject
    toJson() const; // {"calls", "mean_ms", "p95_ms", "max_ms", "spans", "events", "from_start_ms"}
};

// One timed run. Shares are fractions of the window's wall time; -1 when the run was not
// observed (no time per state without observation).
struct PipelineFigures {
    int readers = 0;
    FeedMode feed = FeedMode::ShuffleBatch;
    bool observed = true;
    qint64 samples = 0;             // trained in the window
    double seconds = 0;             // the window's length
    double trainerWaiting = -1;     // the trainer's blocked_empty share: waiting for input
    double readersBlockedFull = -1; // mean over the reader threads: waiting for room
    double queueFill = -1;          // the example queue's size / capacity, mean of the ends
    SnapshotCost snapshots;
    LoadAverage load; // when the window closed

    double samplesPerSecond() const { return seconds > 0 ? double(samples) / seconds : 0; }
    QJsonObject toJson() const;
};

// Runs the pipeline `config` describes (Pipeline::create, start) until the first batch,
// waits out the warm-up, measures the window through two snapshots (samples trained, time
// per thread state), then requests stop and joins. The caller makes the config fit: e.g.
// num_epochs 0 so the data does not run out; should it end early the window ends there.
// A run that ends in an error returns it.
Result<PipelineFigures> measurePipeline(const RunConfig &config, const PipelineWindow &window);

} // namespace qs
