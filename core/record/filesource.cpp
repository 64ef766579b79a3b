#include "record/filesource.h"

#include "record/ioerror.h"

#include <QFile>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace qs {

Result<std::unique_ptr<FileSource>> FileSource::open(const QString &path)
{
    const QByteArray native = QFile::encodeName(path);
    int fd = -1;
    do {
        fd = ::open(native.constData(), O_RDONLY | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0)
        return detail::ioError(errno, QStringLiteral("cannot open"), path);
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        const int err = errno;
        ::close(fd);
        return detail::ioError(err, QStringLiteral("cannot stat"), path);
    }
    if (S_ISDIR(st.st_mode)) {
        ::close(fd);
        return Status(ErrorKind::InvalidArgument,
                      QStringLiteral("%1 is a directory, not a TFRecord file").arg(path), Location{path});
    }
    const bool regular = S_ISREG(st.st_mode);
    if (regular)
        ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    return std::unique_ptr<FileSource>(new FileSource(fd, path, regular ? qint64(st.st_size) : -1));
}

FileSource::FileSource(int fd, QString path, qint64 size)
    : m_fd(fd)
    , m_path(std::move(path))
    , m_size(size)
{}

FileSource::~FileSource()
{
    ::close(m_fd);
}

Result<qint64> FileSource::read(char *dst, qint64 capacity)
{
    if (!m_error.isOk())
        return m_error;
    if (!m_pending.isEmpty()) {
        const qint64 n = std::min<qint64>(capacity, m_pending.size());
        std::memcpy(dst, m_pending.constData(), size_t(n));
        m_pending.remove(0, n);
        return n;
    }
    for (;;) {
        const ssize_t n = ::read(m_fd, dst, size_t(capacity));
        if (n == 0 && m_position < m_size) {
            // The file shrank after open(): without this, a cut at a record boundary would
            // read as a clean end of file and the records after it would vanish unnoticed.
            struct stat st {};
            const qint64 now = ::fstat(m_fd, &st) == 0 ? qint64(st.st_size) : m_position;
            m_error = dataLoss(QStringLiteral("%1 was truncated while being read: it held %2 bytes when it "
                                              "was opened and %3 when reading reached byte %4")
                                   .arg(m_path)
                                   .arg(m_size)
                                   .arg(now)
                                   .arg(m_position),
                               Location{m_path});
            return m_error;
        }
        if (n >= 0) {
            m_position += n;
            return qint64(n);
        }
        if (errno != EINTR) {
            m_error = detail::ioError(errno, QStringLiteral("cannot read"), m_path);
            return m_error;
        }
    }
}

Result<QByteArray> FileSource::peek(qint64 n)
{
    QByteArray head = m_pending;
    while (head.size() < n) {
        const qsizetype had = head.size();
        head.resize(n);
        m_pending.clear();
        Result<qint64> got = read(head.data() + had, n - had);
        if (!got) {
            return got.status();
        }
        head.resize(had + *got);
        if (*got == 0)
            break;
    }
    m_pending = head;
    return head;
}

} // namespace qs
