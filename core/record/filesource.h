#pragma once

#include "record/bytesource.h"

#include <QByteArray>

namespace qs {

// The bytes of a file as they are, read with read(2) straight into the caller's buffer.
// A regular file that ends before the size it had when opened was truncated while being read:
// read() returns DataLoss ("<path> was truncated while being read: it held M bytes when it was
// opened and K when reading reached byte N") instead of a clean end. A file that grows is read
// on to its new end.
class FileSource final : public ByteSource {
public:
    // Errors name the path: NotFound, PermissionDenied, InvalidArgument for a directory.
    static Result<std::unique_ptr<FileSource>> open(const QString &path);
    ~FileSource() override;
    FileSource(const FileSource &) = delete;
    FileSource &operator=(const FileSource &) = delete;

    Result<qint64> read(char *dst, qint64 capacity) override;
    // Up to n bytes from the current position without consuming them: read() returns them
    // again. Works on pipes too, unlike pread().
    Result<QByteArray> peek(qint64 n);

    Compression compression() const override { return Compression::None; }
    qint64 filePosition() const override { return m_position - m_pending.size(); }
    qint64 fileSize() const override { return m_size; }
    const QString &path() const override { return m_path; }

private:
    FileSource(int fd, QString path, qint64 size);

    int m_fd;
    QString m_path;
    qint64 m_size;         // -1 when not a regular file
    qint64 m_position = 0; // bytes taken from the descriptor
    QByteArray m_pending;  // peeked bytes that read() hands out first
    Status m_error;
};

} // namespace qs
