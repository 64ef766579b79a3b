#include "train/annmlpfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace qs {

namespace {

constexpr const char *kRootKey = "queuescope_model";
constexpr const char *kNetworkKey = "network";
constexpr int kFileVersion = 1;

Status fileError(ErrorKind kind, const QString &path, const QString &message)
{
    return Status(kind, message, Location{path, -1, -1});
}

Result<AnnMlpFileHeader> readHeader(const cv::FileStorage &fs, const QString &path)
{
    const cv::FileNode root = fs[kRootKey];
    if (!root.isMap())
        return fileError(
            ErrorKind::InvalidArgument, path,
            QStringLiteral("not a QueueScope model file: no '%1' map").arg(QLatin1String(kRootKey)));
    const std::string kind = root["kind"].isString() ? root["kind"].string() : std::string();
    if (kind != kAnnMlpKind)
        return fileError(ErrorKind::InvalidArgument, path,
                         QStringLiteral("model file holds a '%1' model, expected '%2'")
                             .arg(QString::fromStdString(kind), QLatin1String(kAnnMlpKind)));
    if (int version = int(root["version"]); version != kFileVersion)
        return fileError(ErrorKind::Unimplemented, path,
                         QStringLiteral("model file version %1 is not supported (expected %2)")
                             .arg(version)
                             .arg(kFileVersion));
    AnnMlpFileHeader h;
    h.options.input = {int(root["input_width"]), int(root["input_height"]), int(root["input_channels"])};
    h.options.classes = int(root["classes"]);
    h.options.hidden = int(root["hidden"]);
    h.options.learningRate = double(root["learning_rate"]);
    h.options.momentum = double(root["momentum"]);
    h.steps = qint64(double(root["steps"]));
    if (Status s = h.options.validate(); !s.isOk())
        return fileError(ErrorKind::DataLoss, path, QStringLiteral("model file: ") + s.message());
    return h;
}

// ANN_MLP::read trusts the sizes it finds; check them first so a damaged file is an error,
// not a read past the end of a buffer.
Status checkNetwork(const cv::FileNode &net, const AnnMlpFileHeader &h, const QString &path)
{
    const int d = h.options.input.featureCount(), k = h.options.classes, hidden = h.options.hidden;
    std::vector<int> sizes;
    if (net.isMap())
        net["layer_sizes"] >> sizes;
    if (sizes != std::vector<int>{d, hidden, k})
        return fileError(ErrorKind::DataLoss, path,
                         QStringLiteral("model file: the network's layer sizes do not match "
                                        "%1 inputs, %2 hidden, %3 classes")
                             .arg(d)
                             .arg(hidden)
                             .arg(k));
    if (net["activation_function"].string() != "SIGMOID_SYM")
        return fileError(ErrorKind::DataLoss, path,
                         QStringLiteral("model file: the network's activation is not SIGMOID_SYM"));
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

} // namespace

QString cvErrorText(const cv::Exception &e)
{
    return QString::fromStdString(e.err.empty() ? e.msg : e.err);
}

Result<std::string> encodeAnnMlpFile(const AnnMlpFileHeader &header, const cv::ml::ANN_MLP &network,
                                     const QString &path)
{
    const AnnMlpOptions &o = header.options;
    try {
        cv::FileStorage fs(".yml",
                           cv::FileStorage::WRITE | cv::FileStorage::MEMORY | cv::FileStorage::FORMAT_YAML);
        fs << kRootKey << "{";
        fs << "kind" << kAnnMlpKind << "version" << kFileVersion;
        fs << "input_width" << o.input.width << "input_height" << o.input.height;
        fs << "input_channels" << o.input.channels << "classes" << o.classes << "hidden" << o.hidden;
        fs << "learning_rate" << o.learningRate << "momentum" << o.momentum;
        fs << "steps" << double(header.steps); // FileStorage has no 64-bit integers
        fs << "}";
        fs << kNetworkKey << "{";
        network.write(fs);
        fs << "}";
        return fs.releaseAndGetString();
    } catch (const cv::Exception &e) {
        return fileError(ErrorKind::Internal, path,
                         QStringLiteral("cannot serialise the model: ") + cvErrorText(e));
    }
}

Result<AnnMlpFile> decodeAnnMlpFile(const std::string &text, const QString &path)
{
    try {
        const cv::FileStorage fs(text, cv::FileStorage::READ | cv::FileStorage::MEMORY);
        Result<AnnMlpFileHeader> header = readHeader(fs, path);
        if (!header)
            return header.status();
        const cv::FileNode node = fs[kNetworkKey];
        if (Status s = checkNetwork(node, *header, path); !s.isOk())
            return s;
        AnnMlpFile file{*header, cv::ml::ANN_MLP::create()};
        file.network->read(node);
        for (int layer = 1; layer < 3; ++layer) {
            if (!cv::checkRange(file.network->getWeights(layer), true))
                return fileError(ErrorKind::DataLoss, path,
                                 QStringLiteral("model file: the weights are not finite"));
        }
        return file;
    } catch (const cv::Exception &e) {
        return fileError(ErrorKind::DataLoss, path,
                         QStringLiteral("unreadable model file: ") + cvErrorText(e));
    }
}

Result<std::string> readModelFile(const QString &path)
{
    QFile file(path);
    if (!file.exists())
        return fileError(ErrorKind::NotFound, path,
                         QStringLiteral("model file '%1' does not exist").arg(path));
    if (!file.open(QIODevice::ReadOnly))
        return fileError(ErrorKind::PermissionDenied, path,
                         QStringLiteral("cannot open model file '%1': %2").arg(path, file.errorString()));
    return file.readAll().toStdString();
}

Status writeModelFile(const QString &path, const std::string &text)
{
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

} // namespace qs
