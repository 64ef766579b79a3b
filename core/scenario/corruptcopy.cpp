#include "scenario/corruptcopy.h"

#include "record/bytesource.h"
#include "record/recordindex.h"
#include "scenario/scenario.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace qs {

namespace {

Result<QByteArray> readDecompressed(const QString &file)
{
    Result<std::unique_ptr<ByteSource>> source = ByteSource::open(file, Compression::Auto);
    if (!source)
        return source.status();
    QByteArray all;
    QByteArray chunk(256 * 1024, Qt::Uninitialized);
    for (;;) {
        Result<qint64> n = (*source)->read(chunk.data(), chunk.size());
        if (!n)
            return n.status();
        if (*n == 0)
            return all;
        all.append(chunk.constData(), *n);
    }
}

} // namespace

Result<QString> writeCorruptedCopy(const QString &file, const Fault &fault, const QString &dir)
{
    Result<RecordIndex> index = RecordIndex::build(file);
    if (!index)
        return index.status();
    if (fault.record < 0 || fault.record >= index->size())
        return invalidArgument(QStringLiteral("corrupt_record: %1 has %2 records, no record %3")
                                   .arg(file)
                                   .arg(index->size())
                                   .arg(fault.record));
    Result<QByteArray> bytes = readDecompressed(file);
    if (!bytes)
        return bytes.status();
    const RecordIndexEntry entry = index->at(fault.record);
    const qint64 headerBytes = 12;
    const qint64 payload = entry.size - 16;
    if (fault.how == QLatin1String("flip_length_crc")) {
        (*bytes)[entry.offset + 8] = char((*bytes)[entry.offset + 8] ^ 0x01);
    } else if (fault.how == QLatin1String("truncate")) {
        bytes->truncate(entry.offset + headerBytes + payload / 2);
    } else { // flip_data_crc
        const qint64 crcAt = entry.offset + headerBytes + payload;
        (*bytes)[crcAt] = char((*bytes)[crcAt] ^ 0x01);
    }
    const QString out = QDir(dir).filePath(QFileInfo(file).fileName());
    QFile f(out);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(*bytes) != bytes->size())
        return Status(ErrorKind::PermissionDenied,
                      QStringLiteral("cannot write the corrupted copy %1: %2").arg(out, f.errorString()));
    return out;
}

} // namespace qs
