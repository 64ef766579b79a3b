// libFuzzer target for decodeImage, checkImage, sniffImageFormat and peekImageDims. The input is an image
// feature value and the spec to read it with (layout in imagecase.h): an encoded image decoded
// as it is, gray or colour, or raw / float pixels with a shape fixed in the spec or read from
// the record. The header peek runs under every format on every input.
//
// A decoded image must be 8-bit, gray or BGR, within kMaxImagePixels and kMaxImageSide, with
// the size the spec or the record gave (raw) or no larger than the header peekImageDims read
// (encoded): a file the decoder sizes by another header would slip past the size guard.
// scripts/fuzz.sh runs this with -malloc_limit_mb, so any decoder allocation that a tiny input
// can blow up past the guard is a finding. checkImage (detection's decode without OpenCV) must
// give decodeImage's size or its error word for word, or Unimplemented for BMP, GIF and TIFF.

#include "fuzzcheck.h"
#include "imagecase.h"

#include "example/imagecheck.h"
#include "example/imageformat.h"
#include "example/sampledecoder.h"

#include <optional>

using namespace qs;
using qs::fuzz::check;

namespace {

const Location kWhere{QStringLiteral("fuzz.tfrecord"), 3, 512};

qint64 dimension(const ParsedExample &example, int fixed, const QString &key)
{
    return fixed > 0 ? fixed : example.find(key)->ints.front();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const fuzz::ImageCase c = fuzz::imageCase(QByteArrayView(data, qsizetype(size)));
    const ImageSpec &spec = c.spec;
    std::optional<ImageDims> peeked;
    ImageFormat sniffed = ImageFormat::Unknown;
    if (spec.encoding == ImageEncoding::Encoded && c.example.find(spec.key)) {
        const QByteArray &value = c.example.find(spec.key)->bytes.front();
        (void)leadingBytesHex(value);
        for (ImageFormat f : {ImageFormat::Jpeg, ImageFormat::Png, ImageFormat::Bmp, ImageFormat::WebP,
                              ImageFormat::Gif, ImageFormat::Tiff}) {
            if (const std::optional<ImageDims> d = peekImageDims(value, f))
                check(d->width >= 0 && d->height >= 0 && d->bytesPerPixel >= 1,
                      "peekImageDims gave a negative size");
        }
        sniffed = sniffImageFormat(value);
        if (sniffed != ImageFormat::Unknown)
            peeked = peekImageDims(value, sniffed);
    }

    const Result<cv::Mat> decoded = decodeImage(c.example, spec, kWhere);
    const Result<ImageSize> checked = checkImage(c.example, spec, kWhere);
    const auto said = [](const Result<ImageSize> &r) {
        return r ? QStringLiteral("%1x%2x%3").arg(r->height).arg(r->width).arg(r->channels)
                 : r.status().toString();
    };
    if (!checked && checked.status().kind() == ErrorKind::Unimplemented) {
        check(sniffed == ImageFormat::Bmp || sniffed == ImageFormat::Gif || sniffed == ImageFormat::Tiff,
              "checkImage left a format of its own to OpenCV", said(checked));
    } else {
        const Result<ImageSize> fromDecode =
            decoded ? Result<ImageSize>(ImageSize{decoded->rows, decoded->cols, decoded->channels()})
                    : Result<ImageSize>(decoded.status());
        check(said(checked) == said(fromDecode), "checkImage and decodeImage disagree",
              said(checked) + QStringLiteral(" against ") + said(fromDecode));
    }
    // Scaled JPEG decoding (DecodeOptions) for a target picked by the input's length: an image,
    // when it decodes, is 8-bit, within the header's size, and covers the target or the full
    // decode (a hostile file's headers may disagree, so the full decode is the measure).
    if (spec.encoding == ImageEncoding::Encoded && size % 4 != 0) {
        DecodeOptions scaled;
        scaled.minWidth = scaled.minHeight = int(size % 4) * 12;
        const Result<cv::Mat> small = decodeImage(c.example, spec, kWhere, scaled);
        if (small) {
            const QString shape =
                QStringLiteral("%1x%2x%3").arg(small->rows).arg(small->cols).arg(small->channels());
            check(small->depth() == CV_8U && (small->channels() == 1 || small->channels() == 3),
                  "a scaled decode is not 8-bit gray or BGR", shape);
            check(peeked && small->rows <= peeked->height && small->cols <= peeked->width,
                  "a scaled decode is larger than the header", shape);
            if (decoded)
                check(small->cols >= std::min(scaled.minWidth, decoded->cols) &&
                          small->rows >= std::min(scaled.minHeight, decoded->rows),
                      "a scaled decode is smaller than the target", shape);
        } else {
            check(small.status().kind() == ErrorKind::InvalidArgument && small.status().where() == kWhere,
                  "a scaled decode failed without an InvalidArgument naming the record",
                  small.status().toString());
        }
    }

    if (!decoded) {
        check(decoded.status().kind() == ErrorKind::InvalidArgument && decoded.status().where() == kWhere &&
                  !decoded.status().message().isEmpty(),
              "decodeImage failed without an InvalidArgument naming the record", decoded.status().toString());
        return 0;
    }
    const cv::Mat &image = *decoded;
    const QString shape = QStringLiteral("%1x%2x%3 (type %4)")
                              .arg(image.rows)
                              .arg(image.cols)
                              .arg(image.channels())
                              .arg(image.type());
    check(!image.empty() && image.depth() == CV_8U && (image.channels() == 1 || image.channels() == 3),
          "decodeImage gave an image that is not 8-bit gray or BGR", shape);
    check(image.rows <= kMaxImageSide && image.cols <= kMaxImageSide &&
              qint64(image.rows) * image.cols <= kMaxImagePixels,
          "decodeImage gave an image over the size limits", shape);
    if (spec.encoding == ImageEncoding::Encoded) {
        if (spec.channels == 1 || spec.channels == 3)
            check(image.channels() == spec.channels, "decodeImage ignored the spec's channels", shape);
        check(peeked && image.rows <= peeked->height && image.cols <= peeked->width,
              "the decoder made an image larger than the header the size guard read",
              peeked ? QStringLiteral("%1, header %2x%3").arg(shape).arg(peeked->width).arg(peeked->height)
                     : QStringLiteral("%1, no header read").arg(shape));
    } else {
        const qint64 h = dimension(c.example, spec.height, spec.heightKey);
        const qint64 w = dimension(c.example, spec.width, spec.widthKey);
        check(image.rows == h && image.cols == w, "decodeImage did not give the requested shape", shape);
    }
    return 0;
}
