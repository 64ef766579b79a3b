#include "record/inflatesource.h"

#include <algorithm>

namespace qs {

namespace {
constexpr qint64 kInputChunk = 256 * 1024;
constexpr int kGzipWindow = 15 + 16; // zlib's way of saying "expect a gzip wrapper"
constexpr int kZlibWindow = 15;
} // namespace

Result<std::unique_ptr<InflateSource>> InflateSource::open(std::unique_ptr<ByteSource> file,
                                                           Compression compression)
{
    Q_ASSERT(compression == Compression::Gzip || compression == Compression::Zlib);
    std::unique_ptr<InflateSource> source(new InflateSource(std::move(file), compression));
    const int rc = inflateInit2(&source->m_z, compression == Compression::Gzip ? kGzipWindow : kZlibWindow);
    if (rc != Z_OK) {
        return Status(rc == Z_MEM_ERROR ? ErrorKind::ResourceExhausted : ErrorKind::Internal,
                      QStringLiteral("cannot start zlib inflate (code %1)").arg(rc),
                      Location{source->path()});
    }
    source->m_started = true;
    return source;
}

InflateSource::InflateSource(std::unique_ptr<ByteSource> file, Compression compression)
    : m_file(std::move(file))
    , m_compression(compression)
    , m_input(new char[kInputChunk])
{}

InflateSource::~InflateSource()
{
    if (m_started)
        inflateEnd(&m_z);
}

QString InflateSource::name() const
{
    return compressionName(m_compression);
}

Status InflateSource::fail(const QString &message)
{
    m_error = dataLoss(message, Location{path()});
    return m_error;
}

Result<qint64> InflateSource::read(char *dst, qint64 capacity)
{
    if (!m_error.isOk())
        return m_error;
    if (m_state == State::Finished || capacity <= 0)
        return qint64(0);
    const uInt want = uInt(std::min<qint64>(capacity, 1 << 30));
    m_z.next_out = reinterpret_cast<Bytef *>(dst);
    m_z.avail_out = want;
    while (m_z.avail_out == want) {
        if (m_z.avail_in == 0) {
            Result<qint64> got = m_file->read(m_input.get(), kInputChunk);
            if (!got) {
                m_error = got.status();
                return m_error;
            }
            if (*got == 0) {
                if (m_state == State::StreamEnded) {
                    m_state = State::Finished;
                    return qint64(0);
                }
                return fail(QStringLiteral("truncated %1 stream").arg(name()));
            }
            m_z.next_in = reinterpret_cast<Bytef *>(m_input.get());
            m_z.avail_in = uInt(*got);
        }
        if (m_state == State::StreamEnded) {
            // Only another gzip member may follow the end of a stream.
            if (m_compression != Compression::Gzip || m_z.next_in[0] != 0x1f)
                return fail(QStringLiteral("unexpected data after the end of the %1 stream").arg(name()));
            inflateReset(&m_z);
            m_state = State::Inflating;
        }
        const int rc = inflate(&m_z, Z_NO_FLUSH);
        if (rc == Z_STREAM_END) {
            m_state = State::StreamEnded;
        } else if (rc == Z_BUF_ERROR && m_z.avail_in == 0) {
            continue; // needs more input
        } else if (rc != Z_OK) {
            const QString why =
                m_z.msg ? QString::fromLatin1(m_z.msg) : QStringLiteral("zlib error %1").arg(rc);
            const Status error = fail(QStringLiteral("invalid %1 stream: %2").arg(name(), why));
            if (m_z.avail_out != want) // hand out what was inflated; the error comes next time
                break;
            return error;
        }
    }
    return qint64(want - m_z.avail_out);
}

} // namespace qs
