// PNG through libpng, with the transforms cv::imdecode's PNG decoder asks libpng for, so that the
// pixels are the ones OpenCV gave: 16 bits kept only for channels = 0, alpha dropped (not
// composited) unless kept, palettes and low bit depths expanded, colour to gray by libpng's
// weights 0.299/0.587. No OpenCV here (pixelcodecs.h).
#include "example/pixelcodecs.h"

#include <png.h>

#include <cstring>
#include <vector>

namespace qs {

namespace {

// Everything the decoder changes after setjmp lives here, behind a pointer libpng holds, so a
// longjmp out of libpng finds it in a defined state.
struct PngState {
    const png_byte *data = nullptr;
    size_t size = 0;
    size_t at = 0;
    QString error;
    std::vector<png_bytep> rows;
    QByteArray encoded;
};

void readBytes(png_structp png, png_bytep out, png_size_t n)
{
    auto *s = static_cast<PngState *>(png_get_io_ptr(png));
    if (s->size - s->at < n)
        png_error(png, "the PNG data is cut short");
    std::memcpy(out, s->data + s->at, n);
    s->at += n;
}

void writeBytes(png_structp png, png_bytep in, png_size_t n)
{
    auto *s = static_cast<PngState *>(png_get_io_ptr(png));
    s->encoded.append(reinterpret_cast<const char *>(in), qsizetype(n));
}

void onError(png_structp png, png_const_charp message)
{
    auto *s = static_cast<PngState *>(png_get_error_ptr(png));
    s->error = QString::fromUtf8(message);
    png_longjmp(png, 1);
}

void onWarning(png_structp, png_const_charp) {}

} // namespace

std::optional<PixelLayout> decodePngInto(QByteArrayView bytes, const DecodeRequest &request, PixelSink &sink,
                                         QString *error)
{
    PngState s;
    s.data = reinterpret_cast<const png_byte *>(bytes.data());
    s.size = size_t(bytes.size());
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &s, onError, onWarning);
    png_infop info = png ? png_create_info_struct(png) : nullptr;
    if (!info) {
        png_destroy_read_struct(&png, nullptr, nullptr);
        *error = QStringLiteral("libpng could not start");
        return std::nullopt;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, nullptr);
        *error = s.error;
        return std::nullopt;
    }
    png_set_read_fn(png, &s, readBytes);
    png_read_info(png, info);
    png_uint_32 width = 0, height = 0;
    int depth = 0, colour = 0;
    png_get_IHDR(png, info, &width, &height, &depth, &colour, nullptr, nullptr, nullptr);
    const bool trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    const bool isColour = (colour & PNG_COLOR_MASK_COLOR) != 0;
    int want = request.channels;
    if (want == 0) {
        if (colour == PNG_COLOR_TYPE_GRAY)
            want = 1;
        else if ((colour == PNG_COLOR_TYPE_RGB || colour == PNG_COLOR_TYPE_PALETTE) && !trns)
            want = 3;
        else
            want = 4;
    }
    const bool wide = depth == 16 && request.channels == 0;
    if (depth == 16 && !wide)
        png_set_strip_16(png);
    if (wide)
        png_set_swap(png); // libpng gives big-endian samples
    if (!isColour && depth < 8)
        png_set_expand_gray_1_2_4_to_8(png);
    if (colour == PNG_COLOR_TYPE_PALETTE)
        png_set_palette_to_rgb(png);
    if (want == 4) {
        if (trns)
            png_set_tRNS_to_alpha(png);
    } else {
        png_set_strip_alpha(png);
    }
    if (want >= 3) {
        if (!isColour)
            png_set_gray_to_rgb(png);
        png_set_bgr(png);
    } else if (isColour) {
        png_set_rgb_to_gray(png, 1, 0.299, 0.587);
    }
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    const PixelLayout layout{int(width), int(height), png_get_channels(png, info), wide};
    std::size_t step = 0;
    unsigned char *out = sink.allocate(layout, &step);
    if (!out)
        png_error(png, "no memory for the pixels");
    if (png_get_rowbytes(png, info) > step)
        png_error(png, "unexpected row size");
    s.rows.resize(height);
    for (png_uint_32 y = 0; y < height; ++y)
        s.rows[y] = out + std::size_t(y) * step;
    png_read_image(png, s.rows.data());
    png_read_end(png, nullptr);
    png_destroy_read_struct(&png, &info, nullptr);
    return layout;
}

QByteArray encodePng(const PixelView &pixels)
{
    const PixelLayout &l = pixels.layout;
    const int channels = l.channels;
    if (!pixels.data || l.width <= 0 || l.height <= 0 || channels < 1 || channels == 2 || channels > 4)
        return {};
    PngState s;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &s, onError, onWarning);
    png_infop info = png ? png_create_info_struct(png) : nullptr;
    if (!info) {
        png_destroy_write_struct(&png, nullptr);
        return {};
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return {};
    }
    png_set_write_fn(png, &s, writeBytes, nullptr);
    const int type = channels == 1   ? PNG_COLOR_TYPE_GRAY
                     : channels == 3 ? PNG_COLOR_TYPE_RGB
                                     : PNG_COLOR_TYPE_RGB_ALPHA;
    png_set_IHDR(png, info, png_uint_32(l.width), png_uint_32(l.height), l.wide ? 16 : 8, type,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, 1); // cv::imencode's default: the writers make many files
    png_write_info(png, info);
    if (channels >= 3)
        png_set_bgr(png);
    if (l.wide)
        png_set_swap(png);
    for (int y = 0; y < l.height; ++y)
        png_write_row(png, pixels.data + std::size_t(y) * pixels.step);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return s.encoded;
}

} // namespace qs
