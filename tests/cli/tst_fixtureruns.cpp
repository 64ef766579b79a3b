// Issue 13's "done when": every real image file in the fixtures runs with plain
// `queuescope-cli run FILE --json` and exits 0, training at least min_steps (300) steps with a
// label, or running the input pipeline without one and saying so. Files without an image are
// refused, listing their features and the flag that names one.
#include "processrun.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

namespace {

const QString kCli = QStringLiteral(QS_BINARY_DIR "/bin/queuescope-cli");

QString fixture(const QString &name)
{
    return QDir(QStringLiteral(QS_FIXTURES_DIR)).filePath(name);
}

struct RanJson {
    int exitCode = -1;
    QJsonObject json;
    QString err;
};

RanJson runJson(const QString &file)
{
    const Ran r = runProcess(kCli, {QStringLiteral("run"), file, QStringLiteral("--json")},
                             QProcessEnvironment::systemEnvironment(), 300000);
    return {r.exitCode, QJsonDocument::fromJson(r.out.toUtf8()).object(), r.err};
}

} // namespace

class TestFixtureRuns : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        if (!QFile::exists(kCli))
            QSKIP("queuescope-cli is not built");
        if (!QFile::exists(fixture(QStringLiteral("SOURCES.md"))))
            QSKIP("no fixture folder at QS_FIXTURES_DIR (" QS_FIXTURES_DIR ")");
    }

    void imageFilesRunWithNoFlag_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("labelled");
        QTest::addRow("fake imagenet") << "tfbench_fake_imagenet_train-00000-of-00008" << true;
        QTest::addRow("flowers") << "tfx_flowers_GAN_tfrecord-00000-of-00001" << true;
        QTest::addRow("mnist floats") << "tfx_mnist_floats.tfrecord" << true;
        QTest::addRow("captcha") << "captcha_valid.tfrecords" << false;
        QTest::addRow("robot poses") << "t2r_pose_env_test_data.tfrecord" << false;
    }
    void imageFilesRunWithNoFlag()
    {
        QFETCH(QString, file);
        QFETCH(bool, labelled);
        const RanJson r = runJson(fixture(file));
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.json.value("error").toString().isEmpty(), qPrintable(r.json.value("error").toString()));
        QVERIFY2(r.json.value("steps").toInteger() >= 300,
                 qPrintable(QString::number(r.json.value("steps").toInteger())));
        QCOMPARE(r.json.value("input_only").toBool(), !labelled);
        if (labelled) {
            QVERIFY(r.json.value("no_label").toString().isEmpty());
            QVERIFY(!r.json.value("per_class").toArray().isEmpty());
        } else {
            // Says why, lists the features (key, kind x values) and names the flag.
            const QString why = r.json.value("no_label").toString();
            QVERIFY2(why.contains("--label-feature KEY"), qPrintable(why));
            QVERIFY2(why.contains(" x"), qPrintable(why));
        }
    }

    // The fake ImageNet file's image/class/text as the label: the names, sorted, from a full scan.
    void classNamesFromTheTextFeature()
    {
        const QString file = fixture(QStringLiteral("tfbench_fake_imagenet_train-00000-of-00008"));
        QProcess p;
        p.start(kCli, {QStringLiteral("run"), file, QStringLiteral("--label-feature"),
                       QStringLiteral("image/class/text"), QStringLiteral("--json")});
        QVERIFY(p.waitForFinished(300000));
        QCOMPARE(p.exitCode(), 0);
        const QJsonObject json = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        QStringList classes;
        for (const QJsonValue &c : json.value("per_class").toArray())
            classes << c.toObject().value("class").toString();
        QCOMPARE(classes,
                 (QStringList{"0", "eight", "five", "four", "nine", "one", "seven", "six", "three", "two"}));
        const QString notices = QJsonDocument(json.value("notices").toArray()).toJson();
        QVERIFY2(notices.contains("from a full scan of 64 records"), qPrintable(notices));

        QProcess inspect;
        inspect.start(kCli, {QStringLiteral("inspect"), file, QStringLiteral("--spec"),
                             QStringLiteral(R"({"label":{"key":"image/class/text"}})")});
        QVERIFY(inspect.waitForFinished(60000));
        QCOMPARE(inspect.exitCode(), 0);
        const QString out = QString::fromUtf8(inspect.readAllStandardOutput());
        QVERIFY2(out.contains("(class_name)"), qPrintable(out));
        QVERIFY2(out.contains("sampled, not a full scan"), qPrintable(out));
    }

    // A label named on the command line that cannot be one says so and names the label flag.
    void anUnusableLabelNamesTheLabelFlag()
    {
        QProcess p;
        p.start(kCli,
                {QStringLiteral("run"), fixture(QStringLiteral("captcha_valid.tfrecords")),
                 QStringLiteral("--label-feature"), QStringLiteral("label_raw"), QStringLiteral("--json")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 1);
        const QString error =
            QJsonDocument::fromJson(p.readAllStandardOutput()).object().value("error").toString();
        QVERIFY2(error.contains("several one-hot groups"), qPrintable(error));
        QVERIFY2(error.contains("image_raw (bytes x1)"), qPrintable(error));
        QVERIFY2(error.contains("--label-feature KEY, or --label-feature none"), qPrintable(error));
    }

    void filesWithoutImageNameTheFlag_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addRow("penguins") << "tfx_penguin_train_data_tfrecord-00000-of-00001.gz";
        QTest::addRow("squad") << "trax_tfds_squad-train.tfrecord-00000-of-00001";
        QTest::addRow("sequence") << "torchdata_sequence_example.tfrecord";
    }
    void filesWithoutImageNameTheFlag()
    {
        QFETCH(QString, file);
        const RanJson r = runJson(fixture(file));
        QCOMPARE(r.exitCode, 1);
        const QString error = r.json.value("error").toString();
        QVERIFY2(error.contains("--image-feature KEY"), qPrintable(error));
        QVERIFY2(error.contains("the features are"), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestFixtureRuns)
#include "tst_fixtureruns.moc"
