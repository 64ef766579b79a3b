#include "example/specoverrides.h"

#include <QJsonArray>
#include <QJsonValue>
#include <QSet>

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
                                {"key", "encoding", "num_classes", "classes_seen", "reason"});
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

} // namespace qs
