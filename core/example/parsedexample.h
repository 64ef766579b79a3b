#pragma once

#include "example/feature.h"

#include <QString>

#include <map>

namespace qs {

using FeatureMap = std::map<QString, Feature>;            // sorted by key
using FeatureListMap = std::map<QString, QList<Feature>>; // one Feature per time step

// A parsed tf.train.Example or tf.train.SequenceExample as a plain value. For a
// SequenceExample `features` holds its context. The two are identical on the wire unless
// feature_lists is present, so `isSequence` is true only when it was.
struct ParsedExample {
    FeatureMap features;
    bool isSequence = false;
    FeatureListMap featureLists;

    const Feature *find(const QString &key) const; // nullptr when absent

    friend bool operator==(const ParsedExample &, const ParsedExample &) = default;
};

} // namespace qs
