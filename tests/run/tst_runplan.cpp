// RunPlan through Pipeline::create and real runs: epochs chosen for a useful number of steps,
// the notices and warnings, runs without a label, the model's input following the data, and the
// held-out figures per class.
#include "rundata.h"

#include "run/pipeline.h"
#include "run/runplan.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;
using namespace std::chrono_literals;

namespace {

// `count` records of 28x28 gray raw pixels ("image_raw", "height", "width"), labelled or not.
QString writeGray(const QString &dir, const QString &name, int count, bool labelled)
{
    const QString path = QDir(dir).filePath(name);
    auto writer = RecordWriter::create(path);
    if (!writer)
        qFatal("writer: %s", qPrintable(writer.status().toString()));
    for (int i = 0; i < count; ++i) {
        QByteArray pixels(28 * 28, char(0));
        for (int p = 0; p < pixels.size(); ++p)
            pixels[p] = char((p * (i % 3 + 1) + i) % 256);
        ExampleBuilder b;
        b.addBytes(QStringLiteral("image_raw"), pixels)
            .addInt64(QStringLiteral("height"), 28)
            .addInt64(QStringLiteral("width"), 28);
        if (labelled)
            b.addInt64(QStringLiteral("label"), i % 3);
        if (Status s = (*writer)->write(b.serialize()); !s)
            qFatal("write: %s", qPrintable(s.toString()));
    }
    if (Status s = (*writer)->commit(); !s)
        qFatal("commit: %s", qPrintable(s.toString()));
    return path;
}

RunConfig quick(const QStringList &files)
{
    RunConfig c;
    c.pipeline.files = files;
    c.pipeline.batchSize = 8;
    c.pipeline.exampleCapacity = 48;
    c.pipeline.minAfterDequeue = 4;
    c.trainer.hidden = 8;
    c.trainer.evalEvery = 0;
    return c;
}

RunSummary runToEnd(const RunConfig &c)
{
    auto p = Pipeline::create(c);
    if (!p)
        qFatal("create: %s", qPrintable(p.status().toString()));
    if (Status s = (*p)->start(); !s)
        qFatal("start: %s", qPrintable(s.toString()));
    if (!(*p)->waitFinished(120s))
        qFatal("the run did not end");
    return (*p)->summary();
}

bool anyContains(const QStringList &lines, const QString &part)
{
    for (const QString &l : lines) {
        if (l.contains(part))
            return true;
    }
    return false;
}

QString fixture(const QString &name)
{
    return QDir(QStringLiteral(QS_FIXTURES_DIR)).filePath(name);
}

} // namespace

