#pragma once

// What `inspect` reads off the records of one file, before detection: the count, the schema,
// the first records as lines and the sampled Examples.

#include "base/status.h"
#include "example/parsedexample.h"
#include "example/schema.h"
#include "record/recordreader.h"

#include <QStringList>

#include <vector>

namespace qs::cli {

struct RecordsSeen {
    Compression compression = Compression::None;
    qint64 records = 0;
    Schema schema;
    QStringList firstRecords;           // the first `summaryRecords`, one line each
    std::vector<ParsedExample> samples; // the first kDetectionSampleRecords, for detection
    Status error;                       // the first error that ended the scan, or a payload's
};

// An uncompressed file is scanned on every core (ParallelScan); where that does not apply or
// finds anything wrong, the file is read again on one thread with RecordReader, which reports
// the error exactly (message, record, offset) and counts on past a payload that is not an
// Example. Either way the result is the same.
RecordsSeen seeRecords(const QString &path, const RecordReaderOptions &options, int summaryRecords);

} // namespace qs::cli
