#include "example/imageformat.h"

#include <QtEndian>

#include <algorithm>
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

// Walks the markers as libjpeg's header reader does: bytes that are no marker are skipped
// (libjpeg warns of "extraneous bytes" and reads on), as are fill bytes and FF 00, so the
// first frame header found here is the one the decoder sizes its image by.
std::optional<ImageDims> jpegDims(QByteArrayView b)
{
    qsizetype i = 2; // after FF D8
    for (;;) {
        while (i < b.size() && u(b)[i] != 0xFF)
            ++i;
        while (i < b.size() && u(b)[i] == 0xFF)
            ++i;
        if (i >= b.size())
            return std::nullopt;
        const uchar marker = u(b)[i++];
        if (marker == 0x00 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD8)) // no length field
            continue;
        if (marker == 0xD9 || marker == 0xDA) // end of image or scan data before any frame header
            return std::nullopt;
        if (i + 2 > b.size())
            return std::nullopt;
        const quint16 length = be16(b, i);
        if (length < 2)
            return std::nullopt;
        const bool isFrameHeader =
            marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
        if (isFrameHeader) { // length, precision, height, width, component count
            if (i + 8 > b.size())
                return std::nullopt;
            return ImageDims{be16(b, i + 5), be16(b, i + 3), u(b)[i + 7] == 1 ? 1 : 3};
        }
        i += length;
    }
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

// Bytes of one value of a TIFF field type that libtiff reads as an integer; 0 for the others.
int tiffIntegerSize(quint16 type)
{
    switch (type) {
    case 1: // BYTE
    case 6: // SBYTE
        return 1;
    case 3: // SHORT
    case 8: // SSHORT
        return 2;
    case 4:  // LONG
    case 9:  // SLONG
    case 13: // IFD
        return 4;
    case 16: // LONG8
    case 17: // SLONG8
    case 18: // IFD8
        return 8;
    }
    return 0;
}

// Reads the first directory as libtiff does for the tags that size the image: a value may have
// any integer type libtiff accepts (8-byte ones stored at an offset, even in classic TIFF), a
// negative one is refused, and bits per sample and samples per pixel default to 1. Where a tag
// repeats or lists several values the largest counts, so the size reported is never below
// what the decoder takes.
std::optional<ImageDims> tiffDims(QByteArrayView b)
{
    const bool little = b.startsWith("II");
    const auto r16 = [&](qint64 at) { return little ? le16(b, at) : be16(b, at); };
    const auto r32 = [&](qint64 at) { return little ? le32(b, at) : be32(b, at); };
    const auto r64 = [&](qint64 at) {
        return little ? quint64(le32(b, at + 4)) << 32 | le32(b, at)
                      : quint64(be32(b, at)) << 32 | be32(b, at + 4);
    };
    const auto value = [&](quint16 type, qint64 at) -> qint64 {
        switch (type) {
        case 1:
            return u(b)[at];
        case 6:
            return qint8(u(b)[at]);
        case 3:
            return r16(at);
        case 8:
            return qint16(r16(at));
        case 4:
        case 13:
            return r32(at);
        case 9:
            return qint32(r32(at));
        }
        return qint64(std::min<quint64>(r64(at), quint64(1) << 62)); // 8-byte types; SLONG8 < 0 stays big
    };
    if (b.size() < 8)
        return std::nullopt;
    const qint64 ifd = r32(4);
    if (ifd < 8 || ifd + 2 > b.size())
        return std::nullopt;
    const int entries = r16(ifd);
    qint64 width = -1;
    qint64 height = -1;
    qint64 bits = 1;
    qint64 samples = 1;
    for (int e = 0; e < entries; ++e) {
        const qint64 at = ifd + 2 + qint64(e) * 12;
        if (at + 12 > b.size())
            break;
        const quint16 tag = r16(at);
        if (tag != 256 && tag != 257 && tag != 258 && tag != 277)
            continue;
        const quint16 type = r16(at + 2);
        const int size = tiffIntegerSize(type);
        // Bits per sample lists a value per sample; the others hold one.
        const qint64 count = tag == 258 ? std::clamp<qint64>(r32(at + 4), 1, 64) : 1;
        const qint64 first = count * size <= 4 ? at + 8 : qint64(r32(at + 8));
        if (size == 0 || first + count * size > b.size())
            return std::nullopt;
        qint64 &field = tag == 256 ? width : tag == 257 ? height : tag == 258 ? bits : samples;
        for (qint64 k = 0; k < count; ++k) {
            const qint64 v = value(type, first + k * size);
            if (v < 0)
                return std::nullopt;
            field = std::max(field, v);
        }
    }
    if (width < 0 || height < 0)
        return std::nullopt;
    const qint64 bytesPerPixel = std::min<qint64>(samples, 1 << 16) * ((std::min<qint64>(bits, 64) + 7) / 8);
    return ImageDims{width, height, int(bytesPerPixel)};
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
    case ImageFormat::Png: {
        if (b.size() < 26 || b.sliced(12, 4) != "IHDR")
            return std::nullopt;
        const uchar colourType = u(b)[25];
        const int channels = colourType == 0 ? 1 : colourType == 2 ? 3 : 4; // palette may gain alpha
        return ImageDims{be32(b, 16), be32(b, 20), channels * (u(b)[24] == 16 ? 2 : 1)};
    }
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
