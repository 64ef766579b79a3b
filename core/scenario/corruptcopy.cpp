#include "scenario/corruptcopy.h"

#include "example/examplebuilder.h"
#include "example/exampleparser.h"
#include "record/bytesource.h"
#include "record/crc32c.h"
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

// The file's decompressed bytes and the frame of the fault's record.
struct Target {
    QByteArray bytes;
    RecordIndexEntry entry;
};

Result<Target> readTarget(const QString &file, const Fault &fault, const char *what)
{
    Result<RecordIndex> index = RecordIndex::build(file);
    if (!index)
        return index.status();
    if (fault.record < 0 || fault.record >= index->size())
        return invalidArgument(QStringLiteral("%1: %2 has %3 records, no record %4")
                                   .arg(QLatin1String(what), file)
                                   .arg(index->size())
                                   .arg(fault.record));
    Result<QByteArray> bytes = readDecompressed(file);
    if (!bytes)
        return bytes.status();
    return Target{std::move(*bytes), index->at(fault.record)};
}

Result<QString> writeCopy(const QString &file, const QByteArray &bytes, const QString &dir)
{
    const QString out = QDir(dir).filePath(QFileInfo(file).fileName());
    QFile f(out);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(bytes) != bytes.size())
        return Status(ErrorKind::PermissionDenied,
                      QStringLiteral("cannot write the corrupted copy %1: %2").arg(out, f.errorString()));
    return out;
}

void appendLittleEndian(QByteArray *out, quint64 v, int bytes)
{
    for (int i = 0; i < bytes; ++i)
        out->append(char((v >> (8 * i)) & 0xff));
}

// A TFRecord frame around `payload`: length, masked CRC of the length, payload, masked CRC.
QByteArray frame(const QByteArray &payload)
{
    QByteArray f;
    appendLittleEndian(&f, quint64(payload.size()), 8);
    appendLittleEndian(&f, crc32c::mask(crc32c::value(f.constData(), 8)), 4);
    f.append(payload);
    appendLittleEndian(&f, crc32c::mask(crc32c::value(payload.constData(), size_t(payload.size()))), 4);
    return f;
}

} // namespace

Result<QString> writeCorruptedCopy(const QString &file, const Fault &fault, const QString &dir)
{
    Result<Target> target = readTarget(file, fault, "corrupt_record");
    if (!target)
        return target.status();
    QByteArray *bytes = &target->bytes;
    const RecordIndexEntry entry = target->entry;
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
    return writeCopy(file, *bytes, dir);
}

Result<QString> writeImageCorruptedCopy(const QString &file, const Fault &fault, const QString &dir)
{
    Result<Target> target = readTarget(file, fault, "corrupt_image");
    if (!target)
        return target.status();
    const RecordIndexEntry entry = target->entry;
    const qint64 headerBytes = 12;
    const QByteArray payload = target->bytes.mid(entry.offset + headerBytes, entry.size - 16);
    const Location where{file, fault.record, entry.offset};
    Result<ParsedExample> example = ExampleParser().parse(payload, where);
    if (!example)
        return invalidArgument(QStringLiteral("corrupt_image: record %1 of %2 is not an Example: %3")
                                   .arg(fault.record)
                                   .arg(file, example.status().message()));
    QByteArray *image = nullptr;
    for (auto &[key, f] : example->features)
        if (f.kind == FeatureKind::Bytes && f.count() == 1 && (!image || f.bytes[0].size() > image->size()))
            image = &f.bytes[0];
    if (!image || image->size() < 8)
        return invalidArgument(
            QStringLiteral("corrupt_image: record %1 of %2 has no bytes feature that could hold an image")
                .arg(fault.record)
                .arg(file));
    QByteArray broken = image->left(4);
    broken.append(QByteArray(image->size() / 2, '\0'));
    *image = broken;
    QByteArray out = target->bytes.left(entry.offset);
    out.append(frame(serializeExample(*example)));
    out.append(target->bytes.mid(entry.offset + entry.size));
    return writeCopy(file, out, dir);
}

} // namespace qs
