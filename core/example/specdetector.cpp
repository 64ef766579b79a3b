#include "example/specdetector.h"

#include "example/detectionrules.h"

#include <set>

namespace qs {

namespace {

void detectImage(std::span<const ParsedExample> samples, const ImageOverrides &o,
                 const std::set<QString> &keys, const Location &where, ImageChecker check, Detection *out)
{
    if (o.disabled) {
        out->imageStatus =
            Status(ErrorKind::FailedPrecondition,
                   QStringLiteral("the feature spec turns the image off (\"image\": null)"), where);
        return;
    }
    if (samples.empty()) {
        out->imageStatus =
            Status(ErrorKind::NotFound, QStringLiteral("no records to look for an image in"), where);
        return;
    }
    if (o.key) {
        Result<detail::ImageCandidate> c = detail::evaluateImage(*o.key, samples, o, true, check);
        if (c)
            out->spec.image = c->spec;
        else
            out->imageStatus =
                Status(ErrorKind::InvalidArgument,
                       QStringLiteral("the image feature '%1' named in the spec cannot be used: %2")
                           .arg(*o.key, c.status().message()),
                       where);
        return;
    }
    std::optional<detail::ImageCandidate> best;
    QStringList rejected;
    for (const QString &key : keys) {
        Result<detail::ImageCandidate> c = detail::evaluateImage(key, samples, o, false, check);
        if (!c) {
            if (detail::looksLikeImageName(key))
                rejected << QStringLiteral("'%1': %2").arg(key, c.status().message());
            continue;
        }
        if (!best || c->score > best->score)
            best = *c;
    }
    if (best) {
        out->spec.image = best->spec;
        return;
    }
    QString message = QStringLiteral("no image feature found in %1 sampled record(s); the features are: %2")
                          .arg(samples.size())
                          .arg(out->schema.summary());
    if (!rejected.isEmpty())
        message += QStringLiteral(". Not usable: ") + rejected.join(QStringLiteral("; "));
    message +=
        QStringLiteral(". Name the image feature with --image-feature KEY (the spec's \"image\": {\"key\": "
                       "...}) if it is there.");
    out->imageStatus = Status(ErrorKind::NotFound, message, where);
}

void detectLabel(std::span<const ParsedExample> samples, const LabelOverrides &o,
                 const std::set<QString> &keys, const Location &where, Detection *out)
{
    if (o.disabled || samples.empty())
        return;
    if (o.key) {
        Result<detail::LabelCandidate> c = detail::evaluateLabel(*o.key, samples, o, true);
        if (c)
            out->spec.label = c->spec;
        else
            out->labelStatus =
                Status(ErrorKind::InvalidArgument,
                       QStringLiteral("the label feature '%1' named in the spec cannot be used: %2")
                           .arg(*o.key, c.status().message()),
                       where);
        return;
    }
    std::set<QString> taken;
    if (const auto &image = out->spec.image)
        taken = {image->key, image->heightKey, image->widthKey, image->channelsKey};
    std::optional<detail::LabelCandidate> best;
    for (const QString &key : keys) {
        if (taken.count(key))
            continue;
        Result<detail::LabelCandidate> c = detail::evaluateLabel(key, samples, o, false);
        if (!c && detail::labelNameScore(key) > 0)
            out->labelRejected << QStringLiteral("'%1': %2").arg(key, c.status().message());
        if (c && (!best || c->score > best->score))
            best = *c;
    }
    if (best)
        out->spec.label = best->spec;
}

} // namespace

Detection detectFeatureSpec(std::span<const ParsedExample> samples, const SpecOverrides &overrides,
                            const QString &file, ImageChecker check)
{
    Detection out;
    std::set<QString> keys; // every context/Example key seen in the samples, in order
    for (const ParsedExample &sample : samples) {
        out.schema.add(sample);
        for (const auto &entry : sample.features) {
            if (!entry.first.isEmpty()) // a feature spec cannot name the empty key
                keys.insert(entry.first);
        }
    }
    const Location where{file, -1, -1};
    detectImage(samples, overrides.image, keys, where, check, &out);
    detectLabel(samples, overrides.label, keys, where, &out);
    return out;
}

} // namespace qs
