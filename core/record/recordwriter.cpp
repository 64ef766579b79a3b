#include "record/recordwriter.h"

#include "record/crc32c.h"
#include "record/ioerror.h"

#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QtEndian>

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace qs {

namespace {
constexpr qsizetype kChunk = 256 * 1024;
}

struct RecordWriter::Deflater {
    z_stream z{};
    bool started = false;
    QByteArray out = QByteArray(kChunk, Qt::Uninitialized);
    ~Deflater()
    {
        if (started)
            deflateEnd(&z);
    }
};

Result<std::unique_ptr<RecordWriter>> RecordWriter::create(const QString &path, Compression compression)
{
    if (compression == Compression::Auto) {
        return Status(ErrorKind::InvalidArgument,
                      QStringLiteral("cannot write %1: choose none, gzip or zlib compression").arg(path),
                      {path});
    }
    const QFileInfo target(path);
    struct stat existing {};
    const bool exists = ::stat(QFile::encodeName(path).constData(), &existing) == 0;
    if (exists && S_ISDIR(existing.st_mode)) {
        return Status(ErrorKind::InvalidArgument,
                      QStringLiteral("cannot write %1: it is a directory").arg(path), {path});
    }
    int fd = -1;
    QString temp;
    for (int attempt = 0; fd < 0; ++attempt) {
        temp = target.absolutePath() + QStringLiteral("/.") + target.fileName() +
               QStringLiteral(".tmp-%1").arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
        fd = ::open(QFile::encodeName(temp).constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && (errno != EEXIST || attempt == 16))
            return detail::ioError(errno, QStringLiteral("cannot create a temporary file for"), path);
    }
    if (exists)
        ::fchmod(fd, existing.st_mode & 07777); // replacing a file keeps its permissions

    std::unique_ptr<RecordWriter> writer(new RecordWriter(path, temp, fd, compression));
    if (compression != Compression::None) {
        writer->m_deflater = std::make_unique<Deflater>();
        z_stream &z = writer->m_deflater->z;
        const int window = compression == Compression::Gzip ? 15 + 16 : 15;
        if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, window, 8, Z_DEFAULT_STRATEGY) != Z_OK)
            return Status(ErrorKind::ResourceExhausted,
                          QStringLiteral("cannot start zlib deflate for %1").arg(path), {path});
        writer->m_deflater->started = true;
    }
    return writer;
}

RecordWriter::RecordWriter(QString path, QString tempPath, int fd, Compression compression)
    : m_path(std::move(path))
    , m_tempPath(std::move(tempPath))
    , m_nativeTemp(QFile::encodeName(m_tempPath))
    , m_fd(fd)
    , m_compression(compression)
{
    m_pending.reserve(kChunk);
}

RecordWriter::~RecordWriter()
{
    abort();
}

void RecordWriter::abort()
{
    const int fd = m_fd.exchange(-1);
    if (fd >= 0) {
        ::close(fd);
        ::unlink(m_nativeTemp.constData());
    }
}

Status RecordWriter::fail(Status error)
{
    abort();
    m_error = std::move(error);
    return m_error;
}

Status RecordWriter::write(QByteArrayView record)
{
    if (!m_error.isOk())
        return m_error;
    if (m_finished || m_fd.load() < 0)
        return fail(Status(ErrorKind::FailedPrecondition,
                           QStringLiteral("writer for %1 is already committed or aborted").arg(m_path),
                           {m_path}));
    char header[12];
    qToLittleEndian<quint64>(quint64(record.size()), header);
    qToLittleEndian<quint32>(crc32c::mask(crc32c::value(header, 8)), header + 8);
    char footer[4];
    qToLittleEndian<quint32>(crc32c::mask(crc32c::value(record.data(), size_t(record.size()))), footer);
    if (Status s = append(header, sizeof header); !s)
        return s;
    if (Status s = append(record.data(), record.size()); !s)
        return s;
    if (Status s = append(footer, sizeof footer); !s)
        return s;
    ++m_records;
    m_bytes += qint64(sizeof header) + record.size() + qint64(sizeof footer);
    return Status::ok();
}

