#pragma once

// Synthetic records in the layouts the detector must recognise, built with our own writer and
// read back through the parser, so each test also exercises the wire path.

#include "example/examplebuilder.h"
#include "example/exampleparser.h"

#include <QtEndian>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include <vector>

namespace samples {

inline qs::ParsedExample reparse(const qs::ExampleBuilder &b)
{
    qs::Result<qs::ParsedExample> r = qs::parseRecord(b.serialize(), {});
    if (!r)
        qFatal("samples: %s", qPrintable(r.status().toString()));
    return *r;
}

inline uchar pixel(int y, int x, int ch, int seed)
{
    return uchar((y * 7 + x * 3 + ch * 50 + seed * 11) & 0xFF);
}

// Raw pixels in RGB order, row-major, as numpy/PIL would write them.
inline QByteArray rawRgb(int h, int w, int c, int seed)
{
    QByteArray out(qsizetype(h) * w * c, Qt::Uninitialized);
    qsizetype i = 0;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            for (int ch = 0; ch < c; ++ch)
                out[i++] = char(pixel(y, x, ch, seed));
    return out;
}

// A BGR image with a pattern, for encoders.
inline cv::Mat patternImage(int h, int w, int c, int seed)
{
    cv::Mat m(h, w, CV_8UC(c));
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            for (int ch = 0; ch < c; ++ch)
                m.ptr<uchar>(y)[x * c + ch] = pixel(y, x, ch, seed);
    return m;
}

inline QByteArray encode(const cv::Mat &image, const char *ext)
{
    std::vector<uchar> buf;
    if (!cv::imencode(ext, image, buf))
        qFatal("samples: OpenCV cannot encode %s", ext);
    return QByteArray(reinterpret_cast<const char *>(buf.data()), qsizetype(buf.size()));
}

// The dogs-and-cats tutorial: img_raw = raw uint8 HxWx3, no shape features, label int64.
inline qs::ParsedExample dogsAndCats(int i, int side = 64)
{
    return reparse(
        qs::ExampleBuilder().addBytes("img_raw", rawRgb(side, side, 3, i)).addInt64("label", i % 2));
}

// The ImageNet layout of the TF models/benchmarks scripts.
inline qs::ParsedExample imagenet(int i, const char *ext = ".jpg")
{
    const int h = 40 + i % 5;
    const int w = 50 + i % 3;
    return reparse(qs::ExampleBuilder()
                       .addBytes("image/encoded", encode(patternImage(h, w, 3, i), ext))
                       .addInt64("image/class/label", i % 4)
                       .addInt64("image/height", h)
                       .addInt64("image/width", w)
                       .addInt64("image/channels", 3)
                       .addBytes("image/format", QByteArray(ext + 1).toUpper())
                       .addBytes("image/filename", QByteArray("train_") + QByteArray::number(i))
                       .addInt64("image/object/bbox/label", 9)
                       .addFloat("image/object/bbox/xmin", 0.1f));
}

inline QByteArray int16Pixels(int h, int w, int lo, int hi, int seed)
{
    QByteArray out(qsizetype(h) * w * 2, Qt::Uninitialized);
    for (qsizetype i = 0; i < qsizetype(h) * w; ++i)
        qToLittleEndian<qint16>(qint16(lo + (i * 13 + seed) % (hi - lo + 1)), out.data() + 2 * i);
    return out;
}

// The captcha layout: raw int16 36x120 gray with height/width, and a multi-hot bytes label.
inline qs::ParsedExample captcha(int i)
{
    QByteArray multiHot(170, '\0');
    for (int k = 0; k < 5; ++k)
        multiHot[k * 34 + (i + k) % 34] = 1;
    return reparse(qs::ExampleBuilder()
                       .addBytes("image_raw", int16Pixels(36, 120, 143, 247, i))
                       .addBytes("label_raw", multiHot)
                       .addInt64("height", 36)
                       .addInt64("width", 120));
}

inline std::vector<float> floatPixels(int n, float top, int seed)
{
    std::vector<float> out(static_cast<size_t>(n));
    for (int k = 0; k < n; ++k)
        out[size_t(k)] = top * float((k * 7 + seed) % 256) / 255.f;
    return out;
}

// The TFX mnist layout: 784 floats in 0..1 and image_class.
inline qs::ParsedExample mnistFloats(int i, float top = 1.f)
{
    return reparse(qs::ExampleBuilder()
                       .addFloats("image_floats", floatPixels(784, top, i))
                       .addInt64("image_class", i % 10));
}

// The TFX penguin layout: four floats and species; no image at all.
inline qs::ParsedExample penguin(int i)
{
    return reparse(qs::ExampleBuilder()
                       .addFloat("body_mass_g", 3000.f + float(i))
                       .addFloat("culmen_depth_mm", 0.5f)
                       .addFloat("culmen_length_mm", 0.25f)
                       .addFloat("flipper_length_mm", 0.75f)
                       .addInt64("species", i % 3));
}

// The first directory of a little-endian TIFF, and no pixels: width and height stored with the
// given field type (1 BYTE, 3 SHORT, 4 LONG, 9 SLONG, 16 LONG8 ...; 8-byte ones after the
// directory, as classic TIFF must), then bits per sample and samples per pixel as SHORTs.
inline QByteArray tiffHeader(quint16 type, qint64 width, qint64 height, quint16 bits = 8, quint16 samples = 1)
{
    constexpr int kEntries = 4;
    constexpr int kAfterIfd = 8 + 2 + 12 * kEntries + 4;
    QByteArray b("II*\x00\x08\x00\x00\x00", 8);
    QByteArray extra;
    const auto le = [](qint64 v, int size) {
        QByteArray out(size, Qt::Uninitialized);
        for (int i = 0; i < size; ++i)
            out[i] = char(quint64(v) >> (8 * i));
        return out;
    };
    const auto entry = [&](quint16 tag, quint16 t, qint64 v) {
        const int size = t == 1 || t == 6 ? 1 : t == 3 || t == 8 ? 2 : t >= 16 ? 8 : 4;
        QByteArray field =
            size <= 4 ? le(v, size) + QByteArray(4 - size, '\0') : le(kAfterIfd + extra.size(), 4);
        if (size > 4)
            extra += le(v, size);
        return le(tag, 2) + le(t, 2) + le(1, 4) + field;
    };
    b += le(kEntries, 2);
    b += entry(256, type, width);
    b += entry(257, type, height);
    b += entry(258, 3, bits);
    b += entry(277, 3, samples);
    return b + le(0, 4) + extra + QByteArray(16, '\0');
}

template<typename Make> std::vector<qs::ParsedExample> many(int n, Make make)
{
    std::vector<qs::ParsedExample> out;
    for (int i = 0; i < n; ++i)
        out.push_back(make(i));
    return out;
}

} // namespace samples
