#pragma once

#include "train/model.h"

#include <opencv2/ml.hpp>

#include <memory>

namespace qs {

struct AnnMlpFile;

struct AnnMlpOptions {
    InputSpec input;             // 16x16x3 by default
    int classes = 4;             // 2..1000
    int hidden = 64;             // units in the one hidden layer, 2..4096
    double learningRate = 0.001; // OpenCV's BACKPROP dw scale; OpenCV accepts [0.001, 1]
    double momentum = 0.3;       // OpenCV's BACKPROP moment scale, [0, 1)

    Status validate() const; // InvalidArgument naming the field
};

// A multi-layer perceptron {D, hidden, classes} on OpenCV's cv::ml::ANN_MLP, trained one
// batch per trainStep (see Model for the calling contract and threads).
//
// - Activation: symmetric sigmoid f(x) = 1.7159 tanh(2x/3) (OpenCV's SIGMOID_SYM with its
//   default parameters) in both layers. Targets are +1 for the label's output and -1 for the
//   others, inside f's range, where LeCun's "Efficient BackProp" puts them.
// - Training: ANN_MLP::BACKPROP. One trainStep = one train() call with one pass over the
//   batch: OpenCV updates the weights after each sample, in a shuffled order, with
//   `learningRate` and `momentum` (the momentum does not carry from one step to the next).
//   NO_INPUT_SCALE | NO_OUTPUT_SCALE always: OpenCV would otherwise fix its scaling from the
//   first batch alone; preprocessImage() normalises instead.
// - Initialisation: the model draws the weights itself (a fixed seed), every weight and bias
//   of a layer uniform with standard deviation gain / sqrt(fan-in) (LeCun's "Efficient
//   BackProp"), gain 2 for the hidden layer and 1 for the output layer. OpenCV's own
//   Nguyen-Widrow start draws the output weights from [-1, 1], which lets an output unit
//   saturate once the hidden units grow; with it the demo settled on three classes of four
//   in 2 of 50 runs (scripts/demoseeds.sh). All steps pass UPDATE_WEIGHTS.
// - Predictions (scores, predict, evaluate, the step's loss and accuracy, save) use an
//   exponential moving average of the trained weights, as a TensorFlow script evaluates
//   with tf.train.ExponentialMovingAverage(0.99, num_updates = step): after step t the
//   average moves by 1 - min(0.99, (1 + t) / (10 + t)) towards the weights. Per-sample
//   updates leave the last weights noisy; the average is not.
// - Loss: mean squared error between outputs and targets, averaged over rows and outputs
//   (what BACKPROP minimises). Roughly 1.0 or more for an untrained net, 0 for perfect outputs.
// - Same batches in the same order give the same weights: training is deterministic.
class AnnMlpModel final : public Model {
public:
    static Result<std::unique_ptr<AnnMlpModel>> create(const AnnMlpOptions &options);
    // A model made from a save file: input spec, classes, hidden units and hyper-parameters
    // as saved.
    static Result<std::unique_ptr<AnnMlpModel>> open(const QString &path);

    const AnnMlpOptions &options() const { return m_options; }

    QString kind() const override;
    InputSpec inputSpec() const override { return m_options.input; }
    int classCount() const override { return m_options.classes; }
    bool isTrained() const override { return m_trained; }
    qint64 stepCount() const override { return m_steps; }

    Result<StepResult> trainStep(const cv::Mat &inputs, const std::vector<int> &labels) override;
    Result<cv::Mat> scores(const cv::Mat &inputs) const override;
    Result<std::vector<int>> predict(const cv::Mat &inputs) const override;
    Result<EvalResult> evaluate(const cv::Mat &inputs, const std::vector<int> &labels) const override;

    // The file format is in annmlpfile.h (YAML, about 1.7 MB for 16x16x3 and 64 hidden units),
    // written through QSaveFile, so a failed save leaves an older file as it was; it holds
    // the averaged weights. load() keeps this model's learning rate and momentum and takes
    // the hidden size, weights and step count from the file; training goes on from those
    // weights (as both the trained and the averaged ones); OpenCV's sample shuffling
    // restarts from its fixed seed.
    Status save(const QString &path) const override;
    Status load(const QString &path) override;

    void reset() override;

private:
    explicit AnnMlpModel(const AnnMlpOptions &options);
    void adopt(AnnMlpFile &&file); // a decoded save file's network, hidden size and steps

    cv::Ptr<cv::ml::ANN_MLP> makeNetwork(int hidden) const; // with the initial weights
    void updateAverage(qint64 step); // after step `step` (0 = the first) has trained m_net
    Status checkInputs(const cv::Mat &inputs) const;
    Status checkLabels(const std::vector<int> &labels, int rows) const;
    cv::Mat targetsFor(const std::vector<int> &labels) const;
    Status weightsAreFinite() const;

    AnnMlpOptions m_options;
    cv::Ptr<cv::ml::ANN_MLP> m_net;     // the weights BACKPROP trains
    cv::Ptr<cv::ml::ANN_MLP> m_average; // their moving average; null until the first step
    bool m_trained = false;
    qint64 m_steps = 0;
};

} // namespace qs
