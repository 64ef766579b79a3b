#pragma once

#include <QString>
#include <QtGlobal>

#include <opencv2/core/mat.hpp>

#include <vector>

namespace qs {

// One decoded example as it travels the example queue to the trainer. Produced once by a reader
// thread and never written again: cv::Mat shares its pixels by reference count, so copies are
// cheap and every holder treats the pixels as read-only.
struct Sample {
    cv::Mat image;     // the model input: CV_32F, imageHeight x imageWidth (channels as decoded)
    cv::Mat thumbnail; // a small 8-bit preview (CV_8UC1 or CV_8UC3, RGB order) for the UI
    int label = -1;
    QString file;       // the TFRecord file it came from
    qint64 record = -1; // its 0-based record index in that file
};

using Batch = std::vector<Sample>;

} // namespace qs
