// qs-bench-example: how fast one reader thread turns serialized tf.train.Example records into
// decoded samples (parse, then decode), for the layouts the detector knows.
//
//   qs-bench-example [--seconds S]
//
// Each case runs for about S seconds (default 1) on one thread. Target: parsing is never the
// bottleneck next to decoding, and a raw 64x64x3 record parses and decodes at > 20k records/s.
// `queuescope-cli bench` measures the same stages on the user's own records (the bench library).

#include "bench/stagerate.h"
#include "example/examplebuilder.h"
#include "example/exampleparser.h"
#include "example/sampledecoder.h"
#include "example/specdetector.h"

#include <opencv2/imgcodecs.hpp>

#include <cstdio>
#include <cstring>

using namespace qs;

namespace {

cv::Mat pattern(int h, int w)
{
    cv::Mat m(h, w, CV_8UC3);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            m.at<cv::Vec3b>(y, x) = cv::Vec3b(uchar(x * 3 + y), uchar(y * 5), uchar((x ^ y) * 7));
    return m;
}

QByteArray jpeg(int h, int w)
{
    std::vector<uchar> buf;
    cv::imencode(".jpg", pattern(h, w), buf);
    return QByteArray(reinterpret_cast<const char *>(buf.data()), qsizetype(buf.size()));
}

struct Case {
    const char *name;
    QByteArray record;
};

void run(const Case &c, double seconds)
{
    Result<ParsedExample> first = parseRecord(c.record, {});
    const std::vector<ParsedExample> sample{*first};
    const Detection detection = detectFeatureSpec(sample);
    if (!detection.forTraining()) {
        std::fprintf(stderr, "%s: %s\n", c.name, qPrintable(detection.imageStatus.toString()));
        return;
    }
    const FeatureSpec spec = detection.spec;

    const auto measure = [&](auto body) { return measureFor(seconds, body, 64).perSecond(); };

    ExampleParser parser;
    const double parseReused = measure([&] { (void)parser.parse(c.record, {}); });
    const double parseFresh = measure([&] {
        ExampleParser fresh;
        (void)fresh.parse(c.record, {});
    });
    const ParsedExample parsed = *first;
    const double decodeOnly = measure([&] { (void)decode(parsed, spec, {}); });
    const double both = measure([&] {
        Result<ParsedExample> e = parser.parse(c.record, {});
        (void)decode(*e, spec, {});
    });
    std::printf("%-28s %8lld B  parse %9.0f/s (fresh parser %9.0f/s)  decode %9.0f/s  parse+decode %9.0f/s  "
                "(%.0f MB/s)\n",
                c.name, static_cast<long long>(c.record.size()), parseReused, parseFresh, decodeOnly, both,
                both * double(c.record.size()) / 1e6);
}

} // namespace

int main(int argc, char **argv)
{
    double seconds = 1.0;
    for (int i = 1; i + 1 < argc; ++i) {
        if (std::strcmp(argv[i], "--seconds") == 0)
            seconds = std::atof(argv[++i]);
    }
    std::vector<float> mnist(784);
    for (size_t i = 0; i < mnist.size(); ++i)
        mnist[i] = float(i % 256) / 255.f - 0.5f;
    const cv::Mat raw = pattern(64, 64);
    const QByteArray rawBytes(reinterpret_cast<const char *>(raw.data), qsizetype(raw.total() * 3));
    const Case cases[] = {
        {"raw uint8 64x64x3 + label",
         ExampleBuilder().addBytes("img_raw", rawBytes).addInt64("label", 1).serialize()},
        {"mnist 784 floats + class",
         ExampleBuilder().addFloats("image_floats", mnist).addInt64("image_class", 3).serialize()},
        {"imagenet JPEG 224x224", ExampleBuilder()
                                      .addBytes("image/encoded", jpeg(224, 224))
                                      .addInt64("image/class/label", 5)
                                      .addInt64("image/height", 224)
                                      .addInt64("image/width", 224)
                                      .addBytes("image/format", "JPEG")
                                      .addBytes("image/filename", "train_0001.JPEG")
                                      .addFloats("image/object/bbox/xmin", {0.1f})
                                      .serialize()},
        {"imagenet JPEG 64x64", ExampleBuilder()
                                    .addBytes("image/encoded", jpeg(64, 64))
                                    .addInt64("image/class/label", 5)
                                    .serialize()},
    };
    for (const Case &c : cases)
        run(c, seconds);
    return 0;
}
