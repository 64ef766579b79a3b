// queuescope-cli make, run as a process over a folder of images this test writes.
#include "datasetcheck.h"
#include "imagefolder.h"

#include "demo/datasetwriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;
using namespace qs::test;

namespace {

// Resizes the way the expectation allows: `make` is free to pick its interpolation, the test
// only asks that the result be close to a plain resize.
cv::Mat resized(const cv::Mat &m, const cv::Size &size)
{
    if (m.size() == size)
        return m;
    cv::Mat out;
    cv::resize(m, out, size, 0, 0, size.width < m.cols ? cv::INTER_AREA : cv::INTER_LINEAR);
    return out;
}

// Shard s holds records s, s + n, s + 2n, ... of the writing order.
std::vector<DecodedSample> inWritingOrder(const QStringList &shards, bool *ok)
{
    std::vector<std::vector<DecodedSample>> perShard;
    size_t total = 0;
    *ok = true;
    for (const QString &shard : shards) {
        Result<ReadBack> back = readDataset({shard});
        if (!back) {
            qWarning("%s", qPrintable(back.status().toString()));
            *ok = false;
            return {};
        }
        total += back->samples.size();
        perShard.push_back(std::move(back->samples));
    }
    std::vector<DecodedSample> all;
    for (size_t i = 0; i < total; ++i)
        all.push_back(perShard[i % shards.size()][i / shards.size()]);
    return all;
}

} // namespace

class TestCliMake : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_images;
    QString m_unreadable;
    std::vector<SourceImage> m_expected;

    QString out(const QString &name) const { return m_dir.filePath(name); }

