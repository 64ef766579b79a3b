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
};

// Width and height read from the header alone, so that a hostile file that claims a huge
// size can be refused before a decoder allocates for it. nullopt when the header is cut short
// or malformed.
std::optional<ImageDims> peekImageDims(QByteArrayView bytes, ImageFormat format);

// The first bytes as hex ("3c 68 74 6d"), for error messages.
QString leadingBytesHex(QByteArrayView bytes, qsizetype count = 8);

} // namespace qs