class TestRunPlan : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void epochs_data()
    {
        QTest::addColumn<int>("records");
        QTest::addColumn<int>("epochs");
        QTest::addColumn<int>("minSteps");
        QTest::addColumn<qint64>("maxSteps");
        QTest::addColumn<int>("expectEpochs");
        QTest::addColumn<bool>("notice");
        // Every 10th record held out; batches of 8.
        QTest::addRow("tiny file: raised") << 20 << 30 << 300 << qint64(0) << 134 << true; // 18 train
        QTest::addRow("max_steps larger") << 20 << 1 << 300 << qint64(600) << 267 << true;
        QTest::addRow("already enough") << 200 << 30 << 300 << qint64(0) << 30 << false; // 180 x 30 / 8 = 675
        QTest::addRow("off: a few batches said") << 20 << 1 << 0 << qint64(0) << 1 << true;
        QTest::addRow("until stopped stays") << 20 << 0 << 300 << qint64(0) << 0 << false;
    }
    void epochs()
    {
        QFETCH(int, records);
        QFETCH(int, epochs);
        QFETCH(int, minSteps);
        QFETCH(qint64, maxSteps);
        QFETCH(int, expectEpochs);
        QFETCH(bool, notice);
        const QStringList files = test::writeDemoFiles(
            m_dir.path(), QStringLiteral("ep%1-%2-%3").arg(records).arg(epochs).arg(minSteps), 1, records);
        RunConfig c = quick(files);
        c.pipeline.numEpochs = epochs;
        c.trainer.minSteps = minSteps;
        c.trainer.maxSteps = maxSteps;
        auto p = Pipeline::create(c);
        QVERIFY2(p.isOk(), qPrintable(p.status().toString()));
        const RunPlan &plan = (*p)->plan();
        QCOMPARE(plan.epochs, expectEpochs);
        QCOMPARE((*p)->config().pipeline.numEpochs, expectEpochs);
        QCOMPARE(plan.epochsGiven, epochs);
        QCOMPARE(plan.notices.isEmpty(), !notice);
        if (epochs > 0)
            QCOMPARE(plan.trainRecords, plan.countedAll ? qint64(records - records / 10) : plan.trainRecords);
        if (notice) {
            QVERIFY2(plan.notices.first().contains(QStringLiteral("batch of 8")),
                     qPrintable(plan.notices.first()));
            QVERIFY(plan.notices.first().contains(QString::number(records - records / 10)));
        }
    }

    void trainsTheStepsItPromised()
    {
        const QStringList files = test::writeDemoFiles(m_dir.path(), QStringLiteral("promise"), 1, 20);
        RunConfig c = quick(files);
        c.trainer.minSteps = 100; // 18 training records: ceil(100 x 8 / 18) = 45 epochs
        const RunSummary s = runToEnd(c);
        QCOMPARE(s.howKey(), QStringLiteral("end_of_data"));
        QVERIFY2(s.steps >= 100, qPrintable(QString::number(s.steps)));
        QCOMPARE(s.toJson().value("epochs").toInt(), s.epochs);
        QVERIFY(s.epochs > 30);
    }

    void zeroStepsAreNeverSilent_data()
    {
        QTest::addColumn<bool>("smallerFinalBatch");
        QTest::addColumn<qint64>("steps");
        QTest::addRow("dropped remainder") << false << qint64(0);
        QTest::addRow("allow_smaller_final_batch") << true << qint64(1);
    }
    void zeroStepsAreNeverSilent()
    {
        QFETCH(bool, smallerFinalBatch);
        QFETCH(qint64, steps);
        const QStringList files =
            test::writeDemoFiles(m_dir.path(), QStringLiteral("zero%1").arg(smallerFinalBatch), 1, 5);
        RunConfig c = quick(files);
        c.pipeline.numEpochs = 1;
        c.trainer.minSteps = 0;
        c.trainer.evalFraction = 0;
        c.pipeline.allowSmallerFinalBatch = smallerFinalBatch;
        c.pipeline.minAfterDequeue = 0;
        auto p = Pipeline::create(c);
        QVERIFY2(p.isOk(), qPrintable(p.status().toString()));
        QCOMPARE(anyContains((*p)->plan().warnings, QStringLiteral("0 steps")), !smallerFinalBatch);
        const RunSummary s = runToEnd(c);
        QCOMPARE(s.howKey(), QStringLiteral("end_of_data"));
        QCOMPARE(s.steps, steps);
        QCOMPARE(anyContains(s.warnings, QStringLiteral("trained 0 steps")), steps == 0);
        const QJsonArray warnings = s.toJson().value("warnings").toArray();
        QCOMPARE(warnings.isEmpty(), steps > 0);
        if (steps == 0)
            QVERIFY2(anyContains(s.warnings, QStringLiteral("--allow-smaller-final-batch")),
                     qPrintable(s.warnings.join('\n')));
    }

    void noLabelRunsTheInputPipeline()
    {
        const QString file = writeGray(m_dir.path(), QStringLiteral("nolabel.tfrecord"), 30, false);
        RunConfig c = quick({file});
        c.trainer.minSteps = 20;
        auto p = Pipeline::create(c);
        QVERIFY2(p.isOk(), qPrintable(p.status().toString()));
        QVERIFY((*p)->plan().inputOnly);
        QVERIFY2((*p)->plan().noLabel.contains(QStringLiteral("image_raw (bytes x1)")),
                 qPrintable((*p)->plan().noLabel));
        QVERIFY((*p)->plan().noLabel.contains(QStringLiteral("--label-feature KEY")));
        const RunSummary s = runToEnd(c);
        QCOMPARE(s.howKey(), QStringLiteral("end_of_data"));
        QVERIFY2(s.steps >= 20, qPrintable(QString::number(s.steps)));
        QVERIFY(s.inputOnly);
        QVERIFY(s.trainAccuracy < 0);
        QVERIFY(s.evalAccuracy < 0);
        QCOMPARE(s.heldOutSamples, 0);
        const QJsonObject json = s.toJson();
        QCOMPARE(json.value("input_only").toBool(), true);
        QVERIFY(json.value("no_label").toString().contains(QStringLiteral("no label")));
    }

    void labelTurnedOffRunsTheInputPipeline()
    {
        const QString file = writeGray(m_dir.path(), QStringLiteral("off.tfrecord"), 30, true);
        RunConfig c = quick({file});
        c.trainer.specJson = QStringLiteral(R"({"label": null})");
        auto p = Pipeline::create(c);
        QVERIFY2(p.isOk(), qPrintable(p.status().toString()));
        QVERIFY((*p)->plan().inputOnly);
        QVERIFY((*p)->plan().noLabel.contains(QStringLiteral("turned off")));
    }

    void inputFollowsTheData_data()
    {
        QTest::addColumn<bool>("gray");
        QTest::addColumn<bool>("follow");
        QTest::addColumn<QString>("input");
        QTest::addRow("28x28 gray stays") << true << true << "28x28x1";
        QTest::addRow("32x32 colour capped") << false << true << "16x16x3";
        QTest::addRow("fixed size") << true << false << "8x8x3";
    }
    void inputFollowsTheData()
    {
        QFETCH(bool, gray);
        QFETCH(bool, follow);
        QFETCH(QString, input);
        const QStringList files =
            gray ? QStringList{writeGray(m_dir.path(), QStringLiteral("gray%1.tfrecord").arg(follow), 12,
                                         true)}
                 : test::writeDemoFiles(m_dir.path(), QStringLiteral("colour%1").arg(follow), 1, 12);
        RunConfig c = quick(files);
        c.pipeline.inputFollowsData = follow;
        c.pipeline.imageWidth = c.pipeline.imageHeight = 8;
        auto p = Pipeline::create(c);
        QVERIFY2(p.isOk(), qPrintable(p.status().toString()));
        QCOMPARE((*p)->plan().input.toString(), input);
        QVERIFY((*p)->plan().input.featureCount() <= RunPlan::kMaxInputValues || !follow);
    }

    void settingASizeOrEpochsMeansIt()
    {
        Result<RunConfig> c = RunConfig::fromJson(QJsonObject{{"input_size", 12}, {"num_epochs", 2}});
        QVERIFY(c.isOk());
        QVERIFY(!c->pipeline.inputFollowsData);
        QCOMPARE(c->trainer.minSteps, 0);
        Result<RunConfig> both = RunConfig::fromJson(QJsonObject{
            {"image_width", 12}, {"input_follows_data", true}, {"num_epochs", 2}, {"min_steps", 50}});
        QVERIFY(both.isOk());
        QVERIFY(both->pipeline.inputFollowsData);
        QCOMPARE(both->trainer.minSteps, 50);
        const RunConfig defaults;
        QVERIFY(defaults.pipeline.inputFollowsData);
        QCOMPARE(defaults.trainer.minSteps, 300);
    }

    void heldOutPerClass()
    {
        const QStringList files = test::writeDemoFiles(m_dir.path(), QStringLiteral("perclass"), 1, 200);
        RunConfig c = quick(files);
        c.trainer.minSteps = 60;
        c.trainer.evalEvery = 20;
        const RunSummary s = runToEnd(c);
        QCOMPARE(s.howKey(), QStringLiteral("end_of_data"));
        QCOMPARE(s.perClassAccuracy.size(), 4);
        QCOMPARE(s.classes.size(), 4);
        QCOMPARE(s.confusion.size(), 4);
        qint64 total = 0;
        qint64 right = 0;
        for (int t = 0; t < 4; ++t) {
            QCOMPARE(s.confusion[t].size(), 4);
            qint64 row = 0;
            for (int q = 0; q < 4; ++q)
                row += s.confusion[t][q];
            QCOMPARE(row, s.perClassCount[t]);
            if (row > 0)
                QCOMPARE(s.perClassAccuracy[t], double(s.confusion[t][t]) / double(row));
            total += row;
            right += s.confusion[t][t];
        }
        QCOMPARE(total, qint64(s.heldOutSamples));
        QVERIFY(qAbs(double(right) / double(total) - s.evalAccuracy) < 1e-9);
        const QJsonObject json = s.toJson();
        QCOMPARE(json.value("per_class").toArray().size(), 4);
        QCOMPARE(json.value("confusion").toObject().value("matrix").toArray().size(), 4);
    }

    // The real files without a usable label: plain runs feed the pipeline and say so.
    void realFilesWithoutLabel_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("why");
        QTest::addRow("captcha one-hot groups") << "captcha_valid.tfrecords"
                                                << "several one-hot groups";
        QTest::addRow("robot poses") << "t2r_pose_env_test_data.tfrecord"
                                     << "pose (float x2)";
    }
    void realFilesWithoutLabel()
    {
        QFETCH(QString, name);
        QFETCH(QString, why);
        if (!QFileInfo::exists(fixture(name)))
            QSKIP("no fixture folder at QS_FIXTURES_DIR (" QS_FIXTURES_DIR ")");
        RunConfig c;
        c.pipeline.files = {fixture(name)};
        const RunSummary s = runToEnd(c);
        QCOMPARE(s.howKey(), QStringLiteral("end_of_data"));
        QVERIFY(s.inputOnly);
        QVERIFY2(s.noLabel.contains(why), qPrintable(s.noLabel));
        QVERIFY2(s.steps >= 300, qPrintable(QString::number(s.steps)));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestRunPlan)
#include "tst_runplan.moc"