private slots:
    void initTestCase()
    {
        if (!QFileInfo::exists(cliPath()))
            QSKIP("queuescope-cli is not built");
        QVERIFY(m_dir.isValid());
        m_images = m_dir.filePath(QStringLiteral("images"));
        m_expected = makeImageFolder(m_images, &m_unreadable);
        QCOMPARE(m_expected.size(), size_t(8));
    }

    void writesWhatItRead_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<DatasetLayout>("layout");
        QTest::addColumn<Compression>("compression");
        QTest::addColumn<int>("shards");
        QTest::addColumn<bool>("shuffled");
        QTest::addColumn<QSize>("size"); // of the stored images; empty: as given
        QTest::addColumn<double>("tolerance");
        const auto raw = DatasetLayout::Raw, enc = DatasetLayout::Encoded;
        const QStringList r{"--layout", "raw"}, png{"--layout", "encoded", "--format", "png"};
        QTest::addRow("raw") << (r + QStringList{"--size", "24x24"}) << raw << Compression::None << 1 << false
                             << QSize(24, 24) << 0.0;
        QTest::addRow("raw default size")
            << QStringList{} << raw << Compression::None << 1 << false << QSize(64, 64) << 2.0;
        QTest::addRow("raw gzip 3 shards")
            << QStringList{"--size", "24", "--compression", "gzip", "--shards", "3"} << raw
            << Compression::Gzip << 3 << false << QSize(24, 24) << 0.0;
        QTest::addRow("raw zlib shuffled")
            << QStringList{"--size", "24", "--compression", "zlib", "--shuffle"} << raw << Compression::Zlib
            << 1 << true << QSize(24, 24) << 0.0;
        QTest::addRow("raw not square") << QStringList{"--size", "16x12"} << raw << Compression::None << 1
                                        << false << QSize(16, 12) << 3.0;
        QTest::addRow("png") << png << enc << Compression::None << 1 << false << QSize() << 0.0;
        QTest::addRow("png zlib shuffled 3 shards")
            << (png + QStringList{"--compression", "zlib", "--shuffle", "--seed", "9", "--shards", "3"})
            << enc << Compression::Zlib << 3 << true << QSize() << 0.0;
        QTest::addRow("jpeg gzip 2 shards")
            << QStringList{"--layout", "encoded", "--compression", "gzip", "--shards", "2"} << enc
            << Compression::Gzip << 2 << false << QSize() << 4.0;
        QTest::addRow("png resized") << (png + QStringList{"--size", "20x30"}) << enc << Compression::None
                                     << 1 << false << QSize(20, 30) << 3.0;
    }
    void writesWhatItRead()
    {
        QFETCH(QStringList, options);
        QFETCH(DatasetLayout, layout);
        QFETCH(Compression, compression);
        QFETCH(int, shards);
        QFETCH(bool, shuffled);
        QFETCH(QSize, size);
        QFETCH(double, tolerance);
        const QString target = out(QStringLiteral("%1.tfrecords").arg(QTest::currentDataTag()));
        const CliRun run = runCli(QStringList{"make", m_images, "-o", target} + options);
        QVERIFY2(run.exitCode == 0 && !run.crashed, qPrintable(run.err));
        // The class map, the skipped file by path and the count of skipped files.
        for (const char *line : {"  0  Mango  3\n", "  1  apple  3\n", "  2  zebra  3\n"})
            QVERIFY2(run.out.contains(QLatin1String(line)), qPrintable(run.out));
        QVERIFY2(run.err.contains(m_unreadable), qPrintable(run.err));
        QVERIFY2(run.out.contains(QStringLiteral("skipped 1 unreadable file")), qPrintable(run.out));
        QVERIFY2(run.out.contains(QStringLiteral("wrote 8 examples")), qPrintable(run.out));

        const QStringList files = datasetPaths(target, shards);
        const Result<ReadBack> first = readDataset({files.front()});
        QVERIFY2(first, qPrintable(first.status().toString()));
        QCOMPARE(first->compressions.front(), compression);
        const bool raw = layout == DatasetLayout::Raw;
        QCOMPARE(first->spec.image->encoding, raw ? ImageEncoding::Raw : ImageEncoding::Encoded);
        QCOMPARE(first->spec.image->key, raw ? QStringLiteral("img_raw") : QStringLiteral("image/encoded"));
        QCOMPARE(first->spec.label->key, raw ? QStringLiteral("label") : QStringLiteral("image/class/label"));
        if (raw && size.width() == size.height())
            QCOMPARE(first->spec.image->heightKey, QString()); // found as the square that fits

        bool ok = false;
        const std::vector<DecodedSample> samples = inWritingOrder(files, &ok);
        QVERIFY(ok);
        QCOMPARE(samples.size(), m_expected.size());
        std::vector<int> used(m_expected.size(), 0);
        bool sameOrder = true;
        for (size_t i = 0; i < samples.size(); ++i) {
            // The closest source image: the one at i unless shuffled.
            size_t best = i;
            double bestDiff = std::numeric_limits<double>::infinity();
            for (size_t j = 0; j < m_expected.size(); ++j) {
                if (!shuffled && j != i)
                    continue;
                const cv::Mat want = size.isEmpty()
                                         ? m_expected[j].bgr
                                         : resized(m_expected[j].bgr, {size.width(), size.height()});
                const double d = meanAbsDiff(samples[i].image, want);
                if (d < bestDiff)
                    best = j, bestDiff = d;
            }
            QVERIFY2(bestDiff <= tolerance, qPrintable(QStringLiteral("record %1: %2").arg(i).arg(bestDiff)));
            QCOMPARE(samples[i].label, m_expected[best].label);
            ++used[best];
            sameOrder = sameOrder && best == i;
        }
        QCOMPARE(used, std::vector<int>(m_expected.size(), 1));
        QCOMPARE(sameOrder, !shuffled);

        // inspect agrees.
        const CliRun inspect = runCli({"inspect", "--json", files.front()});
        QCOMPARE(inspect.exitCode, 0);
        const QJsonObject report = QJsonDocument::fromJson(inspect.out.toUtf8()).object();
        QCOMPARE(report.value(QStringLiteral("records")).toInteger(), qint64((8 + shards - 1) / shards));
        QCOMPARE(report.value(QStringLiteral("compression")).toString(), compressionName(compression));
        QCOMPARE(report[QStringLiteral("image")][QStringLiteral("key")].toString(), first->spec.image->key);
        QCOMPARE(report[QStringLiteral("label")][QStringLiteral("key")].toString(), first->spec.label->key);
        QVERIFY(report.value(QStringLiteral("error")).isNull());
    }

    void shuffleFollowsTheSeed()
    {
        const auto make = [&](const QString &name, const char *seed) {
            const QString target = out(name);
            const CliRun run = runCli({"make", m_images, "-o", target, "--shuffle", "--seed", seed});
            return run.exitCode == 0 ? fileBytes(target) : QByteArray();
        };
        const QByteArray a = make(QStringLiteral("s1"), "5"), b = make(QStringLiteral("s2"), "5");
        const QByteArray c = make(QStringLiteral("s3"), "6");
        QVERIFY(!a.isEmpty());
        QCOMPARE(a, b);
        QVERIFY(a != c);
        QCOMPARE(a.size(), c.size());
    }

    void jsonSummary()
    {
        const QString target = out(QStringLiteral("summary.tfrecords"));
        const CliRun run = runCli({"make", m_images, "-o", target, "--json", "--shards", "2"});
        QCOMPARE(run.exitCode, 0);
        QJsonParseError error{};
        const QJsonObject o = QJsonDocument::fromJson(run.out.toUtf8(), &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(run.out));
        QCOMPARE(o.value(QStringLiteral("written")).toInteger(), 8);
        QCOMPARE(o.value(QStringLiteral("layout")).toString(), QStringLiteral("raw"));
        QCOMPARE(o.value(QStringLiteral("size")).toString(), QStringLiteral("64x64"));
        QCOMPARE(o.value(QStringLiteral("files")).toArray().size(), 2);
        const QJsonArray classes = o.value(QStringLiteral("classes")).toArray();
        QCOMPARE(classes.size(), 3);
        QCOMPARE(classes[0][QStringLiteral("name")].toString(), QStringLiteral("Mango"));
        QCOMPARE(classes[0][QStringLiteral("files")].toInt(), 3);
        QCOMPARE(classes[0][QStringLiteral("written")].toInt(), 2);
        const QJsonArray skipped = o.value(QStringLiteral("skipped")).toArray();
        QCOMPARE(skipped.size(), 1);
        QCOMPARE(skipped[0][QStringLiteral("path")].toString(), m_unreadable);
    }

    void strictFailsOnTheUnreadableFile()
    {
        const QString target = out(QStringLiteral("strict.tfrecords"));
        const CliRun run = runCli({"make", m_images, "-o", target, "--strict"});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(m_unreadable), qPrintable(run.err));
        QVERIFY(!QFileInfo::exists(target));
        QVERIFY(tempFiles(m_dir.path()).isEmpty());
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("mentions");
        QTest::addRow("no output") << QStringList{"IMAGES"} << "-o OUT";
        QTest::addRow("no folder") << QStringList{"-o", "OUT"} << "IMAGE_DIR";
        QTest::addRow("two folders") << QStringList{"IMAGES", "IMAGES", "-o", "OUT"} << "IMAGE_DIR";
        QTest::addRow("layout") << QStringList{"IMAGES", "-o", "OUT", "--layout", "tiff"} << "--layout";
        QTest::addRow("format for raw") << QStringList{"IMAGES", "-o", "OUT", "--format", "png"} << "encoded";
        QTest::addRow("format") << QStringList{"IMAGES",  "-o",       "OUT", "--layout",
                                               "encoded", "--format", "gif"}
                                << "--format";
        QTest::addRow("size") << QStringList{"IMAGES", "-o", "OUT", "--size", "0x5"} << "--size";
        QTest::addRow("size text") << QStringList{"IMAGES", "-o", "OUT", "--size", "big"} << "--size";
        QTest::addRow("compression") << QStringList{"IMAGES", "-o", "OUT", "--compression", "lz4"}
                                     << "--compression";
        QTest::addRow("shards") << QStringList{"IMAGES", "-o", "OUT", "--shards", "0"} << "--shards";
        QTest::addRow("quality") << QStringList{"IMAGES", "-o", "OUT", "--quality", "101"} << "--quality";
        QTest::addRow("seed") << QStringList{"IMAGES", "-o", "OUT", "--seed", "-1"} << "--seed";
    }
    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, mentions);
        const QString target = out(QStringLiteral("usage.tfrecords"));
        args.replaceInStrings(QStringLiteral("IMAGES"), m_images)
            .replaceInStrings(QStringLiteral("OUT"), target);
        const CliRun run = runCli(QStringList{"make"} + args);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(mentions), qPrintable(run.err));
        QVERIFY(!QFileInfo::exists(target));
    }

    void failures_data()
    {
        QTest::addColumn<QString>("folder"); // under the test's dir
        QTest::addColumn<QString>("mentions");
        QTest::addRow("missing folder") << "nowhere"
                                        << "is not a folder";
        QTest::addRow("no class folders") << "flat"
                                          << "no class subfolders";
        QTest::addRow("empty classes") << "empty"
                                       << "hold no files";
        QTest::addRow("nothing readable") << "junk"
                                          << "none of the 1 files";
    }
    void failures()
    {
        QFETCH(QString, folder);
        QFETCH(QString, mentions);
        const QDir dir(m_dir.path());
        dir.mkpath(QStringLiteral("flat"));
        writeBytes(dir.filePath(QStringLiteral("flat/a.png")), "x");
        dir.mkpath(QStringLiteral("empty/a"));
        dir.mkpath(QStringLiteral("junk/a"));
        writeBytes(dir.filePath(QStringLiteral("junk/a/a.png")), "not a png");
        const QString target = out(QStringLiteral("kept.tfrecords"));
        QVERIFY(writeBytes(target, "existing data"));
        const CliRun run = runCli({"make", dir.filePath(folder), "-o", target});
        // A missing input is a usage error (2), as for every subcommand; bad data is 1.
        QCOMPARE(run.exitCode, QFileInfo(dir.filePath(folder)).isDir() ? 1 : 2);
        QVERIFY2(run.err.contains(mentions), qPrintable(run.err));
        QCOMPARE(fileBytes(target), QByteArray("existing data"));
        QVERIFY(tempFiles(m_dir.path()).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCliMake)
#include "tst_climake.moc"
