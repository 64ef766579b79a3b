#pragma once

#include <QByteArrayView>
#include <QString>

#include <optional>

namespace qs {

// Encoded image formats recognised by their leading magic bytes.
enum class ImageFormat : quint8 { Unknown, Jpeg, Png, Bmp, WebP, Gif, Tiff };

QString imageFormatName(ImageFormat format); // "jpeg", "png", "bmp", "webp", "gif", "tiff", "unknown"
std::optional<ImageFormat> imageFormatFromName(const QString &name);

ImageFormat sniffImageFormat(QByteArrayView bytes);

struct ImageDims {
    qint64 width = 0;
    qint64 height = 0;
    // Bytes a pixel takes in the buffer the decoder fills when it reads the file unchanged:
    // more than the 8-bit image kept for 16-bit or float samples, alpha or extra samples.
    int bytesPerPixel = 4;
};

// Width and height read from the header alone, so that a hostile file that claims a huge
// size can be refused before a decoder allocates for it. The header is read the way the
// decoder reads it (libjpeg skips stray bytes between markers; libtiff takes a size of any
// integer type), so a decoder never sizes its buffer by a header this function did not see.
// nullopt when the header is cut short or malformed.
std::optional<ImageDims> peekImageDims(QByteArrayView bytes, ImageFormat format);

// The first bytes as hex ("3c 68 74 6d"), for error messages.
QString leadingBytesHex(QByteArrayView bytes, qsizetype count = 8);

} // namespace qs
