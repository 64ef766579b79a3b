#pragma once

#include "base/result.h"
#include "feed/preprocess.h"
#include "feed/recordstream.h"
#include "record/compression.h"
#include "run/runconfig.h"

#include <QJsonObject>
#include <QStringList>

namespace qs {

struct DatasetProbe;

// The run's compression knob ("auto", "none", "gzip", "zlib"; validate() checks it).
Compression compressionOf(const PipelineConfig &config);

// What a run decides about its data before any thread starts, and tells the user (Pipeline::create):
//  - the model's input: with input_follows_data, the first image's size and channels (1 for
//    gray, 3 otherwise), scaled down keeping the aspect to at most kMaxInputValues values
//    (28x28x1 stays, 64x64x3 becomes 16x16x3); else image_width x image_height x 3;
//  - label or none: without a usable label the run feeds the input pipeline only, nothing held out;
//  - epochs: with min_steps > 0 and num_epochs > 0, the training records of one epoch are counted
//    (stopping once num_epochs of them make enough) and num_epochs is raised to
//    ceil(target x batch_size / training records), target = max(min_steps, max_steps) (0, until
//    stopped, when that is beyond an int). An epoch of fewer records than a batch, or fewer than
//    kFewBatches batches, gets a notice with the records, the batch size, the steps per epoch and
//    what was chosen; a run that can train no step at all gets a warning saying what to change.
// The notices are English text for people; toJson() is the "run_plan" note the run records.
struct RunPlan {
    static constexpr int kMaxInputValues = 784; // 28 x 28 x 1; 16 x 16 x 3 = 768
    static constexpr int kFewBatches = 5;
    static constexpr qint64 kCountLimit = 10'000'000;

    InputSpec input;
    QString inputFrom;      // "data" or "config"
    bool inputOnly = false; // no usable label
    QString noLabel;        // why, with the features and the flag (DatasetProbe::noLabel)
    HoldOut holdOut;
    qint64 trainRecords = -1; // training records of one epoch; -1 when not counted
    bool countedAll = false;  // false when counting stopped early (there are at least trainRecords)
    int batchSize = 0;
    bool smallerFinalBatch = false;
    int epochsGiven = 0;
    int epochs = 0;            // num_epochs as the run uses it
    qint64 stepsPerEpoch = -1; // -1 when not counted
    QStringList notices;       // before the run: what was chosen
    QStringList warnings;      // before the run: what will go wrong (no step, no label)

    static Result<RunPlan> make(RunConfig *config, const DatasetProbe &probe);
    QJsonObject toJson() const;
};

} // namespace qs
