#pragma once

#include "example/imageformat.h"
#include "example/pixelcodecs.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <opencv2/core.hpp>

namespace qs {

// The image decoders behind decodeImage(), one per format, as cv::Mat: the decoders of
// pixelcodecs.h (TurboJPEG, libpng, libwebp) writing into the Mat, then turned gray where the
// request asks for it. BMP, GIF and TIFF go to OpenCV's cv::imdecode, loaded with dlopen() the
// first time such an image is met, so that no program links opencv_imgcodecs (and the ~130
// libraries it pulls in) for formats that are rare in TFRecords. Each gives BGR(A) or gray
// pixels of 8 or 16 bits, as cv::imdecode would, or an empty Mat with *error saying why. The
// caller has checked the header's size (peekImageDims). All are thread-safe.
cv::Mat decodeJpeg(QByteArrayView bytes, const DecodeRequest &request, QString *error);
cv::Mat decodePng(QByteArrayView bytes, const DecodeRequest &request, QString *error);
cv::Mat decodeWebp(QByteArrayView bytes, const DecodeRequest &request, QString *error);
cv::Mat decodeWithOpenCv(QByteArrayView bytes, const DecodeRequest &request, QString *error);
cv::Mat decodeAny(QByteArrayView bytes, ImageFormat format, const DecodeRequest &request, QString *error);

// Encoders for the dataset writer, tests and thumbnails: 8-bit gray, BGR or BGRA images (PNG
// also 16 bits), through pixelcodecs.h. Empty on failure. quality is 1..100 (JPEG, lossy WebP);
// a WebP quality above 100 is lossless.
QByteArray encodeJpeg(const cv::Mat &image, int quality = 95, bool progressive = false);
QByteArray encodePng(const cv::Mat &image);
QByteArray encodeWebp(const cv::Mat &image, int quality = 75);
// Encodes by the file's extension (.png, .jpg/.jpeg, .webp) and writes it; false on failure.
bool writeImageFile(const QString &path, const cv::Mat &image);

} // namespace qs
