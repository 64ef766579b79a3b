#pragma once

#include "feed/pacer.h"
#include "feed/samplemaker.h"
#include "observe/recorder.h"
#include "pipeline/coordinator.h"
#include "scenario/stepgate.h"

#include <QTemporaryDir>

#include <chrono>
#include <memory>

namespace qs {

// The parts of one run that its threads share, and nothing else: built by Pipeline before any
// thread starts, then only used through their own thread-safe interfaces (the Recorder, the
// Coordinator, the Pacer and the StepGate are thread-safe; the SampleMaker is read-only; the
// scratch folder holds the scenario's corrupted copies for as long as a reader may open them).
// Threads hold it by shared_ptr, so it lives as long as the last of them. The run's settings
// are not here: each room is handed the values it needs when Pipeline assembles the run.
struct RunContext {
    std::unique_ptr<Recorder> recorder = std::make_unique<Recorder>();
    Coordinator coord{recorder.get()};
    Pacer pacer;
    StepGate gate;
    SampleMaker maker;
    std::unique_ptr<QTemporaryDir> scratch;
};

// The main thread's join (the trainer's, or the workers' coordinator's): Coordinator::join over
// `threads` and the registered ones with `grace`, except that the grace period starts again
// while the step gate holds threads, so a user who is slow to press "next step" does not turn
// a clean shutdown into a timeout. Coordinator::join reports (the join event, stragglers, the
// kept error).
Status joinRunThreads(RunContext &run, QList<ThreadHandle> threads, std::chrono::milliseconds grace);

// The last act of a run's main thread: records the `end` event {how, error} (held at the step
// gate like any coordination event) and marks the run finished.
void finishRun(RunContext &run, EndHow how, const Status &error);

QString endHowKey(EndHow how); // "end_of_data", "stopped", "error" ("" for None)

} // namespace qs
