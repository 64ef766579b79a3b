#pragma once

#include "train/annmlpmodel.h"

#include <string>

namespace qs {

// The save file of an AnnMlpModel: YAML written with cv::FileStorage, whatever the extension.
//
//   queuescope_model: {kind: ann_mlp, version: 1, input_width, input_height, input_channels,
//                      classes, hidden, learning_rate, momentum, steps}
//   network: {what cv::ml::ANN_MLP::write produces: layer sizes, activation, weights}
//
// Every error carries the file's path in Status::where().file.
struct AnnMlpFileHeader {
    AnnMlpOptions options;
    qint64 steps = 0;
};

struct AnnMlpFile {
    AnnMlpFileHeader header;
    cv::Ptr<cv::ml::ANN_MLP> network; // layer sizes and weights checked against the header
};

inline constexpr const char *kAnnMlpKind = "ann_mlp";

// Internal when OpenCV cannot serialise the network.
Result<std::string> encodeAnnMlpFile(const AnnMlpFileHeader &header, const cv::ml::ANN_MLP &network,
                                     const QString &path);
// InvalidArgument: not a model file or another kind; Unimplemented: another version;
// DataLoss: unparsable, truncated or inconsistent.
Result<AnnMlpFile> decodeAnnMlpFile(const std::string &text, const QString &path);

// NotFound / PermissionDenied naming the path.
Result<std::string> readModelFile(const QString &path);
// Through QSaveFile: an error leaves an existing file as it was.
Status writeModelFile(const QString &path, const std::string &text);

QString cvErrorText(const cv::Exception &e);

} // namespace qs
