#include "train/annmlpmodel.h"

#include "train/annmlpfile.h"

#include <cmath>

namespace qs {

namespace {

constexpr double kTarget = 1.0; // +kTarget for the label's output, -kTarget elsewhere
constexpr quint64 kInitSeed = 0x5eed5eedULL;
constexpr double kHiddenGain = 2.0; // measured: 0.25 learns too slowly, 2 beats 1 (scripts/demoseeds.sh)
constexpr double kAverageDecay = 0.99;

// ANN_MLP's layers 0 and L, L+1 are the input and output scalings (a, b pairs per value);
// layers 1..L-1 the weight matrices, (fan-in + 1) x units with the bias in the last row.
void initialiseWeights(cv::ml::ANN_MLP &net)
{
    const cv::Mat sizes = net.getLayerSizes();
    const int layers = sizes.rows * sizes.cols;
    auto identity = [](cv::Mat scale) {
        for (int j = 0; j < scale.cols; j += 2) {
            scale.at<double>(0, j) = 1;
            scale.at<double>(0, j + 1) = 0;
        }
    };
    identity(net.getWeights(0)); // what NO_INPUT_SCALE and NO_OUTPUT_SCALE set
    identity(net.getWeights(layers));
    identity(net.getWeights(layers + 1));
    cv::RNG rng(kInitSeed);
    for (int layer = 1; layer < layers; ++layer) {
        const double gain = layer < layers - 1 ? kHiddenGain : 1.0;
        const double half = gain * std::sqrt(3.0 / sizes.at<int>(layer - 1)); // U(-h, h): sd h / sqrt(3)
        cv::Mat w = net.getWeights(layer); // a header on the network's own weights
        rng.fill(w, cv::RNG::UNIFORM, -half, half);
    }
}

// A trained copy of `net` through OpenCV's own serialisation (ANN_MLP has no clone).
cv::Ptr<cv::ml::ANN_MLP> copyOf(const cv::ml::ANN_MLP &net)
{
    cv::FileStorage out(".yml", cv::FileStorage::WRITE | cv::FileStorage::MEMORY);
    out << "network"
        << "{";
    net.write(out);
    out << "}";
    const cv::FileStorage in(out.releaseAndGetString(), cv::FileStorage::READ | cv::FileStorage::MEMORY);
    cv::Ptr<cv::ml::ANN_MLP> copy = cv::ml::ANN_MLP::create();
    copy->read(in["network"]);
    return copy;
}

// Loss (mean squared error over rows and outputs) and accuracy of outputs against labels.
void measure(const cv::Mat &outputs, const std::vector<int> &labels, double *loss, double *accuracy)
{
    double squared = 0;
    int correct = 0;
    for (int i = 0; i < outputs.rows; ++i) {
        const float *row = outputs.ptr<float>(i);
        int best = 0;
        for (int c = 0; c < outputs.cols; ++c) {
            const double target = c == labels[size_t(i)] ? kTarget : -kTarget;
            squared += (row[c] - target) * (row[c] - target);
            if (row[c] > row[best])
                best = c;
        }
        correct += best == labels[size_t(i)];
    }
    *loss = squared / (double(outputs.rows) * outputs.cols);
    *accuracy = double(correct) / outputs.rows;
}

} // namespace

Status AnnMlpOptions::validate() const
{
    if (Status s = input.validate(); !s.isOk())
        return s;
    if (classes < 2 || classes > 1000)
        return invalidArgument(QStringLiteral("classes must be in [2, 1000] (got %1)").arg(classes));
    if (hidden < 2 || hidden > 4096)
        return invalidArgument(QStringLiteral("hidden units must be in [2, 4096] (got %1)").arg(hidden));
    if (!(learningRate >= 0.001 && learningRate <= 1.0))
        return invalidArgument(
            QStringLiteral("learning rate must be in [0.001, 1] (got %1)").arg(learningRate));
    if (!(momentum >= 0.0 && momentum < 1.0))
        return invalidArgument(QStringLiteral("momentum must be in [0, 1) (got %1)").arg(momentum));
    return Status::ok();
}

Result<std::unique_ptr<AnnMlpModel>> AnnMlpModel::create(const AnnMlpOptions &options)
{
    if (Status s = options.validate(); !s.isOk())
        return s;
    return std::unique_ptr<AnnMlpModel>(new AnnMlpModel(options));
}

Result<std::unique_ptr<AnnMlpModel>> AnnMlpModel::open(const QString &path)
{
    Result<std::string> text = readModelFile(path);
    if (!text)
        return text.status();
    Result<AnnMlpFile> file = decodeAnnMlpFile(*text, path);
    if (!file)
        return file.status();
    std::unique_ptr<AnnMlpModel> model(new AnnMlpModel(file->header.options));
    model->adopt(std::move(file).value());
    return model;
}

AnnMlpModel::AnnMlpModel(const AnnMlpOptions &options)
    : m_options(options)
    , m_net(makeNetwork(options.hidden))
{}

QString AnnMlpModel::kind() const
{
    return QLatin1String(kAnnMlpKind);
}

cv::Ptr<cv::ml::ANN_MLP> AnnMlpModel::makeNetwork(int hidden) const
{
    cv::Ptr<cv::ml::ANN_MLP> net = cv::ml::ANN_MLP::create();
    net->setLayerSizes(std::vector<int>{m_options.input.featureCount(), hidden, m_options.classes});
    net->setActivationFunction(cv::ml::ANN_MLP::SIGMOID_SYM, 0, 0);
    net->setTrainMethod(cv::ml::ANN_MLP::BACKPROP, m_options.learningRate, m_options.momentum);
    net->setTermCriteria(cv::TermCriteria(cv::TermCriteria::COUNT, 1, 0)); // one pass per step
    initialiseWeights(*net);
    return net;
}

Status AnnMlpModel::checkInputs(const cv::Mat &inputs) const
{
    const int d = m_options.input.featureCount();
    if (inputs.empty())
        return invalidArgument(QStringLiteral("ann_mlp: the batch is empty"));
    if (inputs.type() != CV_32F || inputs.cols != d)
        return invalidArgument(
            QStringLiteral("ann_mlp: inputs must be N x %1 CV_32F (input %2), got %3 x %4 %5")
                .arg(d)
                .arg(m_options.input.toString())
                .arg(inputs.rows)
                .arg(inputs.cols)
                .arg(QString::fromStdString(cv::typeToString(inputs.type()))));
    cv::Point bad;
    if (!cv::checkRange(inputs, true, &bad))
        return invalidArgument(
            QStringLiteral("ann_mlp: input row %1, feature %2 is not a finite number").arg(bad.y).arg(bad.x));
    return Status::ok();
}

Status AnnMlpModel::checkLabels(const std::vector<int> &labels, int rows) const
{
    if (int(labels.size()) != rows)
        return invalidArgument(
            QStringLiteral("ann_mlp: %1 labels for %2 input rows").arg(labels.size()).arg(rows));
    for (size_t i = 0; i < labels.size(); ++i) {
        if (labels[i] < 0 || labels[i] >= m_options.classes)
            return invalidArgument(QStringLiteral("ann_mlp: label %1 of row %2 is outside [0, %3)")
                                       .arg(labels[i])
                                       .arg(i)
                                       .arg(m_options.classes));
    }
    return Status::ok();
}

cv::Mat AnnMlpModel::targetsFor(const std::vector<int> &labels) const
{
    cv::Mat targets(int(labels.size()), m_options.classes, CV_32F, cv::Scalar(-kTarget));
    for (size_t i = 0; i < labels.size(); ++i)
        targets.at<float>(int(i), labels[i]) = float(kTarget);
    return targets;
}

Status AnnMlpModel::weightsAreFinite() const
{
    for (int layer = 1; layer < 3; ++layer) {
        if (!cv::checkRange(m_net->getWeights(layer), true))
            return internalError(
                QStringLiteral("ann_mlp: training diverged at step %1 (weights are not finite); "
                               "lower the learning rate and reset")
                    .arg(m_steps));
    }
    return Status::ok();
}

Result<StepResult> AnnMlpModel::trainStep(const cv::Mat &inputs, const std::vector<int> &labels)
{
    if (Status s = checkInputs(inputs); !s.isOk())
        return s;
    if (Status s = checkLabels(labels, inputs.rows); !s.isOk())
        return s;

    StepResult result;
    result.count = inputs.rows;
    result.beforeUpdate = m_trained;
    if (m_trained) {
        Result<cv::Mat> before = scores(inputs);
        if (!before)
            return before.status();
        measure(*before, labels, &result.loss, &result.accuracy);
    }
    const int flags =
        cv::ml::ANN_MLP::NO_INPUT_SCALE | cv::ml::ANN_MLP::NO_OUTPUT_SCALE | cv::ml::ANN_MLP::UPDATE_WEIGHTS;
    try {
        if (!m_average)
            m_average = copyOf(*m_net); // the initial weights
        const cv::Ptr<cv::ml::TrainData> data =
            cv::ml::TrainData::create(inputs, cv::ml::ROW_SAMPLE, targetsFor(labels));
        if (!m_net->train(data, flags))
            return internalError(QStringLiteral("ann_mlp: OpenCV did not train at step %1").arg(m_steps));
    } catch (const cv::Exception &e) {
        return internalError(QStringLiteral("ann_mlp: training step %1 failed: ").arg(m_steps) +
                             cvErrorText(e));
    }
    m_trained = true;
    ++m_steps;
    if (Status s = weightsAreFinite(); !s.isOk())
        return s; // the average keeps the last finite weights' share
    updateAverage(m_steps - 1);
    if (!result.beforeUpdate) {
        Result<cv::Mat> after = scores(inputs);
        if (!after)
            return after.status();
        measure(*after, labels, &result.loss, &result.accuracy);
    }
    return result;
}

void AnnMlpModel::updateAverage(qint64 step)
{
    const double t = double(step);
    const double decay = std::min(kAverageDecay, (1 + t) / (10 + t));
    const int layers = m_net->getLayerSizes().rows * m_net->getLayerSizes().cols;
    for (int layer = 1; layer < layers; ++layer) {
        cv::Mat average = m_average->getWeights(layer); // headers: updated in place
        cv::addWeighted(average, decay, m_net->getWeights(layer), 1 - decay, 0, average);
    }
}

Result<cv::Mat> AnnMlpModel::scores(const cv::Mat &inputs) const
{
    if (!m_trained)
        return Status(ErrorKind::FailedPrecondition, QStringLiteral("ann_mlp: the model has no weights yet"));
    if (Status s = checkInputs(inputs); !s.isOk())
        return s;
    cv::Mat outputs;
    try {
        m_average->predict(inputs, outputs);
    } catch (const cv::Exception &e) {
        return internalError(QStringLiteral("ann_mlp: prediction failed: ") + cvErrorText(e));
    }
    return outputs;
}

Result<std::vector<int>> AnnMlpModel::predict(const cv::Mat &inputs) const
{
    Result<cv::Mat> outputs = scores(inputs);
    if (!outputs)
        return outputs.status();
    std::vector<int> classes(size_t(outputs->rows));
    for (int i = 0; i < outputs->rows; ++i) {
        cv::Point best;
        cv::minMaxLoc(outputs->row(i), nullptr, nullptr, nullptr, &best);
        classes[size_t(i)] = best.x;
    }
    return classes;
}

Result<EvalResult> AnnMlpModel::evaluate(const cv::Mat &inputs, const std::vector<int> &labels) const
{
    Result<cv::Mat> outputs = scores(inputs);
    if (!outputs)
        return outputs.status();
    if (Status s = checkLabels(labels, inputs.rows); !s.isOk())
        return s;
    EvalResult result;
    result.count = inputs.rows;
    measure(*outputs, labels, &result.loss, &result.accuracy);
    return result;
}

Status AnnMlpModel::save(const QString &path) const
{
    if (!m_trained)
        return Status(ErrorKind::FailedPrecondition,
                      QStringLiteral("ann_mlp: nothing to save, the model has no weights"),
                      Location{path, -1, -1});
    Result<std::string> text = encodeAnnMlpFile(AnnMlpFileHeader{m_options, m_steps}, *m_average, path);
    if (!text)
        return text.status();
    return writeModelFile(path, *text);
}

Status AnnMlpModel::load(const QString &path)
{
    Result<std::string> text = readModelFile(path);
    if (!text)
        return text.status();
    Result<AnnMlpFile> file = decodeAnnMlpFile(*text, path);
    if (!file)
        return file.status();
    const AnnMlpOptions &saved = file->header.options;
    if (saved.input != m_options.input || saved.classes != m_options.classes)
        return Status(
            ErrorKind::InvalidArgument,
            QStringLiteral("model file has input %1 and %2 classes; this model has input %3 and %4 classes")
                .arg(saved.input.toString())
                .arg(saved.classes)
                .arg(m_options.input.toString())
                .arg(m_options.classes),
            Location{path, -1, -1});
    adopt(std::move(file).value());
    return Status::ok();
}

void AnnMlpModel::adopt(AnnMlpFile &&file)
{
    m_net = std::move(file.network);
    m_net->setTrainMethod(cv::ml::ANN_MLP::BACKPROP, m_options.learningRate, m_options.momentum);
    m_net->setTermCriteria(cv::TermCriteria(cv::TermCriteria::COUNT, 1, 0));
    m_average = copyOf(*m_net);
    m_options.hidden = file.header.options.hidden;
    m_steps = file.header.steps;
    m_trained = true;
}

void AnnMlpModel::reset()
{
    m_net = makeNetwork(m_options.hidden);
    m_average.reset();
    m_trained = false;
    m_steps = 0;
}

} // namespace qs
