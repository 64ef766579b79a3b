#include "bench/recordfiles.h"

#include "record/recordwriter.h"

#include <QFileInfo>

#include <cstring>

namespace qs {

Result<BenchDatasetInfo> writeRepeatedRecords(const QString &path, const std::vector<QByteArray> &records,
                                              qint64 totalBytes)
{
    if (records.empty())
        return invalidArgument(QStringLiteral("record file: no records to repeat"));
    auto writer = RecordWriter::create(path, Compression::None);
    if (!writer)
        return writer.status();
    qint64 written = 0;
    qint64 count = 0;
    for (size_t i = 0; written < totalBytes; i = (i + 1) % records.size(), ++count) {
        if (Status s = (*writer)->write(records[i]); !s.isOk())
            return s;
        written += records[i].size() + 16;
    }
    if (Status s = (*writer)->commit(); !s.isOk())
        return s;
    return BenchDatasetInfo{path, count, QFileInfo(path).size()};
}

Result<BenchDatasetInfo> writeNoiseRecords(const QString &path, qint64 totalBytes, qint64 averageRecordBytes)
{
    if (averageRecordBytes < 2048)
        return invalidArgument(
            QStringLiteral("record file: the average record must be at least 2 KiB (got %1 bytes)")
                .arg(averageRecordBytes));
    auto writer = RecordWriter::create(path, Compression::None);
    if (!writer)
        return writer.status();
    QByteArray noise(qsizetype(2 * averageRecordBytes), Qt::Uninitialized);
    quint64 x = 0x9E3779B97F4A7C15ull;
    auto step = [&x] {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        return x;
    };
    for (qsizetype i = 0; i + 8 <= noise.size(); i += 8) {
        const quint64 v = step();
        std::memcpy(noise.data() + i, &v, 8);
    }
    qint64 written = 0;
    qint64 records = 0;
    while (written < totalBytes) {
        const quint64 v = step();
        const qsizetype size = 1024 + qsizetype(v % quint64(2 * averageRecordBytes - 1024)) - 64;
        if (Status s = (*writer)->write(QByteArrayView(noise.constData() + (v >> 40) % 64, size)); !s.isOk())
            return s;
        written += size + 16;
        ++records;
    }
    if (Status s = (*writer)->commit(); !s.isOk())
        return s;
    return BenchDatasetInfo{path, records, QFileInfo(path).size()};
}

} // namespace qs
