// WebP through libwebp, as cv::imdecode's WebP decoder uses it: BGRA when the file has alpha and
// channels = 0, BGR otherwise, gray by cv::cvtColor.
#include "example/imagecodecs.h"

#include <opencv2/imgproc.hpp>

#include <webp/decode.h>
#include <webp/encode.h>

namespace qs {

cv::Mat decodeWebp(QByteArrayView bytes, const DecodeRequest &request, QString *error)
{
    const auto *data = reinterpret_cast<const uint8_t *>(bytes.data());
    const size_t size = size_t(bytes.size());
    WebPBitstreamFeatures features;
    if (WebPGetFeatures(data, size, &features) != VP8_STATUS_OK) {
        *error = QStringLiteral("not a readable WebP stream");
        return {};
    }
    const bool alpha = features.has_alpha && request.channels == 0;
    cv::Mat out(features.height, features.width, alpha ? CV_8UC4 : CV_8UC3);
    const size_t bytesOut = out.step[0] * size_t(out.rows);
    const int stride = int(out.step[0]);
    const uint8_t *done = alpha ? WebPDecodeBGRAInto(data, size, out.data, bytesOut, stride)
                                : WebPDecodeBGRInto(data, size, out.data, bytesOut, stride);
    if (!done) {
        *error = QStringLiteral("the WebP data is corrupt or cut short");
        return {};
    }
    if (request.channels == 1)
        cv::cvtColor(out, out, cv::COLOR_BGR2GRAY);
    return out;
}

QByteArray encodeWebp(const cv::Mat &image, int quality)
{
    if (image.empty() || image.depth() != CV_8U)
        return {};
    cv::Mat src = image;
    if (image.channels() == 1)
        cv::cvtColor(image, src, cv::COLOR_GRAY2BGR);
    else if (image.channels() != 3 && image.channels() != 4)
        return {};
    const int stride = int(src.step[0]);
    uint8_t *out = nullptr;
    size_t n = 0;
    const bool four = src.channels() == 4;
    if (quality > 100)
        n = four ? WebPEncodeLosslessBGRA(src.data, src.cols, src.rows, stride, &out)
                 : WebPEncodeLosslessBGR(src.data, src.cols, src.rows, stride, &out);
    else
        n = four ? WebPEncodeBGRA(src.data, src.cols, src.rows, stride, float(std::max(quality, 1)), &out)
                 : WebPEncodeBGR(src.data, src.cols, src.rows, stride, float(std::max(quality, 1)), &out);
    QByteArray encoded(reinterpret_cast<const char *>(out), qsizetype(n));
    WebPFree(out);
    return encoded;
}

} // namespace qs
