#pragma once

#include "base/result.h"
#include "record/compression.h"

#include <memory>

namespace qs {

// A forward-only stream of the bytes of a TFRecord file after decompression. Sources are
// streaming: they hold a bounded buffer and never the whole file. Not thread-safe; use one per
// thread.
class ByteSource {
public:
    virtual ~ByteSource() = default;

    // Opens `path`; Compression::Auto is resolved by detectCompression() on the first bytes.
    // Errors: NotFound, PermissionDenied, InvalidArgument (a directory), each naming the path.
    static Result<std::unique_ptr<ByteSource>> open(const QString &path, Compression compression);

    // Reads between 1 and `capacity` bytes into `dst`; 0 only at the end of the stream.
    // Corrupt or truncated compressed data is DataLoss ("truncated gzip stream", or zlib's
    // message); the caller adds the record and offset. Errors are sticky.
    virtual Result<qint64> read(char *dst, qint64 capacity) = 0;

    virtual Compression compression() const = 0;
    // Bytes of the file consumed so far, and the file's size (-1 when it has none): progress.
    virtual qint64 filePosition() const = 0;
    virtual qint64 fileSize() const = 0;
    virtual const QString &path() const = 0;
};

} // namespace qs
