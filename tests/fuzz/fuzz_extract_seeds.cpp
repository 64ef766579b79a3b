// Writes the seed corpora of the fuzz targets (scripts/fuzz.sh runs it into the build tree):
//   <out>/recordreader/  whole fixture files, and files made by RecordWriter (none, gzip, zlib,
//                        records larger than the reader's buffer);
//   <out>/example/       record payloads of the fixture files and of ExampleBuilder;
//   <out>/imagedecode/   image values found in those records (encoded, raw int16, float pixels)
//                        and small images encoded by OpenCV, in imagecase.h's layout.
// The fixture folder may be missing (a clone without /work/shared): the own seeds still come.
//
//   fuzz_extract_seeds FIXTURES_DIR OUT_DIR [MAX_SEED_BYTES]

#include "imagecase.h"

#include "example/examplebuilder.h"
#include "example/exampleparser.h"
#include "example/imageformat.h"
#include "observe/recorder.h"
#include "observe/runfilewriter.h"
#include "record/recordreader.h"
#include "record/recordwriter.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QtEndian>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include <cstdio>

using namespace qs;

namespace {

constexpr int kRecordsPerFile = 16;
constexpr int kImagesPerFile = 4;

class SeedDir {
public:
    SeedDir(const QString &root, const QString &name)
        : m_dir(QDir(root).filePath(name))
    {
        QDir().mkpath(m_dir);
    }
    // Named after the origin and the content, so the same bytes are written once.
    void add(const QString &origin, const QByteArray &bytes)
    {
        const QString hash =
            QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha1).toHex().left(12));
        QFile f(QDir(m_dir).filePath(origin + QLatin1Char('-') + hash));
        if (!f.exists() && f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size())
            ++m_count;
    }
    const QString &path() const { return m_dir; }
    int count() const { return m_count; }

private:
    QString m_dir;
    int m_count = 0;
};

QByteArray encode(const cv::Mat &image, const char *ext, const std::vector<int> &params = {})
{
    std::vector<uchar> buf;
    if (!cv::imencode(ext, image, buf, params))
        return {};
    return QByteArray(reinterpret_cast<const char *>(buf.data()), qsizetype(buf.size()));
}

cv::Mat pattern(int h, int w, int type)
{
    cv::Mat m(h, w, type);
    cv::randu(m, cv::Scalar::all(0), cv::Scalar::all(CV_MAT_DEPTH(type) == CV_16U ? 65535 : 255));
    return m;
}

QByteArray floatBytes(const std::vector<float> &values)
{
    QByteArray out(qsizetype(values.size() * 4), Qt::Uninitialized);
    for (size_t i = 0; i < values.size(); ++i)
        qToLittleEndian<float>(values[i], out.data() + 4 * i);
    return out;
}

// The records the project's own writers make: the layouts detection knows.
QList<QByteArray> ownRecords()
{
    const QByteArray png = encode(pattern(12, 16, CV_8UC3), ".png");
    std::vector<float> floats(64);
    for (size_t i = 0; i < floats.size(); ++i)
        floats[i] = float(i) / 64.f;
    return {
        ExampleBuilder().addBytes("img_raw", QByteArray(8 * 8 * 3, '\x40')).addInt64("label", 1).serialize(),
        ExampleBuilder()
            .addBytes("image/encoded", png)
            .addInt64("image/class/label", 3)
            .addInt64("image/height", 12)
            .addInt64("image/width", 16)
            .addInt64("image/channels", 3)
            .addBytes("image/format", "PNG")
            .serialize(),
        ExampleBuilder().addFloats("pixels", floats).addInt64s("label", {0, 0, 1, 0}).serialize(),
        ExampleBuilder()
            .addBytes("raw", QByteArray(4 * 6 * 2, '\x01'))
            .addInt64("height", 4)
            .addInt64("width", 6)
            .addInt64("channels", 1)
            .addBytes("label_raw", QByteArray("\x00\x01\x00", 3))
            .serialize(),
        ExampleBuilder()
            .addInt64("id", 9)
            .addEmpty("nothing")
            .addStep("frames", Feature::ofBytes({"a", "b"}))
            .addStep("frames", Feature::ofFloats({1.5f}))
            .serialize(),
        QByteArray(),
    };
}

