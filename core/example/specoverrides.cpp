#include "example/specoverrides.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace qs {

namespace {

Status bad(const QString &what)
{
    return invalidArgument(QStringLiteral("feature spec: %1").arg(what));
}

Status checkMembers(const QJsonObject &o, const QString &where, std::initializer_list<const char *> known)
{
    QSet<QString> names;
    for (const char *k : known)
        names.insert(QString::fromLatin1(k));
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!names.contains(it.key()))
            return bad(QStringLiteral("unknown member '%1' in \"%2\"").arg(it.key(), where));
    }
    return Status::ok();
}

Status readString(const QJsonObject &o, const char *name, std::optional<QString> *out)
{
    const QJsonValue v = o.value(QLatin1String(name));
    if (v.isUndefined())
        return Status::ok();
    if (!v.isString())
        return bad(QStringLiteral("\"%1\" must be a string").arg(QLatin1String(name)));
    *out = v.toString();
    return Status::ok();
}

Status readInt(const QJsonObject &o, const char *name, qint64 lo, qint64 hi, std::optional<int> *out)
{
    const QJsonValue v = o.value(QLatin1String(name));
    if (v.isUndefined())
        return Status::ok();
    const double d = v.toDouble(-1.5);
    if (!v.isDouble() || d != std::floor(d) || d < double(lo) || d > double(hi))
        return bad(
            QStringLiteral("\"%1\" must be an integer in [%2, %3]").arg(QLatin1String(name)).arg(lo).arg(hi));
    *out = int(d);
    return Status::ok();
}

// The image or label key: a spec cannot use the empty one (FeatureSpec::validate refuses it).
Status readKey(const QJsonObject &o, std::optional<QString> *out)
{
    if (Status s = readString(o, "key", out); !s)
        return s;
    if (*out && (*out)->isEmpty())
        return bad(QStringLiteral("\"key\" must not be empty"));
    return Status::ok();
}

template<typename E, typename FromName>
Status readEnum(const QJsonObject &o, const char *name, FromName fromName, std::optional<E> *out)
{
    std::optional<QString> text;
    if (Status s = readString(o, name, &text); !s)
        return s;
    if (!text)
        return Status::ok();
    *out = fromName(*text);
    if (!*out)
        return bad(QStringLiteral("\"%1\" has an unknown value '%2'").arg(QLatin1String(name), *text));
    return Status::ok();
}

Status readRange(const QJsonObject &o, std::optional<ValueRange> *out)
{
    const QJsonValue v = o.value(QLatin1String("range"));
    if (v.isUndefined())
        return Status::ok();
    const QJsonArray a = v.toArray();
    if (!v.isArray() || a.size() != 2 || !a[0].isDouble() || !a[1].isDouble())
        return bad(QStringLiteral("\"range\" must be [min, max]"));
    const ValueRange r{a[0].toDouble(), a[1].toDouble()};
    if (!std::isfinite(r.min) || !std::isfinite(r.max) || !(r.max > r.min))
        return bad(QStringLiteral("\"range\" needs finite min < max, got [%1, %2]").arg(r.min).arg(r.max));
    *out = r;
    return Status::ok();
}

Status readImage(const QJsonObject &o, ImageOverrides *out)
{
    if (Status s = checkMembers(o, QStringLiteral("image"),
                                {"key", "encoding", "format", "dtype", "height", "width", "channels",
                                 "height_key", "width_key", "channels_key", "range", "reason"});
        !s)
        return s;
    const Status steps[] = {
        readKey(o, &out->key),
        readEnum(o, "encoding", imageEncodingFromName, &out->encoding),
        readEnum(o, "dtype", pixelTypeFromName, &out->dtype),
        readInt(o, "height", 0, kMaxImageSide, &out->height),
        readInt(o, "width", 0, kMaxImageSide, &out->width),
        readInt(o, "channels", 0, 4, &out->channels),
        readString(o, "height_key", &out->heightKey),
        readString(o, "width_key", &out->widthKey),
        readString(o, "channels_key", &out->channelsKey),
        readRange(o, &out->range),
    };
    for (const Status &s : steps) {
        if (!s)
            return s;
    }
    if (out->channels && *out->channels == 2)
        return bad(QStringLiteral("\"channels\" must be 0, 1, 3 or 4"));
    return Status::ok();
}

Status readLabel(const QJsonObject &o, LabelOverrides *out)
{
    if (Status s = checkMembers(o, QStringLiteral("label"),
                                {"key", "encoding", "num_classes", "classes_seen", "reason", "class_names",
                                 "class_names_scanned", "class_names_complete"});
        !s)
        return s;
    const Status steps[] = {
        readKey(o, &out->key),
        readEnum(o, "encoding", labelEncodingFromName, &out->encoding),
        readInt(o, "num_classes", 0, kMaxLabel, &out->numClasses),
    };
    for (const Status &s : steps) {
        if (!s)
            return s;
    }
    return Status::ok();
}

} // namespace

