#include "record/recordreader.h"

#include "record/bytesource.h"
#include "record/crc32c.h"
#include "record/filesniffer.h"
#include "record/mappedfile.h"

#include <QFile>
#include <QtEndian>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace qs {

namespace {
constexpr qint64 kHeaderBytes = 12; // length + its CRC
constexpr qint64 kFooterBytes = 4;  // payload CRC
constexpr qint64 kGrowStep = 1 << 20;
// Payloads from this size on are read straight into the record when they are not buffered yet,
// which saves a copy; below it, batching many records per read() wins.
constexpr qint64 kDirectBytes = 64 * 1024;
// Mapped files: the pages are dropped from the mapping this far behind the reader, which keeps
// a scan's RSS near 2 windows instead of the file's size, for about 5% of its speed. (Making the
// page tables ahead with MADV_POPULATE_READ was measured too: 15-25% slower than faulting.)
constexpr qint64 kWindowBytes = 4 << 20;

qint64 sizeNow(int fd)
{
    struct stat st {};
    return ::fstat(fd, &st) == 0 ? qint64(st.st_size) : -1;
}

struct Mapping {
    int fd = -1;
    std::shared_ptr<MappedFile> map;
};

// Maps `path` when it is a non-empty regular file whose bytes are a plain TFRecord stream.
// Anything else gives no mapping and the buffered path opens the file as before, which also
// reports open errors; a FIFO is never opened here, as opening it twice would lose data.
Mapping mapPlainFile(const QString &path, Compression compression)
{
    const QByteArray native = QFile::encodeName(path);
    struct stat st {};
    if (::stat(native.constData(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0)
        return {};
    int fd = -1;
    do {
        fd = ::open(native.constData(), O_RDONLY | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0)
        return {};
    Mapping m;
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
        m.map = MappedFile::create(fd, qint64(st.st_size));
    if (m.map && compression == Compression::Auto) {
        char head[kHeaderBytes] = {};
        const size_t n = size_t(std::min<qint64>(kHeaderBytes, m.map->size()));
        const char *from = m.map->data();
        if (!MappedFile::guarded([&] { std::memcpy(head, from, n); }) ||
            detectCompression(QByteArrayView(head, qsizetype(n))) != Compression::None)
            m.map.reset();
    }
    if (!m.map) {
        ::close(fd);
        return {};
    }
    m.fd = fd;
    return m;
}
} // namespace

Result<std::unique_ptr<RecordReader>> RecordReader::open(const QString &path,
                                                         const RecordReaderOptions &options)
{
    if (options.mapFile &&
        (options.compression == Compression::None || options.compression == Compression::Auto)) {
        Mapping m = mapPlainFile(path, options.compression);
        if (m.map)
            return std::unique_ptr<RecordReader>(new RecordReader(m.fd, std::move(m.map), path, options));
    }
    Result<std::unique_ptr<ByteSource>> source = ByteSource::open(path, options.compression);
    if (!source)
        return source.status();
    return std::unique_ptr<RecordReader>(new RecordReader(std::move(*source), options));
}

RecordReader::RecordReader(std::unique_ptr<ByteSource> source, const RecordReaderOptions &options)
    : m_source(std::move(source))
    , m_options(options)
    , m_path(m_source->path())
    , m_compression(m_source->compression())
    , m_buffer(new char[kBufferBytes])
{}

RecordReader::RecordReader(int fd, std::shared_ptr<MappedFile> map, QString path,
                           const RecordReaderOptions &options)
    : m_map(std::move(map))
    , m_fd(fd)
    , m_openedSize(m_map->size())
    , m_options(options)
    , m_path(std::move(path))
    , m_compression(Compression::None)
{}

RecordReader::~RecordReader()
{
    m_map.reset(); // views may keep the mapping; the descriptor is not needed for it
    if (m_fd >= 0)
        ::close(m_fd);
}

qint64 RecordReader::fileBytesRead() const
{
    return m_map ? m_offset : m_source->filePosition();
}
qint64 RecordReader::fileSize() const
{
    return m_map ? m_map->size() : m_source->fileSize();
}

Status RecordReader::corrupted(qint64 at) const
{
    return dataLoss(QStringLiteral("corrupted record at offset %1").arg(at), here(at));
}

Status RecordReader::overLimit(qint64 at, quint64 length) const
{
    return dataLoss(QStringLiteral("record at offset %1 has length %2, over the limit of %3 bytes")
                        .arg(at)
                        .arg(length)
                        .arg(m_options.maxRecordBytes),
                    here(at));
}

Status RecordReader::truncated(qint64 at, const QString &detail) const
{
    QString message = QStringLiteral("truncated record at offset %1").arg(at);
    if (!detail.isEmpty())
        message += QStringLiteral(" (%1)").arg(detail);
    return dataLoss(message, here(at));
}

// The first frame of the file failed: when the file is something else, say what it is.
Status RecordReader::notATfrecord(const Status &failure) const
{
    if (m_map && isCut())
        return failure;
    const QString reason = notATfrecordReason(m_path, m_compression);
    if (reason.isEmpty())
        return failure;
    return Status(failure.kind(),
                  QStringLiteral("not a TFRecord file: %1 (%2)").arg(reason, failure.message()),
                  failure.where());
}

Status RecordReader::next(QByteArray *record)
{
    if (m_map)
        return nextWith([&](bool *resyncable) { return readMapped(nullptr, record, resyncable); });
    return nextWith([&](bool *resyncable) { return readOne(record, resyncable); });
}

Status RecordReader::next(RecordView *record)
{
    if (m_map) {
        Status s = nextWith([&](bool *resyncable) { return readMapped(record, nullptr, resyncable); });
        if (!s.isOk())
            *record = RecordView();
        return s;
    }
    // A record that lies in the buffer is handed out as a view of it; a large one read past the
    // buffer goes into the view's own array, reused when the caller kept no copy of it.
    QByteArray buffer = std::move(record->m_owned);
    *record = RecordView();
    Status s = nextWith([&](bool *resyncable) { return readOne(&buffer, resyncable, record); });
    if (s.isOk() && !record->m_chunk) {
        record->m_owned = std::move(buffer);
        record->m_data = record->m_owned.constData();
        record->m_size = record->m_owned.size();
    }
    return s;
}

template<typename ReadOne> Status RecordReader::nextWith(ReadOne readOne)
{
    while (m_error.isOk()) {
        bool resyncable = false;
        const qint64 start = m_offset;
        Status s = readOne(&resyncable);
        if (s.isOk()) {
            m_lastOffset = start;
            ++m_returned;
            ++m_position;
            return s;
        }
        if (start == 0 && m_position == 0 && !resyncable && s.kind() == ErrorKind::DataLoss)
            s = notATfrecord(s);
        if (!m_options.skipCorrupt || s.kind() != ErrorKind::DataLoss) {
            m_error = s;
            break;
        }
        m_skipped.append(s);
        if (resyncable) {
            ++m_position;
            continue;
        }
        m_error =
            outOfRange(QStringLiteral("end of file after unrecoverable corruption at offset %1").arg(start))
                .withLocation(here(start));
    }
    return m_error;
}

// Makes at least `wanted` bytes available in the buffer unless the stream ends first, reading
// no more than `limit` bytes ahead.
Status RecordReader::fill(qint64 wanted, qint64 limit)
{
    if (buffered() >= wanted || m_eof)
        return Status::ok();
    if (m_begin > 0) // what is left is less than one frame: cheap to move, and reads stay large
        compact();
    while (buffered() < wanted) {
        const qint64 room = std::min(kBufferBytes - m_end, limit - buffered());
        Result<qint64> got = m_source->read(m_buffer.get() + m_end, room);
        if (!got)
            return got.status().withLocation(here(m_offset));
        if (*got == 0) {
            m_eof = true;
            break;
        }
        m_end += *got;
    }
    return Status::ok();
}

// Moves the unread bytes to the front of the buffer. Views may show the bytes before them: then
// the buffer is left to the views (it goes when the last of them does) and a new one takes over.
void RecordReader::compact()
{
    if (m_viewed) {
        std::shared_ptr<char[]> fresh(new char[kBufferBytes]);
        std::memcpy(fresh.get(), m_buffer.get() + m_begin, size_t(buffered()));
        m_buffer = std::move(fresh);
        m_viewed = false;
    } else {
        std::memmove(m_buffer.get(), m_buffer.get() + m_begin, size_t(buffered()));
    }
    m_end -= m_begin;
    m_begin = 0;
}

Status RecordReader::readOne(QByteArray *record, bool *resyncable, RecordView *view)
{
    const qint64 start = m_offset;
    if (Status s = fill(kHeaderBytes); !s)
        return s;
    if (buffered() == 0)
        return outOfRange(QStringLiteral("end of file")).withLocation(here(start));
    if (buffered() < kHeaderBytes)
        return truncated(start);

    const char *header = m_buffer.get() + m_begin;
    if (!crc32c::matchesStored(header, 8, header + 8))
        return corrupted(start);
    const quint64 length = qFromLittleEndian<quint64>(header);
    if (length > m_options.maxRecordBytes)
        return overLimit(start, length);
    const qint64 fileSize = m_source->fileSize();
    if (m_compression == Compression::None && fileSize >= 0) {
        const qint64 after = fileSize - start - kHeaderBytes; // bytes the file has after the header
        if (after < kFooterBytes || length > quint64(after - kFooterBytes)) {
            return truncated(start, QStringLiteral("length %1, but only %2 bytes follow the header")
                                        .arg(length)
                                        .arg(std::max<qint64>(after, 0)));
        }
    }

    const qint64 frame = kHeaderBytes + qint64(length) + kFooterBytes;
    if (buffered() < frame && (frame > kBufferBytes || qint64(length) >= kDirectBytes))
        return readLarge(record, length, start, resyncable);
    if (buffered() < frame) {
        if (Status s = fill(frame); !s)
            return s;
    }
    if (buffered() < frame)
        return truncated(start);

    const char *payload = m_buffer.get() + m_begin + kHeaderBytes;
    const bool intact =
        !m_options.verifyCrc || crc32c::matchesStored(payload, size_t(length), payload + length);
    m_begin += frame;
    m_offset += frame;
    if (!intact) {
        *resyncable = true; // the framing held, so the next record starts right after this one
        return corrupted(start);
    }
    if (view) {
        view->m_chunk = m_buffer;
        view->m_data = payload;
        view->m_size = qsizetype(length);
        m_viewed = true;
        return Status::ok();
    }
    record->resize(qsizetype(length));
    std::memcpy(record->data(), payload, size_t(length));
    return Status::ok();
}

// A large record not yet in the buffer: the buffered part is copied, the rest is read from the
// source straight into the record, and only its footer and the next header into the buffer. When the stream
// length is not known, the record grows as bytes arrive, so a false length costs at most twice what the
// stream really holds.
Status RecordReader::readLarge(QByteArray *record, quint64 length, qint64 start, bool *resyncable)
{
    const bool sizeKnown = m_compression == Compression::None && m_source->fileSize() >= 0;
    m_begin += kHeaderBytes;
    qint64 got = std::min<qint64>(buffered(), qint64(length));
    qint64 allocated =
        sizeKnown ? qint64(length) : std::min<qint64>(qint64(length), std::max(got, kGrowStep));
    record->resize(qsizetype(allocated));
    std::memcpy(record->data(), m_buffer.get() + m_begin, size_t(got));
    m_begin += got;
    if (m_begin == m_end)
        compact();
    while (got < qint64(length)) {
        if (got == allocated) {
            allocated = std::min<qint64>(qint64(length), got * 2);
            record->resize(qsizetype(allocated));
        }
        Result<qint64> n = m_source->read(record->data() + got, allocated - got);
        if (!n)
            return n.status().withLocation(here(start));
        if (*n == 0)
            return truncated(start);
        got += *n;
    }
    if (Status s = fill(kFooterBytes, kFooterBytes + kHeaderBytes); !s)
        return s.withLocation(here(start));
    if (buffered() < kFooterBytes)
        return truncated(start);
    const bool intact = !m_options.verifyCrc ||
                        crc32c::matchesStored(record->constData(), size_t(length), m_buffer.get() + m_begin);
    m_begin += kFooterBytes;
    m_offset += kHeaderBytes + qint64(length) + kFooterBytes;
    if (!intact) {
        *resyncable = true;
        return corrupted(start);
    }
    return Status::ok();
}

// A file cut while mapped: the same message as FileSource gives for a file cut under read().
Status RecordReader::cutWhileMapped(qint64 start) const
{
    return dataLoss(QStringLiteral("%1 was truncated while being read: it held %2 bytes when it was opened "
                                   "and %3 when reading reached byte %4")
                        .arg(m_path)
                        .arg(m_map->size())
                        .arg(sizeNow(m_fd))
                        .arg(start),
                    here(start));
}

// Takes a larger mapping when the file grew since it was mapped; views keep the old one.
bool RecordReader::remapIfGrown()
{
    const qint64 now = sizeNow(m_fd);
    if (now <= m_map->size())
        return false;
    std::shared_ptr<MappedFile> bigger = MappedFile::create(m_fd, now);
    if (!bigger)
        return false;
    m_map = std::move(bigger);
    m_released = m_offset;
    return true;
}

// A failure in a mapped file is first checked against the file's size: bytes past a cut read as
// zeros up to the end of their page, so a cut shows up as a bad CRC as often as a fault.
bool RecordReader::isCut() const
{
    return m_map->damaged() || sizeNow(m_fd) < m_map->size();
}

Status RecordReader::unlessCut(qint64 start, Status failure) const
{
    return isCut() ? cutWhileMapped(start) : failure;
}

// The mapped twin of readOne(): every byte of the mapping is touched only inside
// MappedFile::guarded(), so a page that vanished (the file was cut) is a DataLoss, not a SIGBUS.
Status RecordReader::readMapped(RecordView *view, QByteArray *copy, bool *resyncable)
{
    const qint64 start = m_offset;
    if (m_map->damaged())
        return cutWhileMapped(start);
    if (start >= m_map->size() && !remapIfGrown())
        return unlessCut(start, outOfRange(QStringLiteral("end of file")).withLocation(here(start)));
    if (m_map->size() - start < kHeaderBytes && !remapIfGrown())
        return unlessCut(start, truncated(start));
    if (m_map->size() - start < kHeaderBytes)
        return unlessCut(start, truncated(start));

    char header[kHeaderBytes];
    const char *at = m_map->data() + start;
    if (!MappedFile::guarded([&] { std::memcpy(header, at, kHeaderBytes); }))
        return cutWhileMapped(start);
    if (!crc32c::matchesStored(header, 8, header + 8))
        return unlessCut(start, corrupted(start));
    const quint64 length = qFromLittleEndian<quint64>(header);
    if (length > m_options.maxRecordBytes)
        return overLimit(start, length);
    qint64 after = m_map->size() - start - kHeaderBytes; // bytes the file has after the header
    if ((after < kFooterBytes || length > quint64(after - kFooterBytes)) && remapIfGrown()) {
        at = m_map->data() + start;
        after = m_map->size() - start - kHeaderBytes;
    }
    if (after < kFooterBytes || length > quint64(after - kFooterBytes)) {
        return unlessCut(start,
                         truncated(start, QStringLiteral("length %1, but only %2 bytes follow the header")
                                              .arg(length)
                                              .arg(std::max<qint64>(after, 0))));
    }

    if (start - m_released >= 2 * kWindowBytes) {
        m_map->release(m_released, start - kWindowBytes);
        m_released = start - kWindowBytes;
    }
    const char *payload = at + kHeaderBytes;
    const size_t n = size_t(length);
    if (copy)
        copy->resize(qsizetype(length));
    char *dst = copy ? copy->data() : nullptr;
    const bool verify = m_options.verifyCrc;
    bool intact = true;
    const bool read = MappedFile::guarded([&] {
        if (verify)
            intact = crc32c::matchesStored(payload, n, payload + n);
        if (dst)
            std::memcpy(dst, payload, n);
    });
    if (!read || m_map->damaged())
        return cutWhileMapped(start);
    m_offset += kHeaderBytes + qint64(length) + kFooterBytes;
    if (!intact) {
        if (isCut())
            return cutWhileMapped(start);
        *resyncable = true; // the framing held, so the next record starts right after this one
        return corrupted(start);
    }
    if (view) {
        view->m_map = m_map;
        view->m_owned = QByteArray();
        view->m_data = payload;
        view->m_size = qsizetype(length);
    }
    return Status::ok();
}

} // namespace qs
