// queuescope-cli's two parts (app/cli/engine.h): the front links no OpenCV and answers what it
// can without its engine; the engine is loaded from beside it, and a missing, foreign or
// mismatched engine is named in a clear error instead of a crash. inspect needs the engine only
// for thumbnails and for images that only OpenCV decodes (BMP, GIF, TIFF).
#include "processrun.h"

#include "bench/processtiming.h"
#include "example/examplebuilder.h"
#include "record/recordwriter.h"

#include "../example/samples.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kCli = QStringLiteral(QS_BINARY_DIR "/bin/queuescope-cli");
const QString kEngine = QStringLiteral(QS_CLI_ENGINE_FILE);

bool copyExecutable(const QString &from, const QString &to)
{
    QDir().mkpath(QFileInfo(to).path());
    return QFile::copy(from, to) &&
           QFile::setPermissions(to,
                                 QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
}

// Five Examples of one 12x10 encoded image each, under image/encoded.
bool writeEncoded(const QString &path, const char *ext)
{
    auto writer = qs::RecordWriter::create(path);
    if (!writer)
        return false;
    for (int i = 0; i < 5; ++i) {
        qs::ExampleBuilder b;
        b.addBytes("image/encoded", samples::encode(samples::patternImage(12, 10, 3, i), ext))
            .addInt64("image/class/label", i % 2);
        if (!(*writer)->write(b.serialize()).isOk())
            return false;
    }
    return (*writer)->commit().isOk();
}

} // namespace

