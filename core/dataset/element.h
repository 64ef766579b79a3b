#pragma once

#include "base/status.h"
#include "feed/sample.h"

#include <QByteArray>
#include <QString>

#include <vector>

namespace qs {

// One element of a tf.data pipeline. TensorFlow's elements are nested tensors; QueueScope's
// pipelines carry a few known kinds, so an element is a plain value with the fields its stage
// fills: a file name (list_files, from_tensor_slices), a serialized record (TFRecordDataset),
// an integer (range, for tests and lessons), a decoded Sample (a decode map) or a batch of
// elements (batch). `where` says where in the input it came from, so a later error can name
// the file, record and offset. Copies are cheap (implicitly shared bytes, shared pixels) and an
// element is never written after it was handed on.
struct Element {
    QString text;
    QByteArray bytes;
    qint64 value = -1;
    Sample sample;
    std::vector<Element> batch;
    Location where;

    qint64 approxBytes() const; // for the RAM budget of the autotuner
};

} // namespace qs
