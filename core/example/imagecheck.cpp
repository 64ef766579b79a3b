// checkImage() and the checks it shares with decodeImage(). No OpenCV here (imagecheck.h).
#include "example/imagecheck.h"

#include <QtEndian>

#include <cmath>
#include <limits>
#include <memory>
#include <new>
#include <vector>

namespace qs {

namespace detail {

Status failureAt(const Location &where, const QString &message)
{
    return {ErrorKind::InvalidArgument, message, where};
}

QString describeFeature(const Feature &f)
{
    return QStringLiteral("%1 %2 value(s)").arg(f.count()).arg(featureKindName(f.kind));
}

namespace {

// Reads one dimension: the fixed value when set, else the single int64 under `key`.
Result<qint64> dimension(const ParsedExample &example, int fixed, const QString &key, const char *what,
                         qint64 limit, const Location &where)
{
    if (fixed > limit)
        return failureAt(where, QStringLiteral("the spec's image %1 %2 is outside [1, %3]")
                                    .arg(QLatin1String(what))
                                    .arg(fixed)
                                    .arg(limit));
    if (fixed > 0)
        return qint64(fixed);
    const Feature *f = example.find(key);
    if (!f)
        return failureAt(where, QStringLiteral("the image %1 feature '%2' is missing from this record")
                                    .arg(QLatin1String(what), key));
    if (f->kind != FeatureKind::Int64 || f->ints.size() != 1)
        return failureAt(where, QStringLiteral("'%1' should hold one int64 (the image %2) but holds %3")
                                    .arg(key, QLatin1String(what), describeFeature(*f)));
    const qint64 v = f->ints.front();
    if (v < 1 || v > limit)
        return failureAt(where, QStringLiteral("image %1 %2 from '%3' is outside [1, %4]")
                                    .arg(QLatin1String(what))
                                    .arg(v)
                                    .arg(key)
                                    .arg(limit));
    return v;
}

Result<PixelShape> resolveShape(const ParsedExample &example, const ImageSpec &spec, const Location &where)
{
    const Result<qint64> h = dimension(example, spec.height, spec.heightKey, "height", kMaxImageSide, where);
    if (!h)
        return h.status();
    const Result<qint64> w = dimension(example, spec.width, spec.widthKey, "width", kMaxImageSide, where);
    if (!w)
        return w.status();
    const Result<qint64> c = dimension(example, spec.channels, spec.channelsKey, "channels", 4, where);
    if (!c)
        return c.status();
    if (*c == 2)
        return failureAt(
            where, QStringLiteral("image '%1' has 2 channels; only 1, 3 or 4 can be read").arg(spec.key));
    // Each side is at most 2^20 and channels at most 4, so these products cannot overflow 64 bits.
    const qint64 pixels = *h * *w;
    if (pixels > kMaxImagePixels)
        return failureAt(where,
                         QStringLiteral("image '%1' would be %2x%3 = %4 pixels, more than the limit of %5")
                             .arg(spec.key)
                             .arg(*h)
                             .arg(*w)
                             .arg(pixels)
                             .arg(kMaxImagePixels));
    return PixelShape{int(*h), int(*w), int(*c), pixels * *c};
}

} // namespace

Result<const Feature *> imageFeature(const ParsedExample &example, const ImageSpec &spec,
                                     const Location &where)
{
    const Feature *f = example.find(spec.key);
    if (!f)
        return failureAt(where,
                         QStringLiteral("the image feature '%1' is missing from this record").arg(spec.key));
    const FeatureKind want =
        spec.encoding == ImageEncoding::FloatPixels ? FeatureKind::Float : FeatureKind::Bytes;
    const bool single = want == FeatureKind::Float || f->count() == 1;
    if (f->kind != want || !single)
        return failureAt(where, QStringLiteral("the image feature '%1' should hold %2 but holds %3")
                                    .arg(spec.key,
                                         want == FeatureKind::Float ? QStringLiteral("a float list")
                                                                    : QStringLiteral("one bytes value"),
                                         describeFeature(*f)));
    return f;
}

Result<PixelShape> rawShape(const QByteArray &bytes, const ParsedExample &example, const ImageSpec &spec,
                            const Location &where)
{
    const Result<PixelShape> shape = resolveShape(example, spec, where);
    if (!shape)
        return shape.status();
    const int elem = pixelTypeSize(spec.dtype);
    const qint64 expected = shape->values * elem;
    if (bytes.size() != expected)
        return failureAt(where,
                         QStringLiteral("size mismatch: '%1' holds %2 bytes but height*width*channels*%3 = "
                                        "%4*%5*%6*%7 = %8")
                             .arg(spec.key)
                             .arg(bytes.size())
                             .arg(pixelTypeName(spec.dtype))
                             .arg(shape->height)
                             .arg(shape->width)
                             .arg(shape->channels)
                             .arg(elem)
                             .arg(expected));
    return shape;
}

Result<PixelShape> floatShape(const std::vector<float> &values, const ParsedExample &example,
                              const ImageSpec &spec, const Location &where)
{
    const Result<PixelShape> shape = resolveShape(example, spec, where);
    if (!shape)
        return shape.status();
    if (qint64(values.size()) != shape->values)
        return failureAt(where,
                         QStringLiteral("size mismatch: '%1' holds %2 floats but height*width*channels = "
                                        "%3*%4*%5 = %6")
                             .arg(spec.key)
                             .arg(values.size())
                             .arg(shape->height)
                             .arg(shape->width)
                             .arg(shape->channels)
                             .arg(shape->values));
    return shape;
}

Status nonFinitePixel(const QString &key, double value, qint64 index, qint64 count, const Location &where)
{
    return failureAt(where,
                     QStringLiteral("image '%1' holds %2 at value %3 of %4; pixels must be finite numbers")
                         .arg(key)
                         .arg(value)
                         .arg(index)
                         .arg(count));
}

Result<ImageFormat> checkEncodedHeader(const QByteArray &bytes, const ImageSpec &spec, const Location &where)
{
    const ImageFormat format = sniffImageFormat(bytes);
    if (format == ImageFormat::Unknown)
        return failureAt(where,
                         QStringLiteral("'%1' does not hold an encoded image: its %2 bytes start with [%3], "
                                        "which is no JPEG, PNG, BMP, WebP, GIF or TIFF signature")
                             .arg(spec.key)
                             .arg(bytes.size())
                             .arg(leadingBytesHex(bytes)));
    const QString name = imageFormatName(format).toUpper();
    // The decoder sizes its buffer by the header: without one we can read, it is not called.
    const std::optional<ImageDims> dims = peekImageDims(bytes, format);
    if (!dims)
        return failureAt(where, QStringLiteral("the %1 in '%2' (%3 bytes) has no readable header giving its "
                                               "size; the data is corrupt or cut short")
                                    .arg(name, spec.key)
                                    .arg(bytes.size()));
    if (dims->width > kMaxImageSide || dims->height > kMaxImageSide ||
        dims->width * dims->height > kMaxImagePixels)
        return failureAt(where,
                         QStringLiteral("the %1 in '%2' claims %3x%4 pixels, more than the limit of %5")
                             .arg(name, spec.key)
                             .arg(dims->width)
                             .arg(dims->height)
                             .arg(kMaxImagePixels));
    if (dims->width * dims->height * dims->bytesPerPixel > kMaxDecodeBytes)
        return failureAt(where,
                         QStringLiteral("the %1 in '%2' claims %3x%4 pixels of %5 bytes, more than the "
                                        "decoder limit of %6 bytes")
                             .arg(name, spec.key)
                             .arg(dims->width)
                             .arg(dims->height)
                             .arg(dims->bytesPerPixel)
                             .arg(kMaxDecodeBytes));
    if (bytes.size() > std::numeric_limits<int>::max())
        return failureAt(where, QStringLiteral("the %1 in '%2' is too large to decode").arg(name, spec.key));
    return format;
}

DecodeRequest requestFor(const ImageSpec &spec)
{
    DecodeRequest request;
    request.channels = spec.channels == 1 || spec.channels == 3 ? spec.channels : 0;
    return request;
}

Status undecodable(ImageFormat format, const ImageSpec &spec, const QByteArray &bytes, const QString &why,
                   const Location &where)
{
    return failureAt(where, QStringLiteral("could not decode the %1 in '%2' (%3 bytes): %4")
                                .arg(imageFormatName(format).toUpper(), spec.key)
                                .arg(bytes.size())
                                .arg(why));
}

int keptChannels(int decoded)
{
    return decoded == 4 ? 3 : decoded == 2 ? 1 : decoded;
}

} // namespace detail

namespace {

// Memory for one decode, of exactly the image's size and freed with it: a hostile header may
// claim up to kMaxDecodeBytes, which no thread should keep afterwards.
class ScratchSink : public PixelSink {
public:
    unsigned char *allocate(const PixelLayout &layout, std::size_t *step) override
    {
        *step = std::size_t(layout.width) * std::size_t(layout.channels) * (layout.wide ? 2 : 1);
        m_bytes.reset(new (std::nothrow) unsigned char[*step * std::size_t(layout.height)]);
        return m_bytes.get();
    }

private:
    std::unique_ptr<unsigned char[]> m_bytes;
};

using DecodeInto = std::optional<PixelLayout> (*)(QByteArrayView, const DecodeRequest &, PixelSink &,
                                                  QString *);

Result<ImageSize> checkEncoded(const QByteArray &bytes, const ImageSpec &spec, const Location &where)
{
    const Result<ImageFormat> format = detail::checkEncodedHeader(bytes, spec, where);
    if (!format)
        return format.status();
    DecodeInto decoder = nullptr;
    switch (*format) {
    case ImageFormat::Jpeg:
        decoder = decodeJpegInto;
        break;
    case ImageFormat::Png:
        decoder = decodePngInto;
        break;
    case ImageFormat::WebP:
        decoder = decodeWebpInto;
        break;
    default:
        return Status(ErrorKind::Unimplemented,
                      QStringLiteral("the %1 in '%2' is decoded by OpenCV's imgcodecs, which this program "
                                     "does not load")
                          .arg(imageFormatName(*format).toUpper(), spec.key),
                      where);
    }
    const DecodeRequest request = detail::requestFor(spec);
    ScratchSink scratch;
    QString why;
    const std::optional<PixelLayout> layout = decoder(bytes, request, scratch, &why);
    if (!layout)
        return detail::undecodable(*format, spec, bytes, why, where);
    const int channels = request.channels == 1 ? 1 : detail::keptChannels(layout->channels);
    return ImageSize{layout->height, layout->width, channels};
}

// decodeImage() turns 3 and 4 channels into BGR and keeps gray.
ImageSize pixelSize(const detail::PixelShape &shape)
{
    return ImageSize{shape.height, shape.width, shape.channels == 1 ? 1 : 3};
}

} // namespace

Result<ImageSize> checkImage(const ParsedExample &example, const ImageSpec &spec, const Location &where)
{
    const Result<const Feature *> f = detail::imageFeature(example, spec, where);
    if (!f)
        return f.status();
    switch (spec.encoding) {
    case ImageEncoding::Encoded:
        return checkEncoded((*f)->bytes.front(), spec, where);
    case ImageEncoding::Raw: {
        const QByteArray &bytes = (*f)->bytes.front();
        const Result<detail::PixelShape> shape = detail::rawShape(bytes, example, spec, where);
        if (!shape)
            return shape.status();
        if (spec.dtype == PixelType::Float32) {
            const auto *d = reinterpret_cast<const uchar *>(bytes.constData());
            for (qint64 i = 0; i < shape->values; ++i) {
                const float v = qFromLittleEndian<float>(d + 4 * i);
                if (!std::isfinite(v))
                    return detail::nonFinitePixel(spec.key, double(v), i, shape->values, where);
            }
        }
        return pixelSize(*shape);
    }
    case ImageEncoding::FloatPixels: {
        const std::vector<float> &values = (*f)->floats;
        const Result<detail::PixelShape> shape = detail::floatShape(values, example, spec, where);
        if (!shape)
            return shape.status();
        for (qint64 i = 0; i < shape->values; ++i) {
            if (!std::isfinite(values[size_t(i)]))
                return detail::nonFinitePixel(spec.key, double(values[size_t(i)]), i, shape->values, where);
        }
        return pixelSize(*shape);
    }
    }
    return detail::failureAt(where, QStringLiteral("unknown image encoding"));
}

bool needsOpenCvDecoder(std::span<const ParsedExample> samples)
{
    for (const ParsedExample &sample : samples) {
        for (const auto &[key, feature] : sample.features) {
            for (const QByteArray &value : feature.bytes) {
                const ImageFormat f = sniffImageFormat(value);
                if (f == ImageFormat::Bmp || f == ImageFormat::Gif || f == ImageFormat::Tiff)
                    return true;
            }
        }
    }
    return false;
}

} // namespace qs
