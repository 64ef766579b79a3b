#pragma once

#include "record/compression.h"

#include <QByteArrayView>
#include <QString>

namespace qs {

// Says what a file is when its first record is not a TFRecord frame, from its first bytes:
// gzip and zlib streams, PNG/JPEG/GIF/WebP images, ZIP (and .npz), Parquet, HDF5, NumPy .npy,
// a bare serialized tf.train.Example, JSON, CSV and plain text. Empty when it recognises nothing.
//
//   describeFileHead("\x89PNG\r\n\x1a\n...")  -> "a PNG image"
QString describeFileHead(QByteArrayView head);

// The reason a file whose first record failed under `used` compression is not a TFRecord file,
// and the way forward when there is one: "it looks like a PNG image", "it looks like a
// gzip-compressed file: use --compression gzip", "it is gzip-compressed, but what it holds looks
// like CSV text". Reads the first bytes of `path` (decompressed too, when it is compressed).
// Empty when nothing is recognised, and for anything but a regular file.
QString notATfrecordReason(const QString &path, Compression used);

} // namespace qs
