#pragma once

// Private to the run file's writer and reader: the text keys its columns hold for enums, and
// their way back.

#include "observe/recorder.h"
#include "observe/snapshot.h"

#include <QJsonObject>

namespace qs::runfile {

QString runStateKey(RunState r); // "idle", "running", "stopping", "finished"
QString howKey(EndHow how);      // "none", "end_of_data", "stopped", "error"

// meta "record_limits": the live record's bounds (span_budget, span_chunk, level_buckets,
// queue_history), so the reader rebuilds the record within the same ones. withLimits() applies
// those that are present and within the reader's own sanity bounds to `options`.
QJsonObject recordLimits(const RecorderOptions &options);
RecorderOptions withLimits(RecorderOptions options, const QJsonObject &limits);

// The enum value of E in [0, count) whose key(value) is `key`; false when none is.
template<typename E> bool fromKey(const QString &key, QString (*keyOf)(E), int count, E *out)
{
    for (int i = 0; i < count; ++i) {
        if (keyOf(E(i)) == key) {
            *out = E(i);
            return true;
        }
    }
    return false;
}

} // namespace qs::runfile
