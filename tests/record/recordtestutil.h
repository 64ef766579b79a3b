#pragma once

// Helpers shared by the record tests: frames built by hand (independently of RecordWriter),
// compression with controlled flush points, and reading a whole file.

#include "record/crc32c.h"
#include "record/recordreader.h"

#include <QFile>
#include <QList>
#include <QRandomGenerator>
#include <QtEndian>

#include <zlib.h>

namespace qs::test {

inline QByteArray header(quint64 length)
{
    QByteArray h(12, Qt::Uninitialized);
    qToLittleEndian<quint64>(length, h.data());
    qToLittleEndian<quint32>(crc32c::mask(crc32c::value(h.constData(), 8)), h.data() + 8);
    return h;
}

inline QByteArray frame(const QByteArray &payload)
{
    QByteArray f = header(quint64(payload.size())) + payload;
    QByteArray footer(4, Qt::Uninitialized);
    qToLittleEndian<quint32>(crc32c::mask(crc32c::value(payload.constData(), size_t(payload.size()))),
                             footer.data());
    return f + footer;
}

inline QList<QByteArray> randomRecords(int count, int maxSize, quint32 seed)
{
    QRandomGenerator rng(seed);
    QList<QByteArray> records;
    for (int i = 0; i < count; ++i) {
        QByteArray r(rng.bounded(maxSize + 1), Qt::Uninitialized);
        for (char &c : r)
            c = char(rng.generate() & 0xff);
        records << r;
    }
    return records;
}

inline QByteArray frames(const QList<QByteArray> &records)
{
    QByteArray all;
    for (const QByteArray &r : records)
        all += frame(r);
    return all;
}

inline bool writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

inline QByteArray readBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Deflates `data` as gzip or zlib. At each offset in `flushAt` the output is fully flushed and
// the compressed size at that point is appended to *flushedSizes, so a test can cut the file
// exactly where the decompressed stream reaches that offset.
inline QByteArray deflateBytes(const QByteArray &data, bool gzip, const QList<qsizetype> &flushAt = {},
                               QList<qsizetype> *flushedSizes = nullptr)
{
    z_stream z{};
    deflateInit2(&z, Z_BEST_SPEED, Z_DEFLATED, gzip ? 15 + 16 : 15, 8, Z_DEFAULT_STRATEGY);
    QByteArray out;
    QByteArray chunk(1 << 16, Qt::Uninitialized);
    auto pump = [&](qsizetype from, qsizetype to, int flush) {
        z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.constData() + from));
        z.avail_in = uInt(to - from);
        do {
            z.next_out = reinterpret_cast<Bytef *>(chunk.data());
            z.avail_out = uInt(chunk.size());
            deflate(&z, flush);
            out.append(chunk.constData(), chunk.size() - qsizetype(z.avail_out));
        } while (z.avail_out == 0);
    };
    qsizetype done = 0;
    for (qsizetype at : flushAt) {
        pump(done, at, Z_FULL_FLUSH);
        done = at;
        if (flushedSizes)
            *flushedSizes << out.size();
    }
    pump(done, data.size(), Z_FINISH);
    deflateEnd(&z);
    return out;
}

struct ReadAll {
    QList<QByteArray> records;
    Status end;
};

inline ReadAll readAll(const QString &path, const RecordReaderOptions &options = {})
{
    ReadAll result;
    auto reader = RecordReader::open(path, options);
    if (!reader) {
        result.end = reader.status();
        return result;
    }
    QByteArray record;
    while ((result.end = (*reader)->next(&record)).isOk())
        result.records << record;
    return result;
}

} // namespace qs::test
