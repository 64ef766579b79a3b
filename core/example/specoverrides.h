#pragma once

#include "base/result.h"
#include "example/featurespec.h"

#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace qs {

// What the user fixed by hand; detection fills in the rest. Every member of ImageSpec and
// LabelSpec (except the informational ones) can be given.
struct ImageOverrides {
    bool disabled = false; // "image": null — use no image
    std::optional<QString> key;
    std::optional<ImageEncoding> encoding;
    std::optional<PixelType> dtype;
    std::optional<int> height;
    std::optional<int> width;
    std::optional<int> channels;
    std::optional<QString> heightKey;
    std::optional<QString> widthKey;
    std::optional<QString> channelsKey;
    std::optional<ValueRange> range;

    bool any() const;
    friend bool operator==(const ImageOverrides &, const ImageOverrides &) = default;
};

struct LabelOverrides {
    bool disabled = false; // "label": null — train without labels
    std::optional<QString> key;
    std::optional<LabelEncoding> encoding;
    std::optional<int> numClasses;

    bool any() const;
    friend bool operator==(const LabelOverrides &, const LabelOverrides &) = default;
};

struct SpecOverrides {
    ImageOverrides image;
    LabelOverrides label;

    // The same shape as FeatureSpec::toJson, every member optional: {"image": {"key": "img",
    // "height": 64}, "label": null}. A missing "image"/"label" means "detect it"; null means
    // "none". Unknown members and ill-typed values are errors (they are usually typos).
    static Result<SpecOverrides> fromJson(const QJsonObject &json);
    QJsonObject toJson() const; // what fromJson reads back as the same overrides; {} for none
    bool any() const { return image.any() || label.any(); }
    // The `queuescope-cli run` flags that ask for the same: the shorthands (--image-feature,
    // --image-dtype, --image-shape, --label-feature) when they say it all, else one --spec with
    // the JSON quoted for a POSIX shell. Empty when nothing is overridden.
    QStringList cliFlags() const;

    friend bool operator==(const SpecOverrides &, const SpecOverrides &) = default;
};

} // namespace qs
