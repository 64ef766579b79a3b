#pragma once

#include "example/imageformat.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <opencv2/core.hpp>

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

// The image decoders behind decodeImage(), one per format, without OpenCV's imgcodecs:
// TurboJPEG for JPEG, libpng for PNG, libwebp for WebP. BMP, GIF and TIFF go to OpenCV's
// cv::imdecode, loaded with dlopen() the first time such an image is met, so that no program
// links opencv_imgcodecs (and the ~130 libraries it pulls in) for formats that are rare in
// TFRecords. Each gives BGR(A) or gray pixels of 8 or 16 bits, as cv::imdecode would, or an
// empty Mat with *error saying why. The caller has checked the header's size (peekImageDims).
// All are thread-safe.
cv::Mat decodeJpeg(QByteArrayView bytes, const DecodeRequest &request, QString *error);
cv::Mat decodePng(QByteArrayView bytes, const DecodeRequest &request, QString *error);
cv::Mat decodeWebp(QByteArrayView bytes, const DecodeRequest &request, QString *error);
cv::Mat decodeWithOpenCv(QByteArrayView bytes, const DecodeRequest &request, QString *error);
cv::Mat decodeAny(QByteArrayView bytes, ImageFormat format, const DecodeRequest &request, QString *error);

// The M/8 scale decodeJpeg picks for a width x height image (1..8; 8 is full size).
int jpegScaleEighths(int width, int height, const DecodeRequest &request);

// Encoders for the dataset writer, tests and thumbnails: 8-bit gray, BGR or BGRA images.
// Empty on failure. quality is 1..100 (JPEG, lossy WebP); webp quality > 100 is lossless.
QByteArray encodeJpeg(const cv::Mat &image, int quality = 95, bool progressive = false);
QByteArray encodePng(const cv::Mat &image);
QByteArray encodeWebp(const cv::Mat &image, int quality = 75);
// Encodes by the file's extension (.png, .jpg/.jpeg, .webp) and writes it; false on failure.
bool writeImageFile(const QString &path, const cv::Mat &image);

} // namespace qs
