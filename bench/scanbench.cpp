#include "bench/scanbench.h"

#include "record/parallelscan.h"
#include "record/recordscan.h"

#include <QElapsedTimer>
#include <QFile>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <thread>
#include <unistd.h>
#include <vector>

namespace qs {

namespace {

Status readWhole(const QString &path, char *buffer, size_t size, qint64 *bytes)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return Status(
            errno == ENOENT ? ErrorKind::NotFound : ErrorKind::PermissionDenied,
            QStringLiteral("cannot open %1: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno))));
    ssize_t n;
    while ((n = ::read(fd, buffer, size)) > 0)
        *bytes += n;
    const int err = errno;
    ::close(fd);
    if (n < 0)
        return Status(
            ErrorKind::DataLoss,
            QStringLiteral("cannot read %1: %2").arg(path, QString::fromLocal8Bit(std::strerror(err))));
    return {};
}

bool faster(const Throughput &a, const Throughput &b)
{
    return b.seconds <= 0 || (a.seconds > 0 && double(a.bytes) / a.seconds > double(b.bytes) / b.seconds);
}

// Threads pread() alternate stripes of the file until it ends.
Status readStriped(const QString &path, int threads, qint64 *bytes)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return Status(
            errno == ENOENT ? ErrorKind::NotFound : ErrorKind::PermissionDenied,
            QStringLiteral("cannot open %1: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno))));
    constexpr qint64 kStripe = 512 * 1024;
    std::atomic<qint64> total{0};
    std::atomic<bool> failed{false};
    auto work = [&](int w) {
        const std::unique_ptr<char[]> buffer(new char[kStripe]);
        for (qint64 at = w * kStripe;; at += threads * kStripe) {
            ssize_t n;
            do {
                n = ::pread(fd, buffer.get(), kStripe, at);
            } while (n < 0 && errno == EINTR);
            if (n < 0)
                failed = true;
            if (n <= 0)
                return;
            total += n;
        }
    };
    std::vector<std::thread> helpers;
    for (int w = 1; w < threads; ++w)
        helpers.emplace_back(work, w);
    work(0);
    for (std::thread &t : helpers)
        t.join();
    ::close(fd);
    if (failed)
        return Status(ErrorKind::DataLoss, QStringLiteral("cannot read %1").arg(path));
    *bytes += total;
    return {};
}

} // namespace

Result<Throughput> plainRead(const QStringList &files, int threads)
{
    constexpr size_t kChunk = 1 << 20;
    const std::unique_ptr<char[]> buffer(new char[kChunk]);
    Throughput t;
    QElapsedTimer timer;
    timer.start();
    for (const QString &f : files) {
        Status s =
            threads > 1 ? readStriped(f, threads, &t.bytes) : readWhole(f, buffer.get(), kChunk, &t.bytes);
        if (!s.isOk())
            return s;
    }
    t.seconds = double(timer.nsecsElapsed()) / 1e9;
    return t;
}

Result<Throughput> scanRecords(const QStringList &files, const RecordReaderOptions &options, int threads)
{
    Throughput t;
    for (const QString &f : files) {
        if (threads > 1) {
            QElapsedTimer timer;
            timer.start();
            const ParallelScan::Result p = ParallelScan::run(f, options, threads);
            if (p.outcome == ParallelScan::Outcome::Clean) {
                t.bytes += p.bytes;
                t.records += p.records;
                t.seconds += double(timer.nsecsElapsed()) / 1e9;
                continue;
            }
        }
        Result<ScanStats> s = scanFile(f, options);
        if (!s)
            return s.status();
        t.bytes += s->fileBytes;
        t.records += s->records;
        t.seconds += s->seconds;
    }
    return t;
}

double ScanComparison::ratio() const
{
    const double r = read.megabytesPerSecond();
    return r > 0 ? scan.megabytesPerSecond() / r : 0;
}

Result<ScanComparison> compareScanToRead(const QStringList &files, double seconds, int minPasses,
                                         const RecordReaderOptions &options, int threads, int readThreads)
{
    if (Result<Throughput> warm = plainRead(files); !warm)
        return warm.status();
    ScanComparison c;
    double readTotal = 0;
    double scanTotal = 0;
    while (c.passes < minPasses || readTotal < seconds || scanTotal < seconds) {
        Result<Throughput> r = plainRead(files, readThreads);
        if (!r)
            return r.status();
        Result<Throughput> s = scanRecords(files, options, threads);
        if (!s)
            return s.status();
        readTotal += r->seconds;
        scanTotal += s->seconds;
        if (c.passes == 0 || faster(*r, c.read))
            c.read = *r;
        if (c.passes == 0 || faster(*s, c.scan))
            c.scan = *s;
        ++c.passes;
        if (c.passes >= 10000) // tiny files: enough is enough
            break;
    }
    return c;
}

} // namespace qs
