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
    QString slowFile;                       // every read of this file takes slowFileDelayMs longer
    int slowFileDelayMs = 0;
};

// Resolves a scenario's faults for a run over `files`. First, a scenario with "shards": N and
// a run of fewer files gets its records split in order into N shard files (in the scratch
// folder; at most kMaxShardedBytes of input, else InvalidArgument); the faults' file indexes
// then name shards. Then:
//  - corrupt_record: writes the damaged copy (see writeCorruptedCopy) into a scratch folder
//    (made on first use) and puts it in place of training file `file`; a file index beyond
//    the files is InvalidArgument;
//  - throw: readerThrowAfter (reader thread 0, after N records) or trainerThrowAt (at step N);
//  - stuck_worker: stuckWorker (the run starts the thread);
//  - slow_file: slowFile (training file `file`, or its corrupted copy) and slowFileDelayMs;
//  - corrupt_image: like corrupt_record, a damaged copy, here with a record whose image does
//    not decode (its checksums are right: the read succeeds, the decode fails).
constexpr qint64 kMaxShardedBytes = qint64(256) << 20;
Result<InjectedFaults> injectScenarioFaults(const Scenario &scenario, const QStringList &files);

} // namespace qs
