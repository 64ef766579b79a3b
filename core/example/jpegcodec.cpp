// JPEG through TurboJPEG (libjpeg-turbo's own API): decoding, optionally at a DCT scale, and
// encoding. No OpenCV here (pixelcodecs.h).
#include "example/pixelcodecs.h"

#include <turbojpeg.h>

#include <algorithm>
#include <memory>
#include <vector>

namespace qs {

namespace {

struct TjDeleter {
    void operator()(void *h) const { tjDestroy(h); }
};
using TjHandle = std::unique_ptr<void, TjDeleter>;

// One handle per thread and direction: making one allocates libjpeg's state. A decompressor
// that met an error or a warning is not used again: libjpeg keeps state across images (it
// words only the first warning of a decompressor's life, for one), and the next image's
// verdict and message must not depend on what the thread decoded before (fuzz_imagedecode
// found the same bytes failing with two different messages).
TjHandle &decompressorSlot()
{
    thread_local TjHandle h;
    if (!h)
        h.reset(tjInitDecompress());
    return h;
}

tjhandle compressor()
{
    thread_local TjHandle h(tjInitCompress());
    return h.get();
}

QString tjError(tjhandle h)
{
    return QString::fromLocal8Bit(tjGetErrorStr2(h));
}

// Adobe CMYK (stored inverted, as Photoshop writes it) to BGR, the way OpenCV's JPEG decoder
// converts it.
void cmykToBgr(const unsigned char *cmyk, int width, int height, unsigned char *bgr, std::size_t step)
{
    for (int y = 0; y < height; ++y) {
        const unsigned char *s = cmyk + std::size_t(y) * std::size_t(width) * 4;
        unsigned char *d = bgr + std::size_t(y) * step;
        for (int x = 0; x < width; ++x, s += 4, d += 3) {
            const int k = s[3];
            d[2] = static_cast<unsigned char>(k - ((255 - s[0]) * k >> 8));
            d[1] = static_cast<unsigned char>(k - ((255 - s[1]) * k >> 8));
            d[0] = static_cast<unsigned char>(k - ((255 - s[2]) * k >> 8));
        }
    }
}

} // namespace

int jpegScaleEighths(int width, int height, const DecodeRequest &request)
{
    if (!request.scaledJpeg || request.minWidth <= 0 || request.minHeight <= 0)
        return 8;
    for (int m = 1; m < 8; ++m) {
        const tjscalingfactor f{m, 8};
        if (TJSCALED(width, f) >= request.minWidth && TJSCALED(height, f) >= request.minHeight)
            return m;
    }
    return 8;
}

std::optional<PixelLayout> decodeJpegInto(QByteArrayView bytes, const DecodeRequest &request, PixelSink &sink,
                                          QString *error)
{
    TjHandle &slot = decompressorSlot();
    tjhandle h = slot.get();
    if (!h) {
        *error = QStringLiteral("TurboJPEG could not start");
        return std::nullopt;
    }
    const auto *data = reinterpret_cast<const unsigned char *>(bytes.data());
    const auto size = static_cast<unsigned long>(bytes.size());
    int width = 0, height = 0, subsampling = 0, colourspace = 0;
    if (tjDecompressHeader3(h, data, size, &width, &height, &subsampling, &colourspace) != 0) {
        *error = tjError(h);
        slot.reset();
        return std::nullopt;
    }
    const int m = jpegScaleEighths(width, height, request);
    const tjscalingfactor factor{m, 8};
    PixelLayout layout{TJSCALED(width, factor), TJSCALED(height, factor), 3, false};
    const bool cmyk = colourspace == TJCS_CMYK || colourspace == TJCS_YCCK;
    int format = TJPF_BGR;
    if (cmyk) {
        format = TJPF_CMYK;
    } else if (request.channels == 1 || (request.channels == 0 && colourspace == TJCS_GRAY)) {
        format = TJPF_GRAY;
        layout.channels = 1;
    }
    std::size_t step = 0;
    unsigned char *out = sink.allocate(layout, &step);
    if (!out) {
        *error = QStringLiteral("no memory for %1x%2 pixels").arg(layout.width).arg(layout.height);
        return std::nullopt;
    }
    // CMYK is decoded beside the sink, then turned into its BGR.
    std::vector<unsigned char> four(cmyk ? std::size_t(layout.width) * std::size_t(layout.height) * 4 : 0);
    unsigned char *target = cmyk ? four.data() : out;
    const int pitch = cmyk ? layout.width * 4 : int(step);
    // Warnings (a stream cut short, stray bytes) still give an image, as libjpeg under
    // cv::imdecode does: the missing part is gray.
    if (tjDecompress2(h, data, size, target, layout.width, pitch, layout.height, format, 0) != 0) {
        const bool fatal = tjGetErrorCode(h) != TJERR_WARNING;
        if (fatal)
            *error = tjError(h);
        slot.reset();
        if (fatal)
            return std::nullopt;
    }
    if (cmyk)
        cmykToBgr(four.data(), layout.width, layout.height, out, step);
    return layout;
}

QByteArray encodeJpeg(const PixelView &pixels, int quality, bool progressive)
{
    if (!pixels.data || pixels.layout.wide || pixels.layout.width <= 0 || pixels.layout.height <= 0)
        return {};
    int format = TJPF_BGR;
    int subsampling = TJSAMP_420;
    switch (pixels.layout.channels) {
    case 1:
        format = TJPF_GRAY;
        subsampling = TJSAMP_GRAY;
        break;
    case 3:
        break;
    case 4:
        format = TJPF_BGRX;
        break;
    default:
        return {};
    }
    tjhandle h = compressor();
    if (!h)
        return {};
    unsigned char *out = nullptr;
    unsigned long outSize = 0;
    const int flags = progressive ? TJFLAG_PROGRESSIVE : 0;
    const int rc = tjCompress2(h, pixels.data, pixels.layout.width, int(pixels.step), pixels.layout.height,
                               format, &out, &outSize, subsampling, std::clamp(quality, 1, 100), flags);
    QByteArray encoded;
    if (rc == 0)
        encoded = QByteArray(reinterpret_cast<const char *>(out), qsizetype(outSize));
    tjFree(out);
    return encoded;
}

} // namespace qs
