// queuescope-cli demo, run as a process.
#include "datasetcheck.h"
#include "processrun.h"

#include "demo/bundleddata.h"
#include "demo/demogenerator.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;
using namespace qs::test;

namespace {

DemoGenerator generator(qint64 count, int size, int classes, quint64 seed)
{
    DemoOptions o;
    o.count = count;
    o.size = size;
    o.classes = classes;
    o.seed = seed;
    return *DemoGenerator::create(o);
}

} // namespace

class TestCliDemo : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString out(const QString &name) const { return m_dir.filePath(name); }

private slots:
    void initTestCase()
    {
        if (!QFileInfo::exists(cliPath()))
            QSKIP("queuescope-cli is not built");
        QVERIFY(m_dir.isValid());
    }

    void writesTheGeneratorsSamples_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<ImageEncoding>("encoding");
        QTest::addColumn<Compression>("compression");
        QTest::addColumn<int>("shards");
        QTest::addColumn<double>("tolerance");
        QTest::addRow("defaults") << QStringList{} << ImageEncoding::Raw << Compression::None << 1 << 0.0;
        QTest::addRow("raw gzip 2 shards") << QStringList{"--compression", "gzip", "--shards", "2"}
                                           << ImageEncoding::Raw << Compression::Gzip << 2 << 0.0;
        QTest::addRow("png zlib") << QStringList{"--layout", "encoded", "--compression", "zlib"}
                                  << ImageEncoding::Encoded << Compression::Zlib << 1 << 0.0;
        QTest::addRow("jpeg 3 shards")
            << QStringList{"--layout", "encoded", "--format", "jpeg", "--shards", "3"}
            << ImageEncoding::Encoded << Compression::None << 3 << 12.0;
    }
    void writesTheGeneratorsSamples()
    {
        QFETCH(QStringList, options);
        QFETCH(ImageEncoding, encoding);
        QFETCH(Compression, compression);
        QFETCH(int, shards);
        QFETCH(double, tolerance);
        const QString target = out(QStringLiteral("%1.tfrecords").arg(QTest::currentDataTag()));
        const CliRun run = runCli(QStringList{"demo", "-o", target, "--count", "60", "--classes", "3",
                                              "--size", "24", "--seed", "11"} +
                                  options);
        QVERIFY2(run.exitCode == 0 && !run.crashed, qPrintable(run.err));
        for (const char *line : {"  0  circle\n", "  1  triangle\n", "  2  cross\n"})
            QVERIFY2(run.out.contains(QLatin1String(line)), qPrintable(run.out));
        QVERIFY2(run.out.contains(QStringLiteral("wrote 60 train examples")), qPrintable(run.out));
        QVERIFY2(run.out.contains(QStringLiteral("per label 20 20 20")), qPrintable(run.out));

        const DemoGenerator g = generator(60, 24, 3, 11);
        const QStringList files = datasetPaths(target, shards);
        qint64 total = 0;
        std::vector<int> perLabel(3, 0);
        for (int s = 0; s < shards; ++s) {
            const Result<ReadBack> back = readDataset({files[s]});
            QVERIFY2(back, qPrintable(back.status().toString()));
            QCOMPARE(back->compressions.front(), compression);
            QCOMPARE(back->spec.image->encoding, encoding);
            for (size_t j = 0; j < back->samples.size(); ++j) {
                const qint64 index = s + qint64(j) * shards; // dealt round-robin
                const DemoSample want = g.sample(index);
                QCOMPARE(back->samples[j].label, want.label);
                const double diff = meanAbsDiff(back->samples[j].image, want.image);
                QVERIFY2(diff <= tolerance, qPrintable(QStringLiteral("sample %1: %2").arg(index).arg(diff)));
                ++perLabel[size_t(want.label)];
            }
            total += qint64(back->samples.size());
        }
        QCOMPARE(total, 60);
        QCOMPARE(perLabel, std::vector<int>(3, 20));

        const CliRun inspect = runCli({"inspect", "--json", files.front()});
        QCOMPARE(inspect.exitCode, 0);
        const QJsonObject report = QJsonDocument::fromJson(inspect.out.toUtf8()).object();
        QCOMPARE(report.value(QStringLiteral("records")).toInteger(), 60 / shards);
        QCOMPARE(report[QStringLiteral("image")][QStringLiteral("encoding")].toString(),
                 imageEncodingName(encoding));
        QVERIFY(report[QStringLiteral("label")].isObject());
        QVERIFY(report.value(QStringLiteral("error")).isNull());
    }

    void sameSeedSameBytes_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addRow("raw") << QStringList{};
        QTest::addRow("jpeg gzip") << QStringList{"--layout", "encoded",       "--format",
                                                  "jpeg",     "--compression", "gzip"};
    }
    void sameSeedSameBytes()
    {
        QFETCH(QStringList, options);
        const auto write = [&](const QString &name, const char *seed) {
            const QString target = out(name);
            const CliRun run =
                runCli(QStringList{"demo", "-o", target, "--count", "50", "--seed", seed} + options);
            return run.exitCode == 0 ? fileBytes(target) : QByteArray();
        };
        const QByteArray a = write(QStringLiteral("same-a"), "3"), b = write(QStringLiteral("same-b"), "3");
        QVERIFY(!a.isEmpty());
        QCOMPARE(a, b);
        QVERIFY(write(QStringLiteral("same-c"), "4") != a);
    }

    void heldOutFile_data()
    {
        QTest::addColumn<QString>("output");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("evalFile");
        QTest::addRow("extension") << "set.tfrecords" << QStringList{} << "set-eval.tfrecords";
        QTest::addRow("no extension") << "set" << QStringList{} << "set-eval";
        QTest::addRow("named") << "train.tfr" << QStringList{"--eval-output", "EVAL"} << "EVAL";
    }
    void heldOutFile()
    {
        QFETCH(QString, output);
        QFETCH(QStringList, extra);
        QFETCH(QString, evalFile);
        QTemporaryDir dir;
        const QString evalPath = QDir(dir.path()).filePath(evalFile);
        extra.replaceInStrings(QStringLiteral("EVAL"), evalPath);
        const CliRun run = runCli(QStringList{"demo", "-o", QDir(dir.path()).filePath(output), "--count",
                                              "20", "--eval-count", "8", "--seed", "5"} +
                                  extra);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(run.out.contains(QStringLiteral("wrote 8 eval examples to %1").arg(evalPath)),
                 qPrintable(run.out));
        const Result<ReadBack> back = readDataset({evalPath});
        QVERIFY2(back, qPrintable(back.status().toString()));
        QCOMPARE(back->samples.size(), size_t(8));
        const DemoGenerator held = generator(8, 32, 4, demoEvalSeed(5));
        for (size_t i = 0; i < 8; ++i) {
            QCOMPARE(back->samples[i].label, held.labelOf(qint64(i)));
            QVERIFY(sameImage(back->samples[i].image, held.sample(qint64(i)).image));
        }
    }

    void jsonSummary()
    {
        const QString target = out(QStringLiteral("json.tfrecords"));
        const CliRun run =
            runCli({"demo", "-o", target, "--count", "10", "--classes", "5", "--eval-count", "5", "--json"});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(o.value(QStringLiteral("classes")).toArray().size(), 5);
        QCOMPARE(o.value(QStringLiteral("classes")).toArray()[4].toString(), demoClassName(4));
        const QJsonArray splits = o.value(QStringLiteral("splits")).toArray();
        QCOMPARE(splits.size(), 2);
        QCOMPARE(splits[0][QStringLiteral("count")].toInt(), 10);
        QCOMPARE(splits[0][QStringLiteral("label_counts")].toArray(), (QJsonArray{2, 2, 2, 2, 2}));
        QCOMPARE(splits[1][QStringLiteral("split")].toString(), QStringLiteral("eval"));
        QCOMPARE(splits[1][QStringLiteral("seed")].toInteger(), qint64(demoEvalSeed(1)));
    }

    void bundled()
    {
        QTemporaryDir dir;
        const QString target = QDir(dir.path()).filePath(QStringLiteral("share/demo"));
        const CliRun run = runCli({"demo", "--bundled", target});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(run.out.contains(QStringLiteral("wrote 2000 train examples")), qPrintable(run.out));
        QVERIFY2(run.out.contains(QStringLiteral("wrote 400 eval examples")), qPrintable(run.out));
        QTemporaryDir core;
        QVERIFY(writeBundledDemo(core.path()));
        for (const char *file : {kBundledDemoTrainFile, kBundledDemoEvalFile}) {
            const QByteArray cli = fileBytes(QDir(target).filePath(QLatin1String(file)));
            QVERIFY(!cli.isEmpty());
            QCOMPARE(cli, fileBytes(QDir(core.path()).filePath(QLatin1String(file))));
        }
    }

    // bundledDemoDir() as the program sees it: the build tree, then <prefix>/share next to a
    // copy of the program moved anywhere, then $QS_DEMO_DIR ahead of both.
    void locate()
    {
        const CliRun built = runCli({"demo", "--locate"});
        if (built.exitCode != 0)
            QSKIP("no bundled demo data in the build tree: build the qs_demo_data target first");
        QCOMPARE(QDir(built.out.trimmed()).canonicalPath(),
                 QDir(QStringLiteral(QS_BINARY_DIR "/data")).canonicalPath());

        QTemporaryDir prefix;
        const QDir root(prefix.path());
        QVERIFY(root.mkpath(QStringLiteral("bin")) && root.mkpath(QStringLiteral("share/queuescope/demo")));
        const QString program = root.filePath(QStringLiteral("bin/queuescope-cli"));
        QVERIFY(QFile::copy(cliPath(), program));
        const QString engine = QDir::cleanPath(root.filePath(QStringLiteral("bin/" QS_CLI_ENGINE_PATH)));
        QVERIFY(QDir().mkpath(QFileInfo(engine).path()) &&
                QFile::copy(QStringLiteral(QS_CLI_ENGINE_FILE), engine));
        const auto run = [&](const QProcessEnvironment &env) {
            const Ran r = runProcess(program, {"demo", "--locate"}, env);
            return std::pair(r.exitCode, r.out.trimmed());
        };
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("QS_DEMO_DIR"));
        const QString installed = root.filePath(QStringLiteral("share/queuescope/demo"));
        qunsetenv("QS_DEMO_DIR");
        const QString configured = bundledDemoSearchPath().constLast(); // the configured prefix's share
        if (!findBundledDemoDir({configured}).isEmpty())
            QSKIP(
                "the dataset is installed at the configured prefix, which a relocated copy would also find");
        QCOMPARE(run(env).first, 1);
        QVERIFY(writeBytes(QDir(installed).filePath(QLatin1String(kBundledDemoTrainFile)), "x"));
        QCOMPARE(run(env), std::pair(0, installed));
        QTemporaryDir mine;
        QVERIFY(writeBytes(QDir(mine.path()).filePath(QLatin1String(kBundledDemoTrainFile)), "x"));
        env.insert(QStringLiteral("QS_DEMO_DIR"), mine.path());
        QCOMPARE(run(env), std::pair(0, mine.path()));
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("mentions");
        QTest::addRow("no output") << QStringList{"--count", "5"} << "-o OUT";
        QTest::addRow("positional") << QStringList{"-o", "OUT", "extra"} << "extra";
        QTest::addRow("count") << QStringList{"-o", "OUT", "--count", "0"} << "--count";
        QTest::addRow("size") << QStringList{"-o", "OUT", "--size", "8"} << "--size";
        QTest::addRow("classes") << QStringList{"-o", "OUT", "--classes", "9"} << "--classes";
        QTest::addRow("seed") << QStringList{"-o", "OUT", "--seed", "x"} << "--seed";
        QTest::addRow("eval output alone")
            << QStringList{"-o", "OUT", "--eval-output", "E"} << "--eval-count";
        QTest::addRow("eval onto train")
            << QStringList{"-o", "OUT", "--eval-count", "2", "--eval-output", "OUT"} << "differ";
        QTest::addRow("bundled with count") << QStringList{"--bundled", "OUT", "--count", "5"} << "--count";
        QTest::addRow("bundled with layout")
            << QStringList{"--bundled", "OUT", "--layout", "encoded"} << "--layout";
        QTest::addRow("layout") << QStringList{"-o", "OUT", "--layout", "png"} << "--layout";
    }
    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, mentions);
        const QString target = out(QStringLiteral("usage"));
        args.replaceInStrings(QStringLiteral("OUT"), target);
        const CliRun run = runCli(QStringList{"demo"} + args);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(mentions), qPrintable(run.err));
        QVERIFY(!QFileInfo::exists(target));
    }
};

QTEST_GUILESS_MAIN(TestCliDemo)
#include "tst_clidemo.moc"
