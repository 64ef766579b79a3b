#pragma once

#include "base/status.h"

namespace qs {

struct RunContext;
struct Scenario;

// Resolves a scenario's faults for a run before any thread starts:
//  - corrupt_record: writes the damaged copy (see writeCorruptedCopy) into the run's scratch
//    folder (RunContext::scratch, made on first use and removed with the run) and puts it in
//    place of training file `file` in context.config.pipeline.files; a file index beyond the
//    files is InvalidArgument;
//  - throw: sets InjectedFaults::readerThrowAfter (reader thread 0, after N records) or
//    trainerThrowAt (the trainer, at step N);
//  - stuck_worker: sets InjectedFaults::stuckWorker (Pipeline starts the thread).
Status applyScenarioFaults(RunContext &context, const Scenario &scenario);

} // namespace qs
