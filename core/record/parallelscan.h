#pragma once

#include "record/recordreader.h"

#include <QByteArrayView>

#include <functional>

namespace qs {

// One record as ParallelScan hands it to its visitor: valid only during the call.
struct ScannedRecord {
    qint64 index = 0;  // the record's position in the file
    qint64 offset = 0; // of its first header byte
    QByteArrayView bytes;
};

// A whole-file scan of an uncompressed TFRecord file on several threads: `inspect`'s fast path.
//
// The file is cut into stripes of kStripeBytes. Worker w reads stripes w, w + T, w + 2T, ...
// with pread() into a buffer of its own and checks the records that start in them, so the copy
// out of the page cache and the CRCs run on every core at once, with no record crossing between
// cores. Where a stripe's first record starts is only known once the stripe before it has been
// walked (its headers read, a few cache lines a record): a worker reads its stripe, waits for
// that start, walks its headers, hands on where the next stripe's first record starts, and only
// then checks payload CRCs and visits the records.
//
// It checks what RecordReader checks (length CRC, length limit, the file's end, payload CRC with
// verifyCrc) but words no errors of its own: anything wrong ends the scan as Damaged, and the
// caller reads the file again with RecordReader, which reports the exact error and delivers the
// records before it. A file that is compressed, not a regular file, empty, or cannot be opened
// is NotApplicable, for the same reason. A file whose size changes during the scan is Damaged.
//
// visit(worker, record) runs on the workers (worker in [0, threads), the caller's thread being
// worker 0), once per record: in file order within a stripe, in no particular order between
// stripes. State kept per worker needs no lock; everything the workers did happens before run()
// returns. After Damaged, some records may have been visited and others not.
//
//   std::vector<Counts> perWorker(threads);
//   ParallelScan::Result r = ParallelScan::run(path, {}, threads,
//       [&](int w, const ScannedRecord &rec) { perWorker[w].add(rec.bytes); });
//   if (r.outcome != ParallelScan::Outcome::Clean) { /* read it with RecordReader instead */ }
class ParallelScan {
public:
    static constexpr qint64 kStripeBytes = 512 * 1024;

    enum class Outcome { Clean, Damaged, NotApplicable };
    struct Result {
        Outcome outcome = Outcome::NotApplicable;
        qint64 records = 0;
        qint64 bytes = 0; // the file's size
    };
    using Visit = std::function<void(int worker, const ScannedRecord &record)>;

    // One thread per core, at most 8: what `inspect` uses. More threads than cores only wait
    // for each other.
    static int defaultThreads();

    // options: maxRecordBytes, verifyCrc and compression are honoured; a file that needs
    // skipCorrupt's resynchronisation is Damaged like any other.
    // stripeBytes (at least 16): tests and fuzzers cut small files into many stripes.
    static Result run(const QString &path, const RecordReaderOptions &options, int threads,
                      const Visit &visit = {}, qint64 stripeBytes = kStripeBytes);
};

} // namespace qs