bool writeRecords(const QString &path, Compression compression, const QList<QByteArray> &records)
{
    Result<std::unique_ptr<RecordWriter>> writer = RecordWriter::create(path, compression);
    if (!writer)
        return false;
    for (const QByteArray &r : records) {
        if (!(*writer)->write(r))
            return false;
    }
    return (*writer)->commit().isOk();
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void addRecordFiles(const QString &scratch, SeedDir &records)
{
    const QList<QByteArray> own = ownRecords();
    QByteArray large(300 * 1024, Qt::Uninitialized); // over the reader's 256 KiB buffer
    for (qsizetype i = 0; i < large.size(); ++i)
        large[i] = char((i * 131) >> 7);
    const struct {
        const char *name;
        Compression compression;
        QList<QByteArray> records;
    } files[] = {
        {"own-none", Compression::None, own},
        {"own-gzip", Compression::Gzip, own},
        {"own-zlib", Compression::Zlib, own},
        {"own-large-none", Compression::None, {own[0], large.left(70 * 1024), large, own[1]}},
        {"own-large-gzip", Compression::Gzip, {large.left(70 * 1024), large}},
        {"own-empty", Compression::None, {}},
    };
    for (const auto &f : files) {
        const QString path = QDir(scratch).filePath(QString::fromLatin1(f.name));
        if (writeRecords(path, f.compression, f.records))
            records.add(QString::fromLatin1(f.name), readFile(path));
        QFile::remove(path);
    }
}

QString originOf(const QString &file)
{
    QString base = QFileInfo(file).fileName();
    base.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_]+")), QStringLiteral("_"));
    return base.left(40);
}

// The image values of one parsed record, in imagecase.h's layout.
void addImages(const QString &origin, const ParsedExample &example, qsizetype maxBytes, SeedDir &images,
               int *taken)
{
    const auto scalar = [&](const char *key) -> qint32 {
        const Feature *f = example.find(QString::fromLatin1(key));
        return f && f->kind == FeatureKind::Int64 && f->ints.size() == 1 ? qint32(f->ints.front()) : 0;
    };
    for (const auto &[key, feature] : example.features) {
        if (*taken >= kImagesPerFile)
            return;
        if (feature.kind == FeatureKind::Bytes && feature.bytes.size() == 1 &&
            feature.bytes.front().size() < maxBytes) {
            const QByteArray &value = feature.bytes.front();
            if (sniffImageFormat(value) != ImageFormat::Unknown) {
                images.add(origin, fuzz::encodedCase(value, *taken % 2 ? 1 : 0));
                ++*taken;
            } else if (scalar("height") * scalar("width") * 2 == value.size()) { // captcha: int16
                images.add(origin, fuzz::pixelCase(1, 1, true, scalar("height"), scalar("width"), 1, value));
                ++*taken;
            }
        } else if (feature.kind == FeatureKind::Float && feature.floats.size() == 784) { // MNIST 28x28
            images.add(origin, fuzz::pixelCase(2, 0, false, 28, 28, 1, floatBytes(feature.floats)));
            ++*taken;
        }
    }
}

void addFixtures(const QString &fixtures, qsizetype maxBytes, SeedDir &records, SeedDir &examples,
                 SeedDir &images)
{
    const QFileInfoList files = QDir(fixtures).entryInfoList(QDir::Files, QDir::Name);
    ExampleParser parser;
    for (const QFileInfo &info : files) {
        if (info.suffix() == QLatin1String("md"))
            continue;
        const QString origin = originOf(info.fileName());
        records.add(origin, readFile(info.filePath()));
        Result<std::unique_ptr<RecordReader>> reader = RecordReader::open(info.filePath());
        if (!reader)
            continue;
        QByteArray payload;
        int taken = 0;
        for (int i = 0; i < kRecordsPerFile && (*reader)->next(&payload).isOk(); ++i) {
            if (payload.size() <= maxBytes)
                examples.add(origin, payload);
            if (const Result<ParsedExample> parsed = parser.parse(payload, {}))
                addImages(origin, *parsed, maxBytes, images, &taken);
        }
    }
}

