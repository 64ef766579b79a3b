#pragma once

// The image codecs of our own, without OpenCV: TurboJPEG for JPEG, libpng for PNG, libwebp for
// WebP. They decode into memory the caller gives (a PixelSink) and encode from a view of it, so
// that the same decoder fills a cv::Mat for the readers (imagecodecs.h) and scratch memory for
// checkImage() (imagecheck.h), which queuescope-cli's front runs without loading OpenCV.

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <cstddef>
#include <optional>

namespace qs {

// What a decoder is asked for. channels: 0 keeps what the file has (gray stays one channel),
// 1 turns colour to gray, 3 gray to colour, as cv::imdecode's IMREAD_UNCHANGED, IMREAD_GRAYSCALE
// and IMREAD_COLOR | IMREAD_IGNORE_ORIENTATION do.
//
// minWidth x minHeight (0: full size) lets a JPEG be decoded at the smallest DCT scale M/8
// (M = 1..8) whose size still covers both, when scaledJpeg is set: the caller resizes the
// result down to its target, and skips most of the decoding work on the way.
struct DecodeRequest {
    int channels = 0;
    int minWidth = 0;
    int minHeight = 0;
    bool scaledJpeg = true;
};

// The shape of decoded pixels: interleaved BGR(A) or gray samples of 8 bits, or of 16 bits
// (native byte order) when `wide`.
struct PixelLayout {
    int width = 0;
    int height = 0;
    int channels = 0;
    bool wide = false;
};

// Where a decoder writes: room for `layout`, rows `*step` bytes apart (at least a row's bytes).
// nullptr when there is none; the decoder then fails.
class PixelSink {
public:
    virtual ~PixelSink() = default;
    virtual unsigned char *allocate(const PixelLayout &layout, std::size_t *step) = 0;
};

// Pixels an encoder reads, laid out as PixelLayout says.
struct PixelView {
    const unsigned char *data = nullptr;
    PixelLayout layout;
    std::size_t step = 0;
};

// Each decodes `bytes` into `sink` and returns what it wrote: the pixels cv::imdecode would give
// (BGR, BGRA or gray; 16 bits only from a 16-bit PNG with channels = 0), except that colour is
// left for the caller to turn gray where the library cannot (a CMYK JPEG, WebP): the result has
// one channel for channels = 1 only when `channels` of the returned layout is 1. nullopt with
// *error saying why when the data cannot be decoded. The caller has checked the header's size
// (peekImageDims). Thread-safe.
std::optional<PixelLayout> decodeJpegInto(QByteArrayView bytes, const DecodeRequest &request, PixelSink &sink,
                                          QString *error);
std::optional<PixelLayout> decodePngInto(QByteArrayView bytes, const DecodeRequest &request, PixelSink &sink,
                                         QString *error);
std::optional<PixelLayout> decodeWebpInto(QByteArrayView bytes, const DecodeRequest &request, PixelSink &sink,
                                          QString *error);

// The M/8 scale decodeJpegInto picks for a width x height image (1..8; 8 is full size).
int jpegScaleEighths(int width, int height, const DecodeRequest &request);

// Encoders of 8-bit gray, BGR or BGRA pixels (PNG also 16 bits). Empty on failure. quality is
// 1..100 (JPEG, lossy WebP); a WebP quality above 100 is lossless. WebP takes BGR or BGRA only.
QByteArray encodeJpeg(const PixelView &pixels, int quality = 95, bool progressive = false);
QByteArray encodePng(const PixelView &pixels);
QByteArray encodeWebp(const PixelView &pixels, int quality = 75);

} // namespace qs
