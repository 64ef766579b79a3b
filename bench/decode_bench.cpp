// qs-bench-decode: JPEG decoding at the model's input size, scaled (DecodeOptions::scaledJpeg,
// the DCT decodes at M/8) against a full decode, each followed by the INTER_AREA resize to the
// model's input that preprocessing does.
//
//   qs-bench-decode [--side N] [--repeat N] [--made N] [TFRECORD...]
//
// Each TFRECORD's JPEG features are decoded (default: the real JPEG fixtures in
// QS_FIXTURES_DIR), and a made dataset of --made (200) 256x256 photos-like JPEGs (smooth
// gradients plus noise, quality 90). --side is the model's input (16, the demo's). Target:
// scaled >= 3x faster than full.
#include "bench/machineinfo.h"
#include "example/exampleparser.h"
#include "example/imagecodecs.h"
#include "record/recordreader.h"

#include <QDir>
#include <QElapsedTimer>
#include <QRandomGenerator>

#include <opencv2/imgproc.hpp>

#include <cstdio>

using namespace qs;

namespace {

QList<QByteArray> jpegsOf(const QString &path)
{
    QList<QByteArray> out;
    auto reader = RecordReader::open(path);
    if (!reader)
        return out;
    ExampleParser parser;
    RecordView record;
    while ((*reader)->next(&record).isOk()) {
        Result<ParsedExample> e = parser.parse(record.bytes(), {});
        if (!e)
            continue;
        for (const auto &[key, f] : e->features) {
            if (f.kind == FeatureKind::Bytes && f.count() == 1 &&
                sniffImageFormat(f.bytes.front()) == ImageFormat::Jpeg)
                out << f.bytes.front();
        }
    }
    return out;
}

QList<QByteArray> madeJpegs(int count)
{
    QList<QByteArray> out;
    QRandomGenerator rng(11);
    for (int i = 0; i < count; ++i) {
        cv::Mat m(256, 256, CV_8UC3);
        const int a = rng.bounded(256), b = rng.bounded(256), c = rng.bounded(256);
        for (int y = 0; y < 256; ++y)
            for (int x = 0; x < 256; ++x) {
                cv::Vec3b &p = m.at<cv::Vec3b>(y, x);
                const int n = rng.bounded(24);
                p = cv::Vec3b(uchar((a + x + n) & 255), uchar((b + y + n) & 255),
                              uchar((c + (x ^ y) / 4 + n) & 255));
            }
        out << encodeJpeg(m, 90);
    }
    return out;
}

// Best-of-repeat seconds to decode and resize every image.
double timeDecode(const QList<QByteArray> &jpegs, int side, bool scaled, int repeat)
{
    double best = 1e30;
    for (int r = 0; r < repeat; ++r) {
        QElapsedTimer t;
        t.start();
        for (const QByteArray &j : jpegs) {
            DecodeRequest request;
            request.channels = 3;
            if (scaled)
                request.minWidth = request.minHeight = side;
            QString why;
            const cv::Mat image = decodeJpeg(j, request, &why);
            cv::Mat sized;
            cv::resize(image, sized, cv::Size(side, side), 0, 0, cv::INTER_AREA);
        }
        best = std::min(best, double(t.nsecsElapsed()) / 1e9);
    }
    return best;
}

void report(const char *name, const QList<QByteArray> &jpegs, int side, int repeat)
{
    if (jpegs.isEmpty()) {
        std::printf("%-28s no JPEGs\n", name);
        return;
    }
    const double full = timeDecode(jpegs, side, false, repeat);
    const double scaled = timeDecode(jpegs, side, true, repeat);
    std::printf("%-28s %4lld JPEGs  full+resize %7.1f us/image  scaled+resize %7.1f us/image  speed-up %.2fx "
                "(target >= 3)\n",
                name, qint64(jpegs.size()), full * 1e6 / double(jpegs.size()),
                scaled * 1e6 / double(jpegs.size()), full / scaled);
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
        else {
            std::fprintf(stderr, "usage: qs-bench-decode [--side N] [--repeat N] [--made N] [TFRECORD...]\n");
            return 2;
        }
    }
    if (side < 1 || repeat < 1 || made < 0) {
        std::fprintf(stderr, "qs-bench-decode: side and repeat must be positive\n");
        return 2;
    }
    if (files.isEmpty()) {
        const QDir fixtures(QStringLiteral(QS_FIXTURES_DIR));
        for (const char *name :
             {"tfbench_fake_imagenet_train-00000-of-00008", "tfx_flowers_GAN_tfrecord-00000-of-00001",
              "t2r_pose_env_test_data.tfrecord"})
            if (fixtures.exists(QLatin1String(name)))
                files << fixtures.filePath(QLatin1String(name));
    }
    std::printf("model input %dx%d, best of %d\n", side, side, repeat);
    for (const QString &f : files)
        report(qPrintable(QFileInfo(f).fileName().left(28)), jpegsOf(f), side, repeat);
    report("made 256x256 (q90)", madeJpegs(made), side, repeat);
    std::printf("load %s\n", qPrintable(LoadAverage::now().toString()));
    return 0;
}
