#pragma once

// Hostile TFRecord files for the reliability tests, made in a folder the test owns. Good records
// are tf.train.Examples from the project's own ExampleBuilder; frames are built by hand
// (recordtestutil.h) so a frame can carry any length or payload, with correct CRCs wherever the
// hostility is meant to be in the payload. Each file remembers the record and stream offset an
// error about it must name.

#include "../record/recordtestutil.h"
#include "example/examplebuilder.h"

#include <QDir>
#include <QFile>
#include <QtEndian>

#include <opencv2/imgcodecs.hpp>

#include <limits>
#include <vector>

namespace qs::test {

// How the good records of a file hold their image and label.
enum class Layout : quint8 {
    RawDims,     // "image_raw": side x side x 3 uint8 RGB, "height"/"width"/"channels", "label" int64
    Encoded,     // "image/encoded": a side x side PNG, "label" int64
    FloatPixels, // "image": side*side*3 floats in [0, 1] with the shape features, "label" int64
    RawFloat32,  // "image_raw": side*side*3 float32 (little-endian) with the shape features, "label"
    OneHot,      // as RawDims, but "label" is a one-hot float list
};

inline constexpr int kSide = 8;
inline constexpr int kClasses = 4;
inline constexpr int kGoodBefore = 20; // good records before the hostile one: more than the 16
                                       // Pipeline::create samples, so the readers meet it
inline constexpr int kGoodAfter = 4;

inline float pixelValue(int record, qint64 i)
{
    return float((record * 31 + i * 7) % 256) / 255.f;
}

// Record `record` of a layout, as a builder so a row can replace one feature.
inline ExampleBuilder goodExample(Layout layout, int record, int side = kSide)
{
    const qint64 values = qint64(side) * side * 3;
    ExampleBuilder b;
    switch (layout) {
    case Layout::RawDims:
    case Layout::OneHot: {
        QByteArray raw(values, Qt::Uninitialized);
        for (qint64 i = 0; i < values; ++i)
            raw[i] = char(qRound(pixelValue(record, i) * 255));
        b.addBytes(QStringLiteral("image_raw"), raw);
        break;
    }
    case Layout::Encoded: {
        cv::Mat image(side, side, CV_8UC3);
        for (qint64 i = 0; i < values; ++i)
            image.data[i] = uchar(qRound(pixelValue(record, i) * 255));
        std::vector<uchar> png;
        cv::imencode(".png", image, png);
        b.addBytes(QStringLiteral("image/encoded"),
                   QByteArray(reinterpret_cast<const char *>(png.data()), qsizetype(png.size())));
        break;
    }
    case Layout::FloatPixels: {
        std::vector<float> floats(size_t(values), 0.f);
        for (qint64 i = 0; i < values; ++i)
            floats[size_t(i)] = pixelValue(record, i);
        b.addFloats(QStringLiteral("image"), floats);
        break;
    }
    case Layout::RawFloat32: {
        QByteArray raw(values * 4, Qt::Uninitialized);
        for (qint64 i = 0; i < values; ++i)
            qToLittleEndian(pixelValue(record, i), raw.data() + 4 * i);
        b.addBytes(QStringLiteral("image_raw"), raw);
        break;
    }
    }
    if (layout != Layout::Encoded) {
        b.addInt64(QStringLiteral("height"), side);
        b.addInt64(QStringLiteral("width"), side);
        b.addInt64(QStringLiteral("channels"), 3);
    }
    if (layout == Layout::OneHot) {
        std::vector<float> hot(kClasses, 0.f);
        hot[size_t(record % kClasses)] = 1.f;
        b.addFloats(QStringLiteral("label"), hot);
    } else {
        b.addInt64(QStringLiteral("label"), record % kClasses);
    }
    return b;
}

// The file a row reads, and where in it an error must point (-1 where that does not apply).
struct Made {
    QString path;
    qint64 record = -1;
    qint64 offset = -1;
};

// A stream of frames in the making. The hostile piece marks its record and offset.
class HostileStream {
public:
    explicit HostileStream(Layout layout, int side = kSide)
        : m_layout(layout)
        , m_side(side)
    {}

