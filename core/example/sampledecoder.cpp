#include "example/sampledecoder.h"

#include "example/imagecodecs.h"
#include "example/imageformat.h"

#include <QtEndian>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace qs {

namespace {

Status failure(const Location &where, const QString &message)
{
    return {ErrorKind::InvalidArgument, message, where};
}

QString describe(const Feature &f)
{
    return QStringLiteral("%1 %2 value(s)").arg(f.count()).arg(featureKindName(f.kind));
}

// Reads one dimension: the fixed value when set, else the single int64 under `key`.
Result<qint64> dimension(const ParsedExample &example, int fixed, const QString &key, const char *what,
                         qint64 limit, const Location &where)
{
    if (fixed > limit)
        return failure(where, QStringLiteral("the spec's image %1 %2 is outside [1, %3]")
                                  .arg(QLatin1String(what))
                                  .arg(fixed)
                                  .arg(limit));
    if (fixed > 0)
        return qint64(fixed);
    const Feature *f = example.find(key);
    if (!f)
        return failure(where, QStringLiteral("the image %1 feature '%2' is missing from this record")
                                  .arg(QLatin1String(what), key));
    if (f->kind != FeatureKind::Int64 || f->ints.size() != 1)
        return failure(where, QStringLiteral("'%1' should hold one int64 (the image %2) but holds %3")
                                  .arg(key, QLatin1String(what), describe(*f)));
    const qint64 v = f->ints.front();
    if (v < 1 || v > limit)
        return failure(where, QStringLiteral("image %1 %2 from '%3' is outside [1, %4]")
                                  .arg(QLatin1String(what))
                                  .arg(v)
                                  .arg(key)
                                  .arg(limit));
    return v;
}

struct Shape {
    int height = 0;
    int width = 0;
    int channels = 0;
    qint64 values = 0; // height * width * channels
};

Result<Shape> resolveShape(const ParsedExample &example, const ImageSpec &spec, const Location &where)
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
        return failure(where,
                       QStringLiteral("image '%1' has 2 channels; only 1, 3 or 4 can be read").arg(spec.key));
    // Each side is at most 2^20 and channels at most 4, so these products cannot overflow 64 bits.
    const qint64 pixels = *h * *w;
    if (pixels > kMaxImagePixels)
        return failure(where,
                       QStringLiteral("image '%1' would be %2x%3 = %4 pixels, more than the limit of %5")
                           .arg(spec.key)
                           .arg(*h)
                           .arg(*w)
                           .arg(pixels)
                           .arg(kMaxImagePixels));
    return Shape{int(*h), int(*w), int(*c), pixels * *c};
}

uchar toByte(float v, float min, float scale)
{
    const float s = (v - min) * scale;
    if (s <= 0)
        return 0;
    return s >= 255.f ? uchar(255) : uchar(s + 0.5f);
}

// Turns RGB(A) pixel order into the BGR OpenCV uses; gray stays as it is.
cv::Mat toBgr(const cv::Mat &pixels)
{
    cv::Mat out;
    if (pixels.channels() == 3)
        cv::cvtColor(pixels, out, cv::COLOR_RGB2BGR);
    else if (pixels.channels() == 4)
        cv::cvtColor(pixels, out, cv::COLOR_RGBA2BGR);
    else
        out = pixels;
    return out;
}

// A NaN or an infinity has no place on 0..255 (clamping would hide a broken writer, and NaN has
// no side to clamp to), so it is an error naming the value; finite values outside the range clamp.
template<typename Read>
Result<cv::Mat> scaled(const Shape &shape, const ValueRange &range, const QString &key, const Location &where,
                       Read read)
{
    cv::Mat out(shape.height, shape.width, CV_8UC(shape.channels));
    const float min = float(range.min);
    const float scale = float(255.0 / (range.max - range.min));
    uchar *dst = out.ptr<uchar>();
    for (qint64 i = 0; i < shape.values; ++i) {
        const float v = read(i);
        if (!std::isfinite(v))
            return failure(where, QStringLiteral("image '%1' holds %2 at value %3 of %4; pixels must be "
                                                 "finite numbers")
                                      .arg(key)
                                      .arg(double(v))
                                      .arg(i)
                                      .arg(shape.values));
        dst[i] = toByte(v, min, scale);
    }
    return out;
}

Result<cv::Mat> toBgr(Result<cv::Mat> pixels)
{
    if (!pixels)
        return pixels;
    return toBgr(*pixels);
}

