#include "record/recordreader.h"

#include "record/bytesource.h"
#include "record/crc32c.h"

#include <QtEndian>

#include <algorithm>
#include <cstring>

namespace qs {

namespace {
constexpr qint64 kHeaderBytes = 12; // length + its CRC
constexpr qint64 kFooterBytes = 4;  // payload CRC
constexpr qint64 kGrowStep = 1 << 20;
// Payloads from this size on are read straight into the record when they are not buffered yet,
// which saves a copy; below it, batching many records per read() wins.
constexpr qint64 kDirectBytes = 64 * 1024;

inline bool crcMatches(const char *data, size_t n, const char *stored)
{
    return crc32c::unmask(qFromLittleEndian<quint32>(stored)) == crc32c::value(data, n);
}
} // namespace

Result<std::unique_ptr<RecordReader>> RecordReader::open(const QString &path,
                                                         const RecordReaderOptions &options)
{
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

RecordReader::~RecordReader() = default;

qint64 RecordReader::fileBytesRead() const
{
    return m_source->filePosition();
}
qint64 RecordReader::fileSize() const
{
    return m_source->fileSize();
}

Status RecordReader::corrupted(qint64 at) const
{
    return dataLoss(QStringLiteral("corrupted record at offset %1").arg(at), here(at));
}

Status RecordReader::truncated(qint64 at, const QString &detail) const
{
    QString message = QStringLiteral("truncated record at offset %1").arg(at);
    if (!detail.isEmpty())
        message += QStringLiteral(" (%1)").arg(detail);
    return dataLoss(message, here(at));
}

Status RecordReader::next(QByteArray *record)
{
    while (m_error.isOk()) {
        bool resyncable = false;
        const qint64 start = m_offset;
        Status s = readOne(record, &resyncable);
        if (s.isOk()) {
            m_lastOffset = start;
            ++m_returned;
            ++m_position;
            return s;
        }
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
    if (m_begin > 0) { // what is left is less than one frame: cheap to move, and reads stay large
        std::memmove(m_buffer.get(), m_buffer.get() + m_begin, size_t(buffered()));
        m_end -= m_begin;
        m_begin = 0;
    }
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

Status RecordReader::readOne(QByteArray *record, bool *resyncable)
{
    const qint64 start = m_offset;
    if (Status s = fill(kHeaderBytes); !s)
        return s;
    if (buffered() == 0)
        return outOfRange(QStringLiteral("end of file")).withLocation(here(start));
    if (buffered() < kHeaderBytes)
        return truncated(start);

    const char *header = m_buffer.get() + m_begin;
    if (!crcMatches(header, 8, header + 8))
        return corrupted(start);
    const quint64 length = qFromLittleEndian<quint64>(header);
    if (length > m_options.maxRecordBytes) {
        return dataLoss(QStringLiteral("record at offset %1 has length %2, over the limit of %3 bytes")
                            .arg(start)
                            .arg(length)
                            .arg(m_options.maxRecordBytes),
                        here(start));
    }
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
    const bool intact = !m_options.verifyCrc || crcMatches(payload, size_t(length), payload + length);
    m_begin += frame;
    m_offset += frame;
    if (!intact) {
        *resyncable = true; // the framing held, so the next record starts right after this one
        return corrupted(start);
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
        m_begin = m_end = 0;
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
    const bool intact =
        !m_options.verifyCrc || crcMatches(record->constData(), size_t(length), m_buffer.get() + m_begin);
    m_begin += kFooterBytes;
    m_offset += kHeaderBytes + qint64(length) + kFooterBytes;
    if (!intact) {
        *resyncable = true;
        return corrupted(start);
    }
    return Status::ok();
}

} // namespace qs
