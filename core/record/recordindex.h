#pragma once

#include "record/recordreader.h"

#include <functional>
#include <vector>

namespace qs {

// One framed record: where its header starts in the (decompressed) stream, and its whole size,
// 16 + payload length. This is the format of DALI's tfrecord2idx ("offset size" per line).
struct RecordIndexEntry {
    qint64 offset = 0;
    qint64 size = 0;
    friend bool operator==(const RecordIndexEntry &, const RecordIndexEntry &) = default;
};

// The record offsets of one TFRecord file, for random access and for splitting work. Move-only
// (it keeps the data file open for readAt()); not thread-safe.
class RecordIndex {
public:
    // Called now and then while building, with bytes of the file done and its size (-1 when
    // unknown); return false to stop, and build() returns Cancelled.
    using Progress = std::function<bool(qint64 bytesDone, qint64 bytesTotal)>;

    // Scans the file once, verifying frames as RecordReader does (its errors are build()'s).
    static Result<RecordIndex> build(const QString &path, const RecordReaderOptions &options = {},
                                     const Progress &progress = {});
    // Reads an index written by save() or by tfrecord2idx for the file at dataPath.
    static Result<RecordIndex> load(const QString &indexPath, const QString &dataPath);
    // One "offset size" line per record, written atomically.
    Status save(const QString &indexPath) const;

    RecordIndex(RecordIndex &&) noexcept;
    RecordIndex &operator=(RecordIndex &&) noexcept;
    ~RecordIndex();

    const QString &dataPath() const { return m_dataPath; }
    Compression compression() const { return m_compression; }
    qint64 size() const { return qint64(m_entries.size()); }
    const RecordIndexEntry &at(qint64 i) const { return m_entries[size_t(i)]; }
    const std::vector<RecordIndexEntry> &entries() const { return m_entries; }

    // Reads record `index` with one positioned read, checking the frame against the index and
    // both CRCs. Only uncompressed files allow this (FailedPrecondition otherwise); an index
    // outside [0, size()) is OutOfRange.
    Status readAt(qint64 index, QByteArray *record);

private:
    struct File;
    RecordIndex(QString dataPath, Compression compression, std::vector<RecordIndexEntry> entries);

    QString m_dataPath;
    Compression m_compression = Compression::None;
    std::vector<RecordIndexEntry> m_entries;
    std::unique_ptr<File> m_file; // opened by the first readAt()
};

} // namespace qs