bool ImageOverrides::any() const
{
    return disabled || key || encoding || dtype || height || width || channels || heightKey || widthKey ||
           channelsKey || range;
}

bool LabelOverrides::any() const
{
    return disabled || key || encoding || numClasses;
}

Result<SpecOverrides> SpecOverrides::fromJson(const QJsonObject &json)
{
    SpecOverrides out;
    if (Status s = checkMembers(json, QStringLiteral("spec"), {"image", "label"}); !s)
        return s;
    const QJsonValue image = json.value(QLatin1String("image"));
    if (image.isNull())
        out.image.disabled = true;
    else if (image.isObject()) {
        if (Status s = readImage(image.toObject(), &out.image); !s)
            return s;
    } else if (!image.isUndefined())
        return bad(QStringLiteral("\"image\" must be an object or null"));

    const QJsonValue label = json.value(QLatin1String("label"));
    if (label.isNull())
        out.label.disabled = true;
    else if (label.isObject()) {
        if (Status s = readLabel(label.toObject(), &out.label); !s)
            return s;
    } else if (!label.isUndefined())
        return bad(QStringLiteral("\"label\" must be an object or null"));
    return out;
}

QJsonObject SpecOverrides::toJson() const
{
    QJsonObject out;
    if (image.disabled) {
        out.insert(QStringLiteral("image"), QJsonValue::Null);
    } else if (image.any()) {
        QJsonObject o;
        const auto put = [&o](const char *name, const auto &value) {
            if (value)
                o.insert(QLatin1String(name), *value);
        };
        put("key", image.key);
        if (image.encoding)
            o.insert(QStringLiteral("encoding"), imageEncodingName(*image.encoding));
        if (image.dtype)
            o.insert(QStringLiteral("dtype"), pixelTypeName(*image.dtype));
        put("height", image.height);
        put("width", image.width);
        put("channels", image.channels);
        put("height_key", image.heightKey);
        put("width_key", image.widthKey);
        put("channels_key", image.channelsKey);
        if (image.range)
            o.insert(QStringLiteral("range"), QJsonArray{image.range->min, image.range->max});
        out.insert(QStringLiteral("image"), o);
    }
    if (label.disabled) {
        out.insert(QStringLiteral("label"), QJsonValue::Null);
    } else if (label.any()) {
        QJsonObject o;
        if (label.key)
            o.insert(QStringLiteral("key"), *label.key);
        if (label.encoding)
            o.insert(QStringLiteral("encoding"), labelEncodingName(*label.encoding));
        if (label.numClasses)
            o.insert(QStringLiteral("num_classes"), *label.numClasses);
        out.insert(QStringLiteral("label"), o);
    }
    return out;
}

namespace {

// Quoted for a POSIX shell: '...' with each ' written as '\''.
QString shellQuoted(const QString &text)
{
    QString quoted = text;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QString plainOrQuoted(const QString &text)
{
    static const QString safe =
        QStringLiteral("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_/.-");
    const bool plain =
        !text.isEmpty() && std::all_of(text.begin(), text.end(), [](QChar c) { return safe.contains(c); });
    return plain ? text : shellQuoted(text);
}

} // namespace

QStringList SpecOverrides::cliFlags() const
{
    // The shorthands cannot say "no image", an encoding, a range, shape keys or a class count,
    // nor a shape without its height and width.
    const bool noShape = !image.height && !image.width && !image.channels;
    const bool shapeFits = noShape || (image.height && image.width);
    const bool shorthand = !image.disabled && !image.encoding && !image.heightKey && !image.widthKey &&
                           !image.channelsKey && !image.range && shapeFits && !label.encoding &&
                           !label.numClasses && (label.disabled || label.key || !label.any());
    QStringList flags;
    if (!shorthand) {
        flags << QStringLiteral("--spec")
              << shellQuoted(QString::fromUtf8(QJsonDocument(toJson()).toJson(QJsonDocument::Compact)));
        return flags;
    }
    if (image.key)
        flags << QStringLiteral("--image-feature") << plainOrQuoted(*image.key);
    if (image.dtype)
        flags << QStringLiteral("--image-dtype") << pixelTypeName(*image.dtype);
    if (image.height && image.width)
        flags << QStringLiteral("--image-shape")
              << (image.channels
                      ? QStringLiteral("%1x%2x%3").arg(*image.height).arg(*image.width).arg(*image.channels)
                      : QStringLiteral("%1x%2").arg(*image.height).arg(*image.width));
    if (label.disabled)
        flags << QStringLiteral("--label-feature") << QStringLiteral("none");
    else if (label.key)
        flags << QStringLiteral("--label-feature") << plainOrQuoted(*label.key);
    return flags;
}

} // namespace qs