Status RecordWriter::append(const char *data, qsizetype n)
{
    if (m_pending.size() + n <= kChunk) {
        m_pending.append(data, n);
        return Status::ok();
    }
    if (Status s = flushPending(); !s)
        return s;
    if (n >= kChunk) // large payloads skip the staging buffer
        return output(data, n, false);
    m_pending.append(data, n);
    return Status::ok();
}

Status RecordWriter::flushPending()
{
    Status s = output(m_pending.constData(), m_pending.size(), false);
    m_pending.resize(0);
    return s;
}

Status RecordWriter::output(const char *data, qsizetype n, bool last)
{
    if (!m_deflater)
        return writeFd(data, n);
    constexpr qsizetype kMaxIn = qsizetype(1) << 30; // avail_in is 32 bits wide
    z_stream &z = m_deflater->z;
    do {
        const qsizetype step = std::min(n, kMaxIn);
        const bool finish = last && step == n;
        z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data));
        z.avail_in = uInt(step);
        for (bool done = false; !done;) {
            z.next_out = reinterpret_cast<Bytef *>(m_deflater->out.data());
            z.avail_out = uInt(kChunk);
            const int rc = deflate(&z, finish ? Z_FINISH : Z_NO_FLUSH);
            if (rc == Z_STREAM_ERROR)
                return fail(internalError(QStringLiteral("zlib deflate failed for %1").arg(m_path)));
            if (Status s = writeFd(m_deflater->out.constData(), kChunk - qsizetype(z.avail_out)); !s)
                return s;
            done = finish ? rc == Z_STREAM_END : (z.avail_in == 0 && z.avail_out != 0);
        }
        data += step;
        n -= step;
    } while (n > 0);
    return Status::ok();
}

Status RecordWriter::writeFd(const char *data, qsizetype n)
{
    while (n > 0) {
        const ssize_t done = ::write(m_fd.load(), data, size_t(n));
        if (done < 0) {
            if (errno == EINTR)
                continue;
            return fail(detail::ioError(errno, QStringLiteral("cannot write"), m_path));
        }
        data += done;
        n -= done;
    }
    return Status::ok();
}

Status RecordWriter::finish()
{
    if (!m_error.isOk())
        return m_error;
    if (m_finished || m_fd.load() < 0)
        return fail(Status(ErrorKind::FailedPrecondition,
                           QStringLiteral("writer for %1 is already committed or aborted").arg(m_path),
                           {m_path}));
    if (Status s = flushPending(); !s)
        return s;
    if (m_deflater) {
        if (Status s = output(nullptr, 0, true); !s)
            return s;
    }
    if (::fdatasync(m_fd.load()) != 0 && errno != EINVAL)
        return fail(detail::ioError(errno, QStringLiteral("cannot sync"), m_path));
    m_finished = true;
    return Status::ok();
}

Status RecordWriter::rename()
{
    const int fd = m_fd.exchange(-1);
    if (fd < 0) {
        m_error =
            Status(ErrorKind::Cancelled, QStringLiteral("writer for %1 was aborted").arg(m_path), {m_path});
        return m_error;
    }
    if (::close(fd) != 0) {
        const int err = errno;
        ::unlink(m_nativeTemp.constData());
        m_error = detail::ioError(err, QStringLiteral("cannot close"), m_path);
        return m_error;
    }
    if (::rename(m_nativeTemp.constData(), QFile::encodeName(m_path).constData()) != 0) {
        const int err = errno;
        ::unlink(m_nativeTemp.constData());
        m_error = detail::ioError(err, QStringLiteral("cannot rename the temporary file onto"), m_path);
        return m_error;
    }
    return Status::ok();
}

Status RecordWriter::commit()
{
    if (Status s = finish(); !s)
        return s;
    return rename();
}

} // namespace qs
