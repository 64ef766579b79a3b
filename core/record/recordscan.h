#pragma once

#include "record/recordreader.h"

namespace qs {

struct ScanStats {
    qint64 records = 0;
    qint64 bytes = 0;     // framed bytes of the (decompressed) stream
    qint64 fileBytes = 0; // bytes of the file itself
    double seconds = 0;
};

// Reads every record of a file, as a reader thread would, and times it: the measure behind
// qs-bench-scan and `queuescope-cli bench`. Any error but the clean end is returned.
Result<ScanStats> scanFile(const QString &path, const RecordReaderOptions &options = {});

} // namespace qs
