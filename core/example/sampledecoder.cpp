#include "example/sampledecoder.h"

#include "example/imagecheck.h"
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

using detail::describeFeature;
using detail::failureAt;
using detail::PixelShape;

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
Result<cv::Mat> scaled(const PixelShape &shape, const ValueRange &range, const QString &key,
                       const Location &where, Read read)
{
    cv::Mat out(shape.height, shape.width, CV_8UC(shape.channels));
    const float min = float(range.min);
    const float scale = float(255.0 / (range.max - range.min));
    uchar *dst = out.ptr<uchar>();
    for (qint64 i = 0; i < shape.values; ++i) {
        const float v = read(i);
        if (!std::isfinite(v))
            return detail::nonFinitePixel(key, double(v), i, shape.values, where);
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
    const Result<PixelShape> shape = detail::rawShape(bytes, example, spec, where);
    if (!shape)
        return shape.status();
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
    return failureAt(where, QStringLiteral("unknown pixel type"));
}

Result<cv::Mat> decodeFloats(const std::vector<float> &values, const ParsedExample &example,
                             const ImageSpec &spec, const Location &where)
{
    const Result<PixelShape> shape = detail::floatShape(values, example, spec, where);
    if (!shape)
        return shape.status();
    return toBgr(scaled(*shape, spec.range, spec.key, where, [&](qint64 i) { return values[size_t(i)]; }));
}

Result<cv::Mat> decodeEncoded(const QByteArray &bytes, const ImageSpec &spec, const DecodeOptions &options,
                              const Location &where)
{
    const Result<ImageFormat> format = detail::checkEncodedHeader(bytes, spec, where);
    if (!format)
        return format.status();
    DecodeRequest request = detail::requestFor(spec);
    request.minWidth = options.minWidth;
    request.minHeight = options.minHeight;
    request.scaledJpeg = options.scaledJpeg;
    QString why;
    cv::Mat image;
    try {
        image = decodeAny(bytes, *format, request, &why);
    } catch (const cv::Exception &e) {
        why = QString::fromStdString(e.msg);
        image.release();
    }
    if (image.empty())
        return detail::undecodable(*format, spec, bytes, why, where);

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
    const Result<const Feature *> found = detail::imageFeature(example, spec, where);
    if (!found)
        return found.status();
    const Feature *f = *found;
    switch (spec.encoding) {
    case ImageEncoding::Encoded:
        return decodeEncoded(f->bytes.front(), spec, options, where);
    case ImageEncoding::Raw:
        return decodeRaw(f->bytes.front(), example, spec, where);
    case ImageEncoding::FloatPixels:
        return decodeFloats(f->floats, example, spec, where);
    }
    return failureAt(where, QStringLiteral("unknown image encoding"));
}

Result<int> decodeLabel(const ParsedExample &example, const LabelSpec &spec, const Location &where)
{
    const Feature *f = example.find(spec.key);
    if (!f)
        return failureAt(where,
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
            return failureAt(where, QStringLiteral("the label feature '%1' is not one-hot (it holds %2%3)")
                                        .arg(spec.key, describeFeature(*f), why));
        }
        if (spec.numClasses > 0 && hot->width != spec.numClasses)
            return failureAt(where, QStringLiteral("the one-hot label '%1' has width %2, expected %3")
                                        .arg(spec.key)
                                        .arg(hot->width)
                                        .arg(spec.numClasses));
        label = hot->index;
    } else if (spec.encoding == LabelEncoding::Argmax) {
        const std::optional<OneHot> best = argmaxIndex(*f);
        if (!best)
            return failureAt(
                where, QStringLiteral("the label feature '%1' should hold float scores with one largest "
                                      "(argmax) but holds %2")
                           .arg(spec.key, describeFeature(*f)));
        if (spec.numClasses > 0 && best->width != spec.numClasses)
            return failureAt(where, QStringLiteral("the score label '%1' has %2 values, expected %3")
                                        .arg(spec.key)
                                        .arg(best->width)
                                        .arg(spec.numClasses));
        label = best->index;
    } else if (spec.encoding == LabelEncoding::ClassName) {
        if (f->kind != FeatureKind::Bytes || f->bytes.size() != 1)
            return failureAt(where,
                             QStringLiteral("the label feature '%1' should hold one class name but holds %2")
                                 .arg(spec.key, describeFeature(*f)));
        const QString name = QString::fromUtf8(f->bytes.front());
        const auto it = std::lower_bound(spec.classNames.begin(), spec.classNames.end(), name);
        if (it == spec.classNames.end() || *it != name)
            return failureAt(
                where,
                QStringLiteral("the class name '%1' in '%2' is not among the %3 names %4")
                    .arg(name.size() > 40 ? name.left(37) + QStringLiteral("...") : name, spec.key)
                    .arg(spec.classNames.size())
                    .arg(spec.classNamesComplete ? QStringLiteral("of the files")
                                                 : QStringLiteral("found in the first %1 records scanned")
                                                       .arg(spec.classNamesScanned)));
        label = it - spec.classNames.begin();
    } else {
        if (f->kind != FeatureKind::Int64 || f->ints.size() != 1)
            return failureAt(where,
                             QStringLiteral("the label feature '%1' should hold one int64 but holds %2")
                                 .arg(spec.key, describeFeature(*f)));
        label = f->ints.front();
    }
    if (label < 0)
        return failureAt(where, QStringLiteral("label %1 in '%2' is negative").arg(label).arg(spec.key));
    if (spec.numClasses > 0 && label >= spec.numClasses)
        return failureAt(where, QStringLiteral("label %1 in '%2' is outside the expected range [0, %3)")
                                    .arg(label)
                                    .arg(spec.key)
                                    .arg(spec.numClasses));
    if (label >= kMaxLabel)
        return failureAt(where, QStringLiteral("label %1 in '%2' is beyond the limit of %3 classes")
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

Result<ImageSize> checkImageAnyFormat(const ParsedExample &example, const ImageSpec &spec,
                                      const Location &where)
{
    Result<ImageSize> size = checkImage(example, spec, where);
    if (size || size.status().kind() != ErrorKind::Unimplemented)
        return size;
    const Result<cv::Mat> image = decodeImage(example, spec, where);
    if (!image)
        return image.status();
    return ImageSize{image->rows, image->cols, image->channels()};
}

} // namespace qs
