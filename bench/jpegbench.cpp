#include "bench/jpegbench.h"

#include "bench/stagerate.h"

#include "demo/demogenerator.h"
#include "example/exampleparser.h"
#include "example/imagecodecs.h"
#include "example/imageformat.h"
#include "record/recordreader.h"

#include <QElapsedTimer>
#include <QJsonArray>

#include <opencv2/imgproc.hpp>

#include <turbojpeg.h>

#include <algorithm>
#include <memory>

namespace qs {

namespace {

// Microseconds per image to decode and resize the set, decoding it as often as minSeconds needs.
Result<double> timeSet(const QList<QByteArray> &jpegs, int side, bool scaled, double minSeconds)
{
    QElapsedTimer clock;
    clock.start();
    qint64 images = 0;
    do {
        for (const QByteArray &j : jpegs) {
            DecodeRequest request;
            request.channels = 3;
            request.scaledJpeg = scaled;
            if (scaled)
                request.minWidth = request.minHeight = side;
            QString why;
            const cv::Mat image = decodeJpeg(j, request, &why);
            if (image.empty())
                return Status(ErrorKind::InvalidArgument,
                              QStringLiteral("JPEG %1 of the set does not decode: %2").arg(images).arg(why));
            cv::Mat sized;
            cv::resize(image, sized, cv::Size(side, side), 0, 0, cv::INTER_AREA);
            ++images;
        }
    } while (double(clock.nsecsElapsed()) / 1e9 < minSeconds);
    return double(clock.nsecsElapsed()) / 1e3 / double(images);
}

// Microseconds per image to entropy-decode the set and nothing else (see jpegbench.h), as often
// as minSeconds needs.
Result<double> timeEntropyDecoding(const QList<QByteArray> &jpegs, double minSeconds)
{
    const std::unique_ptr<void, int (*)(tjhandle)> transformer(tjInitTransform(), tjDestroy);
    if (!transformer)
        return Status(ErrorKind::Internal, QStringLiteral("TurboJPEG made no transformer: %1")
                                               .arg(QString::fromLocal8Bit(tjGetErrorStr2(nullptr))));
    QElapsedTimer clock;
    clock.start();
    qint64 images = 0;
    do {
        for (const QByteArray &j : jpegs) {
            tjtransform readOnly{};
            readOnly.op = TJXOP_NONE;
            readOnly.options = TJXOPT_NOOUTPUT;
            unsigned char *out = nullptr;
            unsigned long outSize = 0;
            const int failed =
                tjTransform(transformer.get(), reinterpret_cast<const unsigned char *>(j.constData()),
                            static_cast<unsigned long>(j.size()), 1, &out, &outSize, &readOnly, 0);
            tjFree(out);
            if (failed != 0)
                return Status(ErrorKind::InvalidArgument,
                              QStringLiteral("JPEG %1 of the set does not entropy-decode: %2")
                                  .arg(images % jpegs.size())
                                  .arg(QString::fromLocal8Bit(tjGetErrorStr2(transformer.get()))));
            ++images;
        }
    } while (double(clock.nsecsElapsed()) / 1e9 < minSeconds);
    return double(clock.nsecsElapsed()) / 1e3 / double(images);
}

QJsonArray list(const QList<double> &v)
{
    QJsonArray a;
    for (double d : v)
        a.append(d);
    return a;
}

} // namespace

double JpegDecodeFigures::speedup() const
{
    return medianRatio(fullUs, scaledUs);
}

double JpegDecodeFigures::scaledOverEntropy() const
{
    return medianRatio(scaledUs, entropyUs);
}

QJsonObject JpegDecodeFigures::toJson() const
{
    return {{QStringLiteral("set"), name},
            {QStringLiteral("images"), images},
            {QStringLiteral("side"), side},
            {QStringLiteral("full_us_per_image"), list(fullUs)},
            {QStringLiteral("scaled_us_per_image"), list(scaledUs)},
            {QStringLiteral("entropy_only_us_per_image"), list(entropyUs)},
            {QStringLiteral("speedup"), speedup()},
            {QStringLiteral("scaled_over_entropy_only"), scaledOverEntropy()}};
}

Result<QList<QByteArray>> jpegsInFile(const QString &path, int limit)
{
    Result<std::unique_ptr<RecordReader>> reader = RecordReader::open(path);
    if (!reader)
        return reader.status();
    QList<QByteArray> out;
    ExampleParser parser;
    RecordView record;
    while (out.size() < limit) {
        const Status s = (*reader)->next(&record);
        if (s.kind() == ErrorKind::OutOfRange)
            break;
        if (!s.isOk())
            return s;
        Result<ParsedExample> e = parser.parse(record.bytes(), {});
        if (!e)
            continue; // not an Example: nothing to decode in it
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
    DemoOptions d;
    d.count = count;
    d.size = 256;
    d.seed = 11;
    Result<DemoGenerator> gen = DemoGenerator::create(d);
    if (!gen)
        return out;
    for (int i = 0; i < count; ++i)
        out << encodeJpeg(gen->sample(i).image, 90);
    return out;
}

Result<JpegDecodeFigures> compareJpegDecode(const QString &name, const QList<QByteArray> &jpegs, int side,
                                            int rounds, double minSeconds)
{
    if (jpegs.isEmpty())
        return Status(ErrorKind::NotFound, QStringLiteral("%1 holds no JPEG image").arg(name));
    JpegDecodeFigures f;
    f.name = name;
    f.images = int(jpegs.size());
    f.side = side;
    for (int r = 0; r < rounds; ++r) {
        Result<double> full = timeSet(jpegs, side, false, minSeconds);
        if (!full)
            return full.status();
        Result<double> scaled = timeSet(jpegs, side, true, minSeconds);
        if (!scaled)
            return scaled.status();
        Result<double> entropy = timeEntropyDecoding(jpegs, minSeconds);
        if (!entropy)
            return entropy.status();
        f.fullUs << *full;
        f.scaledUs << *scaled;
        f.entropyUs << *entropy;
    }
    return f;
}

} // namespace qs