    HostileStream &good(int count)
    {
        for (int i = 0; i < count; ++i) {
            m_offsets << m_stream.size();
            add(frame(goodExample(m_layout, int(m_records), m_side).serialize()));
        }
        return *this;
    }
    HostileStream &hostileFrame(const QByteArray &payload) { return hostileBytes(frame(payload)); }
    HostileStream &hostileBytes(const QByteArray &bytes)
    {
        m_mark = m_records;
        m_markOffset = m_stream.size();
        m_offsets << m_stream.size();
        add(bytes);
        return *this;
    }
    const QByteArray &bytes() const { return m_stream; }
    const QList<qint64> &offsets() const { return m_offsets; } // where each record starts
    qint64 markRecord() const { return m_mark; }
    qint64 markOffset() const { return m_markOffset; }

    Made write(const QString &path) const
    {
        if (!writeBytes(path, m_stream))
            qFatal("cannot write %s", qPrintable(path));
        return {path, m_mark, m_markOffset};
    }

private:
    void add(const QByteArray &bytes)
    {
        m_stream += bytes;
        ++m_records;
    }

    Layout m_layout;
    int m_side;
    QByteArray m_stream;
    QList<qint64> m_offsets;
    qint64 m_records = 0;
    qint64 m_mark = -1;
    qint64 m_markOffset = -1;
};

// The usual shape of a row's file: good records, the hostile piece at record kGoodBefore, more
// good records (unreachable when the piece breaks the framing).
inline Made withHostileFrame(const QString &path, Layout layout, const QByteArray &payload)
{
    return HostileStream(layout).good(kGoodBefore).hostileFrame(payload).good(kGoodAfter).write(path);
}

// A PNG whose header claims width x height (its IHDR CRC made right again).
inline QByteArray pngClaiming(quint32 width, quint32 height)
{
    QByteArray png =
        goodExample(Layout::Encoded, 0).example().find(QStringLiteral("image/encoded"))->bytes[0];
    qToBigEndian(width, png.data() + 16);
    qToBigEndian(height, png.data() + 20);
    const uLong crc = crc32(0, reinterpret_cast<const Bytef *>(png.constData() + 12), 17);
    qToBigEndian(quint32(crc), png.data() + 29);
    return png;
}

// A JPEG whose baseline frame header claims width x height.
inline QByteArray jpegClaiming(quint16 width, quint16 height)
{
    cv::Mat image(kSide, kSide, CV_8UC3, cv::Scalar(40, 90, 200));
    std::vector<uchar> buf;
    cv::imencode(".jpg", image, buf);
    QByteArray jpeg(reinterpret_cast<const char *>(buf.data()), qsizetype(buf.size()));
    const qsizetype sof = jpeg.indexOf(QByteArray("\xff\xc0", 2));
    if (sof < 0)
        qFatal("OpenCV wrote no baseline JPEG frame header");
    qToBigEndian(height, jpeg.data() + sof + 5);
    qToBigEndian(width, jpeg.data() + sof + 7);
    return jpeg;
}

inline QByteArray withFeature(Layout layout, const QString &key, Feature feature)
{
    return goodExample(layout, kGoodBefore).add(key, std::move(feature)).serialize();
}

inline QByteArray withDims(qint64 height, qint64 width, qint64 channels)
{
    return goodExample(Layout::RawDims, kGoodBefore)
        .addInt64(QStringLiteral("height"), height)
        .addInt64(QStringLiteral("width"), width)
        .addInt64(QStringLiteral("channels"), channels)
        .serialize();
}

// The float pixels of record kGoodBefore with value `v` at index 5.
inline QByteArray withFloatPixel(float v)
{
    ExampleBuilder b = goodExample(Layout::FloatPixels, kGoodBefore);
    std::vector<float> floats = b.example().find(QStringLiteral("image"))->floats;
    floats[5] = v;
    return b.addFloats(QStringLiteral("image"), floats).serialize();
}

inline QByteArray withRawFloat32Pixel(float v)
{
    ExampleBuilder b = goodExample(Layout::RawFloat32, kGoodBefore);
    QByteArray raw = b.example().find(QStringLiteral("image_raw"))->bytes[0];
    qToLittleEndian(v, raw.data() + 4 * 5);
    return b.addBytes(QStringLiteral("image_raw"), raw).serialize();
}

// Decompression bombs: gzip members of a few KiB that each inflate to kBombChunk zero bytes,
// concatenated (gzip members read as one stream, as `cat a.gz b.gz` makes), so a GiB of stream
// costs a few MiB of file and no time to write.
inline constexpr qint64 kBombChunk = 4 << 20;

inline QByteArray gzipMember(const QByteArray &data)
{
    return deflateBytes(data, true);
}

class BombFile {
public:
    explicit BombFile(const QString &path)
        : m_file(path)
    {
        if (!m_file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            qFatal("cannot write %s", qPrintable(path));
    }
    void put(const QByteArray &stream) { m_file.write(gzipMember(stream)); }
    // `bytes` zero bytes (a multiple of kBombChunk); returns their CRC-32C extended from `crc`.
    quint32 zeros(qint64 bytes, quint32 crc = 0)
    {
        const QByteArray chunk(kBombChunk, '\0');
        const QByteArray member = gzipMember(chunk);
        for (qint64 done = 0; done < bytes; done += kBombChunk) {
            m_file.write(member);
            crc = crc32c::extend(crc, chunk.constData(), size_t(chunk.size()));
        }
        return crc;
    }
    void repeat(const QByteArray &stream, int times)
    {
        const QByteArray member = gzipMember(stream);
        for (int i = 0; i < times; ++i)
            m_file.write(member);
    }

private:
    QFile m_file;
};

// Good records, then a header announcing `length` bytes (its CRC right), and that many zeros.
inline Made bombLength(const QString &path, quint64 length)
{
    HostileStream s(Layout::RawDims);
    s.good(kGoodBefore).hostileBytes(header(length));
    BombFile f(path);
    f.put(s.bytes());
    f.zeros(qint64(length));
    return {path, s.markRecord(), s.markOffset()};
}

// Good records, then `length` zero bytes as one well-framed record (payload CRC right), then
// more good records.
inline Made bombOneRecord(const QString &path, qint64 length)
{
    HostileStream s(Layout::RawDims);
    s.good(kGoodBefore).hostileBytes(header(quint64(length)));
    BombFile f(path);
    f.put(s.bytes());
    QByteArray footer(4, Qt::Uninitialized);
    qToLittleEndian(crc32c::mask(f.zeros(length)), footer.data());
    f.put(footer + HostileStream(Layout::RawDims).good(kGoodAfter).bytes());
    return {path, s.markRecord(), s.markOffset()};
}

// Good records, then `total` bytes of well-framed records of 256 KiB zeros: valid frames that
// are no tf.train.Example (the first of them is what an error names).
inline Made bombZeroRecords(const QString &path, qint64 total)
{
    constexpr qint64 kPayload = 256 * 1024;
    HostileStream s(Layout::RawDims);
    s.good(kGoodBefore);
    QByteArray block;
    for (qint64 i = 0; i < kBombChunk / kPayload; ++i)
        block += frame(QByteArray(kPayload, '\0'));
    BombFile f(path);
    f.put(s.bytes());
    f.repeat(block, int(total / kBombChunk));
    return {path, kGoodBefore, s.bytes().size()};
}

inline constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
inline constexpr float kInf = std::numeric_limits<float>::infinity();

} // namespace qs::test
