#pragma once

#include <QByteArrayView>
#include <QString>

#include <optional>

namespace qs {

// How a TFRecord file is compressed, as TensorFlow's TFRecordOptions names it. Auto is only a
// request: readers resolve it to one of the other three by looking at the file.
enum class Compression { None, Gzip, Zlib, Auto };

// "none", "gzip", "zlib", "auto".
QString compressionName(Compression c);

// Accepts the names above in any case, and TensorFlow's "" for None; nullopt for anything else.
std::optional<Compression> parseCompression(QStringView text);

// Decides from the first bytes of a file (12 are enough; fewer when the file is shorter):
//  1. the bytes start a TFRecord frame (the masked CRC of the 8 length bytes matches) -> None;
//  2. gzip magic 1f 8b -> Gzip;
//  3. a zlib header (deflate method, window <= 32 KiB, no preset dictionary, check bits) -> Zlib;
//  4. otherwise None, and the reader then reports the corruption at offset 0.
Compression detectCompression(QByteArrayView head);

} // namespace qs
