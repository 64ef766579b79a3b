// qs-bench-decode: JPEG decoding at the model's input size, scaled against full (the measure of
// `queuescope-cli bench`'s jpeg_scaled_decode target, see jpegbench.h), on any files.
//
//   qs-bench-decode [--side N] [--repeat N] [--made N] [TFRECORD...]
//
// Each TFRECORD's JPEG features are decoded (default: the real JPEG fixtures in
// QS_FIXTURES_DIR), and a made set of --made (200) 256x256 JPEGs of the demo shapes. --side is the
// model's input (16, the demo's); --repeat the rounds (5). Target: scaled >= 3x faster.
//
// The last columns measure what no DCT scaling can skip: a baseline JPEG's Huffman codes must
// all be decoded to find where the next block starts, whatever the scale. libjpeg's
// jpeg_read_coefficients does that and nothing else (it stores every coefficient; no inverse
// DCT, no upsampling, no colour conversion, no resize). Where scaled decoding takes about as
// long as that (a ratio near or below 1), it is down to the entropy decoding itself, and
// full / entropy-only bounds what any scaled decoder could gain on the set.
#include "bench/jpegbench.h"
#include "bench/machineinfo.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>

#include <csetjmp>
#include <cstdio>

#include <jpeglib.h>

using namespace qs;

namespace {

struct JumpingError {
    jpeg_error_mgr mgr;
    std::jmp_buf jump;
};

void jumpOut(j_common_ptr info)
{
    std::longjmp(reinterpret_cast<JumpingError *>(info->err)->jump, 1);
}

// Entropy-decodes every coefficient of `jpeg` into memory and nothing else; false where
// libjpeg fails.
bool readCoefficients(const QByteArray &jpeg)
{
    jpeg_decompress_struct info{};
    JumpingError error{};
    info.err = jpeg_std_error(&error.mgr);
    error.mgr.error_exit = jumpOut;
    error.mgr.emit_message = [](j_common_ptr, int) {}; // warnings: the image still decodes
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        return false;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, reinterpret_cast<const unsigned char *>(jpeg.constData()), jpeg.size());
    jpeg_read_header(&info, TRUE);
    jpeg_read_coefficients(&info);
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return true;
}

// Microseconds per image of readCoefficients over the set, best of `repeat` rounds of >= 0.2 s.
double entropyFloorUs(const QList<QByteArray> &jpegs, int repeat)
{
    double best = -1;
    for (int r = 0; r < repeat; ++r) {
        QElapsedTimer clock;
        clock.start();
        qint64 images = 0;
        do {
            for (const QByteArray &j : jpegs)
                images += readCoefficients(j);
        } while (clock.nsecsElapsed() < 200'000'000);
        const double us = images > 0 ? double(clock.nsecsElapsed()) / 1e3 / double(images) : -1;
        if (us > 0 && (best < 0 || us < best))
            best = us;
    }
    return best;
}

void report(const QString &name, const Result<QList<QByteArray>> &jpegs, int side, int repeat)
{
    Result<JpegDecodeFigures> f = jpegs ? compareJpegDecode(name, *jpegs, side, repeat, 0.2)
                                        : Result<JpegDecodeFigures>(jpegs.status());
    if (!f) {
        std::printf("%-28s %s\n", qPrintable(name.left(28)), qPrintable(f.status().message()));
        return;
    }
    const double floor = entropyFloorUs(*jpegs, repeat);
    std::printf(
        "%-28s %4d JPEGs  full+resize %7.1f us/image  scaled+resize %7.1f us/image  speed-up %.2fx "
        "(median of %d rounds; target >= 3)  entropy decoding only %7.1f us/image, scaled / entropy-only "
        "%.2f, full / entropy-only %.2f\n",
        qPrintable(name.left(28)), f->images, f->fullUs.last(), f->scaledUs.last(), f->speedup(), repeat,
        floor, floor > 0 ? f->scaledUs.last() / floor : -1, floor > 0 ? f->fullUs.last() / floor : -1);
}

int usage()
{
    std::fprintf(stderr, "usage: qs-bench-decode [--side N] [--repeat N] [--made N] [TFRECORD...]\n");
    return 2;
}

} // namespace

int main(int argc, char **argv)
{
    int side = 16;
    int repeat = 5;
    int made = 200;
    QStringList files;
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg = argv[i];
        const bool hasValue = i + 1 < argc;
        if (arg == "--side" && hasValue)
            side = QByteArray(argv[++i]).toInt();
        else if (arg == "--repeat" && hasValue)
            repeat = QByteArray(argv[++i]).toInt();
        else if (arg == "--made" && hasValue)
            made = QByteArray(argv[++i]).toInt();
        else if (!arg.startsWith("--"))
            files << QString::fromLocal8Bit(arg);
        else
            return usage();
    }
    if (side < 1 || repeat < 1 || made < 1)
        return usage();
    if (files.isEmpty()) {
        const QDir fixtures(QStringLiteral(QS_FIXTURES_DIR));
        for (const char *name :
             {"tfbench_fake_imagenet_train-00000-of-00008", "tfx_flowers_GAN_tfrecord-00000-of-00001",
              "t2r_pose_env_test_data.tfrecord"})
            if (fixtures.exists(QLatin1String(name)))
                files << fixtures.filePath(QLatin1String(name));
    }
    std::printf("model input %dx%d\n", side, side);
    for (const QString &f : files)
        report(QFileInfo(f).fileName(), jpegsInFile(f), side, repeat);
    report(QStringLiteral("made 256x256 shapes (q90)"), madeJpegs(made), side, repeat);
    std::printf("load %s\n", qPrintable(LoadAverage::now().toString()));
    return 0;
}
