#pragma once

#include "base/result.h"
#include "feed/recordstream.h"

#include <QStringList>

#include <opencv2/core.hpp>

#include <functional>
#include <vector>

namespace qs {

class SampleMaker;

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

    // Where the held-out records come from: evalFile when set, else the records of `files`
    // that `holdOut` selects; at most maxSamples of them (0: none).
    struct Source {
        QString evalFile;
        QStringList files;
        HoldOut holdOut;
        int maxSamples = 1000;
        Compression compression = Compression::Auto; // of the training files (an eval file is detected)
    };
    // `stop` is polled between records; loading ends early (with what it has) when it says so.
    static Result<HeldOutSet> load(const Source &source, const SampleMaker &maker,
                                   const std::function<bool()> &stop = {});
};

} // namespace qs
