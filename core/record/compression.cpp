#include "record/compression.h"

#include "record/crc32c.h"

#include <QtEndian>

namespace qs {

QString compressionName(Compression c)
{
    switch (c) {
    case Compression::None:
        return QStringLiteral("none");
    case Compression::Gzip:
        return QStringLiteral("gzip");
    case Compression::Zlib:
        return QStringLiteral("zlib");
    case Compression::Auto:
        break;
    }
    return QStringLiteral("auto");
}

std::optional<Compression> parseCompression(QStringView text)
{
    if (text.isEmpty())
        return Compression::None;
    for (Compression c : {Compression::None, Compression::Gzip, Compression::Zlib, Compression::Auto}) {
        if (text.compare(compressionName(c), Qt::CaseInsensitive) == 0)
            return c;
    }
    return std::nullopt;
}

Compression detectCompression(QByteArrayView head)
{
    const auto *b = reinterpret_cast<const uchar *>(head.data());
    if (head.size() >= 12) {
        const quint32 stored = qFromLittleEndian<quint32>(b + 8);
        if (crc32c::unmask(stored) == crc32c::value(b, 8))
            return Compression::None;
    }
    if (head.size() >= 2) {
        if (b[0] == 0x1f && b[1] == 0x8b)
            return Compression::Gzip;
        const bool deflate = (b[0] & 0x0f) == 8 && (b[0] >> 4) <= 7;
        const bool noDictionary = (b[1] & 0x20) == 0;
        if (deflate && noDictionary && (b[0] * 256 + b[1]) % 31 == 0)
            return Compression::Zlib;
    }
    return Compression::None;
}

} // namespace qs
