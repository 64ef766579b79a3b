#pragma once

#include "base/result.h"
#include "feed/preprocess.h"

#include <opencv2/core.hpp>

#include <vector>

namespace qs {

// Figures of one training step, measured on that step's batch.
struct StepResult {
    double loss = 0;     // the model's loss (see the implementation), averaged over the batch
    double accuracy = 0; // fraction of the batch whose argmax output equals the label
    int count = 0;       // batch rows
    // True when loss and accuracy come from the weights as they were before this step's
    // update (what TensorFlow's sess.run([train_op, loss]) reports). False only on a step
    // that had to create the weights first (the first step after construction or reset()).
    bool beforeUpdate = true;
};

struct EvalResult {
    double loss = 0;
    double accuracy = 0;
    int count = 0;
};

// A classifier trained one batch at a time: what the Trainer drives.
//
// Inputs are N x inputSpec().featureCount() CV_32F rows made by preprocessImage() /
// preprocessBatch(); labels are N ints in [0, classCount()). Every call checks its arguments
// and returns InvalidArgument (naming the offending row and value) instead of failing
// inside OpenCV. Nothing here throws.
//
// Threads: a Model is not thread-safe. All calls, trainStep, predict and evaluate alike,
// must come from one thread at a time, in practice the trainer thread. It may be created on
// one thread and handed to another as long as the hand-over is synchronised (a queued
// signal, a mutex, a thread start). Readers elsewhere (the UI) see the figures the Trainer
// copies out, never the Model.
class Model {
public:
    virtual ~Model() = default;

    virtual QString kind() const = 0; // "ann_mlp": the save file's kind, the UI's label
    virtual InputSpec inputSpec() const = 0;
    virtual int classCount() const = 0;
    virtual bool isTrained() const = 0;   // has weights: trained at least once or loaded
    virtual qint64 stepCount() const = 0; // trainStep calls since reset (restored by load)

    // One update on the batch. Empty batches, shape or label errors: InvalidArgument, and
    // the weights are untouched. A step that makes the weights non-finite: Internal.
    virtual Result<StepResult> trainStep(const cv::Mat &inputs, const std::vector<int> &labels) = 0;

    // N x classCount() CV_32F raw outputs (higher = more likely); FailedPrecondition before
    // the model has weights.
    virtual Result<cv::Mat> scores(const cv::Mat &inputs) const = 0;
    // Argmax of scores() per row.
    virtual Result<std::vector<int>> predict(const cv::Mat &inputs) const = 0;
    virtual Result<EvalResult> evaluate(const cv::Mat &inputs, const std::vector<int> &labels) const = 0;

    // save: FailedPrecondition before the model has weights; file errors name the path.
    // load: the file must hold a model of the same kind, input spec and class count.
    virtual Status save(const QString &path) const = 0;
    virtual Status load(const QString &path) = 0;

    // Forget the weights and the step count; the next trainStep starts afresh.
    virtual void reset() = 0;
};

} // namespace qs
