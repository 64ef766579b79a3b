// The formats without a decoder of our own (BMP, GIF, TIFF) go to cv::imdecode, which is looked
// up in libopencv_imgcodecs with dlopen() the first time one is met. Linking it would load some
// 130 libraries (GDAL, HDF5, poppler, codecs) into every start of the program for formats that
// TFRecords rarely hold.
#include "example/imagecodecs.h"

#include <opencv2/core.hpp>

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

} // namespace

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
