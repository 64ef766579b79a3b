#pragma once

#include "base/result.h"
#include "example/imageformat.h"
#include "record/compression.h"

#include <QStringList>

#include <opencv2/core/mat.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace qs {

class RecordWriter;
class ShardedWriter;

// How a written record stores its image.
enum class DatasetLayout : quint8 {
    // The classic dogs-and-cats tutorial: `img_raw` (H*W*3 uint8 bytes in RGB order, what
    // tf.io.decode_raw reads) and `label` (int64), nothing else, so readers find the shape as
    // the square that fits. A non-square image also gets int64 `height`, `width` and `depth`,
    // since no reader could guess its shape.
    Raw,
    // The ImageNet build script's keys: `image/encoded` (PNG or JPEG bytes), `image/format`
    // ("PNG"/"JPEG"), `image/class/label` (int64, 0-based), `image/class/text`, `image/height`,
    // `image/width`, `image/channels` (3), `image/colorspace` ("RGB"), `image/filename`.
    Encoded,
};
QString datasetLayoutName(DatasetLayout layout); // "raw", "encoded"
std::optional<DatasetLayout> datasetLayoutFromName(QStringView name);

struct DatasetWriterOptions {
    DatasetLayout layout = DatasetLayout::Raw;
    ImageFormat format = ImageFormat::Png; // Encoded only: Png or Jpeg
    int jpegQuality = 95;                  // 1..100
    Compression compression = Compression::None;
    int shards = 1; // 1 writes the path itself; more write shardName(path, i, shards)

    Status validate() const; // InvalidArgument naming the field
};

// One sample: an 8-bit image with 1, 3 (BGR, as OpenCV holds it) or 4 (BGRA) channels, stored
// as 3-channel colour; its class index; and, for the encoded layout, names for people.
struct DatasetItem {
    cv::Mat image;
    int label = -1;
    QString className;
    QString filename;
};

// The serialized tf.train.Example for `item` in the layout `options` names.
Result<QByteArray> encodeDatasetExample(const DatasetItem &item, const DatasetWriterOptions &options);

// The files a dataset written to `path` consists of: {path}, or its shard names.
QStringList datasetPaths(const QString &path, int shards);

// Called between records. shouldStop() ends the writing with Cancelled; progress(done) reports
// records written so far. Either may be empty.
struct WriteControl {
    std::function<bool()> shouldStop;
    std::function<void(qint64 done)> progress;
};

// Writes a dataset as TFRecord files, atomically: each file goes to a temporary beside its
// target (RecordWriter), shards go round-robin, and commit() renames them into place. Until
// then no target is touched; abort(), any error, or destruction without commit() removes the
// temporaries. Not thread-safe: one thread writes.
//
//   auto writer = DatasetWriter::create(path, options);
//   for (const DatasetItem &item : items) if (Status s = (*writer)->add(item); !s) return s;
//   return (*writer)->commit();
class DatasetWriter {
public:
    static Result<std::unique_ptr<DatasetWriter>> create(const QString &path,
                                                         const DatasetWriterOptions &options);
    ~DatasetWriter();
    DatasetWriter(const DatasetWriter &) = delete;
    DatasetWriter &operator=(const DatasetWriter &) = delete;

    // InvalidArgument (naming item.filename when set) for an image that cannot be stored; the
    // writer stays usable. A write error is sticky and drops the temporaries.
    Status add(const DatasetItem &item);
    Status commit();
    void abort();

    const DatasetWriterOptions &options() const { return m_options; }
    QStringList paths() const;
    qint64 count() const { return m_count; }
    const std::vector<qint64> &labelCounts() const { return m_labelCounts; } // index = label

private:
    DatasetWriter(DatasetWriterOptions options, std::unique_ptr<RecordWriter> single,
                  std::unique_ptr<ShardedWriter> sharded);

    DatasetWriterOptions m_options;
    std::unique_ptr<RecordWriter> m_single;
    std::unique_ptr<ShardedWriter> m_sharded;
    qint64 m_count = 0;
    std::vector<qint64> m_labelCounts;
};

} // namespace qs
