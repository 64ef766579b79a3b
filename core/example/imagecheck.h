#pragma once

// Proving that a record's image can be read, without OpenCV.
//
// Detection (specdetector.h) decodes its sampled images to prove a choice. checkImage() does all
// that decodeImage() (sampledecoder.h) does except keep the pixels: the same checks with the same
// messages, and JPEG, PNG and WebP through the same decoders (pixelcodecs.h), into scratch
// memory. So queuescope-cli's front detects a file's spec without loading OpenCV, which costs a
// process more than reading a large file does. Only BMP, GIF and TIFF need OpenCV's imgcodecs:
// checkImage() answers Unimplemented for them, and checkImageAnyFormat() decodes them with
// decodeImage().

#include "base/result.h"
#include "base/status.h"
#include "example/featurespec.h"
#include "example/imageformat.h"
#include "example/parsedexample.h"
#include "example/pixelcodecs.h"

#include <span>

namespace qs {

// The size of the image decodeImage() gives: rows, columns and 1 or 3 channels.
struct ImageSize {
    int height = 0;
    int width = 0;
    int channels = 0;
};

// Thread-safe, stateless. The result equals decodeImage()'s, size for size and error for error
// (tst_imagecheck, fuzz_imagedecode), for every image but BMP, GIF and TIFF.
Result<ImageSize> checkImage(const ParsedExample &example, const ImageSpec &spec, const Location &where);

// checkImage(), with BMP, GIF and TIFF decoded by decodeImage(): defined with it, in the part of
// core/example that links OpenCV.
Result<ImageSize> checkImageAnyFormat(const ParsedExample &example, const ImageSpec &spec,
                                      const Location &where);

using ImageChecker = Result<ImageSize> (*)(const ParsedExample &, const ImageSpec &, const Location &);

// True when a bytes value of some sample starts like a BMP, GIF or TIFF file: detection on these
// samples needs checkImageAnyFormat().
bool needsOpenCvDecoder(std::span<const ParsedExample> samples);

namespace detail {

// The pieces decodeImage() and checkImage() share.

Status failureAt(const Location &where, const QString &message); // InvalidArgument at `where`
QString describeFeature(const Feature &f);                       // "3 float value(s)"

struct PixelShape {
    int height = 0;
    int width = 0;
    int channels = 0;
    qint64 values = 0; // height * width * channels
};

// The spec's image feature, when the record holds it with the kind the encoding needs.
Result<const Feature *> imageFeature(const ParsedExample &example, const ImageSpec &spec,
                                     const Location &where);
// The shape of raw pixels or a float list, checked against the values present.
Result<PixelShape> rawShape(const QByteArray &bytes, const ParsedExample &example, const ImageSpec &spec,
                            const Location &where);
Result<PixelShape> floatShape(const std::vector<float> &values, const ParsedExample &example,
                              const ImageSpec &spec, const Location &where);
// A NaN or an infinity at value `index` of `count`.
Status nonFinitePixel(const QString &key, double value, qint64 index, qint64 count, const Location &where);
// The encoded image's format, once its header has been read and its size is within the limits.
Result<ImageFormat> checkEncodedHeader(const QByteArray &bytes, const ImageSpec &spec, const Location &where);
// What the decoder is asked for, full size.
DecodeRequest requestFor(const ImageSpec &spec);
Status undecodable(ImageFormat format, const ImageSpec &spec, const QByteArray &bytes, const QString &why,
                   const Location &where);
// The channels decodeImage() keeps of `decoded` channels: 4 lose alpha, 2 keep their gray.
int keptChannels(int decoded);

} // namespace detail

} // namespace qs
