#pragma once

#include "observe/recorder.h"
#include "pipeline/coordinator.h"
#include "run/pacer.h"
#include "run/recordstream.h"
#include "run/runconfig.h"
#include "run/samplemaker.h"
#include "scenario/stepgate.h"

#include <QStringList>
#include <QTemporaryDir>

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>

namespace qs {

// The run's figures as the trainer (or the workers' coordinator) publishes them.
struct RunOutcome {
    qint64 steps = 0;
    qint64 samples = 0;
    double samplesPerSec = 0;  // samples over the time spent from the first batch to the last
    double trainAccuracy = -1; // mean over the last steps (< 0: no step yet)
    double evalAccuracy = -1;  // the latest held-out accuracy (< 0: never evaluated)
    int heldOutSamples = 0;
    bool finished = false;
    EndHow how = EndHow::None;
    Status error;
};

// The faults a scenario injects, resolved for the run's threads.
struct InjectedFaults {
    qint64 readerThrowAfter = -1; // reader thread 0 throws once it has read this many records
    qint64 trainerThrowAt = -1;   // the trainer throws at this step
    bool stuckWorker = false;
};

// What every thread of one run shares: built by Pipeline before any thread starts and never
// reassigned after (so its plain members are read-only for the threads), plus a few
// thread-safe parts (Recorder, Coordinator, Pacer, StepGate, atomics). Threads hold it by
// shared_ptr, so it lives as long as the last of them.
struct RunContext {
    RunConfig config; // resolved: expanded files, corrupted copies in place of originals
    std::unique_ptr<Recorder> recorder = std::make_unique<Recorder>();
    Coordinator coord{recorder.get()};
    Pacer pacer;
    StepGate gate;
    SampleMaker maker;
    HoldOut holdOut;
    int numClasses = 0;
    QStringList classNames;
    InjectedFaults faults;
    std::unique_ptr<QTemporaryDir> scratch; // the corrupted copies, removed with the run

    std::atomic<qint64> skippedRecords{0};
    std::atomic<int> trainerThreadId{-1}; // the trainer's Recorder id, for the watchdog

    // Counts a record the reader skipped (skip_corrupt) and records a `note` event
    // {what: "skipped_record", kind, message, file, record, offset} on the calling thread.
    void reportSkipped(const Status &skipped);

    // The main thread's join (the trainer's, or the workers' coordinator's): waits for `threads`
    // (and the coordinator's registered ones) like Coordinator::join with grace_period_s, except
    // that the grace period starts again while the step gate holds threads, so a user who is
    // slow to press "next step" does not turn a clean shutdown into a timeout. Then calls
    // Coordinator::join, which reports (the join event, stragglers, the kept error).
    Status joinThreads(QList<ThreadHandle> threads = {});

    // The last act of the main thread: publishes the outcome, records the `end` event
    // {how, error} (held at the step gate like any coordination event) and marks the run finished.
    void finish(EndHow how, const Status &error);

    void publish(const RunOutcome &outcome); // everything but finished/how/error
    RunOutcome outcome() const;

    // Threads a run's thread started by itself (the workers demo's workers), so that whoever
    // tears the run down waits for them as well as for the threads it started.
    void adoptThreads(const QList<ThreadHandle> &threads);
    QList<ThreadHandle> adoptedThreads() const;

private:
    mutable std::mutex m_mu;
    RunOutcome m_outcome;          // guarded by m_mu
    QList<ThreadHandle> m_adopted; // guarded by m_mu
};

QString endHowKey(EndHow how); // "end_of_data", "stopped", "error" ("" for None)
// null, or {kind, message, thread} (+ file/record/offset where they apply). Events spell the
// kind as the Coordinator's do ("data_loss"); the run summary as people read it ("DataLoss").
enum class KindStyle : quint8 { Key, Name };
QJsonValue statusJson(const Status &error, KindStyle style);

} // namespace qs