Result<cv::Mat> decodeRaw(const QByteArray &bytes, const ParsedExample &example, const ImageSpec &spec,
                          const Location &where)
{
    const Result<Shape> shape = resolveShape(example, spec, where);
    if (!shape)
        return shape.status();
    const int elem = pixelTypeSize(spec.dtype);
    const qint64 expected = shape->values * elem;
    if (bytes.size() != expected)
        return failure(where,
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
    const auto *data = reinterpret_cast<const uchar *>(bytes.constData());
    switch (spec.dtype) {
    case PixelType::UInt8: {
        const cv::Mat view(shape->height, shape->width, CV_8UC(shape->channels), const_cast<uchar *>(data));
        return shape->channels == 1 ? view.clone() : toBgr(view);
    }
    case PixelType::Int16:
        return toBgr(scaled(*shape, spec.range, spec.key, where,
                            [&](qint64 i) { return float(qFromLittleEndian<qint16>(data + 2 * i)); }));
    case PixelType::Float32:
        return toBgr(scaled(*shape, spec.range, spec.key, where,
                            [&](qint64 i) { return qFromLittleEndian<float>(data + 4 * i); }));
    }
    return failure(where, QStringLiteral("unknown pixel type"));
}

Result<cv::Mat> decodeFloats(const std::vector<float> &values, const ParsedExample &example,
                             const ImageSpec &spec, const Location &where)
{
    const Result<Shape> shape = resolveShape(example, spec, where);
    if (!shape)
        return shape.status();
    if (qint64(values.size()) != shape->values)
        return failure(where,
                       QStringLiteral("size mismatch: '%1' holds %2 floats but height*width*channels = "
                                      "%3*%4*%5 = %6")
                           .arg(spec.key)
                           .arg(values.size())
                           .arg(shape->height)
                           .arg(shape->width)
                           .arg(shape->channels)
                           .arg(shape->values));
    return toBgr(scaled(*shape, spec.range, spec.key, where, [&](qint64 i) { return values[size_t(i)]; }));
}

Result<cv::Mat> decodeEncoded(const QByteArray &bytes, const ImageSpec &spec, const DecodeOptions &options,
                              const Location &where)
{
    const ImageFormat format = sniffImageFormat(bytes);
    if (format == ImageFormat::Unknown)
        return failure(where,
                       QStringLiteral("'%1' does not hold an encoded image: its %2 bytes start with [%3], "
                                      "which is no JPEG, PNG, BMP, WebP, GIF or TIFF signature")
                           .arg(spec.key)
                           .arg(bytes.size())
                           .arg(leadingBytesHex(bytes)));
    const QString name = imageFormatName(format).toUpper();
    // The decoder sizes its buffer by the header: without one we can read, it is not called.
    const std::optional<ImageDims> dims = peekImageDims(bytes, format);
    if (!dims)
        return failure(where, QStringLiteral("the %1 in '%2' (%3 bytes) has no readable header giving its "
                                             "size; the data is corrupt or cut short")
                                  .arg(name, spec.key)
                                  .arg(bytes.size()));
    if (dims->width > kMaxImageSide || dims->height > kMaxImageSide ||
        dims->width * dims->height > kMaxImagePixels)
        return failure(where, QStringLiteral("the %1 in '%2' claims %3x%4 pixels, more than the limit of %5")
                                  .arg(name, spec.key)
                                  .arg(dims->width)
                                  .arg(dims->height)
                                  .arg(kMaxImagePixels));
    if (dims->width * dims->height * dims->bytesPerPixel > kMaxDecodeBytes)
        return failure(where, QStringLiteral("the %1 in '%2' claims %3x%4 pixels of %5 bytes, more than the "
                                             "decoder limit of %6 bytes")
                                  .arg(name, spec.key)
                                  .arg(dims->width)
                                  .arg(dims->height)
                                  .arg(dims->bytesPerPixel)
                                  .arg(kMaxDecodeBytes));
    if (bytes.size() > std::numeric_limits<int>::max())
        return failure(where, QStringLiteral("the %1 in '%2' is too large to decode").arg(name, spec.key));

    DecodeRequest request;
    request.channels = spec.channels == 1 || spec.channels == 3 ? spec.channels : 0;
    request.minWidth = options.minWidth;
    request.minHeight = options.minHeight;
    request.scaledJpeg = options.scaledJpeg;
    QString why;
    cv::Mat image;
    try {
        image = decodeAny(bytes, format, request, &why);
    } catch (const cv::Exception &e) {
        why = QString::fromStdString(e.msg);
        image.release();
    }
    if (image.empty()) {
        return failure(where, QStringLiteral("could not decode the %1 in '%2' (%3 bytes): %4")
                                  .arg(name, spec.key)
                                  .arg(bytes.size())
                                  .arg(why));
    }

    if (image.depth() == CV_16U)
        image.convertTo(image, CV_8U, 1.0 / 257.0);
    else if (image.depth() == CV_32F)
        image.convertTo(image, CV_8U, 255.0);
    else if (image.depth() != CV_8U)
        image.convertTo(image, CV_8U);
    if (image.channels() == 4)
        cv::cvtColor(image, image, cv::COLOR_BGRA2BGR);
    else if (image.channels() == 2)
        cv::extractChannel(image, image, 0);
    return image;
}

} // namespace

