#pragma once

// Internal to the example room: the rules specdetector.cpp applies to one candidate key.

#include "base/result.h"
#include "example/featurespec.h"
#include "example/imagecheck.h"
#include "example/parsedexample.h"
#include "example/specoverrides.h"

#include <span>

namespace qs::detail {

struct ImageCandidate {
    ImageSpec spec;
    int score = 0; // higher is more convincing
};

struct LabelCandidate {
    LabelSpec spec;
    int score = 0;
};

// Whether `key` reads as an image feature in every sample (or, when `chosenByUser`, in the
// samples that have it), honouring `overrides`; `check` decodes each sample's image with the
// candidate spec. The error says why not.
Result<ImageCandidate> evaluateImage(const QString &key, std::span<const ParsedExample> samples,
                                     const ImageOverrides &overrides, bool chosenByUser, ImageChecker check);

// Whether `key` reads as a class label (a single int64, or a one-hot list).
Result<LabelCandidate> evaluateLabel(const QString &key, std::span<const ParsedExample> samples,
                                     const LabelOverrides &overrides, bool chosenByUser);

bool looksLikeImageName(const QString &key);
int labelNameScore(const QString &key); // 0: not named like a label

// Shape features chosen for an image key: int64 scalars named like height/width/channels
// (height, image/height, img_height, rows ... depth, channels), or the user's choice.
struct ShapeKeys {
    QString height;
    QString width;
    QString channels;
};
ShapeKeys findShapeKeys(const QString &imageKey, std::span<const ParsedExample> samples,
                        const ImageOverrides &overrides);

// A sample's shape as far as the user and the shape features say; 0 is unknown.
struct Dims {
    qint64 h = 0;
    qint64 w = 0;
    qint64 c = 0;
};
Result<Dims> dimsOf(const ParsedExample &sample, qsizetype index, const ImageOverrides &overrides,
                    const ShapeKeys &keys);

struct Fit {
    qint64 h = 0;
    qint64 w = 0;
    qint64 c = 0;
    PixelType dtype = PixelType::UInt8;
    bool guessed = false; // the shape came from a square (or one known side), not from the data
};
// Fits `count` elements (bytes for raw data, with `bytes` the value; floats for a float list)
// to a shape: from the known dimensions when there are some, else the square that fits.
Result<Fit> fitShape(qint64 count, const Dims &known, std::optional<PixelType> dtype, bool raw,
                     const QByteArray *bytes, bool chosenByUser);

bool looksLikeText(const QByteArray &bytes);
// The range that maps sampled values [lo, hi] onto 0..255: 0..1, -0.5..0.5, -1..1, 0..255, the usual
// int16 ranges, else [lo, hi] itself.
ValueRange rangeFor(double lo, double hi, PixelType dtype, bool floats);

} // namespace qs::detail
