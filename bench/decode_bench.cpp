// qs-bench-decode: JPEG decoding at the model's input size, scaled against full (the measure of
// `queuescope-cli bench`'s jpeg_scaled_decode target, see jpegbench.h), on any files.
//
//   qs-bench-decode [--side N] [--repeat N] [--made N] [TFRECORD...]
//
// Each TFRECORD's JPEG features are decoded (default: the real JPEG fixtures in
// QS_FIXTURES_DIR), and a made set of --made (200) 256x256 JPEGs of the demo shapes. --side is the
// model's input (16, the demo's); --repeat the rounds (5). Target: scaled >= 3x faster.
//
// The last columns measure what no DCT scaling can skip (see jpegbench.h): the entropy
// decoding alone. Where scaled decoding takes about as long as that (a ratio near 1), it is down
// to the entropy decoding itself, and full / entropy-only is about the most that scaling with
// libjpeg-turbo's entropy decoder can gain on the set.
#include "bench/jpegbench.h"
#include "bench/machineinfo.h"

#include <QDir>
#include <QFileInfo>

#include <cstdio>

using namespace qs;

namespace {

void report(const QString &name, const Result<QList<QByteArray>> &jpegs, int side, int repeat)
{
    Result<JpegDecodeFigures> f = jpegs ? compareJpegDecode(name, *jpegs, side, repeat, 0.2)
                                        : Result<JpegDecodeFigures>(jpegs.status());
    if (!f) {
        std::printf("%-28s %s\n", qPrintable(name.left(28)), qPrintable(f.status().message()));
        return;
    }
    const double floor = f->entropyUs.last();
    const double fullOverFloor = floor > 0 ? f->fullUs.last() / floor : -1;
    std::printf(
        "%-28s %4d JPEGs  full+resize %7.1f us/image  scaled+resize %7.1f us/image  speed-up %.2fx "
        "(median of %d rounds; target >= 3)  entropy decoding only %7.1f us/image, scaled / entropy-only "
        "%.2f (median of the rounds), full / entropy-only %.2f\n",
        qPrintable(name.left(28)), f->images, f->fullUs.last(), f->scaledUs.last(), f->speedup(), repeat,
        floor, f->scaledOverEntropy(), fullOverFloor);
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
