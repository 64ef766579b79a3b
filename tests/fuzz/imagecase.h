#pragma once

// The input layout of fuzz_imagedecode, shared with fuzz_extract_seeds which writes its seeds.
//
//   byte 0      mode = (b & 0x7f) % 3: 0 an encoded image, 1 raw pixels, 2 float pixels
//               variant = ((b & 0x7f) / 3) % 3: encoded: channels 0 / 1 / 3; raw: uint8 / int16 / float32
//               b & 0x80: raw and float shapes come from int64 features of the record, not the spec
//   encoded     the image file from byte 1
//   raw, float  height and width as int32 LE (bytes 1-4, 5-8), channels as int8 (byte 9), then
//               the pixels (floats as float32 LE)

#include "example/featurespec.h"
#include "example/parsedexample.h"

#include <QtEndian>

#include <array>
#include <cstring>
#include <vector>

namespace qs::fuzz {

struct ImageCase {
    ImageSpec spec;
    ParsedExample example;
};

inline constexpr int kShapeHeader = 10;

inline ImageCase imageCase(QByteArrayView input)
{
    ImageCase c;
    if (input.isEmpty())
        return c;
    const auto *u = reinterpret_cast<const uchar *>(input.data());
    const int mode = (u[0] & 0x7f) % 3;
    const int variant = ((u[0] & 0x7f) / 3) % 3;
    const bool fromFeatures = u[0] & 0x80;
    ImageSpec &s = c.spec;
    s.key = QStringLiteral("image");
    if (mode == 0) {
        s.encoding = ImageEncoding::Encoded;
        s.channels = std::array{0, 1, 3}[variant];
        c.example.features[s.key] = Feature::ofBytes({input.sliced(1).toByteArray()});
        return c;
    }
    if (input.size() < kShapeHeader)
        return c;
    const qint32 h = qFromLittleEndian<qint32>(u + 1);
    const qint32 w = qFromLittleEndian<qint32>(u + 5);
    const qint8 ch = qint8(u[9]);
    if (fromFeatures) {
        s.heightKey = QStringLiteral("height");
        s.widthKey = QStringLiteral("width");
        s.channelsKey = QStringLiteral("channels");
        c.example.features[s.heightKey] = Feature::ofInts({h});
        c.example.features[s.widthKey] = Feature::ofInts({w});
        c.example.features[s.channelsKey] = Feature::ofInts({ch});
    } else {
        s.height = h;
        s.width = w;
        s.channels = ch;
    }
    const QByteArrayView pixels = input.sliced(kShapeHeader);
    if (mode == 1) {
        s.encoding = ImageEncoding::Raw;
        s.dtype = std::array{PixelType::UInt8, PixelType::Int16, PixelType::Float32}[variant];
        s.range = std::array{ValueRange{0, 255}, ValueRange{-32768, 32767}, ValueRange{0, 1}}[variant];
        c.example.features[s.key] = Feature::ofBytes({pixels.toByteArray()});
    } else {
        s.encoding = ImageEncoding::FloatPixels;
        s.range = ValueRange{0, 1};
        std::vector<float> values(size_t(pixels.size() / 4));
        if (!values.empty())
            std::memcpy(values.data(), pixels.data(), values.size() * 4);
        c.example.features[s.key] = Feature::ofFloats(std::move(values));
    }
    return c;
}

// The inverse, for seeds: an encoded image decoded with `channels` (0, 1 or 3).
inline QByteArray encodedCase(const QByteArray &image, int channels)
{
    const char variant = channels == 1 ? 1 : channels == 3 ? 2 : 0;
    return QByteArray(1, char(variant * 3)) + image;
}

// Raw (mode 1, dtype variant 0/1/2) or float (mode 2) pixels with a fixed or per-record shape.
inline QByteArray pixelCase(int mode, int variant, bool fromFeatures, qint32 h, qint32 w, qint8 c,
                            const QByteArray &pixels)
{
    QByteArray out(kShapeHeader, Qt::Uninitialized);
    out[0] = char((mode + 3 * variant) | (fromFeatures ? 0x80 : 0));
    qToLittleEndian<qint32>(h, out.data() + 1);
    qToLittleEndian<qint32>(w, out.data() + 5);
    out[9] = char(c);
    return out + pixels;
}

} // namespace qs::fuzz
