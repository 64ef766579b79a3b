#pragma once

#include "base/result.h"
#include "record/compression.h"

#include <QByteArray>
#include <QByteArrayView>

#include <atomic>
#include <memory>

namespace qs {

// Writes a TFRecord file atomically: records go to a hidden temporary file beside the target
// (".<name>.tmp-XXXXXXXX"), and commit() renames it over the target. Until then the target is
// untouched: a writer destroyed without commit(), aborted, or stopped by any write error
// removes its temporary file and leaves an existing target as it was.
//
// Not thread-safe: one thread writes. abort() may also be called from the SIGINT path of that
// thread: it allocates nothing and only calls close() and unlink().
//
//   auto writer = RecordWriter::create(path, Compression::Gzip);
//   if (!writer) return writer.status();
//   for (const QByteArray &r : records)
//       if (Status s = (*writer)->write(r); !s) return s;
//   return (*writer)->commit();
class RecordWriter {
public:
    // Compression must be None, Gzip or Zlib. Errors name the path.
    static Result<std::unique_ptr<RecordWriter>> create(const QString &path,
                                                        Compression compression = Compression::None);
    ~RecordWriter();
    RecordWriter(const RecordWriter &) = delete;
    RecordWriter &operator=(const RecordWriter &) = delete;

    // Frames one record. The first error is sticky and drops the temporary file.
    Status write(QByteArrayView record);
    // Flushes, syncs and renames the temporary file over the target. Once only.
    Status commit();
    void abort();

    const QString &path() const { return m_path; }
    const QString &tempPath() const { return m_tempPath; }
    Compression compression() const { return m_compression; }
    qint64 recordCount() const { return m_records; }
    qint64 bytesWritten() const { return m_bytes; } // framed bytes, before compression

private:
    friend class ShardedWriter;
    struct Deflater;
    RecordWriter(QString path, QString tempPath, int fd, Compression compression);
    Status finish(); // all of commit() but the rename
    Status rename();
    Status append(const char *data, qsizetype n);
    Status flushPending();
    Status output(const char *data, qsizetype n, bool last);
    Status writeFd(const char *data, qsizetype n);
    Status fail(Status error);

    QString m_path;
    QString m_tempPath;
    QByteArray m_nativeTemp; // encoded once, so abort() needs no allocation
    std::atomic<int> m_fd;
    Compression m_compression;
    std::unique_ptr<Deflater> m_deflater;
    QByteArray m_pending; // framed bytes not yet handed to output()
    qint64 m_records = 0;
    qint64 m_bytes = 0;
    bool m_finished = false;
    Status m_error;
};

} // namespace qs
