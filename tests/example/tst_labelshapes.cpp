// Labels in other shapes: float scores (argmax), a bytes class name with the class list built
// from a scan of the files, an int64 in a SequenceExample's context; and the overrides' JSON
// and command-line flags the feature picker shows.
#include "example/classnamelist.h"
#include "example/sampledecoder.h"
#include "example/specdetector.h"
#include "feed/datasetprobe.h"
#include "record/recordwriter.h"
#include "run/pipeline.h"
#include "run/runsummary.h"
#include "samples.h"

#include <QDir>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;

namespace {

Detection detect(const std::vector<ParsedExample> &s, const SpecOverrides &o = {})
{
    return detectFeatureSpec(s, o, QStringLiteral("synthetic.tfrecord"));
}

const QStringList kFlowers{"tulips", "daisy", "roses", "sunflowers", "dandelion"};

ExampleBuilder flower(int i)
{
    return ExampleBuilder()
        .addBytes("image/encoded", samples::encode(samples::patternImage(8, 8, 3, i), ".png"))
        .addBytes("image/class/text", kFlowers[i % kFlowers.size()].toUtf8());
}

QString writeFile(const QString &path, int n, const std::function<ExampleBuilder(int)> &make)
{
    auto writer = RecordWriter::create(path);
    if (!writer)
        qFatal("writer: %s", qPrintable(writer.status().toString()));
    for (int i = 0; i < n; ++i)
        if (Status s = (*writer)->write(make(i).serialize()); !s)
            qFatal("write: %s", qPrintable(s.toString()));
    if (Status s = (*writer)->commit(); !s)
        qFatal("commit: %s", qPrintable(s.toString()));
    return path;
}

SpecOverrides overrides(const char *json)
{
    Result<SpecOverrides> o = SpecOverrides::fromJson(QJsonDocument::fromJson(json).object());
    if (!o)
        qFatal("bad overrides in test: %s", qPrintable(o.status().toString()));
    return *o;
}

} // namespace

