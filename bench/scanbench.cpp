#include "bench/scanbench.h"

#include "record/recordscan.h"

#include <QElapsedTimer>
#include <QFile>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <unistd.h>

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

} // namespace

Result<Throughput> plainRead(const QStringList &files)
{
    constexpr size_t kChunk = 1 << 20;
    const std::unique_ptr<char[]> buffer(new char[kChunk]);
    Throughput t;
    QElapsedTimer timer;
    timer.start();
    for (const QString &f : files) {
        if (Status s = readWhole(f, buffer.get(), kChunk, &t.bytes); !s.isOk())
            return s;
    }
    t.seconds = double(timer.nsecsElapsed()) / 1e9;
    return t;
}

Result<Throughput> scanRecords(const QStringList &files, const RecordReaderOptions &options)
{
    Throughput t;
    for (const QString &f : files) {
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
                                         const RecordReaderOptions &options)
{
    if (Result<Throughput> warm = plainRead(files); !warm)
        return warm.status();
    ScanComparison c;
    double readTotal = 0;
    double scanTotal = 0;
    while (c.passes < minPasses || readTotal < seconds || scanTotal < seconds) {
        Result<Throughput> r = plainRead(files);
        if (!r)
            return r.status();
        Result<Throughput> s = scanRecords(files, options);
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
