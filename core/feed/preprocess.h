#pragma once

#include "base/result.h"

#include <opencv2/core.hpp>

#include <vector>

namespace qs {

// The shape of a model's input: images are resized to width x height and given `channels`
// channels (1 = grey, 3 = BGR) before they are flattened into one row.
struct InputSpec {
    int width = 16;
    int height = 16;
    int channels = 3;

    int featureCount() const { return width * height * channels; }
    Status validate() const;  // width, height in [1, 1024]; channels 1 or 3
    QString toString() const; // "16x16x3"
    friend bool operator==(const InputSpec &, const InputSpec &) = default;
};

// From a decoded 8-bit image (1, 3 or 4 channels, BGR(A) order as OpenCV decodes, any size)
// to one model input row, 1 x spec.featureCount() CV_32F:
//  1. resize to spec.width x spec.height with INTER_AREA (skipped when already that size);
//  2. convert to spec.channels: grey <-> BGR with OpenCV's luma weights, alpha dropped;
//  3. standardise per image, as TensorFlow's tf.image.per_image_standardization does:
//     (v - mean) / max(stddev, 1 / sqrt(featureCount())) over all values of the image, so
//     each row has mean 0 and variance 1 (all zeros for a flat image). This takes out
//     brightness and contrast, which the demo shapes vary at random; with inputs in [-1, 1]
//     instead the MLP learns several times slower;
//  4. flatten row-major with interleaved channels: feature (y * width + x) * channels + c.
// InvalidArgument for an empty image, a depth other than 8-bit or another channel count.
Result<cv::Mat> preprocessImage(const cv::Mat &image, const InputSpec &spec);

// The same, written into `row` (1 x featureCount() CV_32F, e.g. a row of a batch matrix).
Status preprocessInto(const cv::Mat &image, const InputSpec &spec, cv::Mat row);

// N images to an N x featureCount() CV_32F batch. The error names the image's index.
Result<cv::Mat> preprocessBatch(const std::vector<cv::Mat> &images, const InputSpec &spec);

// What the model sees, for display: a row back to a width x height 8-bit image (CV_8UC1 or
// CV_8UC3), value 128 + 64 v saturated (the mean is mid-grey, +-2 standard deviations span
// the range). InvalidArgument when `row` is not 1 x featureCount() CV_32F.
Result<cv::Mat> inputToImage(const cv::Mat &row, const InputSpec &spec);

} // namespace qs
