#include "example/imageformat.h"

#include <QtEndian>

#include <array>

namespace qs {

namespace {

const uchar *u(QByteArrayView b)
{
    return reinterpret_cast<const uchar *>(b.data());
}

bool startsWith(QByteArrayView bytes, QByteArrayView magic)
{
    return bytes.startsWith(magic);
}

quint16 be16(QByteArrayView b, qsizetype at)
{
    return qFromBigEndian<quint16>(u(b) + at);
}
quint32 be32(QByteArrayView b, qsizetype at)
{
    return qFromBigEndian<quint32>(u(b) + at);
}
quint16 le16(QByteArrayView b, qsizetype at)
{
    return qFromLittleEndian<quint16>(u(b) + at);
}
quint32 le32(QByteArrayView b, qsizetype at)
{
    return qFromLittleEndian<quint32>(u(b) + at);
}

bool isBmpInfoSize(quint32 size)
{
    static constexpr std::array<quint32, 7> kSizes{12, 40, 52, 56, 64, 108, 124};
    return std::find(kSizes.begin(), kSizes.end(), size) != kSizes.end();
}

std::optional<ImageDims> jpegDims(QByteArrayView b)
{
    qsizetype i = 2; // after FF D8
    while (i + 4 <= b.size()) {
        if (u(b)[i] != 0xFF)
            return std::nullopt;
        const uchar marker = u(b)[i + 1];
        if (marker == 0xFF) { // fill byte
            ++i;
            continue;
        }
        if (marker == 0xD9) // end of image before any frame header
            return std::nullopt;
        if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD8)) { // no length field
            i += 2;
            continue;
        }
        const quint16 length = be16(b, i + 2);
        if (length < 2)
            return std::nullopt;
        const bool isFrameHeader =
            marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
        if (isFrameHeader) {
            if (i + 9 > b.size())
                return std::nullopt;
            return ImageDims{be16(b, i + 7), be16(b, i + 5)};
        }
        if (marker == 0xDA) // scan data before any frame header
            return std::nullopt;
        i += 2 + length;
    }
    return std::nullopt;
}

std::optional<ImageDims> webpDims(QByteArrayView b)
{
    if (b.size() < 30)
        return std::nullopt;
    const QByteArrayView chunk = b.sliced(12, 4);
    if (chunk == "VP8 ") {
        if (u(b)[23] != 0x9D || u(b)[24] != 0x01 || u(b)[25] != 0x2A)
            return std::nullopt;
        return ImageDims{le16(b, 26) & 0x3FFF, le16(b, 28) & 0x3FFF};
    }
    if (chunk == "VP8L") {
        if (u(b)[20] != 0x2F)
            return std::nullopt;
        const quint32 bits = le32(b, 21);
        return ImageDims{qint64(bits & 0x3FFF) + 1, qint64((bits >> 14) & 0x3FFF) + 1};
    }
    if (chunk == "VP8X") {
        const auto le24 = [&](qsizetype at) {
            return qint64(u(b)[at]) | qint64(u(b)[at + 1]) << 8 | qint64(u(b)[at + 2]) << 16;
        };
        return ImageDims{le24(24) + 1, le24(27) + 1};
    }
    return std::nullopt;
}

std::optional<ImageDims> tiffDims(QByteArrayView b)
{
    const bool little = b.startsWith("II");
    const auto r16 = [&](qsizetype at) { return little ? le16(b, at) : be16(b, at); };
    const auto r32 = [&](qsizetype at) { return little ? le32(b, at) : be32(b, at); };
    if (b.size() < 8)
        return std::nullopt;
    const qint64 ifd = r32(4);
    if (ifd < 8 || ifd + 2 > b.size())
        return std::nullopt;
    const int entries = r16(ifd);
    qint64 width = -1;
    qint64 height = -1;
    for (int e = 0; e < entries; ++e) {
        const qint64 at = ifd + 2 + qint64(e) * 12;
        if (at + 12 > b.size())
            break;
        const quint16 tag = r16(at);
        const quint16 type = r16(at + 2);
        const qint64 value = type == 3 ? qint64(r16(at + 8)) : type == 4 ? qint64(r32(at + 8)) : -1;
        if (tag == 256)
            width = value;
        else if (tag == 257)
            height = value;
    }
    if (width < 0 || height < 0)
        return std::nullopt;
    return ImageDims{width, height};
}

} // namespace

