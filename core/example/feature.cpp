#include "example/feature.h"

#include <QStringDecoder>

#include <algorithm>
#include <cmath>

namespace qs {

QString featureKindName(FeatureKind kind)
{
    switch (kind) {
    case FeatureKind::Bytes:
        return QStringLiteral("bytes");
    case FeatureKind::Float:
        return QStringLiteral("float");
    case FeatureKind::Int64:
        return QStringLiteral("int64");
    case FeatureKind::None:
        break;
    }
    return QStringLiteral("none");
}

std::optional<FeatureKind> featureKindFromName(const QString &name)
{
    for (FeatureKind kind : {FeatureKind::None, FeatureKind::Bytes, FeatureKind::Float, FeatureKind::Int64}) {
        if (name == featureKindName(kind))
            return kind;
    }
    return std::nullopt;
}

qsizetype Feature::count() const
{
    switch (kind) {
    case FeatureKind::Bytes:
        return bytes.size();
    case FeatureKind::Float:
        return qsizetype(floats.size());
    case FeatureKind::Int64:
        return qsizetype(ints.size());
    case FeatureKind::None:
        break;
    }
    return 0;
}

namespace {
template<typename Range> std::optional<OneHot> findSingleOne(const Range &values)
{
    std::optional<OneHot> found;
    qsizetype i = 0;
    for (const auto v : values) {
        if (v == 1) {
            if (found)
                return std::nullopt;
            found = OneHot{i, 0};
        } else if (v != 0) {
            return std::nullopt;
        }
        ++i;
    }
    if (found)
        found->width = i;
    return found;
}
} // namespace

std::optional<OneHot> oneHotIndex(const Feature &feature)
{
    std::optional<OneHot> found;
    switch (feature.kind) {
    case FeatureKind::Bytes:
        if (feature.bytes.size() == 1)
            found = findSingleOne(feature.bytes.front());
        break;
    case FeatureKind::Float:
        found = findSingleOne(feature.floats);
        break;
    case FeatureKind::Int64:
        found = findSingleOne(feature.ints);
        break;
    case FeatureKind::None:
        break;
    }
    if (found && found->width < 2)
        return std::nullopt;
    return found;
}

std::optional<OneHot> argmaxIndex(const Feature &feature)
{
    if (feature.kind != FeatureKind::Float || feature.floats.size() < 2)
        return std::nullopt;
    qsizetype best = 0;
    bool tie = false;
    for (qsizetype i = 0; i < qsizetype(feature.floats.size()); ++i) {
        const float v = feature.floats[size_t(i)];
        if (!std::isfinite(v))
            return std::nullopt;
        if (i == 0)
            continue;
        if (v > feature.floats[size_t(best)]) {
            best = i;
            tie = false;
        } else if (v == feature.floats[size_t(best)]) {
            tie = true;
        }
    }
    if (tie)
        return std::nullopt;
    return OneHot{best, qsizetype(feature.floats.size())};
}

bool looksLikeClassName(const QByteArray &bytes)
{
    if (bytes.isEmpty() || bytes.size() > kMaxClassNameBytes)
        return false;
    if (std::any_of(bytes.begin(), bytes.end(), [](char c) { return uchar(c) < 0x20 || uchar(c) == 0x7F; }))
        return false;
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = utf8.decode(bytes);
    return !utf8.hasError() && !text.trimmed().isEmpty();
}

Feature Feature::ofBytes(QList<QByteArray> values)
{
    Feature f;
    f.kind = FeatureKind::Bytes;
    f.bytes = std::move(values);
    return f;
}

Feature Feature::ofFloats(std::vector<float> values)
{
    Feature f;
    f.kind = FeatureKind::Float;
    f.floats = std::move(values);
    return f;
}

Feature Feature::ofInts(std::vector<qint64> values)
{
    Feature f;
    f.kind = FeatureKind::Int64;
    f.ints = std::move(values);
    return f;
}

} // namespace qs
