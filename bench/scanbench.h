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
// a record scan is held against. With threads > 1, that many threads pread() alternate 512 KiB
// stripes of it, as ParallelScan does. Errors name the file.
Result<Throughput> plainRead(const QStringList &files, int threads = 1);

// Every record of each file with its CRCs checked: through RecordReader on this thread as a
// reader thread reads (scanFile; `options.mapFile` picks the mapped path), or with threads > 1
// through ParallelScan as `inspect` reads (RecordReader again where it is not Clean). The first
// error but the clean end is returned.
Result<Throughput> scanRecords(const QStringList &files, const RecordReaderOptions &options = {},
                               int threads = 1);

struct ScanComparison {
    Throughput read; // the fastest pass
    Throughput scan; // the fastest pass
    int passes = 0;  // of each

    double ratio() const; // scan MB/s over read MB/s; 0 without a read
};

// Reads the files once to bring them into the page cache, then alternates plain-read and
// scan passes until each has had at least `minPasses` and `seconds` in total, and keeps the
// fastest pass of each: the page-cached figure, least disturbed by other processes. The scan
// runs on `threads` threads (scanRecords), plain read() on `readThreads` (plainRead).
Result<ScanComparison> compareScanToRead(const QStringList &files, double seconds, int minPasses = 3,
                                         const RecordReaderOptions &options = {}, int threads = 1,
                                         int readThreads = 1);

} // namespace qs
