#pragma once

#include "base/result.h"
#include "example/imageformat.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace qs {

// How the image of a record is stored.
enum class ImageEncoding : quint8 {
    Encoded,     // one bytes value holding a JPEG/PNG/BMP/WebP/GIF/TIFF file
    Raw,         // one bytes value holding pixels, read like tf.io.decode_raw (little-endian)
    FloatPixels, // a float list holding the pixels
};
enum class PixelType : quint8 { UInt8, Int16, Float32 }; // element type of Raw pixels

QString imageEncodingName(ImageEncoding e); // "encoded", "raw", "float_pixels"
std::optional<ImageEncoding> imageEncodingFromName(const QString &name);
QString pixelTypeName(PixelType t); // "uint8", "int16", "float32"
std::optional<PixelType> pixelTypeFromName(const QString &name);
int pixelTypeSize(PixelType t);

// Source values in [min, max] map linearly onto 0..255 (Raw int16/float32, FloatPixels).
struct ValueRange {
    double min = 0;
    double max = 255;
    friend bool operator==(const ValueRange &, const ValueRange &) = default;
};

struct ImageSpec {
    QString key;
    ImageEncoding encoding = ImageEncoding::Encoded;
    ImageFormat format = ImageFormat::Unknown; // Encoded: what the sampled records held
    PixelType dtype = PixelType::UInt8;        // Raw only
    // Fixed shape; 0 means "per record, from the key below". For Encoded, channels 1 or 3
    // asks the decoder for gray or colour, 0 keeps what the file holds.
    int height = 0;
    int width = 0;
    int channels = 0;
    QString heightKey; // int64 features holding the shape per record (Raw, FloatPixels)
    QString widthKey;
    QString channelsKey;
    ValueRange range;
    QString reason; // why detection chose this, for people

    friend bool operator==(const ImageSpec &, const ImageSpec &) = default;
};

enum class LabelEncoding : quint8 {
    Int64,     // one int64 value: the class index
    OneHot,    // an int64/float list or a bytes value of 0/1 with exactly one 1
    Argmax,    // a float list of scores (soft or smoothed one-hot): the class is the largest one's index
    ClassName, // one bytes value holding the class's name: its index in classNames
};
QString labelEncodingName(LabelEncoding e); // "int64", "one_hot", "argmax", "class_name"
std::optional<LabelEncoding> labelEncodingFromName(const QString &name);

struct LabelSpec {
    QString key;
    LabelEncoding encoding = LabelEncoding::Int64;
    int numClasses = 0;  // > 0: labels must lie in [0, numClasses) (user's value, or the one-hot width)
    int classesSeen = 0; // max label + 1 over the sampled records; informational
    QString reason;
    // ClassName: the distinct names in sorted (code point) order; a name's index is its class.
    // Detection fills them from the sampled records, a run's probe from a scan of the files;
    // classNamesScanned counts the records read, classNamesComplete says whether that was all.
    QStringList classNames = {};
    qint64 classNamesScanned = 0;
    bool classNamesComplete = false;

    friend bool operator==(const LabelSpec &, const LabelSpec &) = default;
};

// Where a record's image and label are and how to read them. A plain value.
struct FeatureSpec {
    std::optional<ImageSpec> image;
    std::optional<LabelSpec> label;

    // {"image": {...} or null, "label": {...} or null}; see featurespec.cpp for the members.
    QJsonObject toJson() const;
    static Result<FeatureSpec> fromJson(const QJsonObject &json);
    Status validate() const; // shapes, ranges and names make sense

    friend bool operator==(const FeatureSpec &, const FeatureSpec &) = default;
};

// Upper bounds that keep hostile records from making us allocate without limit.
inline constexpr qint64 kMaxImagePixels = 100'000'000;
inline constexpr qint64 kMaxImageSide = 1 << 20;
inline constexpr qint64 kMaxLabel = 1'000'000;
// The buffer an image decoder fills before the image becomes 8-bit: room for kMaxImagePixels
// of 8-bit RGBA, so a 16-bit RGBA PNG or a float TIFF must be smaller (ImageDims::bytesPerPixel).
inline constexpr qint64 kMaxDecodeBytes = 4 * kMaxImagePixels;

} // namespace qs
