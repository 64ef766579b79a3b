#pragma once

#include "base/result.h"

#include <QString>

#include <functional>

namespace qs {

// How a synthetic benchmark record stores its image.
enum class BenchEncoding : quint8 {
    Raw,  // DatasetLayout::Raw, the classic tutorial's: `img_raw` (RGB bytes) and `label`
    Jpeg, // DatasetLayout::Encoded with JPEG bytes: the ImageNet build script's `image/...` keys
};

// A dataset of demo shapes (DemoGenerator) in one uncompressed TFRecord file, encoded as the
// dataset writers encode them (encodeDatasetExample), made for a measurement: the decode-heavy
// JPEG set of `bench`, the 1 GB streaming set.
struct BenchDatasetOptions {
    qint64 count = 2000; // records
    int imageSize = 32;  // square images, 16..1024 pixels
    BenchEncoding encoding = BenchEncoding::Raw;
    int jpegQuality = 90;
    // Distinct images drawn (0: one per record). Records cycle through them, each keeping its
    // image's label, so a large file costs little to make; readers and decoders cannot tell.
    int distinct = 0;
    int classes = 4;
    quint64 seed = 1;

    Status validate() const; // InvalidArgument naming the field
};

// The options whose records come closest to `bytes` in total (the image size is kept).
BenchDatasetOptions withTotalBytes(BenchDatasetOptions options, qint64 bytes);

struct BenchDatasetInfo {
    QString path;
    qint64 records = 0;
    qint64 bytes = 0; // of the file
};

// Writes the dataset to `path` atomically (RecordWriter). `stop` is polled between records;
// when it says so, nothing is left behind and the result is Cancelled.
Result<BenchDatasetInfo> writeBenchDataset(const QString &path, const BenchDatasetOptions &options,
                                           const std::function<bool()> &stop = {});

} // namespace qs
