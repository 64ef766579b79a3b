#pragma once

#include "base/result.h"
#include "base/status.h"
#include "example/featurespec.h"
#include "example/parsedexample.h"

#include <opencv2/core/mat.hpp>

namespace qs {

// One training sample: an 8-bit HxWx1 or HxWx3 image (BGR, as OpenCV expects) and the class
// index, or -1 when the spec has no label.
struct DecodedSample {
    cv::Mat image;
    int label = -1;
};

// How encoded images are decoded. minWidth x minHeight is the size the caller resizes the image
// down to next (the model's input, or the larger of it and a thumbnail); 0 means the full image
// is wanted. With scaledJpeg (the default) a JPEG larger than that is decoded at the smallest
// DCT scale M/8 that still covers it, which skips most of the decoding work; resizing that to
// the target differs from resizing the full decode by about one level on average (measured on
// the real JPEG fixtures in tst_scaledjpeg). Other formats, and raw pixels, are always whole.
struct DecodeOptions {
    int minWidth = 0;
    int minHeight = 0;
    bool scaledJpeg = true;
};

// Reads a record's image and label the way `spec` says. Errors (InvalidArgument, carrying
// `where`) for a missing or ill-typed feature, undecodable image bytes, a byte count that does
// not match height*width*channels, dimensions beyond kMaxImagePixels / kMaxImageSide (checked
// with overflow-safe arithmetic before anything is allocated), a label that is missing,
// negative or outside [0, numClasses). Raw and float pixels are scaled from spec.range onto
// 0..255, finite values outside the range clamped to its ends; a NaN or an infinity among them
// is an error naming the image feature and the value's index ("image 'x' holds nan at value 5
// of 192"), since it has no place on 0..255 and usually means a broken writer. A one-hot label
// that is not one because of a NaN or an infinity says so. Three-channel raw pixels are taken
// as RGB (like tf.io.decode_raw data) and turned to BGR. Labels: an Argmax label is the index
// of its one largest score (a tie is an error); a ClassName label is the name's place in
// spec.classNames, and a name not in the list is an error naming it and how the list was made.
//
// Stateless and thread-safe: reader threads call it concurrently, each on its own record.
Result<DecodedSample> decode(const ParsedExample &example, const FeatureSpec &spec, const Location &where,
                             const DecodeOptions &options = {});

Result<cv::Mat> decodeImage(const ParsedExample &example, const ImageSpec &spec, const Location &where,
                            const DecodeOptions &options = {});
Result<int> decodeLabel(const ParsedExample &example, const LabelSpec &spec, const Location &where);

} // namespace qs