QString imageFormatName(ImageFormat format)
{
    switch (format) {
    case ImageFormat::Jpeg:
        return QStringLiteral("jpeg");
    case ImageFormat::Png:
        return QStringLiteral("png");
    case ImageFormat::Bmp:
        return QStringLiteral("bmp");
    case ImageFormat::WebP:
        return QStringLiteral("webp");
    case ImageFormat::Gif:
        return QStringLiteral("gif");
    case ImageFormat::Tiff:
        return QStringLiteral("tiff");
    case ImageFormat::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

std::optional<ImageFormat> imageFormatFromName(const QString &name)
{
    const QString lower = name.toLower();
    if (lower == QLatin1String("jpg"))
        return ImageFormat::Jpeg;
    for (ImageFormat f : {ImageFormat::Unknown, ImageFormat::Jpeg, ImageFormat::Png, ImageFormat::Bmp,
                          ImageFormat::WebP, ImageFormat::Gif, ImageFormat::Tiff}) {
        if (lower == imageFormatName(f))
            return f;
    }
    return std::nullopt;
}

ImageFormat sniffImageFormat(QByteArrayView b)
{
    if (startsWith(b, "\xFF\xD8\xFF"))
        return ImageFormat::Jpeg;
    if (startsWith(b, "\x89PNG\r\n\x1A\n"))
        return ImageFormat::Png;
    if (startsWith(b, "GIF87a") || startsWith(b, "GIF89a"))
        return ImageFormat::Gif;
    if (b.size() >= 12 && startsWith(b, "RIFF") && b.sliced(8, 4) == "WEBP")
        return ImageFormat::WebP;
    if (startsWith(b, QByteArrayView("II*\0", 4)) || startsWith(b, QByteArrayView("MM\0*", 4)))
        return ImageFormat::Tiff;
    // "BM" alone is too weak (text can start with it): also require a known info-header size.
    if (b.size() >= 26 && startsWith(b, "BM") && isBmpInfoSize(le32(b, 14)))
        return ImageFormat::Bmp;
    return ImageFormat::Unknown;
}

std::optional<ImageDims> peekImageDims(QByteArrayView b, ImageFormat format)
{
    switch (format) {
    case ImageFormat::Jpeg:
        return jpegDims(b);
    case ImageFormat::Png:
        if (b.size() < 24 || b.sliced(12, 4) != "IHDR")
            return std::nullopt;
        return ImageDims{be32(b, 16), be32(b, 20)};
    case ImageFormat::Gif:
        if (b.size() < 10)
            return std::nullopt;
        return ImageDims{le16(b, 6), le16(b, 8)};
    case ImageFormat::Bmp:
        if (b.size() < 26)
            return std::nullopt;
        if (le32(b, 14) == 12)
            return ImageDims{le16(b, 18), le16(b, 20)};
        return ImageDims{qAbs(qint64(qint32(le32(b, 18)))), qAbs(qint64(qint32(le32(b, 22))))};
    case ImageFormat::WebP:
        return webpDims(b);
    case ImageFormat::Tiff:
        return tiffDims(b);
    case ImageFormat::Unknown:
        break;
    }
    return std::nullopt;
}

QString leadingBytesHex(QByteArrayView bytes, qsizetype count)
{
    return QString::fromLatin1(bytes.first(std::min(count, bytes.size())).toByteArray().toHex(' '));
}

} // namespace qs
