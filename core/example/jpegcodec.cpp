// JPEG through TurboJPEG (libjpeg-turbo's own API): decoding, optionally at a DCT scale, and
// encoding.
#include "example/imagecodecs.h"

#include <opencv2/imgproc.hpp>

#include <turbojpeg.h>

#include <memory>

namespace qs {

namespace {

struct TjDeleter {
    void operator()(void *h) const { tjDestroy(h); }
};
using TjHandle = std::unique_ptr<void, TjDeleter>;

// One handle per thread and direction: making one allocates libjpeg's state.
tjhandle decompressor()
{
    thread_local TjHandle h(tjInitDecompress());
    return h.get();
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
cv::Mat cmykToBgr(const cv::Mat &cmyk)
{
    cv::Mat bgr(cmyk.rows, cmyk.cols, CV_8UC3);
    for (int y = 0; y < cmyk.rows; ++y) {
        const uchar *s = cmyk.ptr<uchar>(y);
        uchar *d = bgr.ptr<uchar>(y);
        for (int x = 0; x < cmyk.cols; ++x, s += 4, d += 3) {
            const int k = s[3];
            d[2] = uchar(k - ((255 - s[0]) * k >> 8));
            d[1] = uchar(k - ((255 - s[1]) * k >> 8));
            d[0] = uchar(k - ((255 - s[2]) * k >> 8));
        }
    }
    return bgr;
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

cv::Mat decodeJpeg(QByteArrayView bytes, const DecodeRequest &request, QString *error)
{
    tjhandle h = decompressor();
    if (!h) {
        *error = QStringLiteral("TurboJPEG could not start");
        return {};
    }
    const auto *data = reinterpret_cast<const unsigned char *>(bytes.data());
    const auto size = static_cast<unsigned long>(bytes.size());
    int width = 0, height = 0, subsampling = 0, colourspace = 0;
    if (tjDecompressHeader3(h, data, size, &width, &height, &subsampling, &colourspace) != 0) {
        *error = tjError(h);
        return {};
    }
    const int m = jpegScaleEighths(width, height, request);
    const tjscalingfactor factor{m, 8};
    const int w = TJSCALED(width, factor);
    const int ht = TJSCALED(height, factor);
    const bool cmyk = colourspace == TJCS_CMYK || colourspace == TJCS_YCCK;
    int format = TJPF_BGR;
    int channels = 3;
    if (cmyk) {
        format = TJPF_CMYK;
        channels = 4;
    } else if (request.channels == 1 || (request.channels == 0 && colourspace == TJCS_GRAY)) {
        format = TJPF_GRAY;
        channels = 1;
    }
    cv::Mat out(ht, w, CV_8UC(channels));
    // Warnings (a stream cut short, stray bytes) still give an image, as libjpeg under
    // cv::imdecode does: the missing part is gray.
    if (tjDecompress2(h, data, size, out.data, w, int(out.step), ht, format, 0) != 0 &&
        tjGetErrorCode(h) != TJERR_WARNING) {
        *error = tjError(h);
        return {};
    }
    if (cmyk) {
        out = cmykToBgr(out);
        if (request.channels == 1)
            cv::cvtColor(out, out, cv::COLOR_BGR2GRAY);
    }
    return out;
}

QByteArray encodeJpeg(const cv::Mat &image, int quality, bool progressive)
{
    if (image.empty() || image.depth() != CV_8U)
        return {};
    int format = TJPF_BGR;
    int subsampling = TJSAMP_420;
    switch (image.channels()) {
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
    const int rc = tjCompress2(h, image.data, image.cols, int(image.step), image.rows, format, &out, &outSize,
                               subsampling, std::clamp(quality, 1, 100), flags);
    QByteArray encoded;
    if (rc == 0)
        encoded = QByteArray(reinterpret_cast<const char *>(out), qsizetype(outSize));
    tjFree(out);
    return encoded;
}

} // namespace qs
