#pragma once

#include "base/result.h"

#include <QStringList>
#include <QTemporaryDir>

#include <memory>

namespace qs {

struct Scenario;

// The faults a scenario injected into one run, resolved before any thread starts, and what the
// run's threads need to know of them.
struct InjectedFaults {
    QStringList files;                      // the run's files, corrupted copies in place of originals
    std::unique_ptr<QTemporaryDir> scratch; // the corrupted copies; removed with it (null: none)
    qint64 readerThrowAfter = -1;           // reader thread 0 throws once it has read this many records
    qint64 trainerThrowAt = -1;             // the trainer throws at this step
    bool stuckWorker = false;               // a thread that ignores should_stop
};

// Resolves a scenario's faults for a run over `files`:
//  - corrupt_record: writes the damaged copy (see writeCorruptedCopy) into a scratch folder
//    (made on first use) and puts it in place of training file `file`; a file index beyond
//    the files is InvalidArgument;
//  - throw: readerThrowAfter (reader thread 0, after N records) or trainerThrowAt (at step N);
//  - stuck_worker: stuckWorker (the run starts the thread).
Result<InjectedFaults> injectScenarioFaults(const Scenario &scenario, const QStringList &files);

} // namespace qs
