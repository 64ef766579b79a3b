// qs-bench-scan: how fast RecordReader scans a page-cached TFRecord file, against plain read(2)
// of the same file in the same run.
//
//   qs-bench-scan [FILE] [--size-mb N] [--record-kib N] [--repeat N] [--map | --threads N]
//
// --map scans through a mapping of the file (RecordReaderOptions::mapFile) instead of read();
// --threads N (N > 1) scans with ParallelScan on N threads, as `inspect` does.
// Without FILE it writes an uncompressed file of --size-mb (512) MB with records of 1 KiB to
// 2 * --record-kib (80) KiB in a temporary folder. Targets: ratio >= 1.0, peak RSS < 64 MB.
// The measuring code is in scanbench.h, shared with `queuescope-cli bench`.

#include "bench/machineinfo.h"
#include "bench/recordfiles.h"
#include "bench/scanbench.h"
#include "record/crc32c.h"

#include <QElapsedTimer>
#include <QTemporaryDir>

#include <cstdio>

using namespace qs;

int main(int argc, char **argv)
{
    QString file;
    qint64 sizeMb = 512;
    qint64 recordKib = 80;
    int repeat = 3;
    int threads = 1;
    RecordReaderOptions options;
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg = argv[i];
        const bool hasValue = i + 1 < argc;
        if (arg == "--size-mb" && hasValue)
            sizeMb = QByteArray(argv[++i]).toLongLong();
        else if (arg == "--record-kib" && hasValue)
            recordKib = QByteArray(argv[++i]).toLongLong();
        else if (arg == "--repeat" && hasValue)
            repeat = QByteArray(argv[++i]).toInt();
        else if (arg == "--map")
            options.mapFile = true;
        else if (arg == "--threads" && hasValue)
            threads = QByteArray(argv[++i]).toInt();
        else if (!arg.startsWith("--") && file.isEmpty())
            file = QString::fromLocal8Bit(arg);
        else {
            std::fprintf(stderr, "usage: qs-bench-scan [FILE] [--size-mb N] [--record-kib N] [--repeat N] "
                                 "[--map | --threads N]\n");
            return 2;
        }
    }
    if (sizeMb < 1 || recordKib < 2 || repeat < 1 || threads < 1) {
        std::fprintf(stderr, "qs-bench-scan: sizes and repeat must be positive (record-kib >= 2)\n");
        return 2;
    }

    QTemporaryDir dir;
    if (file.isEmpty()) {
        file = dir.filePath(QStringLiteral("bench.tfrecord"));
        std::printf("writing %lld MB of records (1..%lld KiB) to %s\n", sizeMb, 2 * recordKib,
                    qPrintable(file));
        if (Result<BenchDatasetInfo> w = writeNoiseRecords(file, sizeMb * 1000 * 1000, recordKib * 1024);
            !w) {
            std::fprintf(stderr, "%s\n", qPrintable(w.status().toString()));
            return 1;
        }
    }

    const Result<ScanComparison> c = compareScanToRead({file}, 0, repeat, options, threads);
    if (!c) {
        std::fprintf(stderr, "%s\n", qPrintable(c.status().toString()));
        return 1;
    }

    QByteArray block(1 << 20, 'c');
    QElapsedTimer timer;
    timer.start();
    quint32 crc = 0;
    for (int i = 0; i < 256; ++i)
        crc = crc32c::extend(crc, block.constData(), size_t(block.size()));
    const double crcSeconds = double(timer.nsecsElapsed()) / 1e9;

    std::printf("file            %s (%.1f MB, %lld records)\n", qPrintable(file), double(c->read.bytes) / 1e6,
                c->scan.records);
    std::printf("crc32c          %s, %.0f MB/s (check %08x)\n",
                crc32c::hasFolding()    ? "avx512 vpclmulqdq"
                : crc32c::hasHardware() ? "sse4.2"
                                        : "portable",
                double(256 << 20) / 1e6 / crcSeconds, crc);
    std::printf("plain read()    %.0f MB/s (best of %d)\n", c->read.megabytesPerSecond(), c->passes);
    const QString how = threads > 1       ? QStringLiteral("ParallelScan on %1 threads").arg(threads)
                        : options.mapFile ? QStringLiteral("RecordReader through a mapping")
                                          : QStringLiteral("RecordReader, read() into its buffer");
    std::printf("scan            %.0f MB/s, %.0f records/s, CRC verified, %s (best of %d)\n",
                c->scan.megabytesPerSecond(), c->scan.recordsPerSecond(), qPrintable(how), c->passes);
    std::printf("ratio           %.2f (target >= 1.00)\n", c->ratio());
    std::printf("peak RSS        %.1f MB (target < 64)\n", double(peakRssBytes()) / (1024.0 * 1024.0));
    std::printf("load            %s\n", qPrintable(LoadAverage::now().toString()));
    return 0;
}
