#include "record/recordindex.h"

#include "record/bytesource.h"
#include "record/crc32c.h"
#include "record/ioerror.h"

#include <QFile>
#include <QSaveFile>
#include <QtEndian>

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

namespace qs {

namespace {
constexpr qint64 kFrameOverhead = 16;
constexpr qint64 kProgressStep = 1 << 20;
} // namespace

struct RecordIndex::File {
    int fd = -1;
    qint64 size = 0;
    ~File()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

RecordIndex::RecordIndex(QString dataPath, Compression compression, std::vector<RecordIndexEntry> entries)
    : m_dataPath(std::move(dataPath))
    , m_compression(compression)
    , m_entries(std::move(entries))
{}

RecordIndex::RecordIndex(RecordIndex &&) noexcept = default;
RecordIndex &RecordIndex::operator=(RecordIndex &&) noexcept = default;
RecordIndex::~RecordIndex() = default;

Result<RecordIndex> RecordIndex::build(const QString &path, const RecordReaderOptions &options,
                                       const Progress &progress)
{
    Result<std::unique_ptr<RecordReader>> opened = RecordReader::open(path, options);
    if (!opened)
        return opened.status();
    RecordReader &reader = **opened;
    std::vector<RecordIndexEntry> entries;
    QByteArray record;
    qint64 reported = 0;
    for (;;) {
        Status s = reader.next(&record);
        if (s.kind() == ErrorKind::OutOfRange)
            break;
        if (!s)
            return s;
        entries.push_back({reader.recordOffset(), kFrameOverhead + record.size()});
        if (progress && reader.fileBytesRead() - reported >= kProgressStep) {
            reported = reader.fileBytesRead();
            if (!progress(reported, reader.fileSize()))
                return Status(ErrorKind::Cancelled,
                              QStringLiteral("building the index of %1 was cancelled").arg(path),
                              Location{path, reader.recordIndex(), reader.offset()});
        }
    }
    if (progress)
        progress(reader.fileBytesRead(), reader.fileSize());
    return RecordIndex(path, reader.compression(), std::move(entries));
}

Result<RecordIndex> RecordIndex::load(const QString &indexPath, const QString &dataPath)
{
    Result<std::unique_ptr<ByteSource>> data = ByteSource::open(dataPath, Compression::Auto);
    if (!data)
        return data.status();
    QFile file(indexPath);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
        const ErrorKind kind = file.exists() ? ErrorKind::PermissionDenied : ErrorKind::NotFound;
        return Status(kind, QStringLiteral("cannot open index %1: %2").arg(indexPath, file.errorString()),
                      Location{indexPath});
    }
    std::vector<RecordIndexEntry> entries;
    qint64 line = 0;
    while (!file.atEnd()) {
        const QByteArray text = file.readLine().trimmed();
        ++line;
        if (text.isEmpty())
            continue;
        const QList<QByteArray> fields = text.simplified().split(' ');
        bool okOffset = false;
        bool okSize = false;
        const qint64 offset = fields.size() == 2 ? fields[0].toLongLong(&okOffset) : -1;
        const qint64 size = fields.size() == 2 ? fields[1].toLongLong(&okSize) : -1;
        if (!okOffset || !okSize || offset < 0 || size < kFrameOverhead) {
            return Status(
                ErrorKind::InvalidArgument,
                QStringLiteral("index %1 line %2: expected \"offset size\" with size >= 16, got \"%3\"")
                    .arg(indexPath)
                    .arg(line)
                    .arg(QString::fromUtf8(text.left(80))),
                Location{indexPath, qint64(entries.size())});
        }
        entries.push_back({offset, size});
    }
    return RecordIndex(dataPath, (*data)->compression(), std::move(entries));
}

Status RecordIndex::save(const QString &indexPath) const
{
    QSaveFile file(indexPath);
    if (!file.open(QIODevice::WriteOnly)) {
        return Status(ErrorKind::PermissionDenied,
                      QStringLiteral("cannot write index %1: %2").arg(indexPath, file.errorString()),
                      Location{indexPath});
    }
    QByteArray text;
    for (const RecordIndexEntry &e : m_entries) {
        text += QByteArray::number(e.offset) + ' ' + QByteArray::number(e.size) + '\n';
        if (text.size() >= (1 << 16)) {
            file.write(text);
            text.clear();
        }
    }
    file.write(text);
    if (!file.commit()) {
        return Status(ErrorKind::Unknown,
                      QStringLiteral("cannot write index %1: %2").arg(indexPath, file.errorString()),
                      Location{indexPath});
    }
    return Status::ok();
}

Status RecordIndex::readAt(qint64 index, QByteArray *record)
{
    if (index < 0 || index >= size()) {
        return Status(ErrorKind::OutOfRange,
                      QStringLiteral("record %1 is out of range [0, %2)").arg(index).arg(size()),
                      Location{m_dataPath, index});
    }
    if (m_compression != Compression::None) {
        return Status(ErrorKind::FailedPrecondition,
                      QStringLiteral("random access needs an uncompressed file; %1 is %2")
                          .arg(m_dataPath, compressionName(m_compression)),
                      Location{m_dataPath, index});
    }
    if (!m_file) {
        auto file = std::make_unique<File>();
        file->fd = ::open(QFile::encodeName(m_dataPath).constData(), O_RDONLY | O_CLOEXEC);
        struct stat st {};
        if (file->fd < 0 || ::fstat(file->fd, &st) != 0)
            return detail::ioError(errno, QStringLiteral("cannot open"), m_dataPath);
        file->size = st.st_size;
        m_file = std::move(file);
    }
    const RecordIndexEntry &e = at(index);
    const Location where{m_dataPath, index, e.offset};
    const qint64 length = e.size - kFrameOverhead;
    if (e.offset > m_file->size || e.size > m_file->size - e.offset) {
        return dataLoss(
            QStringLiteral("truncated record at offset %1 (the index says %2 bytes, the file has %3)")
                .arg(e.offset)
                .arg(e.size)
                .arg(m_file->size - std::min(e.offset, m_file->size)),
            where);
    }
    char header[12];
    char footer[4];
    record->resize(qsizetype(length));
    iovec parts[3] = {{header, sizeof header}, {record->data(), size_t(length)}, {footer, sizeof footer}};
    ssize_t got;
    do {
        got = ::preadv(m_file->fd, parts, 3, e.offset);
    } while (got < 0 && errno == EINTR);
    if (got < 0)
        return detail::ioError(errno, QStringLiteral("cannot read"), m_dataPath).withLocation(where);
    if (got != e.size) // a regular file only reads short at its end, which the size check excludes
        return dataLoss(QStringLiteral("truncated record at offset %1").arg(e.offset), where);
    const Status corrupted = dataLoss(QStringLiteral("corrupted record at offset %1").arg(e.offset), where);
    if (crc32c::unmask(qFromLittleEndian<quint32>(header + 8)) != crc32c::value(header, 8))
        return corrupted;
    if (const quint64 stored = qFromLittleEndian<quint64>(header); stored != quint64(length)) {
        return dataLoss(QStringLiteral("record at offset %1 has length %2, but the index says %3")
                            .arg(e.offset)
                            .arg(stored)
                            .arg(length),
                        where);
    }
    if (crc32c::unmask(qFromLittleEndian<quint32>(footer)) !=
        crc32c::value(record->constData(), size_t(length)))
        return corrupted;
    return Status::ok();
}

} // namespace qs
