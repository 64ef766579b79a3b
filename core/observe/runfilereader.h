#pragma once

#include "base/result.h"
#include "observe/rundigest.h"
#include "observe/runfile.h"

namespace qs {

// Loads a run file (see runfile.h) back into a read-only SavedRun, whether the run finished
// (RUN.qsrun) or was killed (RUN.qsrun.partial, read up to its last flush).
//
// Opens the file read-only and changes nothing. Refuses, with a Status naming the file:
//  - NotFound: no such file;
//  - InvalidArgument: not an SQLite database (a text file, an image), or an SQLite database
//    that is not a QueueScope run (no meta table, another format);
//  - FailedPrecondition: a run file of a newer version than kRunFileVersion;
//  - DataLoss: a truncated or corrupt file (its size short of what its header says, a failed
//    integrity check, a table that cannot be read), or rows no run can hold: a span or sample
//    outside the run (naming the thread or queue and its seq), an unknown state, a run over
//    30 days;
//  - ResourceExhausted: a record whose time buckets would take more than 512 MB (a file that
//    claims a thousand threads over weeks).
// The record (SavedRun::record) is rebuilt by streaming the spans and samples into a
// RecordRebuilder, so reading takes time in proportion to the file (an hour at full speed,
// 8.6 GB: about three minutes) and memory within the live record's bounds.
class RunFileReader {
public:
    static Result<SavedRun> read(const QString &path);
    // Only what comparing runs needs (figures, metrics, time per state): no spans, queue
    // samples or events are read, so its time does not grow with the run's length. The same
    // refusals as read(), but the file is not checked whole: a damaged page among the spans,
    // queue samples or events is found by read(), not here. The label is meta's "label" (a
    // window's session run), else the file's name.
    static Result<RunDigest> readDigest(const QString &path);
};

} // namespace qs
