#pragma once

#include "record/bytesource.h"

#include <zlib.h>

namespace qs {

// The decompressed bytes of a gzip or zlib file, inflated in 256 KiB steps. Concatenated gzip
// members (what `cat a.gz b.gz` makes) read as one stream; anything else after the end of the
// compressed stream, a stream that stops early or damaged data is DataLoss.
class InflateSource final : public ByteSource {
public:
    // `compression` is Gzip or Zlib.
    static Result<std::unique_ptr<InflateSource>> open(std::unique_ptr<ByteSource> file,
                                                       Compression compression);
    ~InflateSource() override;
    InflateSource(const InflateSource &) = delete;
    InflateSource &operator=(const InflateSource &) = delete;

    Result<qint64> read(char *dst, qint64 capacity) override;

    Compression compression() const override { return m_compression; }
    qint64 filePosition() const override { return m_file->filePosition() - qint64(m_z.avail_in); }
    qint64 fileSize() const override { return m_file->fileSize(); }
    const QString &path() const override { return m_file->path(); }

private:
    enum class State { Inflating, StreamEnded, Finished };
    InflateSource(std::unique_ptr<ByteSource> file, Compression compression);
    Status fail(const QString &message);
    QString name() const;

    std::unique_ptr<ByteSource> m_file;
    Compression m_compression;
    z_stream m_z{};
    std::unique_ptr<char[]> m_input;
    State m_state = State::Inflating;
    bool m_started = false; // inflateInit2 succeeded, so inflateEnd is due
    Status m_error;
};

} // namespace qs