Result<cv::Mat> decodeImage(const ParsedExample &example, const ImageSpec &spec, const Location &where,
                            const DecodeOptions &options)
{
    const Feature *f = example.find(spec.key);
    if (!f)
        return failure(where,
                       QStringLiteral("the image feature '%1' is missing from this record").arg(spec.key));
    const FeatureKind want =
        spec.encoding == ImageEncoding::FloatPixels ? FeatureKind::Float : FeatureKind::Bytes;
    const bool single = want == FeatureKind::Float || f->count() == 1;
    if (f->kind != want || !single)
        return failure(where, QStringLiteral("the image feature '%1' should hold %2 but holds %3")
                                  .arg(spec.key,
                                       want == FeatureKind::Float ? QStringLiteral("a float list")
                                                                  : QStringLiteral("one bytes value"),
                                       describe(*f)));
    switch (spec.encoding) {
    case ImageEncoding::Encoded:
        return decodeEncoded(f->bytes.front(), spec, options, where);
    case ImageEncoding::Raw:
        return decodeRaw(f->bytes.front(), example, spec, where);
    case ImageEncoding::FloatPixels:
        return decodeFloats(f->floats, example, spec, where);
    }
    return failure(where, QStringLiteral("unknown image encoding"));
}

Result<int> decodeLabel(const ParsedExample &example, const LabelSpec &spec, const Location &where)
{
    const Feature *f = example.find(spec.key);
    if (!f)
        return failure(where,
                       QStringLiteral("the label feature '%1' is missing from this record").arg(spec.key));
    qint64 label = -1;
    if (spec.encoding == LabelEncoding::OneHot) {
        const std::optional<OneHot> hot = oneHotIndex(*f);
        if (!hot) {
            const auto odd =
                std::find_if(f->floats.begin(), f->floats.end(), [](float v) { return !std::isfinite(v); });
            const QString why =
                odd == f->floats.end()
                    ? QString()
                    : QStringLiteral(": %1 at index %2").arg(double(*odd)).arg(odd - f->floats.begin());
            return failure(where, QStringLiteral("the label feature '%1' is not one-hot (it holds %2%3)")
                                      .arg(spec.key, describe(*f), why));
        }
        if (spec.numClasses > 0 && hot->width != spec.numClasses)
            return failure(where, QStringLiteral("the one-hot label '%1' has width %2, expected %3")
                                      .arg(spec.key)
                                      .arg(hot->width)
                                      .arg(spec.numClasses));
        label = hot->index;
    } else if (spec.encoding == LabelEncoding::Argmax) {
        const std::optional<OneHot> best = argmaxIndex(*f);
        if (!best)
            return failure(where,
                           QStringLiteral("the label feature '%1' should hold float scores with one largest "
                                          "(argmax) but holds %2")
                               .arg(spec.key, describe(*f)));
        if (spec.numClasses > 0 && best->width != spec.numClasses)
            return failure(where, QStringLiteral("the score label '%1' has %2 values, expected %3")
                                      .arg(spec.key)
                                      .arg(best->width)
                                      .arg(spec.numClasses));
        label = best->index;
    } else if (spec.encoding == LabelEncoding::ClassName) {
        if (f->kind != FeatureKind::Bytes || f->bytes.size() != 1)
            return failure(where,
                           QStringLiteral("the label feature '%1' should hold one class name but holds %2")
                               .arg(spec.key, describe(*f)));
        const QString name = QString::fromUtf8(f->bytes.front());
        const auto it = std::lower_bound(spec.classNames.begin(), spec.classNames.end(), name);
        if (it == spec.classNames.end() || *it != name)
            return failure(where,
                           QStringLiteral("the class name '%1' in '%2' is not among the %3 names %4")
                               .arg(name.size() > 40 ? name.left(37) + QStringLiteral("...") : name, spec.key)
                               .arg(spec.classNames.size())
                               .arg(spec.classNamesComplete
                                        ? QStringLiteral("of the files")
                                        : QStringLiteral("found in the first %1 records scanned")
                                              .arg(spec.classNamesScanned)));
        label = it - spec.classNames.begin();
    } else {
        if (f->kind != FeatureKind::Int64 || f->ints.size() != 1)
            return failure(where, QStringLiteral("the label feature '%1' should hold one int64 but holds %2")
                                      .arg(spec.key, describe(*f)));
        label = f->ints.front();
    }
    if (label < 0)
        return failure(where, QStringLiteral("label %1 in '%2' is negative").arg(label).arg(spec.key));
    if (spec.numClasses > 0 && label >= spec.numClasses)
        return failure(where, QStringLiteral("label %1 in '%2' is outside the expected range [0, %3)")
                                  .arg(label)
                                  .arg(spec.key)
                                  .arg(spec.numClasses));
    if (label >= kMaxLabel)
        return failure(where, QStringLiteral("label %1 in '%2' is beyond the limit of %3 classes")
                                  .arg(label)
                                  .arg(spec.key)
                                  .arg(kMaxLabel));
    return int(label);
}

Result<DecodedSample> decode(const ParsedExample &example, const FeatureSpec &spec, const Location &where,
                             const DecodeOptions &options)
{
    if (!spec.image)
        return Status(ErrorKind::FailedPrecondition, QStringLiteral("the feature spec has no image"), where);
    DecodedSample out;
    Result<cv::Mat> image = decodeImage(example, *spec.image, where, options);
    if (!image)
        return image.status();
    out.image = std::move(*image);
    if (spec.label) {
        const Result<int> label = decodeLabel(example, *spec.label, where);
        if (!label)
            return label.status();
        out.label = *label;
    }
    return out;
}

} // namespace qs
