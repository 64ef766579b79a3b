#pragma once

#include "base/result.h"
#include "bench/stagerate.h"

#include <opencv2/core.hpp>

#include <vector>

namespace qs {

struct AnnMlpOptions;

// The training step alone: a fresh AnnMlpModel made with `options` trains on batches of
// `batchSize` rows cut in turn from `inputs` (N x D CV_32F model inputs, rows reused when
// there are fewer than a batch) and `labels`, for about `seconds`, after one untimed step
// that creates the weights. Items are samples (steps x batchSize). The model's own errors
// (a wrong width, a label out of range) are returned.
Result<StageRate> measureTrainStep(const AnnMlpOptions &options, const cv::Mat &inputs,
                                   const std::vector<int> &labels, int batchSize, double seconds);

} // namespace qs
