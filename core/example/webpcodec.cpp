// WebP through libwebp, as cv::imdecode's WebP decoder uses it: BGRA when the file has alpha and
// channels = 0, BGR otherwise (gray is the caller's conversion). No OpenCV here (pixelcodecs.h).
#include "example/pixelcodecs.h"

#include <webp/decode.h>
#include <webp/encode.h>

#include <algorithm>

namespace qs {

std::optional<PixelLayout> decodeWebpInto(QByteArrayView bytes, const DecodeRequest &request, PixelSink &sink,
                                          QString *error)
{
    const auto *data = reinterpret_cast<const uint8_t *>(bytes.data());
    const size_t size = size_t(bytes.size());
    WebPBitstreamFeatures features;
    if (WebPGetFeatures(data, size, &features) != VP8_STATUS_OK) {
        *error = QStringLiteral("not a readable WebP stream");
        return std::nullopt;
    }
    const bool alpha = features.has_alpha && request.channels == 0;
    const PixelLayout layout{features.width, features.height, alpha ? 4 : 3, false};
    std::size_t step = 0;
    uint8_t *out = sink.allocate(layout, &step);
    if (!out) {
        *error = QStringLiteral("no memory for %1x%2 pixels").arg(layout.width).arg(layout.height);
        return std::nullopt;
    }
    const size_t bytesOut = step * size_t(layout.height);
    const uint8_t *done = alpha ? WebPDecodeBGRAInto(data, size, out, bytesOut, int(step))
                                : WebPDecodeBGRInto(data, size, out, bytesOut, int(step));
    if (!done) {
        *error = QStringLiteral("the WebP data is corrupt or cut short");
        return std::nullopt;
    }
    return layout;
}

QByteArray encodeWebp(const PixelView &pixels, int quality)
{
    const PixelLayout &l = pixels.layout;
    if (!pixels.data || l.wide || l.width <= 0 || l.height <= 0 || (l.channels != 3 && l.channels != 4))
        return {};
    const int stride = int(pixels.step);
    uint8_t *out = nullptr;
    size_t n = 0;
    const bool four = l.channels == 4;
    if (quality > 100)
        n = four ? WebPEncodeLosslessBGRA(pixels.data, l.width, l.height, stride, &out)
                 : WebPEncodeLosslessBGR(pixels.data, l.width, l.height, stride, &out);
    else
        n = four ? WebPEncodeBGRA(pixels.data, l.width, l.height, stride, float(std::max(quality, 1)), &out)
                 : WebPEncodeBGR(pixels.data, l.width, l.height, stride, float(std::max(quality, 1)), &out);
    QByteArray encoded(reinterpret_cast<const char *>(out), qsizetype(n));
    WebPFree(out);
    return encoded;
}

} // namespace qs
