#include "datasetcheck.h"
#include "imagefolder.h"

#include "demo/datasetwriter.h"
#include "demo/demodataset.h"
#include "demo/demogenerator.h"
#include "record/shardedwriter.h"

#include <QTemporaryDir>
#include <QTest>

#include <opencv2/imgproc.hpp>

using namespace qs;
using namespace qs::test;

namespace {

cv::Mat asBgr(const cv::Mat &m)
{
    cv::Mat out;
    if (m.channels() == 1)
        cv::cvtColor(m, out, cv::COLOR_GRAY2BGR);
    else if (m.channels() == 4)
        cv::cvtColor(m, out, cv::COLOR_BGRA2BGR);
    else
        out = m;
    return out;
}

QStringList keysOf(const ParsedExample &ex)
{
    QStringList keys;
    for (const auto &[key, feature] : ex.features)
        keys << key;
    return keys;
}

std::unique_ptr<DatasetWriter> makeWriter(const QString &path, const DatasetWriterOptions &o)
{
    Result<std::unique_ptr<DatasetWriter>> w = DatasetWriter::create(path, o);
    if (!w)
        qFatal("%s", qPrintable(w.status().toString()));
    return std::move(*w);
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(bytes), bytes.size());
}

} // namespace

class TestDatasetWriter : public QObject {
    Q_OBJECT
private slots:
    void layoutNames()
    {
        for (DatasetLayout l : {DatasetLayout::Raw, DatasetLayout::Encoded})
            QCOMPARE(datasetLayoutFromName(datasetLayoutName(l)), l);
        QCOMPARE(datasetLayoutFromName(u"ENCODED"), DatasetLayout::Encoded);
        QVERIFY(!datasetLayoutFromName(u"jpeg"));
        QCOMPARE(datasetPaths(QStringLiteral("a/b"), 1), QStringList{QStringLiteral("a/b")});
        QCOMPARE(datasetPaths(QStringLiteral("a/b"), 2),
                 (QStringList{QStringLiteral("a/b-00000-of-00002"), QStringLiteral("a/b-00001-of-00002")}));
    }

