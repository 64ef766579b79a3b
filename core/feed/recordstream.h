#pragma once

#include "base/result.h"
#include "record/compression.h"

#include <QByteArray>

#include <chrono>
#include <functional>
#include <memory>

namespace qs {

class Pacer;
class RecordReader;

// Which records of the training files are held out for evaluation: with `every` = k > 0, the
// records whose 0-based index i in their file has (i + 1) % k == 0 (every k-th record). The
// index counts every record of the file, corrupt ones included, so the split does not move
// when a record is skipped.
struct HoldOut {
    int every = 0; // 0: nothing is held out

    static HoldOut forFraction(double fraction); // every = round(1 / fraction); 0 for fraction <= 0
    bool contains(qint64 recordIndex) const { return every > 0 && (recordIndex + 1) % every == 0; }
};

// The slow_file fault: every read of `path` takes `delay` longer (paced like the other delays).
struct SlowFile {
    QString path;
    std::chrono::milliseconds delay{0};
    std::chrono::milliseconds extraFor(const QString &file) const
    {
        return !path.isEmpty() && file == path ? delay : std::chrono::milliseconds(0);
    }
};

// The reading half of a reader (TensorFlow's TFRecordReader): the records of one file after
// another, each file name taken from `nextFile` when the previous one is used up.
//
//  - nextFile returns the next file name, or an error: OutOfRange (no more files: a closed and
//    empty filename queue, or the last epoch) ends the stream quietly; any other error is
//    returned as is.
//  - next() marks the calling thread running/reading and paces each read with the Pacer (when
//    given) plus readDelay, then returns the next record whose index the selection keeps,
//    with its Location {file, record index, offset}. Reader errors (DataLoss, NotFound, ...)
//    carry the file, record and offset. With skipCorrupt the reader skips bad records, and
//    each one is handed to onSkipped (a DataLoss with its Location) before next() goes on.
//
// Not thread-safe: one stream per thread, like RecordReader.
class RecordStream {
public:
    enum class Select { All, Training, HeldOut };
    struct Options {
        Select select = Select::All;
        HoldOut holdOut;
        bool skipCorrupt = false;
        Compression compression = Compression::Auto; // the run's --compression
        std::chrono::milliseconds readDelay{0};
        SlowFile slowFile;
        Pacer *pacer = nullptr; // must outlive the stream
    };
    using NextFile = std::function<Result<QString>()>;
    using SkipReport = std::function<void(const Status &skipped)>;

    RecordStream(NextFile nextFile, Options options, SkipReport onSkipped = {});
    ~RecordStream();
    RecordStream(const RecordStream &) = delete;
    RecordStream &operator=(const RecordStream &) = delete;

    Status next(QByteArray *record, Location *where);
    bool hasOpenFile() const { return bool(m_reader); }
    qint64 skippedCount() const { return m_skipped; }

private:
    bool keeps(qint64 recordIndex) const;
    void reportSkips();

    NextFile m_nextFile;
    Options m_options;
    SkipReport m_onSkipped;
    std::unique_ptr<RecordReader> m_reader;
    qint64 m_reported = 0; // skips of the open file already handed to onSkipped
    qint64 m_skipped = 0;  // over all files
};

} // namespace qs
