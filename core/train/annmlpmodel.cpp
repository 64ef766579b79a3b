#include "train/annmlpmodel.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <cmath>

namespace qs {

namespace {

constexpr double kTarget = 1.0; // +kTarget for the label's output, -kTarget elsewhere
constexpr const char *kRootKey = "queuescope_model";
constexpr const char *kNetworkKey = "network";
constexpr const char *kKind = "ann_mlp";
constexpr int kFileVersion = 1;

QString cvMessage(const cv::Exception &e)
{
    return QString::fromStdString(e.err.empty() ? e.msg : e.err);
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

// The `queuescope_model` map of a save file.
struct FileHeader {
    AnnMlpOptions options;
    qint64 steps = 0;
};

Status fileError(ErrorKind kind, const QString &path, const QString &message)
{
    return Status(kind, message, Location{path, -1, -1});
}

Result<FileHeader> readHeader(const cv::FileStorage &fs, const QString &path)
{
    const cv::FileNode root = fs[kRootKey];
    if (!root.isMap())
        return fileError(
            ErrorKind::InvalidArgument, path,
            QStringLiteral("not a QueueScope model file: no '%1' map").arg(QLatin1String(kRootKey)));
    const std::string kind = root["kind"].isString() ? root["kind"].string() : std::string();
    if (kind != kKind)
        return fileError(ErrorKind::InvalidArgument, path,
                         QStringLiteral("model file holds a '%1' model, expected '%2'")
                             .arg(QString::fromStdString(kind), QLatin1String(kKind)));
    if (int version = int(root["version"]); version != kFileVersion)
        return fileError(ErrorKind::Unimplemented, path,
                         QStringLiteral("model file version %1 is not supported (expected %2)")
                             .arg(version)
                             .arg(kFileVersion));
    FileHeader h;
    h.options.input = {int(root["input_width"]), int(root["input_height"]), int(root["input_channels"])};
    h.options.classes = int(root["classes"]);
    h.options.hidden = int(root["hidden"]);
    h.options.learningRate = double(root["learning_rate"]);
    h.options.momentum = double(root["momentum"]);
    h.steps = qint64(double(root["steps"]));
    if (Status s = h.options.validate(); !s.isOk())
        return fileError(ErrorKind::InvalidArgument, path, QStringLiteral("model file: ") + s.message());
    return h;
}

// ANN_MLP::read trusts the file's sizes; check them first so a damaged file is an error,
// not a read past the end of a buffer.
Status checkNetworkNode(const cv::FileNode &net, const FileHeader &h, const QString &path)
{
    const int d = h.options.input.featureCount(), k = h.options.classes, hidden = h.options.hidden;
    std::vector<int> sizes;
    if (net.isMap())
        net["layer_sizes"] >> sizes;
    if (sizes != std::vector<int>{d, hidden, k})
        return fileError(
            ErrorKind::DataLoss, path,
            QStringLiteral(
                "model file: the network's layer sizes do not match %1 inputs, %2 hidden, %3 classes")
                .arg(d)
                .arg(hidden)
                .arg(k));
    if (net["activation_function"].string() != "SIGMOID_SYM")
        return fileError(ErrorKind::DataLoss, path,
                         QStringLiteral("model file: the network is not SIGMOID_SYM"));
    const cv::FileNode weights = net["weights"];
    const bool sized =
        net["input_scale"].size() == size_t(2 * d) && net["output_scale"].size() == size_t(2 * k) &&
        net["inv_output_scale"].size() == size_t(2 * k) && weights.isSeq() && weights.size() == 2 &&
        weights[0].size() == size_t((d + 1) * hidden) && weights[1].size() == size_t((hidden + 1) * k);
    if (!sized)
        return fileError(ErrorKind::DataLoss, path,
                         QStringLiteral("model file: the network's weights are truncated"));
    return Status::ok();
}

Result<std::string> readFile(const QString &path)
{
    QFile file(path);
    if (!file.exists())
        return fileError(ErrorKind::NotFound, path,
                         QStringLiteral("model file '%1' does not exist").arg(path));
    if (!file.open(QIODevice::ReadOnly))
        return fileError(ErrorKind::PermissionDenied, path,
                         QStringLiteral("cannot open model file '%1': %2").arg(path, file.errorString()));
    const QByteArray bytes = file.readAll();
    return bytes.toStdString();
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
    Result<std::string> text = readFile(path);
    if (!text)
        return text.status();
    Result<FileHeader> header = fileError(ErrorKind::Unknown, path, QString());
    try {
        const cv::FileStorage fs(*text, cv::FileStorage::READ | cv::FileStorage::MEMORY);
        header = readHeader(fs, path);
    } catch (const cv::Exception &e) {
        return fileError(ErrorKind::DataLoss, path, QStringLiteral("unreadable model file: ") + cvMessage(e));
    }
    if (!header)
        return header.status();
    std::unique_ptr<AnnMlpModel> model(new AnnMlpModel(header->options));
    if (Status s = model->load(path); !s.isOk())
        return s;
    return model;
}

AnnMlpModel::AnnMlpModel(const AnnMlpOptions &options)
    : m_options(options)
    , m_net(makeNetwork(options.hidden))
{}

QString AnnMlpModel::kind() const
{
    return QLatin1String(kKind);
}

cv::Ptr<cv::ml::ANN_MLP> AnnMlpModel::makeNetwork(int hidden) const
{
    cv::Ptr<cv::ml::ANN_MLP> net = cv::ml::ANN_MLP::create();
    net->setLayerSizes(std::vector<int>{m_options.input.featureCount(), hidden, m_options.classes});
    net->setActivationFunction(cv::ml::ANN_MLP::SIGMOID_SYM, 0, 0);
    net->setTrainMethod(cv::ml::ANN_MLP::BACKPROP, m_options.learningRate, m_options.momentum);
    net->setTermCriteria(cv::TermCriteria(cv::TermCriteria::COUNT, 1, 0)); // one pass per step
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
    const int flags = cv::ml::ANN_MLP::NO_INPUT_SCALE | cv::ml::ANN_MLP::NO_OUTPUT_SCALE |
                      (m_trained ? cv::ml::ANN_MLP::UPDATE_WEIGHTS : 0);
    try {
        const cv::Ptr<cv::ml::TrainData> data =
            cv::ml::TrainData::create(inputs, cv::ml::ROW_SAMPLE, targetsFor(labels));
        if (!m_net->train(data, flags))
            return internalError(QStringLiteral("ann_mlp: OpenCV did not train at step %1").arg(m_steps));
    } catch (const cv::Exception &e) {
        return internalError(QStringLiteral("ann_mlp: training step %1 failed: ").arg(m_steps) +
                             cvMessage(e));
    }
    m_trained = true;
    ++m_steps;
    if (Status s = weightsAreFinite(); !s.isOk())
        return s;
    if (!result.beforeUpdate) {
        Result<cv::Mat> after = scores(inputs);
        if (!after)
            return after.status();
        measure(*after, labels, &result.loss, &result.accuracy);
    }
    return result;
}

Result<cv::Mat> AnnMlpModel::scores(const cv::Mat &inputs) const
{
    if (!m_trained)
        return Status(ErrorKind::FailedPrecondition, QStringLiteral("ann_mlp: the model has no weights yet"));
    if (Status s = checkInputs(inputs); !s.isOk())
        return s;
    cv::Mat outputs;
    try {
        m_net->predict(inputs, outputs);
    } catch (const cv::Exception &e) {
        return internalError(QStringLiteral("ann_mlp: prediction failed: ") + cvMessage(e));
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
        return fileError(ErrorKind::FailedPrecondition, path,
                         QStringLiteral("ann_mlp: nothing to save, the model has no weights"));
    std::string text;
    try {
        cv::FileStorage fs(".yml",
                           cv::FileStorage::WRITE | cv::FileStorage::MEMORY | cv::FileStorage::FORMAT_YAML);
        fs << kRootKey << "{";
        fs << "kind" << kKind << "version" << kFileVersion;
        fs << "input_width" << m_options.input.width << "input_height" << m_options.input.height;
        fs << "input_channels" << m_options.input.channels << "classes" << m_options.classes;
        fs << "hidden" << m_options.hidden << "learning_rate" << m_options.learningRate;
        fs << "momentum" << m_options.momentum << "steps" << double(m_steps);
        fs << "}";
        fs << kNetworkKey << "{";
        m_net->write(fs);
        fs << "}";
        text = fs.releaseAndGetString();
    } catch (const cv::Exception &e) {
        return fileError(ErrorKind::Internal, path,
                         QStringLiteral("ann_mlp: cannot serialise the model: ") + cvMessage(e));
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        const bool folder = QFileInfo(path).dir().exists();
        return fileError(folder ? ErrorKind::PermissionDenied : ErrorKind::NotFound, path,
                         QStringLiteral("cannot write model file '%1': %2").arg(path, file.errorString()));
    }
    file.write(text.data(), qint64(text.size()));
    if (!file.commit())
        return fileError(ErrorKind::Unknown, path,
                         QStringLiteral("cannot write model file '%1': %2").arg(path, file.errorString()));
    return Status::ok();
}

Status AnnMlpModel::load(const QString &path)
{
    Result<std::string> text = readFile(path);
    if (!text)
        return text.status();
    try {
        const cv::FileStorage fs(*text, cv::FileStorage::READ | cv::FileStorage::MEMORY);
        Result<FileHeader> header = readHeader(fs, path);
        if (!header)
            return header.status();
        if (header->options.input != m_options.input || header->options.classes != m_options.classes)
            return fileError(
                ErrorKind::InvalidArgument, path,
                QStringLiteral(
                    "model file has input %1 and %2 classes; this model has input %3 and %4 classes")
                    .arg(header->options.input.toString())
                    .arg(header->options.classes)
                    .arg(m_options.input.toString())
                    .arg(m_options.classes));
        const cv::FileNode node = fs[kNetworkKey];
        if (Status s = checkNetworkNode(node, *header, path); !s.isOk())
            return s;
        cv::Ptr<cv::ml::ANN_MLP> net = makeNetwork(header->options.hidden);
        net->read(node);
        net->setTrainMethod(cv::ml::ANN_MLP::BACKPROP, m_options.learningRate, m_options.momentum);
        net->setTermCriteria(cv::TermCriteria(cv::TermCriteria::COUNT, 1, 0));
        for (int layer = 1; layer < 3; ++layer) {
            if (!cv::checkRange(net->getWeights(layer), true))
                return fileError(ErrorKind::DataLoss, path,
                                 QStringLiteral("model file: the weights are not finite"));
        }
        m_net = net;
        m_options.hidden = header->options.hidden;
        m_steps = header->steps;
        m_trained = true;
    } catch (const cv::Exception &e) {
        return fileError(ErrorKind::DataLoss, path, QStringLiteral("unreadable model file: ") + cvMessage(e));
    }
    return Status::ok();
}

void AnnMlpModel::reset()
{
    m_net = makeNetwork(m_options.hidden);
    m_trained = false;
    m_steps = 0;
}

} // namespace qs
