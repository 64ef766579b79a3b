#include "example/featurespec.h"

#include "example/specoverrides.h"

#include <QJsonArray>

namespace qs {

QString imageEncodingName(ImageEncoding e)
{
    switch (e) {
    case ImageEncoding::Raw:
        return QStringLiteral("raw");
    case ImageEncoding::FloatPixels:
        return QStringLiteral("float_pixels");
    case ImageEncoding::Encoded:
        break;
    }
    return QStringLiteral("encoded");
}

std::optional<ImageEncoding> imageEncodingFromName(const QString &name)
{
    for (ImageEncoding e : {ImageEncoding::Encoded, ImageEncoding::Raw, ImageEncoding::FloatPixels}) {
        if (name == imageEncodingName(e))
            return e;
    }
    return std::nullopt;
}

QString pixelTypeName(PixelType t)
{
    switch (t) {
    case PixelType::Int16:
        return QStringLiteral("int16");
    case PixelType::Float32:
        return QStringLiteral("float32");
    case PixelType::UInt8:
        break;
    }
    return QStringLiteral("uint8");
}

std::optional<PixelType> pixelTypeFromName(const QString &name)
{
    for (PixelType t : {PixelType::UInt8, PixelType::Int16, PixelType::Float32}) {
        if (name == pixelTypeName(t))
            return t;
    }
    return std::nullopt;
}

int pixelTypeSize(PixelType t)
{
    switch (t) {
    case PixelType::Int16:
        return 2;
    case PixelType::Float32:
        return 4;
    case PixelType::UInt8:
        break;
    }
    return 1;
}

QString labelEncodingName(LabelEncoding e)
{
    switch (e) {
    case LabelEncoding::OneHot:
        return QStringLiteral("one_hot");
    case LabelEncoding::Argmax:
        return QStringLiteral("argmax");
    case LabelEncoding::ClassName:
        return QStringLiteral("class_name");
    case LabelEncoding::Int64:
        break;
    }
    return QStringLiteral("int64");
}

std::optional<LabelEncoding> labelEncodingFromName(const QString &name)
{
    for (LabelEncoding e :
         {LabelEncoding::Int64, LabelEncoding::OneHot, LabelEncoding::Argmax, LabelEncoding::ClassName}) {
        if (name == labelEncodingName(e))
            return e;
    }
    return std::nullopt;
}

QJsonObject FeatureSpec::toJson() const
{
    QJsonObject out;
    if (image) {
        const ImageSpec &i = *image;
        QJsonObject o{{QStringLiteral("key"), i.key},
                      {QStringLiteral("encoding"), imageEncodingName(i.encoding)},
                      {QStringLiteral("height"), i.height},
                      {QStringLiteral("width"), i.width},
                      {QStringLiteral("channels"), i.channels},
                      {QStringLiteral("reason"), i.reason}};
        if (i.encoding == ImageEncoding::Encoded)
            o.insert(QStringLiteral("format"), imageFormatName(i.format));
        if (i.encoding == ImageEncoding::Raw)
            o.insert(QStringLiteral("dtype"), pixelTypeName(i.dtype));
        if (i.encoding != ImageEncoding::Encoded)
            o.insert(QStringLiteral("range"), QJsonArray{i.range.min, i.range.max});
        if (!i.heightKey.isEmpty())
            o.insert(QStringLiteral("height_key"), i.heightKey);
        if (!i.widthKey.isEmpty())
            o.insert(QStringLiteral("width_key"), i.widthKey);
        if (!i.channelsKey.isEmpty())
            o.insert(QStringLiteral("channels_key"), i.channelsKey);
        out.insert(QStringLiteral("image"), o);
    } else {
        out.insert(QStringLiteral("image"), QJsonValue::Null);
    }
    if (label) {
        QJsonObject o{{QStringLiteral("key"), label->key},
                      {QStringLiteral("encoding"), labelEncodingName(label->encoding)},
                      {QStringLiteral("num_classes"), label->numClasses},
                      {QStringLiteral("classes_seen"), label->classesSeen},
                      {QStringLiteral("reason"), label->reason}};
        if (label->encoding == LabelEncoding::ClassName) {
            o.insert(QStringLiteral("class_names"), QJsonArray::fromStringList(label->classNames));
            o.insert(QStringLiteral("class_names_scanned"), label->classNamesScanned);
            o.insert(QStringLiteral("class_names_complete"), label->classNamesComplete);
        }
        out.insert(QStringLiteral("label"), o);
    } else {
        out.insert(QStringLiteral("label"), QJsonValue::Null);
    }
    return out;
}

Result<FeatureSpec> FeatureSpec::fromJson(const QJsonObject &json)
{
    Result<SpecOverrides> parsed = SpecOverrides::fromJson(json);
    if (!parsed)
        return parsed.status();
    const SpecOverrides &o = *parsed;
    FeatureSpec spec;
    if (o.image.any() && !o.image.disabled) {
        const QJsonObject j = json.value(QLatin1String("image")).toObject();
        if (!o.image.key || !o.image.encoding)
            return invalidArgument(QStringLiteral("feature spec: \"image\" needs \"key\" and \"encoding\""));
        ImageSpec i;
        i.key = *o.image.key;
        i.encoding = *o.image.encoding;
        i.dtype = o.image.dtype.value_or(PixelType::UInt8);
        i.height = o.image.height.value_or(0);
        i.width = o.image.width.value_or(0);
        i.channels = o.image.channels.value_or(0);
        i.heightKey = o.image.heightKey.value_or(QString());
        i.widthKey = o.image.widthKey.value_or(QString());
        i.channelsKey = o.image.channelsKey.value_or(QString());
        i.range = o.image.range.value_or(ValueRange{});
        i.format =
            imageFormatFromName(j.value(QLatin1String("format")).toString()).value_or(ImageFormat::Unknown);
        i.reason = j.value(QLatin1String("reason")).toString();
        spec.image = i;
    }
    if (o.label.any() && !o.label.disabled) {
        const QJsonObject j = json.value(QLatin1String("label")).toObject();
        if (!o.label.key)
            return invalidArgument(QStringLiteral("feature spec: \"label\" needs \"key\""));
        LabelSpec l;
        l.key = *o.label.key;
        l.encoding = o.label.encoding.value_or(LabelEncoding::Int64);
        l.numClasses = o.label.numClasses.value_or(0);
        l.classesSeen = j.value(QLatin1String("classes_seen")).toInt();
        for (const QJsonValue &name : j.value(QLatin1String("class_names")).toArray())
            l.classNames << name.toString();
        l.classNamesScanned = j.value(QLatin1String("class_names_scanned")).toInteger();
        l.classNamesComplete = j.value(QLatin1String("class_names_complete")).toBool();
        l.reason = j.value(QLatin1String("reason")).toString();
        spec.label = l;
    }
    if (Status s = spec.validate(); !s)
        return s;
    return spec;
}

Status FeatureSpec::validate() const
{
    const auto bad = [](const QString &m) { return invalidArgument(QStringLiteral("feature spec: ") + m); };
    if (image) {
        const ImageSpec &i = *image;
        if (i.key.isEmpty())
            return bad(QStringLiteral("the image key is empty"));
        if (i.height < 0 || i.width < 0 || i.height > kMaxImageSide || i.width > kMaxImageSide)
            return bad(QStringLiteral("image size %1x%2 is out of range").arg(i.height).arg(i.width));
        if (i.channels != 0 && i.channels != 1 && i.channels != 3 && i.channels != 4)
            return bad(QStringLiteral("image channels must be 0, 1, 3 or 4, not %1").arg(i.channels));
        if (i.encoding == ImageEncoding::Encoded && i.channels == 4)
            return bad(QStringLiteral("encoded images decode to 1 or 3 channels (0 keeps the file's)"));
        if (i.encoding != ImageEncoding::Encoded) {
            if ((i.height == 0 && i.heightKey.isEmpty()) || (i.width == 0 && i.widthKey.isEmpty()))
                return bad(QStringLiteral("%1 image '%2' needs a height and width (fixed or from keys)")
                               .arg(imageEncodingName(i.encoding), i.key));
            if (i.channels == 0 && i.channelsKey.isEmpty())
                return bad(QStringLiteral("%1 image '%2' needs a channel count (fixed or from a key)")
                               .arg(imageEncodingName(i.encoding), i.key));
            if (!(i.range.max > i.range.min))
                return bad(
                    QStringLiteral("the value range [%1, %2] is empty").arg(i.range.min).arg(i.range.max));
        }
    }
    if (label) {
        if (label->key.isEmpty())
            return bad(QStringLiteral("the label key is empty"));
        if (label->numClasses < 0 || label->numClasses > kMaxLabel)
            return bad(QStringLiteral("num_classes %1 is out of range").arg(label->numClasses));
        if (label->classNames.size() > kMaxLabel)
            return bad(QStringLiteral("%1 class names are too many").arg(label->classNames.size()));
    }
    return Status::ok();
}

} // namespace qs
