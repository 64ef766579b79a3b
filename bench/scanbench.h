#pragma once

#include "base/result.h"
#include "record/recordreader.h"

#include <QStringList>

namespace qs {

// Bytes and records read in how long.
struct Throughput {
    qint64 bytes = 0;
    qint64 records = 0; // 0 for plain read()
    double seconds = 0;

    double megabytesPerSecond() const { return seconds > 0 ? double(bytes) / 1e6 / seconds : 0; }
    double recordsPerSecond() const { return seconds > 0 ? double(records) / seconds : 0; }
};

// The whole of each file through one reused 1 MiB buffer with read(2): the physical reference
// a record scan is held against. Errors name the file.
Result<Throughput> plainRead(const QStringList &files);

// Every record of each file through RecordReader with its CRCs checked, as a reader thread
// reads (scanFile; `options.mapFile` picks the mapped path). The first error but the clean end
// is returned.
Result<Throughput> scanRecords(const QStringList &files, const RecordReaderOptions &options = {});

struct ScanComparison {
    Throughput read; // the fastest pass
    Throughput scan; // the fastest pass
    int passes = 0;  // of each

    double ratio() const; // scan MB/s over read MB/s; 0 without a read
};

// Reads the files once to bring them into the page cache, then alternates plain-read and
// scan passes until each has had at least `minPasses` and `seconds` in total, and keeps the
// fastest pass of each: the page-cached figure, least disturbed by other processes.
Result<ScanComparison> compareScanToRead(const QStringList &files, double seconds, int minPasses = 3,
                                         const RecordReaderOptions &options = {});

} // namespace qs
