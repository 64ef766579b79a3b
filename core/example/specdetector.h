#pragma once

#include "base/result.h"
#include "example/featurespec.h"
#include "example/imagecheck.h"
#include "example/parsedexample.h"
#include "example/schema.h"
#include "example/specoverrides.h"

#include <span>

namespace qs {

// The outcome of looking at the first records of a file.
struct Detection {
    FeatureSpec spec;
    Schema schema;      // of the sampled records
    Status imageStatus; // ok, or why there is no image: names the features found, with kinds and counts
    Status labelStatus; // ok, or why a label the user asked for cannot be used
    QStringList labelRejected; // features named like a label that could not be one: "'key': why"

    // The spec when it can feed training (an image was found and the label override, if
    // any, holds); otherwise the first problem. `inspect` prints the schema either way.
    // Inline: queuescope-cli's front reads it without linking the decoders.
    Result<FeatureSpec> forTraining() const
    {
        if (!imageStatus)
            return imageStatus;
        if (!labelStatus)
            return labelStatus;
        return spec;
    }
};

inline constexpr int kDetectionSampleRecords = 16;

// Chooses the image and label features from sample records (typically the first
// kDetectionSampleRecords of a file). Whatever `overrides` fixes is taken as given and only
// checked; the rest is detected:
//  - image: a bytes feature whose values start with JPEG/PNG/BMP/WebP/GIF/TIFF magic (Encoded);
//    else a bytes feature of raw pixels whose size fits height/width/channels int64 features
//    of the same record, the user's shape, or a square; else a float list of pixels. Names
//    like image/img/encoded/raw/pixels/jpeg/png are preferred.
//  - label: a single int64 named like a label (exact "label" first), else a one-hot list.
// `file` only labels errors. `check` proves an image choice on each sample: by default every
// format, with OpenCV for BMP, GIF and TIFF; queuescope-cli's front passes checkImage, which
// needs no OpenCV, when needsOpenCvDecoder(samples) is false. Pure function of its inputs; safe
// to call from any thread.
Detection detectFeatureSpec(std::span<const ParsedExample> samples, const SpecOverrides &overrides = {},
                            const QString &file = {}, ImageChecker check = checkImageAnyFormat);

} // namespace qs