class TestLabelShapes : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void floatScoresAreArgmax_data()
    {
        QTest::addColumn<std::vector<float>>("scores");
        QTest::addColumn<int>("label");
        QTest::addRow("smoothed one-hot") << std::vector<float>{0.025f, 0.9f, 0.025f, 0.05f} << 1;
        QTest::addRow("probabilities") << std::vector<float>{0.2f, 0.1f, 0.3f, 0.4f} << 3;
        QTest::addRow("logits") << std::vector<float>{2.5f, -1.f, 0.f, 1.f} << 0;
    }
    void floatScoresAreArgmax()
    {
        QFETCH(std::vector<float>, scores);
        QFETCH(int, label);
        const auto s = samples::many(4, [&](int i) {
            return samples::reparse(
                ExampleBuilder()
                    .addBytes("img", samples::encode(samples::patternImage(8, 8, 3, i), ".png"))
                    .addFloats("label", scores));
        });
        const Detection d = detect(s);
        QVERIFY2(d.spec.label, qPrintable(d.labelRejected.join("; ")));
        QCOMPARE(d.spec.label->encoding, LabelEncoding::Argmax);
        QCOMPARE(d.spec.label->numClasses, int(scores.size()));
        QVERIFY(d.spec.label->reason.contains("argmax"));
        const Result<DecodedSample> out = decode(s.front(), d.spec, Location{"synthetic.tfrecord", 0, -1});
        QVERIFY2(out, qPrintable(out.status().toString()));
        QCOMPARE(out->label, label);
    }

    void tiedScoresAreRefusedWithTheirPlace()
    {
        LabelSpec spec;
        spec.key = "label";
        spec.encoding = LabelEncoding::Argmax;
        const ParsedExample e = samples::reparse(ExampleBuilder().addFloats("label", {0.5f, 0.5f}));
        const Result<int> label = decodeLabel(e, spec, Location{"f.tfrecord", 7, 120});
        QVERIFY(!label);
        QVERIFY(label.status().message().contains("one largest"));
        QCOMPARE(label.status().where().record, 7);
    }

    void oneHotStaysOneHot()
    {
        const auto s = samples::many(4, [&](int i) {
            std::vector<float> hot(5, 0.f);
            hot[size_t(i % 5)] = 1.f;
            return samples::reparse(
                ExampleBuilder()
                    .addBytes("img", samples::encode(samples::patternImage(8, 8, 3, i), ".png"))
                    .addFloats("label", hot));
        });
        const Detection d = detect(s);
        QVERIFY(d.spec.label);
        QCOMPARE(d.spec.label->encoding, LabelEncoding::OneHot);
    }

    void classNamesFromTheSamples()
    {
        const auto s = samples::many(6, [](int i) { return samples::reparse(flower(i)); });
        const Detection d = detect(s);
        QVERIFY2(d.spec.label, qPrintable(d.labelRejected.join("; ")));
        QCOMPARE(d.spec.label->key, QStringLiteral("image/class/text"));
        QCOMPARE(d.spec.label->encoding, LabelEncoding::ClassName);
        QCOMPARE(d.spec.label->classNames,
                 (QStringList{"daisy", "dandelion", "roses", "sunflowers", "tulips"}));
        QVERIFY(!d.spec.label->classNamesComplete);
        QCOMPARE(d.spec.label->classNamesScanned, 6);
        // Each record's name maps to its place in the sorted list.
        for (int i = 0; i < 6; ++i) {
            const Result<int> label = decodeLabel(s[size_t(i)], *d.spec.label, Location{});
            QVERIFY(label);
            QCOMPARE(d.spec.label->classNames.value(*label), kFlowers[i % kFlowers.size()]);
        }
    }

    void anIntegerLabelWinsOverTheClassText()
    {
        const auto s = samples::many(
            4, [](int i) { return samples::reparse(flower(i).addInt64("image/class/label", i)); });
        const Detection d = detect(s);
        QVERIFY(d.spec.label);
        QCOMPARE(d.spec.label->key, QStringLiteral("image/class/label"));
        QCOMPARE(d.spec.label->encoding, LabelEncoding::Int64);
    }

    void textThatIsNoNameIsNoLabel_data()
    {
        QTest::addColumn<QByteArray>("value");
        QTest::addRow("empty") << QByteArray();
        QTest::addRow("binary") << QByteArray("\x00\x01\x02\xff", 4);
        QTest::addRow("invalid utf-8") << QByteArray("caf\xe9");
        QTest::addRow("newline") << QByteArray("two\nlines");
        QTest::addRow("too long") << QByteArray(kMaxClassNameBytes + 1, 'a');
    }
    void textThatIsNoNameIsNoLabel()
    {
        QFETCH(QByteArray, value);
        QVERIFY(!looksLikeClassName(value));
        const auto s = samples::many(3, [&](int i) {
            return samples::reparse(
                ExampleBuilder()
                    .addBytes("img", samples::encode(samples::patternImage(8, 8, 3, i), ".png"))
                    .addBytes("label", value));
        });
        const Detection d = detect(s);
        QVERIFY(!d.spec.label || d.spec.label->encoding != LabelEncoding::ClassName);
    }

    void unicodeNamesAreNames() { QVERIFY(looksLikeClassName(QStringLiteral("貓 cat").toUtf8())); }

    void anUnknownNameNamesItsRecord()
    {
        LabelSpec spec;
        spec.key = "image/class/text";
        spec.encoding = LabelEncoding::ClassName;
        spec.classNames = {"daisy", "roses"};
        spec.classNamesScanned = 2000;
        const Result<int> label =
            decodeLabel(samples::reparse(flower(0)), spec, Location{"f.tfrecord", 2500, 99});
        QVERIFY(!label);
        QVERIFY2(label.status().message().contains("'tulips'"), qPrintable(label.status().message()));
        QVERIFY(label.status().message().contains("first 2000 records"));
        QCOMPARE(label.status().where().record, 2500);
    }

    // A run's probe scans every file for the names: shards share one class list, and it says
    // whether the scan read everything.
    void probeBuildsTheClassListFromAllFiles()
    {
        const QString a =
            writeFile(m_dir.filePath("flowers-0.tfrecord"), 20, [](int i) { return flower(i % 2); });
        const QString b =
            writeFile(m_dir.filePath("flowers-1.tfrecord"), 30, [](int i) { return flower(2 + i % 3); });
        Result<DatasetProbe> probe = DatasetProbe::run({a, b}, {});
        QVERIFY2(probe, qPrintable(probe.status().toString()));
        QVERIFY(probe->spec.label);
        QCOMPARE(probe->spec.label->classNames,
                 (QStringList{"daisy", "dandelion", "roses", "sunflowers", "tulips"}));
        QVERIFY(probe->spec.label->classNamesComplete);
        QCOMPARE(probe->spec.label->classNamesScanned, 50);
        QCOMPARE(probe->numClasses, 5);
        QCOMPARE(probe->classesFrom, QStringLiteral("scan"));
        QVERIFY(ClassNameList::describe(*probe->spec.label).contains("full scan of 50 records"));
        // The second file's records decode against the whole list.
        const Result<int> label = decodeLabel(samples::reparse(flower(3)), *probe->spec.label, Location{});
        QVERIFY(label);
        QCOMPARE(*label, 3); // sunflowers
    }

    void aLongFileIsSampledAndSaysSo()
    {
        const int n = DatasetProbe::kLabelScanRecords + 10;
        const QString path = writeFile(m_dir.filePath("long.tfrecord"), n, [](int i) {
            return ExampleBuilder()
                .addBytes("img_raw", samples::rawRgb(4, 4, 1, i))
                .addInt64("height", 4)
                .addInt64("width", 4)
                .addInt64("depth", 1)
                .addBytes("label", i < 100 ? QByteArray("cat") : QByteArray("dog"));
        });
        Result<DatasetProbe> probe = DatasetProbe::run({path}, {});
        QVERIFY2(probe, qPrintable(probe.status().toString()));
        QVERIFY(probe->spec.label);
        QCOMPARE(probe->spec.label->classNames, (QStringList{"cat", "dog"}));
        QVERIFY(!probe->spec.label->classNamesComplete);
        QCOMPARE(probe->spec.label->classNamesScanned, DatasetProbe::kLabelScanRecords);
        QVERIFY(ClassNameList::describe(*probe->spec.label).contains("sampled"));
    }

    // End to end: a run on class names trains, and its summary, per-class accuracy and
    // previews name the classes.
    void aRunNamesTheClasses()
    {
        const QString path = writeFile(m_dir.filePath("run-flowers.tfrecord"), 60, flower);
        RunConfig c;
        c.pipeline.files = {path};
        c.pipeline.numEpochs = 2;
        c.trainer.minSteps = 0;
        c.pipeline.batchSize = 8;
        c.pipeline.exampleCapacity = 48;
        c.pipeline.minAfterDequeue = 16;
        c.trainer.hidden = 8;
        c.trainer.evalEvery = 5;
        auto p = Pipeline::create(c);
        QVERIFY2(p, qPrintable(p.status().toString()));
        const QStringList sorted{"daisy", "dandelion", "roses", "sunflowers", "tulips"};
        QCOMPARE((*p)->classNames(), sorted);
        QCOMPARE((*p)->numClasses(), 5);
        QVERIFY((*p)->plan().notices.join('\n').contains("from a full scan of 60 records"));
        QVERIFY((*p)->start().isOk());
        QVERIFY((*p)->waitFinished(std::chrono::seconds(120)));
        const RunSummary s = (*p)->summary();
        QVERIFY2(s.error.isOk(), qPrintable(s.error.toString()));
        QVERIFY(s.steps > 0);
        QCOMPARE(s.classes, sorted);
    }

    // tf.train.SequenceExample: the label is an int64 list of length 1 in the context.
    void sequenceContextLabel()
    {
        const QString path = writeFile(m_dir.filePath("sequence.tfrecord"), 12, [](int i) {
            return ExampleBuilder()
                .addBytes("image", samples::encode(samples::patternImage(8, 8, 3, i), ".png"))
                .addInt64("label", i % 3)
                .addStep("frames/score", Feature::ofFloats({0.5f}))
                .addStep("frames/score", Feature::ofFloats({0.25f}));
        });
        Result<DatasetProbe> probe = DatasetProbe::run({path}, {});
        QVERIFY2(probe, qPrintable(probe.status().toString()));
        QVERIFY(probe->spec.label);
        QCOMPARE(probe->spec.label->key, QStringLiteral("label"));
        QCOMPARE(probe->spec.label->encoding, LabelEncoding::Int64);
        QCOMPARE(probe->numClasses, 3);
        QVERIFY(probe->noLabel.isEmpty());
    }

    void overridesRoundTripThroughJson_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addRow("none") << QByteArray("{}");
        QTest::addRow("raw") << QByteArray(
            R"({"image":{"key":"img","encoding":"raw","dtype":"int16","height":36,)"
            R"("width":120,"channels":1},"label":null})");
        QTest::addRow("class name") << QByteArray(
            R"({"label":{"key":"image/class/text","encoding":"class_name"}})");
        QTest::addRow("argmax") << QByteArray(R"({"label":{"key":"y","encoding":"argmax","num_classes":4}})");
    }
    void overridesRoundTripThroughJson()
    {
        QFETCH(QByteArray, json);
        const SpecOverrides o = overrides(json.constData());
        Result<SpecOverrides> back = SpecOverrides::fromJson(o.toJson());
        QVERIFY(back);
        QVERIFY(*back == o);
    }

    void cliFlags_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("flags");
        QTest::addRow("nothing") << QByteArray("{}") << "";
        QTest::addRow("shorthands") << QByteArray(
                                           R"({"image":{"key":"image_raw","dtype":"int16","height":36,)"
                                           R"("width":120,"channels":1},"label":null})")
                                    << "--image-feature image_raw --image-dtype int16 --image-shape 36x120x1 "
                                       "--label-feature none";
        QTest::addRow("quoted key") << QByteArray(R"({"label":{"key":"my label"}})")
                                    << "--label-feature 'my label'";
        QTest::addRow("an encoding needs --spec")
            << QByteArray(R"({"image":{"key":"x","encoding":"float_pixels"}})")
            << R"(--spec '{"image":{"encoding":"float_pixels","key":"x"}}')";
    }
    void cliFlags()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, flags);
        QCOMPARE(overrides(json.constData()).cliFlags().join(' '), flags);
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestLabelShapes)
#include "tst_labelshapes.moc"
