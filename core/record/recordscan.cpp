#include "record/recordscan.h"

#include <QElapsedTimer>

namespace qs {

Result<ScanStats> scanFile(const QString &path, const RecordReaderOptions &options)
{
    QElapsedTimer timer;
    timer.start();
    Result<std::unique_ptr<RecordReader>> opened = RecordReader::open(path, options);
    if (!opened)
        return opened.status();
    RecordReader &reader = **opened;
    RecordView record; // verified in place: no copy
    Status s;
    while ((s = reader.next(&record)).isOk()) {
    }
    if (s.kind() != ErrorKind::OutOfRange)
        return s;
    ScanStats stats;
    stats.records = reader.recordIndex();
    stats.bytes = reader.offset();
    stats.fileBytes = reader.fileBytesRead();
    stats.seconds = double(timer.nsecsElapsed()) / 1e9;
    return stats;
}

} // namespace qs
