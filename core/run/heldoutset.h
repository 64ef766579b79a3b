#pragma once

#include "base/result.h"

#include <opencv2/core.hpp>

#include <functional>
#include <vector>

namespace qs {

struct RunContext;

// The held-out data the trainer evaluates on, kept in memory: at most eval_max_samples rows.
// From eval_file when one is given (its records in order), else the held-out records of the
// training files (see HoldOut), read in the files' order. Loaded once by the trainer before it
// trains, with the training files' spec. Records that cannot be read or decoded are skipped and
// counted (a damaged record is the readers' business to report); a missing eval file is an
// error naming it.
struct HeldOutSet {
    cv::Mat inputs; // N x D CV_32F
    std::vector<int> labels;
    qint64 skipped = 0;

    int size() const { return int(labels.size()); }
    bool isEmpty() const { return labels.empty(); }

    // `stop` is polled between records; loading ends early (with what it has) when it says so.
    static Result<HeldOutSet> load(const RunContext &context, const std::function<bool()> &stop = {});
};

} // namespace qs
