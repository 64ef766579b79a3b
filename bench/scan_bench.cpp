// qs-bench-scan: how fast RecordReader scans a page-cached TFRecord file, against plain read(2)
// of the same file in the same run.
//
//   qs-bench-scan [FILE] [--size-mb N] [--record-kib N] [--repeat N]
//
// Without FILE it writes an uncompressed file of --size-mb (512) MB with records of 1 KiB to
// 2 * --record-kib (80) KiB in a temporary folder. Targets: ratio >= 0.5, peak RSS < 64 MB.

#include "record/crc32c.h"
#include "record/recordscan.h"
#include "record/recordwriter.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>

#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <sys/resource.h>
#include <unistd.h>

using namespace qs;

namespace {

struct ReadStats {
    qint64 bytes = 0;
    double seconds = 0;
};

// The physical reference: the whole file through one reusable 1 MiB buffer.
ReadStats plainRead(const QString &path)
{
    constexpr size_t kChunk = 1 << 20;
    static std::unique_ptr<char[]> buffer(new char[kChunk]);
    ReadStats stats;
    QElapsedTimer timer;
    timer.start();
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return stats;
    ssize_t n;
    while ((n = ::read(fd, buffer.get(), kChunk)) > 0)
        stats.bytes += n;
    ::close(fd);
    stats.seconds = double(timer.nsecsElapsed()) / 1e9;
    return stats;
}

bool makeFile(const QString &path, qint64 totalBytes, qint64 averageRecord)
{
    auto writer = RecordWriter::create(path, Compression::None);
    if (!writer) {
        std::fprintf(stderr, "%s\n", qPrintable(writer.status().toString()));
        return false;
    }
    QByteArray record(int(2 * averageRecord), Qt::Uninitialized);
    quint64 x = 0x9E3779B97F4A7C15ull;
    for (qsizetype i = 0; i + 8 <= record.size(); i += 8) { // xorshift noise: incompressible
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        std::memcpy(record.data() + i, &x, 8);
    }
    qint64 written = 0;
    while (written < totalBytes) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        const qsizetype size = 1024 + qsizetype(x % quint64(2 * averageRecord - 1024));
        if (Status s = (*writer)->write(QByteArrayView(record.constData() + (x >> 40) % 64, size - 64)); !s) {
            std::fprintf(stderr, "%s\n", qPrintable(s.toString()));
            return false;
        }
        written += size - 64 + 16;
    }
    const Status s = (*writer)->commit();
    if (!s)
        std::fprintf(stderr, "%s\n", qPrintable(s.toString()));
    return s.isOk();
}

double mbPerSecond(qint64 bytes, double seconds)
{
    return seconds > 0 ? double(bytes) / 1e6 / seconds : 0;
}

} // namespace

int main(int argc, char **argv)
{
    QString file;
    qint64 sizeMb = 512;
    qint64 recordKib = 80;
    int repeat = 3;
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg = argv[i];
        const bool hasValue = i + 1 < argc;
        if (arg == "--size-mb" && hasValue)
            sizeMb = QByteArray(argv[++i]).toLongLong();
        else if (arg == "--record-kib" && hasValue)
            recordKib = QByteArray(argv[++i]).toLongLong();
        else if (arg == "--repeat" && hasValue)
            repeat = QByteArray(argv[++i]).toInt();
        else if (!arg.startsWith("--") && file.isEmpty())
            file = QString::fromLocal8Bit(arg);
        else {
            std::fprintf(stderr, "usage: qs-bench-scan [FILE] [--size-mb N] [--record-kib N] [--repeat N]\n");
            return 2;
        }
    }
    if (sizeMb < 1 || recordKib < 2 || repeat < 1) {
        std::fprintf(stderr, "qs-bench-scan: sizes and repeat must be positive (record-kib >= 2)\n");
        return 2;
    }

    QTemporaryDir dir;
    if (file.isEmpty()) {
        file = dir.filePath(QStringLiteral("bench.tfrecord"));
        std::printf("writing %lld MB of records (1..%lld KiB) to %s\n", sizeMb, 2 * recordKib,
                    qPrintable(file));
        if (!makeFile(file, sizeMb * 1000 * 1000, recordKib * 1024))
            return 1;
    }

    plainRead(file); // warm the page cache
    ReadStats best{0, 1e30};
    ScanStats bestScan;
    bestScan.seconds = 1e30;
    for (int r = 0; r < repeat; ++r) {
        const ReadStats plain = plainRead(file);
        if (plain.seconds < best.seconds)
            best = plain;
        const Result<ScanStats> scan = scanFile(file, RecordReaderOptions{});
        if (!scan) {
            std::fprintf(stderr, "%s\n", qPrintable(scan.status().toString()));
            return 1;
        }
        if (scan->seconds < bestScan.seconds)
            bestScan = *scan;
    }

    QByteArray block(1 << 20, 'c');
    QElapsedTimer timer;
    timer.start();
    quint32 crc = 0;
    for (int i = 0; i < 256; ++i)
        crc = crc32c::extend(crc, block.constData(), size_t(block.size()));
    const double crcSeconds = double(timer.nsecsElapsed()) / 1e9;

    rusage usage{};
    ::getrusage(RUSAGE_SELF, &usage);
    const double plainRate = mbPerSecond(best.bytes, best.seconds);
    const double scanRate = mbPerSecond(bestScan.fileBytes, bestScan.seconds);
    std::printf("file            %s (%.1f MB, %lld records)\n", qPrintable(file), double(best.bytes) / 1e6,
                bestScan.records);
    std::printf("crc32c          %s, %.0f MB/s (check %08x)\n", crc32c::hasHardware() ? "sse4.2" : "portable",
                mbPerSecond(256 << 20, crcSeconds), crc);
    std::printf("plain read()    %.0f MB/s (best of %d)\n", plainRate, repeat);
    std::printf("RecordReader    %.0f MB/s, %.0f records/s, CRC verified (best of %d)\n", scanRate,
                double(bestScan.records) / bestScan.seconds, repeat);
    std::printf("ratio           %.2f (target >= 0.50)\n", plainRate > 0 ? scanRate / plainRate : 0.0);
    std::printf("peak RSS        %.1f MB (target < 64)\n", double(usage.ru_maxrss) / 1024.0);
    return 0;
}
