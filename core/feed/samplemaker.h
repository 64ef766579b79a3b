#pragma once

#include "base/result.h"
#include "example/featurespec.h"
#include "feed/preprocess.h"
#include "feed/sample.h"

#include <QByteArrayView>

namespace qs {

class ExampleParser;

// The decode half of a reader (TensorFlow's parse_single_example + decode ops + the script's
// preprocessing), shared by the reader threads, the naive feed and the held-out loader so all
// three turn a record into exactly the same Sample:
//   parse -> decode with the FeatureSpec -> preprocess to the model's InputSpec (a 1 x D CV_32F
//   row in Sample::image) -> an 8-bit RGB (or grey) thumbnail of thumbnailSize x thumbnailSize.
// Errors (not an Example, a missing feature, a label outside [0, numClasses), ...) carry `where`.
//
// Threads: make() is const and touches no shared state; each thread passes its own parser.
class SampleMaker {
public:
    static constexpr int kThumbnailSize = 32;

    SampleMaker() = default;
    // scaledJpeg: decode a JPEG larger than the model input (and the thumbnail) at the smallest
    // DCT scale that still covers both, then resize (TensorFlow's decode_jpeg(ratio=...)).
    SampleMaker(FeatureSpec spec, InputSpec input, bool scaledJpeg = true,
                int thumbnailSize = kThumbnailSize);

    const FeatureSpec &spec() const { return m_spec; }
    const InputSpec &input() const { return m_input; }

    Result<Sample> make(ExampleParser &parser, QByteArrayView record, const Location &where) const;

private:
    FeatureSpec m_spec;
    InputSpec m_input;
    int m_thumbnailSize = kThumbnailSize;
    bool m_scaledJpeg = true;
};

} // namespace qs