    void rejectsBadOptions_data()
    {
        QTest::addColumn<int>("field");
        QTest::addColumn<QString>("mentions");
        QTest::addRow("gif") << 0 << "format";
        QTest::addRow("quality 0") << 1 << "quality";
        QTest::addRow("auto compression") << 2 << "compression";
        QTest::addRow("no shards") << 3 << "shards";
    }
    void rejectsBadOptions()
    {
        QFETCH(int, field);
        QFETCH(QString, mentions);
        DatasetWriterOptions o;
        QVERIFY(o.validate());
        o.layout = DatasetLayout::Encoded;
        switch (field) {
        case 0:
            o.format = ImageFormat::Gif;
            break;
        case 1:
            o.jpegQuality = 0;
            break;
        case 2:
            o.compression = Compression::Auto;
            break;
        default:
            o.shards = 0;
        }
        const Status s = o.validate();
        QCOMPARE(s.kind(), ErrorKind::InvalidArgument);
        QVERIFY2(s.message().contains(mentions), qPrintable(s.message()));
        QTemporaryDir dir;
        QVERIFY(!DatasetWriter::create(dir.filePath(QStringLiteral("x")), o));
        QVERIFY(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).isEmpty());
    }

    void rawLayout_data()
    {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("cols");
        QTest::addColumn<int>("channels");
        QTest::addColumn<QStringList>("keys");
        const QStringList square{QStringLiteral("img_raw"), QStringLiteral("label")};
        const QStringList shaped{QStringLiteral("depth"), QStringLiteral("height"), QStringLiteral("img_raw"),
                                 QStringLiteral("label"), QStringLiteral("width")};
        QTest::addRow("square colour") << 24 << 24 << 3 << square;
        QTest::addRow("square gray") << 20 << 20 << 1 << square;
        QTest::addRow("square bgra") << 16 << 16 << 4 << square;
        QTest::addRow("wide") << 12 << 16 << 3 << shaped;
    }
    void rawLayout()
    {
        QFETCH(int, rows);
        QFETCH(int, cols);
        QFETCH(int, channels);
        QFETCH(QStringList, keys);
        const DatasetItem item{picture(3, rows, cols, channels), 2, QStringLiteral("cat"),
                               QStringLiteral("a.png")};
        const Result<QByteArray> record = encodeDatasetExample(item, {});
        QVERIFY2(record, qPrintable(record.status().toString()));
        const Result<ParsedExample> ex = parseRecord(*record, {});
        QVERIFY(ex);
        QCOMPARE(keysOf(*ex), keys);
        // The bytes are RGB, row by row, like tf.io.decode_raw data.
        const cv::Mat bgr = asBgr(item.image);
        const QByteArray raw = ex->find(QStringLiteral("img_raw"))->bytes.front();
        QCOMPARE(raw.size(), qsizetype(rows * cols * 3));
        const cv::Vec3b first = bgr.at<cv::Vec3b>(0, 0);
        QCOMPARE(uchar(raw[0]), first[2]);
        QCOMPARE(uchar(raw[2]), first[0]);

        const Detection d = detectFeatureSpec(std::span(&*ex, 1));
        QVERIFY2(d.forTraining(), qPrintable(d.imageStatus.toString()));
        QCOMPARE(d.spec.image->key, QStringLiteral("img_raw"));
        QCOMPARE(d.spec.image->encoding, ImageEncoding::Raw);
        QCOMPARE(d.spec.label->key, QStringLiteral("label"));
        const Result<DecodedSample> s = decode(*ex, d.spec, {});
        QVERIFY2(s, qPrintable(s.status().toString()));
        QCOMPARE(s->label, 2);
        QVERIFY(sameImage(s->image, bgr));
    }

    void encodedLayout_data()
    {
        QTest::addColumn<ImageFormat>("format");
        QTest::addColumn<double>("tolerance");
        QTest::addRow("png") << ImageFormat::Png << 0.0;
        QTest::addRow("jpeg") << ImageFormat::Jpeg << 4.0;
    }
    void encodedLayout()
    {
        QFETCH(ImageFormat, format);
        QFETCH(double, tolerance);
        DatasetWriterOptions o;
        o.layout = DatasetLayout::Encoded;
        o.format = format;
        const DatasetItem item{picture(5, 30, 40), 1, QStringLiteral("dog"), QStringLiteral("dog 7.png")};
        const Result<QByteArray> record = encodeDatasetExample(item, o);
        QVERIFY(record);
        const Result<ParsedExample> ex = parseRecord(*record, {});
        QVERIFY(ex);
        const auto bytesOf = [&](const char *key) { return ex->find(QLatin1String(key))->bytes.front(); };
        const auto intOf = [&](const char *key) { return ex->find(QLatin1String(key))->ints.front(); };
        QCOMPARE(sniffImageFormat(bytesOf("image/encoded")), format);
        QCOMPARE(bytesOf("image/format"),
                 format == ImageFormat::Png ? QByteArray("PNG") : QByteArray("JPEG"));
        QCOMPARE(bytesOf("image/class/text"), QByteArray("dog"));
        QCOMPARE(bytesOf("image/filename"), QByteArray("dog 7.png"));
        QCOMPARE(bytesOf("image/colorspace"), QByteArray("RGB"));
        QCOMPARE(intOf("image/class/label"), 1);
        QCOMPARE(intOf("image/height"), 30);
        QCOMPARE(intOf("image/width"), 40);
        QCOMPARE(intOf("image/channels"), 3);

        const Detection d = detectFeatureSpec(std::span(&*ex, 1));
        QVERIFY(d.forTraining());
        QCOMPARE(d.spec.image->key, QStringLiteral("image/encoded"));
        QCOMPARE(d.spec.label->key, QStringLiteral("image/class/label"));
        const Result<DecodedSample> s = decode(*ex, d.spec, {});
        QVERIFY(s);
        QCOMPARE(s->label, 1);
        const double diff = meanAbsDiff(s->image, item.image);
        QVERIFY2(diff <= tolerance, qPrintable(QString::number(diff)));
    }

    void rejectsBadItemsAndStaysUsable()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("out.tfrecords"));
        auto writer = makeWriter(path, {});
        const std::vector<DatasetItem> bad{
            {cv::Mat(), 0, {}, QStringLiteral("empty.png")},
            {cv::Mat(8, 8, CV_16UC3, cv::Scalar::all(1)), 0, {}, QStringLiteral("deep.png")},
            {cv::Mat(8, 8, CV_8UC2, cv::Scalar::all(1)), 0, {}, QStringLiteral("two.png")},
            {picture(0, 8, 8), -1, {}, QStringLiteral("unlabelled.png")},
        };
        for (const DatasetItem &item : bad) {
            const Status s = writer->add(item);
            QCOMPARE(s.kind(), ErrorKind::InvalidArgument);
            QVERIFY2(s.message().contains(item.filename), qPrintable(s.message()));
        }
        QVERIFY(writer->add({picture(1, 16, 16), 3, {}, {}}));
        QVERIFY(writer->commit());
        QCOMPARE(writer->count(), 1);
        QCOMPARE(writer->labelCounts(), (std::vector<qint64>{0, 0, 0, 1}));
        const Result<ReadBack> back = readDataset({path});
        QVERIFY(back);
        QCOMPARE(back->samples.size(), size_t(1));
        QCOMPARE(back->samples[0].label, 3);
    }

    void shardsAndCompression_data()
    {
        QTest::addColumn<int>("shards");
        QTest::addColumn<Compression>("compression");
        QTest::addRow("one gzip") << 1 << Compression::Gzip;
        QTest::addRow("three zlib") << 3 << Compression::Zlib;
        QTest::addRow("four none") << 4 << Compression::None;
    }
    void shardsAndCompression()
    {
        QFETCH(int, shards);
        QFETCH(Compression, compression);
        QTemporaryDir dir;
        const QString base = dir.filePath(QStringLiteral("set"));
        DatasetWriterOptions o;
        o.shards = shards;
        o.compression = compression;
        auto writer = makeWriter(base, o);
        constexpr int kItems = 7;
        for (int i = 0; i < kItems; ++i)
            QVERIFY(writer->add({picture(i, 16, 16), i % 3, {}, {}}));
        QVERIFY(writer->commit());
        QCOMPARE(writer->paths(), datasetPaths(base, shards));
        for (int s = 0; s < shards; ++s) {
            const Result<ReadBack> back = readDataset({writer->paths()[s]});
            QVERIFY2(back, qPrintable(back.status().toString()));
            QCOMPARE(back->compressions.front(), compression);
            // Round-robin: shard s holds items s, s + shards, ...
            QCOMPARE(back->samples.size(), size_t((kItems - s + shards - 1) / shards));
            for (size_t j = 0; j < back->samples.size(); ++j) {
                const int i = s + int(j) * shards;
                QCOMPARE(back->samples[j].label, i % 3);
                QVERIFY(sameImage(back->samples[j].image, picture(i, 16, 16)));
            }
        }
    }

    void abortAndDestroyKeepTheTarget()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("keep.tfrecords"));
        writeFile(path, "precious");
        for (bool destroy : {false, true}) {
            auto writer = makeWriter(path, {});
            QVERIFY(writer->add({picture(0, 16, 16), 0, {}, {}}));
            QCOMPARE(tempFiles(dir.path()).size(), 1);
            if (destroy)
                writer.reset();
            else
                writer->abort();
            QCOMPARE(fileBytes(path), QByteArray("precious"));
            QVERIFY(tempFiles(dir.path()).isEmpty());
        }
    }

    void demoDatasetMatchesTheGenerator_data()
    {
        QTest::addColumn<DatasetLayout>("layout");
        QTest::addRow("raw") << DatasetLayout::Raw;
        QTest::addRow("encoded png") << DatasetLayout::Encoded;
    }
    void demoDatasetMatchesTheGenerator()
    {
        QFETCH(DatasetLayout, layout);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("demo.tfrecords"));
        DemoOptions demo;
        demo.count = 30;
        demo.classes = 3;
        demo.seed = 77;
        DatasetWriterOptions o;
        o.layout = layout;
        qint64 lastProgress = 0;
        QVERIFY(writeDemoDataset(path, demo, o, {{}, [&](qint64 done) { lastProgress = done; }}));
        QCOMPARE(lastProgress, demo.count);
        const Result<ReadBack> back = readDataset({path});
        QVERIFY2(back, qPrintable(back.status().toString()));
        QCOMPARE(back->samples.size(), size_t(demo.count));
        const DemoGenerator generator = *DemoGenerator::create(demo);
        for (qint64 i = 0; i < demo.count; ++i) {
            const DemoSample expected = generator.sample(i);
            QCOMPARE(back->samples[size_t(i)].label, expected.label);
            QVERIFY(sameImage(back->samples[size_t(i)].image, expected.image));
        }
        if (layout == DatasetLayout::Encoded) {
            const ParsedExample &ex = back->examples[4];
            QCOMPARE(ex.find(QStringLiteral("image/class/text"))->bytes.front(),
                     demoClassName(generator.labelOf(4)).toUtf8());
            QCOMPARE(ex.find(QStringLiteral("image/filename"))->bytes.front(),
                     (demoClassName(generator.labelOf(4)) + QStringLiteral("-000004.png")).toUtf8());
        }
    }

    void demoDatasetIsDeterministic()
    {
        QTemporaryDir dir;
        DemoOptions demo;
        demo.count = 40;
        DatasetWriterOptions o;
        o.compression = Compression::Gzip;
        const QString a = dir.filePath(QStringLiteral("a")), b = dir.filePath(QStringLiteral("b"));
        QVERIFY(writeDemoDataset(a, demo, o));
        QVERIFY(writeDemoDataset(b, demo, o));
        QCOMPARE(fileBytes(a), fileBytes(b));
        demo.seed = 2;
        QVERIFY(writeDemoDataset(b, demo, o));
        QVERIFY(fileBytes(a) != fileBytes(b));
    }

    void stopLeavesEveryTargetAsItWas_data()
    {
        QTest::addColumn<qint64>("stopAfter"); // records written before shouldStop() turns true
        QTest::addRow("in the first split") << qint64(5);
        QTest::addRow("in the second split") << qint64(25);
        QTest::addRow("after both, before the commit") << qint64(30);
    }
    void stopLeavesEveryTargetAsItWas()
    {
        QFETCH(qint64, stopAfter);
        QTemporaryDir dir;
        const QString train = dir.filePath(QStringLiteral("train")),
                      eval = dir.filePath(QStringLiteral("eval"));
        writeFile(train, "old train");
        writeFile(eval, "old eval");
        DemoOptions demo;
        demo.count = 20;
        DemoOptions held = demo;
        held.count = 10;
        held.seed = demoEvalSeed(demo.seed);
        const std::array splits{DemoSplit{train, demo}, DemoSplit{eval, held}};
        qint64 done = 0;
        const WriteControl control{[&] { return done >= stopAfter; }, [&](qint64 n) { done = n; }};
        const Result<std::vector<DemoSplitResult>> r = writeDemoSplits(splits, {}, control);
        QVERIFY(!r);
        QCOMPARE(r.status().kind(), ErrorKind::Cancelled);
        QCOMPARE(done, stopAfter);
        QCOMPARE(fileBytes(train), QByteArray("old train"));
        QCOMPARE(fileBytes(eval), QByteArray("old eval"));
        QVERIFY(tempFiles(dir.path()).isEmpty());
    }

    void splitsAreDisjointAndBalanced()
    {
        QTemporaryDir dir;
        DemoOptions demo;
        demo.count = 40;
        DemoOptions held = demo;
        held.count = 12;
        held.seed = demoEvalSeed(demo.seed);
        QCOMPARE(held.seed, quint64(1000004));
        const std::array splits{DemoSplit{dir.filePath(QStringLiteral("t")), demo},
                                DemoSplit{dir.filePath(QStringLiteral("e")), held}};
        const Result<std::vector<DemoSplitResult>> r = writeDemoSplits(splits, {});
        QVERIFY(r);
        QCOMPARE(r->at(0).labelCounts, (std::vector<qint64>{10, 10, 10, 10}));
        QCOMPARE(r->at(1).labelCounts, (std::vector<qint64>{3, 3, 3, 3}));
        const Result<ReadBack> t = readDataset(r->at(0).paths), e = readDataset(r->at(1).paths);
        QVERIFY(t && e);
        for (const DecodedSample &a : e->samples) {
            for (const DecodedSample &b : t->samples)
                QVERIFY(!sameImage(a.image, b.image));
        }
    }
};

QTEST_GUILESS_MAIN(TestDatasetWriter)
#include "tst_datasetwriter.moc"
