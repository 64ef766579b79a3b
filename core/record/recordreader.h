#pragma once

#include "base/result.h"
#include "record/compression.h"
#include "record/recordview.h"

#include <QByteArray>
#include <QList>

#include <memory>

namespace qs {

class ByteSource;

struct RecordReaderOptions {
    Compression compression = Compression::Auto; // an explicit value overrides detection
    quint64 maxRecordBytes = 256ull << 20;       // longer lengths are DataLoss, never allocated
    bool skipCorrupt = false;                    // see RecordReader::next()
    bool verifyCrc = true;                       // the payload CRC; the length CRC is always checked
    bool mapFile = false; // map an uncompressed regular file (mmap) instead of reading it (see below)
};

// Reads the records of one TFRecord file in order, as TensorFlow's RecordReader does.
// Each frame is: uint64 length, uint32 masked CRC of the length, payload, uint32 masked CRC of
// the payload (little-endian).
//
// The file (or its decompressed stream) is read with read() into a 256 KiB buffer and each record
// verified there: next(RecordView *) hands out views of that buffer without copying (a buffer a
// view still shows is never written again: the reader reads on into a new one), next(QByteArray *)
// makes one copy. With RecordReaderOptions::mapFile, an uncompressed regular file is mapped
// instead (MappedFile) and the views point into the mapping; a file cut while it is mapped does
// not raise SIGBUS in the process: the reader reports DataLoss at the record where the data ends
// (MappedFile explains how).
//
// Reading is the default because a one-pass scan of a mapping pays the kernel for every page it
// maps (a fault per 64 KiB, a page-table entry per 4 KiB, and unmapping them again), while the
// copy into a buffer that stays in the cache is cheap: `qs-bench-scan FILE --map` compares the
// two. On a 2-core paravirtualized guest, where page faults are dear, a mapped scan of 272 MB
// ran at 0.17 of plain read() and the buffered one at 0.68.
//
// Offsets are byte offsets of a record's first header byte in the decompressed stream. Errors
// carry Location{path, record, offset}, where record is the record's position in the file
// (skipped records count).
//
// Not thread-safe and has no global state: use one reader per thread.
//
//   auto reader = RecordReader::open(path);
//   if (!reader) return reader.status();
//   RecordView record;
//   Status s;
//   while ((s = (*reader)->next(&record)).isOk()) consume(record.bytes());
//   if (s.kind() != ErrorKind::OutOfRange) return s;
class RecordReader {
public:
    static constexpr qint64 kBufferBytes = 256 * 1024;

    static Result<std::unique_ptr<RecordReader>> open(const QString &path,
                                                      const RecordReaderOptions &options = {});
    ~RecordReader();
    RecordReader(const RecordReader &) = delete;
    RecordReader &operator=(const RecordReader &) = delete;

    // OK with the payload in *record; OutOfRange when the file ends exactly after a record (an
    // empty file has none); otherwise DataLoss:
    //   "truncated record at offset N"  a header or payload cut short (the message adds the
    //                                    length when a header announces more than the file has);
    //   "corrupted record at offset N"  a length-CRC or payload-CRC mismatch;
    //   "record at offset N has length L, over the limit of M bytes";
    //   the compressed stream's own error ("truncated gzip stream", "invalid zlib stream: ...");
    //   a file cut shorter while it is read (FileSource), even exactly at a record boundary;
    //   "not a TFRecord file: it looks like a PNG image (corrupted record at offset 0)" when the
    //   first frame fails and the file is recognisably something else (filesniffer.h).
    // N is always the record's first byte (TensorFlow names the payload's offset for a
    // payload-CRC mismatch). Errors are sticky. *record is resized in place, so a caller that
    // reuses one unshared QByteArray reads without allocating. With skipCorrupt, a payload-CRC
    // mismatch is recorded in skipped() and reading goes on with the next record; any other
    // DataLoss cannot be resynchronised, so it is recorded and the file ends there (OutOfRange).
    Status next(QByteArray *record);
    // The same records and errors, as views (see RecordView for their lifetime). A caller that
    // reuses one view and drops its copies reads a buffered stream without allocating.
    Status next(RecordView *record);
    bool isMapped() const { return bool(m_map); }

    const QString &path() const { return m_path; }
    Compression compression() const { return m_compression; }
    qint64 recordIndex() const { return m_returned; }    // records returned so far
    qint64 offset() const { return m_offset; }           // where the next record starts
    qint64 recordOffset() const { return m_lastOffset; } // where the last returned one started
    qint64 skippedCount() const { return m_skipped.size(); }
    const QList<Status> &skipped() const { return m_skipped; }
    // Bytes of the file consumed so far and its size (-1 for a pipe): for progress displays.
    qint64 fileBytesRead() const;
    qint64 fileSize() const;

private:
    RecordReader(std::unique_ptr<ByteSource> source, const RecordReaderOptions &options);
    RecordReader(int fd, std::shared_ptr<MappedFile> map, QString path, const RecordReaderOptions &options);
    template<typename ReadOne> Status nextWith(ReadOne readOne);
    // The next record into *record, or (view given) as a view of the buffer where it lies in it.
    Status readOne(QByteArray *record, bool *resyncable, RecordView *view = nullptr);
    void compact();
    Status readMapped(RecordView *view, QByteArray *copy, bool *resyncable);
    bool remapIfGrown();
    bool isCut() const;
    Status unlessCut(qint64 start, Status failure) const;
    Status cutWhileMapped(qint64 start) const;
    Status readLarge(QByteArray *record, quint64 length, qint64 start, bool *resyncable);
    Status fill(qint64 wanted, qint64 limit = kBufferBytes);
    Status corrupted(qint64 at) const;
    Status overLimit(qint64 at, quint64 length) const; // a length field past maxRecordBytes
    Status notATfrecord(const Status &failure) const;
    Status truncated(qint64 at, const QString &detail = {}) const;
    Location here(qint64 at) const { return Location{m_path, m_position, at}; }
    qint64 buffered() const { return m_end - m_begin; }

    std::unique_ptr<ByteSource> m_source; // the buffered path; null when mapped
    std::shared_ptr<MappedFile> m_map;    // the mapped path
    int m_fd = -1;                        // the mapped file, for fstat and mapping it again
    qint64 m_openedSize = 0;              // its size when opened
    qint64 m_released = 0;                // pages below here are dropped from the mapping
    RecordReaderOptions m_options;
    QString m_path;
    Compression m_compression;
    std::shared_ptr<char[]> m_buffer; // shared with the views of the records in it
    bool m_viewed = false;            // a view shows bytes of m_buffer: it is never written again
    qint64 m_begin = 0;               // unread bytes are m_buffer[m_begin, m_end)
    qint64 m_end = 0;
    bool m_eof = false;
    qint64 m_offset = 0; // stream offset of m_buffer[m_begin]
    qint64 m_lastOffset = -1;
    qint64 m_position = 0; // index in the file of the next record, skipped ones included
    qint64 m_returned = 0;
    QList<Status> m_skipped;
    Status m_error; // sticky
};

} // namespace qs
