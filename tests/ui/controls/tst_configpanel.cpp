#include "controls/configpanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>

using namespace qs;

Q_DECLARE_METATYPE(qs::RunConfig)

namespace {

RunConfig everyKnobChanged()
{
    RunConfig c;
    PipelineConfig &p = c.pipeline;
    p.files = {QStringLiteral("/data/a.tfrecords")};
    p.numEpochs = 0;
    p.shuffleFiles = false;
    p.fileSeed = 12345;
    p.readerThreads = 7;
    p.filenameCapacity = 5;
    p.exampleCapacity = 999;
    p.minAfterDequeue = 500;
    p.batchSize = 17;
    p.allowSmallerFinalBatch = true;
    p.shuffleSeed = 77;
    p.imageWidth = 64;
    p.imageHeight = 48;
    p.skipCorrupt = true;
    p.readerDelayMs = 20;
    p.decodeDelayMs = 3;
    p.trainerDelayMs = 60;
    TrainerConfig &t = c.trainer;
    t.maxSteps = 4000;
    t.evalEvery = 0;
    t.hidden = 128;
    t.gracePeriodS = 2.5;
    t.startQueueRunners = false;
    t.hangSeconds = 7.5;
    t.workers = 9;
    t.workerStepMs = 120;
    t.stopProbability = 0.125;
    // Knobs without a widget ride along.
    t.evalFile = QStringLiteral("/data/eval.tfrecords");
    t.evalFraction = 0.25;
    t.specJson = QStringLiteral("{\"image\":{\"key\":\"img\"}}"); // compact, as fromJson keeps it
    t.previewCount = 8;
    return c;
}

} // namespace

class TestConfigPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("QueueScopeTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_configpanel"));
        QSettings().clear();
    }

    void defaults()
    {
        ConfigPanel panel;
        QCOMPARE(panel.config(), RunConfig{});
        QVERIFY(panel.isValid()); // no files yet is not the knobs' problem
        QVERIFY(panel.problemLabel()->isHidden());
    }

    void roundTrip_data()
    {
        QTest::addColumn<RunConfig>("config");
        QTest::addRow("defaults") << RunConfig{};
        QTest::addRow("every knob") << everyKnobChanged();
        RunConfig naive;
        naive.trainer.feed = FeedMode::Naive;
        naive.pipeline.files = {QStringLiteral("x.tfrecords"), QStringLiteral("y.tfrecords")};
        QTest::addRow("naive feed, two files") << naive;
        RunConfig fifo;
        fifo.pipeline.useShuffleQueue = false;
        fifo.pipeline.minAfterDequeue = 0;
        QTest::addRow("FIFO queue") << fifo;
        RunConfig seeds;
        seeds.pipeline.fileSeed = PipelineConfig::kMaxSeed;
        seeds.pipeline.shuffleSeed = PipelineConfig::kMaxSeed - 1;
        QTest::addRow("largest seeds") << seeds;
    }
    void roundTrip()
    {
        QFETCH(RunConfig, config);
        ConfigPanel panel;
        QSignalSpy changed(&panel, &ConfigPanel::configChanged);
        panel.setConfig(config);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(panel.config(), config);
        QCOMPARE(panel.config().toJson(), config.toJson());
    }

    void widgetsEditTheConfig()
    {
        ConfigPanel panel;
        QSignalSpy changed(&panel, &ConfigPanel::configChanged);
        panel.findChild<QSpinBox *>(QStringLiteral("reader_threads"))->setValue(5);
        panel.findChild<QSpinBox *>(QStringLiteral("batch_size"))->setValue(8);
        panel.findChild<QCheckBox *>(QStringLiteral("use_shuffle_queue"))->setChecked(false);
        panel.findChild<QDoubleSpinBox *>(QStringLiteral("grace_period_s"))->setValue(1.5);
        panel.findChild<QComboBox *>(QStringLiteral("feed"))->setCurrentIndex(1);
        QCOMPARE(changed.count(), 5);
        const RunConfig c = panel.config();
        QCOMPARE(c.pipeline.readerThreads, 5);
        QCOMPARE(c.pipeline.batchSize, 8);
        QCOMPARE(c.pipeline.useShuffleQueue, false);
        QCOMPARE(c.trainer.gracePeriodS, 1.5);
        QCOMPARE(c.trainer.feed, FeedMode::Naive);
        // Knobs that do not apply are greyed out: readers with the naive feed.
        QVERIFY(!panel.findChild<QSpinBox *>(QStringLiteral("reader_threads"))->isEnabled());
        QVERIFY(!panel.findChild<QSpinBox *>(QStringLiteral("min_after_dequeue"))->isEnabled());
    }

    void everyKnobHasALabelAndATip()
    {
        ConfigPanel panel;
        int knobs = 0;
        for (QWidget *w : panel.findChildren<QWidget *>()) {
            if (!qobject_cast<QSpinBox *>(w) && !qobject_cast<QDoubleSpinBox *>(w) &&
                !qobject_cast<QCheckBox *>(w) && !qobject_cast<QComboBox *>(w))
                continue;
            ++knobs;
            QVERIFY2(w->toolTip().contains(w->objectName()), qPrintable(w->objectName()));
            // Every knob is named by its JSON key, so RunConfig::fromJson knows it.
            QJsonObject one{{w->objectName(), RunConfig{}.toJson().value(w->objectName())}};
            QVERIFY2(RunConfig::fromJson(one).isOk(), qPrintable(w->objectName()));
        }
        QCOMPARE(knobs, 34);
    }

    // One setting switches the run between the queues and tf.data; the tf.data knobs apply
    // only then, and the queue-only ones are greyed out.
    void pipelineSwitch()
    {
        ConfigPanel panel;
        auto *kind = panel.findChild<QComboBox *>(QStringLiteral("pipeline"));
        auto *autotune = panel.findChild<QCheckBox *>(QStringLiteral("dataset_autotune"));
        QVERIFY(kind && autotune);
        QCOMPARE(panel.config().pipeline.kind, PipelineKind::Queues);
        QVERIFY(!autotune->isEnabled());
        kind->setCurrentIndex(1);
        autotune->setChecked(true);
        panel.findChild<QSpinBox *>(QStringLiteral("dataset_map_calls"))->setValue(3);
        const RunConfig c = panel.config();
        QCOMPARE(c.pipeline.kind, PipelineKind::Dataset);
        QVERIFY(c.pipeline.datasetAutotune);
        QCOMPARE(c.pipeline.datasetMapCalls, 3);
        QVERIFY(autotune->isEnabled());
        QVERIFY(!panel.findChild<QComboBox *>(QStringLiteral("feed"))->isEnabled());
        // And back, through a config as a scenario gives it.
        RunConfig queues = c;
        queues.pipeline.kind = PipelineKind::Queues;
        panel.setConfig(queues);
        QCOMPARE(kind->currentIndex(), 0);
        QVERIFY(!autotune->isEnabled());
    }

    void validation_data()
    {
        QTest::addColumn<int>("capacity");
        QTest::addColumn<int>("minAfterDequeue");
        QTest::addColumn<bool>("shuffle");
        QTest::addColumn<QString>("problem");
        QTest::addRow("fits") << 224 << 128 << true << "";
        QTest::addRow("capacity equal") << 128 << 128 << true << "min_after_dequeue";
        QTest::addRow("capacity below") << 100 << 128 << true << "example_capacity 100";
        QTest::addRow("FIFO ignores it") << 100 << 128 << false << "";
    }
    void validation()
    {
        QFETCH(int, capacity);
        QFETCH(int, minAfterDequeue);
        QFETCH(bool, shuffle);
        QFETCH(QString, problem);
        ConfigPanel panel;
        panel.show();
        QSignalSpy validity(&panel, &ConfigPanel::validityChanged);
        panel.findChild<QCheckBox *>(QStringLiteral("use_shuffle_queue"))->setChecked(shuffle);
        panel.findChild<QSpinBox *>(QStringLiteral("min_after_dequeue"))->setValue(minAfterDequeue);
        panel.findChild<QSpinBox *>(QStringLiteral("example_capacity"))->setValue(capacity);
        QCOMPARE(panel.isValid(), problem.isEmpty());
        QCOMPARE(panel.problemLabel()->isVisible(), !problem.isEmpty());
        QVERIFY2(panel.problem().contains(problem), qPrintable(panel.problem()));
        QVERIFY(panel.problemLabel()->text().contains(panel.problem()));
        QCOMPARE(validity.count(), problem.isEmpty() ? 0 : 1);
        if (!problem.isEmpty()) {
            panel.findChild<QSpinBox *>(QStringLiteral("example_capacity"))->setValue(minAfterDequeue + 1);
            QVERIFY(panel.isValid());
            QCOMPARE(validity.count(), 2);
            QCOMPARE(validity.last().at(0).toBool(), true);
            QVERIFY(panel.problemLabel()->isHidden());
        }
    }

    void resetRestoresTheDefaults()
    {
        ConfigPanel panel;
        panel.setInputFiles({QStringLiteral("/data/a.tfrecords")});
        RunConfig scenarioDefaults;
        scenarioDefaults.pipeline.readerDelayMs = 20;
        scenarioDefaults.pipeline.numEpochs = 0;
        panel.setDefaults(scenarioDefaults);
        panel.findChild<QSpinBox *>(QStringLiteral("reader_delay_ms"))->setValue(500);
        panel.findChild<QSpinBox *>(QStringLiteral("hidden"))->setValue(3);
        panel.resetButton()->click();
        RunConfig expected = scenarioDefaults;
        expected.pipeline.files = {QStringLiteral("/data/a.tfrecords")}; // the input stays
        QCOMPARE(panel.config(), expected);
    }

    void workersModeShowsOnlyTheWorkersKnobs()
    {
        ConfigPanel panel;
        panel.show();
        const QList<QGroupBox *> groups = panel.findChildren<QGroupBox *>();
        auto visible = [&](const char *name) {
            return panel.findChild<QGroupBox *>(QLatin1String(name))->isVisible();
        };
        QCOMPARE(groups.size(), 6);
        QVERIFY(visible("batchingGroup"));
        QVERIFY(!visible("workersGroup"));
        panel.setMode(RunMode::Workers);
        QVERIFY(!visible("batchingGroup"));
        QVERIFY(!visible("inputGroup"));
        QVERIFY(visible("workersGroup"));
        // A pipeline-only problem does not block the workers demo.
        panel.findChild<QSpinBox *>(QStringLiteral("min_after_dequeue"))->setValue(1000);
        QVERIFY(panel.isValid());
        panel.setMode(RunMode::Pipeline);
        QVERIFY(!panel.isValid());
    }

    void persistence()
    {
        QSettings().clear();
        RunConfig saved = everyKnobChanged();
        {
            ConfigPanel panel;
            QVERIFY(!panel.restoreSettings());
            panel.setConfig(saved);
            panel.saveSettings();
        }
        ConfigPanel again;
        again.setInputFiles({QStringLiteral("/other.tfrecords")});
        QVERIFY(again.restoreSettings());
        saved.pipeline.files = {QStringLiteral("/other.tfrecords")}; // files are not a saved knob
        saved.trainer.specJson = RunConfig{}.trainer.specJson; // nor the features: a file's (SchemaMemory)
        QCOMPARE(again.config().toJson(), saved.toJson());
        QCOMPARE(again.config(), saved);

        QSettings().setValue(QStringLiteral("controls/config"), QStringLiteral("{\"batch_size\": \"many\"}"));
        ConfigPanel broken;
        QVERIFY(!broken.restoreSettings());
        QCOMPARE(broken.config(), RunConfig{});
    }
};

QTEST_MAIN(TestConfigPanel)
#include "tst_configpanel.moc"
