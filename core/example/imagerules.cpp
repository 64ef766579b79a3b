#include "example/detectionrules.h"

#include "example/imageformat.h"

#include <QtEndian>

#include <algorithm>
#include <cmath>
#include <limits>

namespace qs::detail {

namespace {

constexpr int kNameBonus = 50;

Status reject(const QString &why)
{
    return invalidArgument(why);
}

} // namespace

bool looksLikeImageName(const QString &key)
{
    const QString lower = key.toLower();
    for (const char *word :
         {"image", "img", "encoded", "raw", "pixel", "jpeg", "jpg", "png", "picture", "photo", "frame"}) {
        if (lower.contains(QLatin1String(word)))
            return true;
    }
    return false;
}

namespace {

struct Present {
    qsizetype index;
    const ParsedExample *sample;
    const Feature *feature;
};

Result<ImageCandidate> evaluateEncoded(const QString &key, const std::vector<Present> &present,
                                       const ImageOverrides &o, bool chosenByUser, ImageChecker check)
{
    ImageSpec spec;
    spec.key = key;
    spec.encoding = ImageEncoding::Encoded;
    spec.format = sniffImageFormat(present.front().feature->bytes.front());
    bool mixed = false;
    for (const Present &p : present) {
        const ImageFormat f = sniffImageFormat(p.feature->bytes.front());
        if (f == ImageFormat::Unknown && !chosenByUser)
            return reject(
                QStringLiteral("the value in sampled record %1 starts with [%2], no image signature")
                    .arg(p.index)
                    .arg(leadingBytesHex(p.feature->bytes.front())));
        mixed = mixed || f != spec.format;
    }
    spec.channels = o.channels.value_or(0);
    // Decode every sample: this proves the choice and fixes gray or colour for all records.
    const Result<ImageSize> first =
        check(*present.front().sample, spec, Location{{}, present.front().index, -1});
    if (!first)
        return reject(
            QStringLiteral("sampled record %1: %2").arg(present.front().index).arg(first.status().message()));
    if (spec.channels == 0)
        spec.channels = first->channels == 1 ? 1 : 3;
    for (const Present &p : present) {
        const Result<ImageSize> image = check(*p.sample, spec, Location{{}, p.index, -1});
        if (!image)
            return reject(QStringLiteral("sampled record %1: %2").arg(p.index).arg(image.status().message()));
    }
    spec.reason =
        QStringLiteral("'%1' holds %2 data in %3 sampled record(s)%4; the first decodes to %5x%6x%7")
            .arg(key, imageFormatName(spec.format).toUpper())
            .arg(present.size())
            .arg(mixed ? QStringLiteral(" (formats vary)") : QString())
            .arg(first->height)
            .arg(first->width)
            .arg(first->channels);
    return ImageCandidate{spec, 300};
}

QString shapeSource(qint64 value, std::optional<int> fixed, const QString &key)
{
    if (fixed.value_or(0) > 0)
        return QStringLiteral("%1 (given)").arg(value);
    if (!key.isEmpty())
        return QStringLiteral("%1 ('%2')").arg(value).arg(key);
    return QString::number(value);
}

// Raw bytes and float lists share the shape logic; only the element reading differs.
Result<ImageCandidate> evaluatePixels(const QString &key, const std::vector<Present> &present,
                                      std::span<const ParsedExample> samples, const ImageOverrides &o,
                                      bool chosenByUser, bool raw, ImageChecker check)
{
    const ShapeKeys keys = findShapeKeys(key, samples, o);
    const bool hasShapeKeys = !keys.height.isEmpty() || !keys.width.isEmpty();
    if (raw && !chosenByUser && !hasShapeKeys && !looksLikeImageName(key) &&
        looksLikeText(present.front().feature->bytes.front()))
        return reject(QStringLiteral("its values read as text"));

    std::optional<Fit> common;
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    for (const Present &p : present) {
        const Result<Dims> dims = dimsOf(*p.sample, p.index, o, keys);
        if (!dims)
            return dims.status();
        const QByteArray *bytes = raw ? &p.feature->bytes.front() : nullptr;
        const qint64 count = raw ? bytes->size() : qint64(p.feature->floats.size());
        const Result<Fit> fit = fitShape(count, *dims, o.dtype, raw, bytes, chosenByUser);
        if (!fit)
            return reject(QStringLiteral("sampled record %1: %2").arg(p.index).arg(fit.status().message()));
        if (common) {
            const bool sameFixed = (!keys.height.isEmpty() || fit->h == common->h) &&
                                   (!keys.width.isEmpty() || fit->w == common->w) &&
                                   (!keys.channels.isEmpty() || fit->c == common->c);
            if (fit->dtype != common->dtype || !sameFixed)
                return reject(
                    QStringLiteral("sampled records %1 and %2 read as different shapes or pixel types "
                                   "(%3x%4x%5 %6 and %7x%8x%9 %10)")
                        .arg(present.front().index)
                        .arg(p.index)
                        .arg(common->h)
                        .arg(common->w)
                        .arg(common->c)
                        .arg(pixelTypeName(common->dtype))
                        .arg(fit->h)
                        .arg(fit->w)
                        .arg(fit->c)
                        .arg(pixelTypeName(fit->dtype)));
        } else {
            common = *fit;
        }
        // The value range, for scaling onto 0..255.
        if (raw && fit->dtype == PixelType::Int16) {
            const auto *d = reinterpret_cast<const uchar *>(bytes->constData());
            for (qsizetype i = 0; i + 1 < bytes->size(); i += 2) {
                const double v = qFromLittleEndian<qint16>(d + i);
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
        } else if (raw && fit->dtype == PixelType::Float32) {
            const auto *d = reinterpret_cast<const uchar *>(bytes->constData());
            for (qsizetype i = 0; i + 3 < bytes->size(); i += 4) {
                const double v = qFromLittleEndian<float>(d + i);
                if (std::isfinite(v)) {
                    lo = std::min(lo, v);
                    hi = std::max(hi, v);
                }
            }
        } else if (!raw) {
            for (const float v : p.feature->floats) {
                if (std::isfinite(v)) {
                    lo = std::min(lo, double(v));
                    hi = std::max(hi, double(v));
                }
            }
        }
    }

    ImageSpec spec;
    spec.key = key;
    spec.encoding = raw ? ImageEncoding::Raw : ImageEncoding::FloatPixels;
    spec.dtype = common->dtype;
    spec.heightKey = keys.height;
    spec.widthKey = keys.width;
    spec.channelsKey = keys.channels;
    spec.height = keys.height.isEmpty() ? int(common->h) : 0;
    spec.width = keys.width.isEmpty() ? int(common->w) : 0;
    spec.channels = keys.channels.isEmpty() ? int(common->c) : 0;
    const bool scaled = !raw || spec.dtype != PixelType::UInt8;
    spec.range = o.range  ? *o.range
                 : scaled ? rangeFor(lo, hi, spec.dtype, !raw || spec.dtype == PixelType::Float32)
                          : ValueRange{0, 255};

    const QString shape =
        QStringLiteral("%1 x %2 x %3")
            .arg(shapeSource(common->h, o.height, keys.height), shapeSource(common->w, o.width, keys.width),
                 shapeSource(common->c, o.channels, keys.channels));
    const QString how = common->guessed ? QStringLiteral(", the %1 that fits (no height/width features)")
                                              .arg(common->h == common->w ? QStringLiteral("square")
                                                                          : QStringLiteral("shape"))
                                        : QString();
    if (raw)
        spec.reason = QStringLiteral("'%1' holds raw %2 pixels: %3 bytes = %4%5")
                          .arg(key, pixelTypeName(spec.dtype))
                          .arg(present.front().feature->bytes.front().size())
                          .arg(shape, how);
    else
        spec.reason = QStringLiteral("'%1' holds %2 floats = %3%4")
                          .arg(key)
                          .arg(present.front().feature->floats.size())
                          .arg(shape, how);
    if (scaled)
        spec.reason += QStringLiteral("; values %1..%2 read as the range [%3, %4]")
                           .arg(lo)
                           .arg(hi)
                           .arg(spec.range.min)
                           .arg(spec.range.max);

    // Check the samples with the chosen spec as the readers will decode them (decodeImage()'s
    // checks: the `check` given, see imagecheck.h).
    for (const Present &p : present) {
        const Result<ImageSize> image = check(*p.sample, spec, Location{{}, p.index, -1});
        if (!image)
            return reject(QStringLiteral("sampled record %1: %2").arg(p.index).arg(image.status().message()));
    }
    const int score = (raw ? 200 : 150) - (common->guessed ? 80 : 0);
    return ImageCandidate{spec, score};
}

} // namespace

Result<ImageCandidate> evaluateImage(const QString &key, std::span<const ParsedExample> samples,
                                     const ImageOverrides &o, bool chosenByUser, ImageChecker check)
{
    if (!chosenByUser && labelNameScore(key) > 0)
        return reject(QStringLiteral("it is named like a label"));
    std::vector<Present> present;
    for (qsizetype i = 0; i < qsizetype(samples.size()); ++i) {
        const ParsedExample &sample = samples[size_t(i)];
        if (const Feature *f = sample.find(key))
            present.push_back({i, &sample, f});
        else if (!chosenByUser)
            return reject(QStringLiteral("it is missing from sampled record %1").arg(i));
    }
    if (present.empty())
        return reject(QStringLiteral("it is in none of the %1 sampled records").arg(samples.size()));
    const FeatureKind kind = present.front().feature->kind;
    for (const Present &p : present) {
        if (p.feature->kind != kind)
            return reject(QStringLiteral("it is %1 in sampled record %2 but %3 in record %4")
                              .arg(featureKindName(kind))
                              .arg(present.front().index)
                              .arg(featureKindName(p.feature->kind))
                              .arg(p.index));
        if (kind == FeatureKind::Bytes && p.feature->bytes.size() != 1)
            return reject(QStringLiteral("it holds %1 bytes values in sampled record %2, not one")
                              .arg(p.feature->bytes.size())
                              .arg(p.index));
    }

    Result<ImageCandidate> out = reject(QString());
    if (kind == FeatureKind::Float &&
        o.encoding.value_or(ImageEncoding::FloatPixels) == ImageEncoding::FloatPixels) {
        out = evaluatePixels(key, present, samples, o, chosenByUser, false, check);
    } else if (kind == FeatureKind::Bytes && o.encoding != ImageEncoding::FloatPixels) {
        const bool anyMagic = std::any_of(present.begin(), present.end(), [](const Present &p) {
            return sniffImageFormat(p.feature->bytes.front()) != ImageFormat::Unknown;
        });
        const ImageEncoding encoding =
            o.encoding.value_or(anyMagic ? ImageEncoding::Encoded : ImageEncoding::Raw);
        out = encoding == ImageEncoding::Encoded
                  ? evaluateEncoded(key, present, o, chosenByUser, check)
                  : evaluatePixels(key, present, samples, o, chosenByUser, true, check);
    } else if (o.encoding) {
        return reject(QStringLiteral("a %1 feature cannot hold a %2 image")
                          .arg(featureKindName(kind), imageEncodingName(*o.encoding)));
    } else {
        return reject(QStringLiteral("%1 features hold no images").arg(featureKindName(kind)));
    }
    if (out && looksLikeImageName(key))
        out->score += kNameBonus;
    return out;
}

} // namespace qs::detail