class TestCliFront : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        if (!QFile::exists(kCli) || !QFile::exists(kEngine))
            QSKIP("queuescope-cli or its engine is not built");
        QVERIFY(m_dir.isValid());
        // A few Examples of raw 4x4 RGB pixels: enough for inspect to scan and to detect.
        m_records = m_dir.filePath(QStringLiteral("small.tfrecord"));
        auto writer = qs::RecordWriter::create(m_records);
        QVERIFY(writer.isOk());
        for (int i = 0; i < 5; ++i) {
            qs::ExampleBuilder b;
            b.addBytes("image_raw", QByteArray(4 * 4 * 3, char(40 * i)))
                .addInt64("height", 4)
                .addInt64("width", 4)
                .addInt64("depth", 3)
                .addInt64("label", i % 2);
            QVERIFY((*writer)->write(b.serialize()).isOk());
        }
        QVERIFY((*writer)->commit().isOk());
        m_jpegRecords = m_dir.filePath(QStringLiteral("jpeg.tfrecord"));
        QVERIFY(writeEncoded(m_jpegRecords, ".jpg"));
        m_bmpRecords = m_dir.filePath(QStringLiteral("bmp.tfrecord"));
        QVERIFY(writeEncoded(m_bmpRecords, ".bmp"));
    }

    void theFrontLinksNoOpenCV()
    {
        const qs::Result<QStringList> listed = qs::startupLibraries(kCli);
        QVERIFY2(listed.isOk(), qPrintable(listed.status().toString()));
        const QString front = listed->join(QLatin1Char('\n'));
        QVERIFY2(front.contains(QStringLiteral("libQt6Core")), qPrintable(front));
        QVERIFY2(!front.contains(QStringLiteral("opencv")), qPrintable(front));
        const Ran engine = runProcess(QStringLiteral("ldd"), {kEngine});
        if (engine.exitCode != 0)
            QSKIP("ldd is not available here");
        QVERIFY2(engine.out.contains(QStringLiteral("libopencv_core")), qPrintable(engine.out));
    }

    // The engine's commands and inspect's detection still work through the built front.
    void theFrontLoadsItsEngine()
    {
        const Ran r = runProcess(kCli, {"inspect", "--json", "--verify", m_records});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        const QJsonObject report = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(report.value(QStringLiteral("records")).toInteger(), 5);
        QCOMPARE(report.value(QStringLiteral("image")).toObject().value(QStringLiteral("key")).toString(),
                 QStringLiteral("image_raw"));
        const Ran demo = runProcess(kCli, {"demo", "--help"});
        QCOMPARE(demo.exitCode, 0);
        QVERIFY2(demo.out.contains(QStringLiteral("queuescope-cli demo")), qPrintable(demo.out + demo.err));
    }

    // A front copied away from its engine: what needs no engine works, the rest says which file
    // it could not load, and inspect still reports what it scanned.
    void withoutItsEngine()
    {
        QTemporaryDir tree;
        QVERIFY(tree.isValid());
        const QString front = tree.filePath(QStringLiteral("bin/queuescope-cli"));
        QVERIFY(copyExecutable(kCli, front));
        const QString expected = QDir::cleanPath(tree.filePath(QStringLiteral("bin/" QS_CLI_ENGINE_PATH)));

        Ran r = runProcess(front, {"--version"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.startsWith(QStringLiteral("queuescope-cli ")));
        r = runProcess(front, {"settings", "--json"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));

        r = runProcess(front, {"run", "--max-steps", "1", m_records});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("cannot load the engine ") + expected), qPrintable(r.err));

        // inspect detects raw pixels, JPEG, PNG and WebP with decoders of its own.
        for (const QString &file : {m_records, m_jpegRecords}) {
            r = runProcess(front, {"inspect", "--json", "--verify", file});
            QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
            const QJsonObject report = QJsonDocument::fromJson(r.out.toUtf8()).object();
            QCOMPARE(report.value(QStringLiteral("records")).toInteger(), 5);
            QVERIFY2(report.value(QStringLiteral("image")).isObject(), qPrintable(r.out));
        }
        // Thumbnails, and images only OpenCV decodes, are the engine's: inspect reports what it
        // scanned and names the engine it could not load.
        const QStringList needEngine[] = {
            {"inspect", "--json", "--thumbs", tree.filePath(QStringLiteral("thumbs")), m_jpegRecords},
            {"inspect", "--json", m_bmpRecords},
        };
        for (const QStringList &args : needEngine) {
            r = runProcess(front, args);
            QCOMPARE(r.exitCode, 1);
            const QJsonObject report = QJsonDocument::fromJson(r.out.toUtf8()).object();
            QCOMPARE(report.value(QStringLiteral("records")).toInteger(), 5);
            QVERIFY2(r.err.contains(QStringLiteral("cannot load the engine ") + expected), qPrintable(r.err));
        }
    }

    // inspect's own detection (no OpenCV) and the engine's (every format) agree; BMP samples go
    // to the engine.
    void detectionWithAndWithoutTheEngine()
    {
        for (const QString &file : {m_records, m_jpegRecords, m_bmpRecords}) {
            const Ran r = runProcess(kCli, {"inspect", "--json", file});
            QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
            const QJsonObject image =
                QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("image")).toObject();
            QVERIFY2(image.value(QStringLiteral("key")).toString().startsWith(QStringLiteral("image")),
                     qPrintable(r.out));
        }
    }

    void aForeignEngineIsRefused_data()
    {
        QTest::addColumn<QString>("engine");
        QTest::addColumn<QString>("error");
        QTest::addRow("another version")
            << QStringLiteral(QS_FOREIGN_ENGINE_FILE) << QStringLiteral("is from version 0.0.0-foreign");
        QTest::addRow("not a library") << m_records << QStringLiteral("cannot load the engine");
    }
    void aForeignEngineIsRefused()
    {
        QFETCH(QString, engine);
        QFETCH(QString, error);
        QTemporaryDir tree;
        QVERIFY(tree.isValid());
        const QString front = tree.filePath(QStringLiteral("bin/queuescope-cli"));
        QVERIFY(copyExecutable(kCli, front));
        QVERIFY(copyExecutable(engine, tree.filePath(QStringLiteral("bin/" QS_CLI_ENGINE_PATH))));
        const Ran r = runProcess(front, {"demo", "--help"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(error), qPrintable(r.err));
    }

private:
    QTemporaryDir m_dir;
    QString m_records;
    QString m_jpegRecords;
    QString m_bmpRecords;
};

QTEST_GUILESS_MAIN(TestCliFront)
#include "tst_clifront.moc"