void addOwnImages(SeedDir &images)
{
    const cv::Mat colour = pattern(12, 16, CV_8UC3);
    const struct {
        const char *name;
        cv::Mat image;
        const char *ext;
        std::vector<int> params;
    } encoded[] = {
        {"own-png", colour, ".png", {}},
        {"own-png-gray", pattern(9, 7, CV_8UC1), ".png", {}},
        {"own-png-rgba", pattern(5, 6, CV_8UC4), ".png", {}},
        {"own-png-16bit", pattern(6, 5, CV_16UC3), ".png", {}},
        {"own-jpeg", colour, ".jpg", {}},
        {"own-jpeg-progressive", colour, ".jpg", {cv::IMWRITE_JPEG_PROGRESSIVE, 1}},
        {"own-bmp", colour, ".bmp", {}},
        {"own-tiff", colour, ".tiff", {}},
        {"own-webp", colour, ".webp", {}},
    };
    for (const auto &e : encoded) {
        const QByteArray bytes = encode(e.image, e.ext, e.params);
        if (!bytes.isEmpty()) {
            images.add(QString::fromLatin1(e.name), fuzz::encodedCase(bytes, 0));
            images.add(QString::fromLatin1(e.name), fuzz::encodedCase(bytes, 3));
        }
    }
    // A stray byte before the frame header, which libjpeg skips: the size guard must too.
    const QByteArray jpeg = encode(colour, ".jpg");
    const qsizetype sof = jpeg.indexOf("\xff\xc0");
    if (sof > 0)
        images.add(QStringLiteral("own-jpeg-stray-byte"),
                   fuzz::encodedCase(jpeg.left(sof) + '\0' + jpeg.mid(sof), 0));

    const QByteArray rgb(4 * 5 * 3, '\x7f');
    images.add(QStringLiteral("own-raw-uint8"), fuzz::pixelCase(1, 0, false, 4, 5, 3, rgb));
    images.add(QStringLiteral("own-raw-uint8-keys"), fuzz::pixelCase(1, 0, true, 4, 5, 3, rgb));
    images.add(QStringLiteral("own-raw-int16"),
               fuzz::pixelCase(1, 1, false, 3, 4, 1, QByteArray(24, '\x02')));
    images.add(QStringLiteral("own-raw-float32"),
               fuzz::pixelCase(1, 2, false, 2, 2, 4, floatBytes(std::vector<float>(16, 0.5f))));
    images.add(QStringLiteral("own-float-pixels"),
               fuzz::pixelCase(2, 0, true, 3, 3, 1, floatBytes(std::vector<float>(9, 0.25f))));
}

} // namespace

// A run file of a tiny recorded run: two threads, a queue, events, a metric, a topology.
void addRunFile(const QString &scratch, SeedDir &runs)
{
    Recorder rec;
    const QString path = QDir(scratch).filePath(QStringLiteral("seed.qsrun"));
    auto writer = RunFileWriter::start(path, rec);
    if (!writer) {
        std::fprintf(stderr, "fuzz_extract_seeds: %s\n", qPrintable(writer.status().toString()));
        return;
    }
    const int q = rec.registerQueue(QStringLiteral("example_queue"), QStringLiteral("FIFOQueue"), 4, 0);
    const int r = rec.registerThread(QStringLiteral("reader_0"), ThreadRole::Reader);
    const int t = rec.registerThread(QStringLiteral("trainer"), ThreadRole::Trainer);
    rec.setState(r, ThreadState::Running, Activity::Reading);
    rec.setState(t, ThreadState::BlockedEmpty, Activity::Dequeuing, QStringLiteral("example_queue"));
    rec.queueChanged(q, 1, 1, 0, false);
    rec.metric(MetricPoint{1, rec.nowUs(), 0.7, 0.5, -1, 0});
    Topology topo;
    topo.queues << TopologyQueue{QStringLiteral("example_queue"), QueueRole::Examples,
                                 QStringLiteral("examples")};
    topo.threads << TopologyThread{QStringLiteral("trainer"),
                                   ThreadRole::Trainer,
                                   CodeRole::Trainer,
                                   QStringLiteral("trainer"),
                                   {},
                                   {QStringLiteral("example_queue")},
                                   {}};
    rec.setTopology(topo);
    rec.setState(r, ThreadState::Stopped);
    rec.event(EventKind::End, QString(), {{QStringLiteral("how"), QStringLiteral("end_of_data")}});
    rec.setRunState(RunState::Finished, EndHow::EndOfData);
    if (Status s = (*writer)->finish(); !s.isOk()) {
        std::fprintf(stderr, "fuzz_extract_seeds: %s\n", qPrintable(s.toString()));
        return;
    }
    QFile f(path);
    if (f.open(QIODevice::ReadOnly))
        runs.add(QStringLiteral("own"), f.readAll());
    f.remove();
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s FIXTURES_DIR OUT_DIR [MAX_SEED_BYTES]\n", argv[0]);
        return 2;
    }
    const QString fixtures = QFile::decodeName(argv[1]);
    const QString out = QFile::decodeName(argv[2]);
    const qsizetype maxBytes = argc > 3 ? QByteArray(argv[3]).toLongLong() : 64 * 1024;

    SeedDir records(out, QStringLiteral("recordreader"));
    SeedDir examples(out, QStringLiteral("example"));
    SeedDir images(out, QStringLiteral("imagedecode"));
    SeedDir runs(out, QStringLiteral("runfile"));
    addRunFile(out, runs);
    addRecordFiles(out, records);
    for (const QByteArray &r : ownRecords())
        examples.add(QStringLiteral("own"), r);
    addOwnImages(images);
    if (QFileInfo(fixtures).isDir())
        addFixtures(fixtures, maxBytes, records, examples, images);
    else
        std::fprintf(stderr, "fuzz_extract_seeds: no fixtures at %s; only the project's own seeds\n",
                     qPrintable(fixtures));
    std::printf("seeds: %d record files, %d example payloads, %d image values in %s\n", records.count(),
                examples.count(), images.count(), qPrintable(out));
    return 0;
}
