// The codecs as cv::Mat (imagecodecs.h): our own decoders writing straight into a Mat, and the
// formats without a decoder of our own (BMP, GIF, TIFF) through cv::imdecode, which is looked
// up in libopencv_imgcodecs with dlopen() the first time one is met. Linking it would load some
// 130 libraries (GDAL, HDF5, poppler, codecs) into every start of the program for formats that
// TFRecords rarely hold.
#include "example/imagecodecs.h"

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <QFile>

#include <dlfcn.h>

namespace qs {

namespace {

// cv::imdecode(cv::InputArray buf, int flags), by its mangled name: stable across OpenCV 4.
using Imdecode = cv::Mat (*)(const cv::_InputArray &, int);
constexpr const char *kImdecode = "_ZN2cv8imdecodeERKNS_11_InputArrayEi";
// cv::ImreadModes values (imgcodecs.hpp), part of OpenCV's API.
constexpr int kUnchanged = -1, kGrayscale = 0, kColor = 1, kIgnoreOrientation = 128;

Imdecode imdecode()
{
    static const Imdecode fn = [] {
        const QByteArray versioned = QByteArrayLiteral("libopencv_imgcodecs.so.") +
                                     QByteArray::number(CV_VERSION_MAJOR * 100 + CV_VERSION_MINOR);
        void *lib = ::dlopen(versioned.constData(), RTLD_NOW | RTLD_LOCAL);
        if (!lib)
            lib = ::dlopen("libopencv_imgcodecs.so", RTLD_NOW | RTLD_LOCAL);
        return lib ? reinterpret_cast<Imdecode>(::dlsym(lib, kImdecode)) : nullptr;
    }();
    return fn;
}

// A decoder's pixels, in a cv::Mat of their shape.
class MatSink : public PixelSink {
public:
    unsigned char *allocate(const PixelLayout &layout, std::size_t *step) override
    {
        mat.create(layout.height, layout.width, CV_MAKETYPE(layout.wide ? CV_16U : CV_8U, layout.channels));
        *step = mat.step[0];
        return mat.data;
    }
    cv::Mat mat;
};

using DecodeInto = std::optional<PixelLayout> (*)(QByteArrayView, const DecodeRequest &, PixelSink &,
                                                  QString *);

cv::Mat decodeToMat(DecodeInto decoder, QByteArrayView bytes, const DecodeRequest &request, QString *error)
{
    MatSink sink;
    if (!decoder(bytes, request, sink, error))
        return {};
    if (request.channels == 1 && sink.mat.channels() != 1) // a CMYK JPEG, a WebP
        cv::cvtColor(sink.mat, sink.mat, sink.mat.channels() == 4 ? cv::COLOR_BGRA2GRAY : cv::COLOR_BGR2GRAY);
    return sink.mat;
}

PixelView viewOf(const cv::Mat &image)
{
    if (image.empty() || (image.depth() != CV_8U && image.depth() != CV_16U))
        return {};
    return PixelView{image.data,
                     PixelLayout{image.cols, image.rows, image.channels(), image.depth() == CV_16U},
                     image.step[0]};
}

} // namespace

cv::Mat decodeJpeg(QByteArrayView bytes, const DecodeRequest &request, QString *error)
{
    return decodeToMat(decodeJpegInto, bytes, request, error);
}

cv::Mat decodePng(QByteArrayView bytes, const DecodeRequest &request, QString *error)
{
    return decodeToMat(decodePngInto, bytes, request, error);
}

cv::Mat decodeWebp(QByteArrayView bytes, const DecodeRequest &request, QString *error)
{
    return decodeToMat(decodeWebpInto, bytes, request, error);
}

QByteArray encodeJpeg(const cv::Mat &image, int quality, bool progressive)
{
    return image.depth() == CV_8U ? encodeJpeg(viewOf(image), quality, progressive) : QByteArray();
}

QByteArray encodePng(const cv::Mat &image)
{
    return encodePng(viewOf(image));
}

QByteArray encodeWebp(const cv::Mat &image, int quality)
{
    if (image.depth() != CV_8U)
        return {};
    if (image.channels() != 1)
        return encodeWebp(viewOf(image), quality);
    cv::Mat colour;
    cv::cvtColor(image, colour, cv::COLOR_GRAY2BGR);
    return encodeWebp(viewOf(colour), quality);
}

cv::Mat decodeWithOpenCv(QByteArrayView bytes, const DecodeRequest &request, QString *error)
{
    const Imdecode fn = imdecode();
    if (!fn) {
        *error = QStringLiteral("OpenCV's imgcodecs library, which reads this format, is not installed");
        return {};
    }
    int flags = kUnchanged;
    if (request.channels == 1)
        flags = kGrayscale | kIgnoreOrientation;
    else if (request.channels == 3)
        flags = kColor | kIgnoreOrientation;
    const cv::Mat buffer(1, int(bytes.size()), CV_8U, const_cast<char *>(bytes.data()));
    try {
        cv::Mat image = fn(buffer, flags);
        if (image.empty())
            *error = QStringLiteral("the data is corrupt or cut short");
        return image;
    } catch (const cv::Exception &e) {
        *error = QString::fromStdString(e.msg);
        return {};
    }
}

cv::Mat decodeAny(QByteArrayView bytes, ImageFormat format, const DecodeRequest &request, QString *error)
{
    switch (format) {
    case ImageFormat::Jpeg:
        return decodeJpeg(bytes, request, error);
    case ImageFormat::Png:
        return decodePng(bytes, request, error);
    case ImageFormat::WebP:
        return decodeWebp(bytes, request, error);
    case ImageFormat::Bmp:
    case ImageFormat::Gif:
    case ImageFormat::Tiff:
        return decodeWithOpenCv(bytes, request, error);
    case ImageFormat::Unknown:
        break;
    }
    *error = QStringLiteral("unknown image format");
    return {};
}

bool writeImageFile(const QString &path, const cv::Mat &image)
{
    const QString lower = path.toLower();
    QByteArray bytes;
    if (lower.endsWith(QLatin1String(".png")))
        bytes = encodePng(image);
    else if (lower.endsWith(QLatin1String(".jpg")) || lower.endsWith(QLatin1String(".jpeg")))
        bytes = encodeJpeg(image);
    else if (lower.endsWith(QLatin1String(".webp")))
        bytes = encodeWebp(image);
    if (bytes.isEmpty())
        return false;
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size() && f.flush();
}

} // namespace qs
