// One exit-status table for every subcommand (0 ok, 1 data or run error, 2 usage or missing
// input), JSON errors with --json, and the small things inspect and make say.
#include "imagefolder.h"
#include "processrun.h"

#include "example/examplebuilder.h"
#include "example/exampleparser.h"
#include "example/schema.h"
#include "example/specdetector.h"
#include "record/parallelscan.h"
#include "record/recordwriter.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <opencv2/imgcodecs.hpp>
#include <zlib.h>

namespace {

const QString kCli = QStringLiteral(QS_BINARY_DIR "/bin/queuescope-cli");

Ran cli(const QStringList &args)
{
    return runProcess(kCli, args);
}

bool writeGzip(const QString &path, const QByteArray &bytes)
{
    gzFile f = gzopen(QFile::encodeName(path).constData(), "wb1");
    if (!f)
        return false;
    const bool written = gzwrite(f, bytes.constData(), unsigned(bytes.size())) == bytes.size();
    return gzclose(f) == Z_OK && written;
}

QString errorField(const QString &out)
{
    return QJsonDocument::fromJson(out.trimmed().toUtf8()).object().value(QStringLiteral("error")).toString();
}

} // namespace

class TestCliExits : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        if (!QFile::exists(kCli))
            QSKIP("queuescope-cli is not built");
        QVERIFY(m_dir.isValid());
    }

    void missingInputIsTwoEverywhere_data()
    {
        QTest::addColumn<QStringList>("args");
        const QString gone = m_dir.filePath(QStringLiteral("gone.tfrecords"));
        QTest::addRow("inspect") << QStringList{"inspect", "--json", gone};
        QTest::addRow("run") << QStringList{"run", "--json", gone};
        QTest::addRow("run, a directory") << QStringList{"run", "--json", m_dir.path()};
        QTest::addRow("make") << QStringList{"make", "--json", gone, "-o", m_dir.filePath("x.tfrecords")};
        QTest::addRow("inspect, bad flag value")
            << QStringList{"inspect", "--json", "--compression", "bz2", gone};
    }
    void missingInputIsTwoEverywhere()
    {
        QFETCH(QStringList, args);
        const Ran r = cli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(!errorField(r.out).isEmpty(), qPrintable(r.out + r.err));
    }

    void pngIsNotATfrecord()
    {
        const QString png = m_dir.filePath(QStringLiteral("photo.tfrecord"));
        const QString written = m_dir.filePath(QStringLiteral("photo.png"));
        QVERIFY(cv::imwrite(written.toStdString(), cv::Mat(4, 4, CV_8UC3, cv::Scalar(1, 2, 3))));
        QVERIFY(QFile::rename(written, png));
        const Ran inspect = cli({"inspect", png});
        QCOMPARE(inspect.exitCode, 1);
        QVERIFY2(inspect.err.contains("not a TFRecord file: it looks like a PNG image"),
                 qPrintable(inspect.err));
        QVERIFY2(inspect.err.contains(png), qPrintable(inspect.err));
        const Ran run = cli({"run", "--json", png});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(errorField(run.out).contains("it looks like a PNG image"), qPrintable(run.out + run.err));
    }

    void emptyFileHasZeroRecords()
    {
        const QString empty = m_dir.filePath(QStringLiteral("empty.tfrecord"));
        QFile f(empty);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        const Ran r = cli({"inspect", empty});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("0 records"), qPrintable(r.out));
    }

    void inspectSaysWhyAndNamesFloatPixels()
    {
        const QString mnist = QStringLiteral(QS_FIXTURES_DIR "/tfx_mnist_floats.tfrecord");
        if (!QFile::exists(mnist))
            QSKIP("fixtures not present");
        const Ran plain = cli({"inspect", mnist});
        QVERIFY2(plain.out.contains("float_pixels 'image_floats' (float32)"), qPrintable(plain.out));
        const Ran spec = cli({"inspect", "--spec", "{\"label\":{\"key\":\"nosuch\"}}", mnist});
        QVERIFY2(spec.out.contains("label        none: the label feature 'nosuch'"), qPrintable(spec.out));
    }

    // Past the records it shows and samples, inspect counts off the wire; where the records
    // change there (keys, kinds, counts, a SequenceExample, one the wire reader declines) its
    // schema is still the one of parsing every record.
    void inspectCountsPastTheSampleAsTheParser()
    {
        using qs::ExampleBuilder;
        QByteArrayList records;
        for (int i = 0; i < 3 * qs::kDetectionSampleRecords; ++i) {
            ExampleBuilder b;
            b.addBytes("img_raw", QByteArray(48, char(i))).addInt64("label", i % 3);
            if (i >= 20)
                b.addFloats("box", std::vector<float>(size_t(i % 4), 0.5f));
            if (i >= 30)
                b.addFloat("label_2", 1);
            if (i == 35)
                b.addStep("frames", qs::Feature::ofInts({1}));
            if (i == 40)
                b.addEmpty("nothing"); // a Feature{}: for the parser to decide
            records << b.serialize();
        }
        const QString path = m_dir.filePath(QStringLiteral("changing.tfrecord"));
        auto writer = qs::RecordWriter::create(path);
        QVERIFY(writer.isOk());
        for (const QByteArray &r : records)
            QVERIFY((*writer)->write(r).isOk());
        QVERIFY((*writer)->commit().isOk());
        qs::ExampleParser parser;
        qs::Schema expected;
        for (const QByteArray &r : records)
            expected.add(*parser.parse(r, qs::Location{path, 0, 0}));

        const Ran r = cli({"inspect", "--json", "--verify", path});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        const QJsonObject report = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(report.value(QStringLiteral("records")).toInteger(), records.size());
        QCOMPARE(report.value(QStringLiteral("sequence_records")).toInteger(), 1);
        QCOMPARE(report.value(QStringLiteral("features")).toArray(), expected.toJson());
    }

    // inspect scans a plain file on every core (ParallelScan) and a compressed one on one thread
    // (RecordReader): over records that span many stripes, the two say the same, also where the
    // scan on every core gives way to the one thread (damage, a payload that is not an Example,
    // a key of two kinds).
    void inspectOnEveryCoreIsInspectOnOne_data()
    {
        QTest::addColumn<QString>("twist");
        QTest::addRow("sound") << "";
        QTest::addRow("a payload CRC") << "crc";
        QTest::addRow("not an Example") << "garbage";
        QTest::addRow("a key of two kinds") << "kinds";
    }
    void inspectOnEveryCoreIsInspectOnOne()
    {
        using qs::ExampleBuilder;
        QFETCH(QString, twist);
        QRandomGenerator rng(7);
        std::vector<int> sizes;
        for (int i = 0; i < 600; ++i)
            sizes.push_back(int(rng.bounded(1, 12000)));
        // "score" is a float in a record of stripe 3 and an int64 in one of stripe 4, then both in
        // turn: on 2 (or 4) cores another worker than the first sees the float.
        int floatAt = -1;
        int intAt = -1;
        auto make = [&](int i) {
            ExampleBuilder b;
            b.addBytes("img_raw", QByteArray(sizes[size_t(i)], char(i))).addInt64("label", i % 3);
            if (i >= 200)
                b.addFloats("box", std::vector<float>(size_t(i % 4), 0.5f));
            if (i == 350)
                b.addEmpty("nothing"); // for the parser to decide, on whichever worker has it
            if (i == floatAt || (intAt >= 0 && i > intAt && i % 2))
                b.addFloat("score", 1);
            else if (i == intAt || (intAt >= 0 && i > intAt))
                b.addInt64("score", 1);
            return b.serialize();
        };
        QByteArrayList records;
        qint64 offset = 0;
        for (int i = 0; i < 600; ++i) {
            records << make(i);
            const qint64 stripe = (offset - 1024) / qs::ParallelScan::kStripeBytes;
            if (twist == QLatin1String("kinds") && offset > 1024 && stripe == 3 && floatAt < 0)
                floatAt = i;
            if (twist == QLatin1String("kinds") && offset > 1024 && stripe == 4 && intAt < 0)
                intAt = i;
            offset += 16 + records.back().size();
        }
        for (int i = std::max(floatAt, 0); i < records.size(); ++i)
            records[i] = make(i);
        if (twist == QLatin1String("garbage"))
            records[450] = QByteArray("\xff\xff\xff not a protobuf");
        const QString plain = m_dir.filePath(QStringLiteral("cores-%1.tfrecord").arg(twist));
        const QString gzip = m_dir.filePath(QStringLiteral("cores-%1.tfrecord.gz").arg(twist));
        auto writer = qs::RecordWriter::create(plain);
        QVERIFY(writer.isOk());
        for (const QByteArray &r : records)
            QVERIFY((*writer)->write(r).isOk());
        QVERIFY((*writer)->commit().isOk());
        QFile file(plain);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QByteArray frames = file.readAll();
        QVERIFY(frames.size() > 4 * qs::ParallelScan::kStripeBytes);
        if (twist == QLatin1String("crc")) {
            const qint64 at = frames.size() * 3 / 4;
            frames[at] = char(frames[at] ^ 4);
            QVERIFY(file.seek(at) && file.write(frames.mid(at, 1)) == 1);
        }
        file.close();
        QVERIFY(writeGzip(gzip, frames));

        const Ran a = cli({"inspect", "--json", "--verify", plain});
        const Ran b = cli({"inspect", "--json", "--verify", gzip});
        QCOMPARE(a.exitCode, twist.isEmpty() || twist == QLatin1String("kinds") ? 0 : 1);
        QCOMPARE(a.exitCode, b.exitCode);
        QJsonObject ra = QJsonDocument::fromJson(a.out.toUtf8()).object();
        QJsonObject rb = QJsonDocument::fromJson(b.out.toUtf8()).object();
        QCOMPARE(ra.value(QStringLiteral("compression")).toString(), QStringLiteral("none"));
        QCOMPARE(rb.value(QStringLiteral("compression")).toString(), QStringLiteral("gzip"));
        if (twist != QLatin1String("crc"))
            QCOMPARE(ra.value(QStringLiteral("records")).toInteger(), 600);
        for (const char *key : {"file", "compression", "bytes"}) {
            ra.remove(QLatin1String(key));
            rb.remove(QLatin1String(key));
        }
        const QString ta = QString::fromUtf8(QJsonDocument(ra).toJson());
        const QString tb = QString::fromUtf8(QJsonDocument(rb).toJson()).replace(gzip, plain);
        QCOMPARE(ta, tb); // the messages name the file
    }

    void makeCreatesTheOutputFolder()
    {
        const QString images = m_dir.filePath(QStringLiteral("images"));
        QString unreadable;
        qs::test::makeImageFolder(images, &unreadable);
        QFile::remove(unreadable);
        const QString target = m_dir.filePath(QStringLiteral("new/deeper/out.tfrecords"));
        const Ran r = cli({"make", images, "-o", target});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(QFile::exists(target));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestCliExits)
#include "tst_cliexits.moc"
