#include "controls/configpanel.h"
#include "controls/controlspanel.h"
#include "controls/runcontrols.h"
#include "controls/scenariopicker.h"
#include "tfcode/tfcodeview.h"
#include "window/languagemanager.h"
#include "window/mainwindow.h"
#include "windowparts.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;

namespace {

QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &text)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

} // namespace

class TestControlsPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("QueueScopeTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_controlspanel"));
    }
    void init() { QSettings().clear(); }

    void listsNoneAndTheBuiltins()
    {
        ControlsPanel panel;
        // The window's defaults hold before any choice (30 epochs of the demo), and for Reset.
        QCOMPARE(panel.config().pipeline.numEpochs, 30);
        QCOMPARE(panel.config(), ControlsPanel::windowDefaults());
        // The knob table's defaults, as its declarations say (core/run/knobs.cpp).
        const QJsonObject shown = panel.config().toJson();
        QCOMPARE(shown.value("num_epochs"), QJsonValue(30));
        QCOMPARE(shown.value("reader_threads"), QJsonValue(2));
        QCOMPARE(shown.value("min_after_dequeue"), QJsonValue(128));
        QCOMPARE(shown.value("batch_size"), QJsonValue(32));
        QCOMPARE(shown.value("hidden"), QJsonValue(64));
        QCOMPARE(shown.value("reader_delay_ms"), QJsonValue(0));
        QCOMPARE(shown.value("grace_period_s"), QJsonValue(5));
        panel.configPanel()->resetToDefaults();
        QCOMPARE(panel.config(), ControlsPanel::windowDefaults());
        QComboBox *box = panel.picker()->box();
        QCOMPARE(box->count(), Scenario::builtinNames().size() + 1);
        QCOMPARE(box->itemData(0).toString(), QString());
        QCOMPARE(box->itemText(0), QStringLiteral("(none)"));
        QVERIFY(!panel.scenario());
        QCOMPARE(panel.mode(), RunMode::Pipeline);
        const int slow = box->findData(QStringLiteral("slow-reader"));
        QVERIFY(slow > 0);
        QCOMPARE(box->itemText(slow), QStringLiteral("Slow reader: the trainer starves"));
    }

    void choosingAScenarioAppliesItsConfig_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("key");      // a knob's JSON key ...
        QTest::addColumn<QJsonValue>("value"); // ... and the value the scenario gives it
        QTest::addRow("slow reader") << "slow-reader"
                                     << "reader_delay_ms" << QJsonValue(20);
        QTest::addRow("slow reader epochs") << "slow-reader"
                                            << "num_epochs" << QJsonValue(0);
        QTest::addRow("slow trainer") << "slow-trainer"
                                      << "trainer_delay_ms" << QJsonValue(60);
        QTest::addRow("naive feed") << "naive-feed"
                                    << "feed" << QJsonValue("naive");
        QTest::addRow("forgot runners") << "forgot-queue-runners"
                                        << "start_queue_runners" << QJsonValue(false);
        QTest::addRow("skip corrupt") << "skip-corrupt"
                                      << "skip_corrupt" << QJsonValue(true);
        QTest::addRow("stuck thread") << "stuck-thread"
                                      << "grace_period_s" << QJsonValue(2);
        QTest::addRow("workers") << "random-stop-workers"
                                 << "workers" << QJsonValue(5);
    }
    void choosingAScenarioAppliesItsConfig()
    {
        QFETCH(QString, name);
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        ControlsPanel panel;
        panel.setInputFiles({QStringLiteral("/data/a.tfrecords")});
        panel.configPanel()->findChild<QSpinBox *>(QStringLiteral("batch_size"))->setValue(5); // undone
        QSignalSpy chosen(&panel, &ControlsPanel::scenarioChosen);
        QVERIFY(panel.picker()->select(name));
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(chosen.at(0).at(0).toString(), name);
        QCOMPARE(panel.scenario()->name, name);
        const Scenario s = *Scenario::load(name);
        const RunConfig expected = *RunConfig::fromJson(s.config, ControlsPanel::windowDefaults());
        RunConfig got = panel.config();
        QCOMPARE(got.pipeline.files, QStringList{QStringLiteral("/data/a.tfrecords")});
        QCOMPARE(got.toJson().value(key), value);
        QCOMPARE(got.pipeline.batchSize, 32); // no scenario sets it: the edit to 5 is undone
        got.pipeline.files.clear();
        QCOMPARE(got, expected); // the scenario over the defaults, nothing left of the edit
        QCOMPARE(panel.configPanel()->defaults(), expected);
        QCOMPARE(panel.mode(), s.mode);

        QVERIFY(panel.picker()->select(QString())); // "(none)": a plain run with the defaults
        QVERIFY(!panel.scenario());
        got = panel.config();
        got.pipeline.files.clear();
        QCOMPARE(got, ControlsPanel::windowDefaults());
    }

    void descriptionInTheUiLanguage_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("words"); // in the title
        QTest::addRow("en") << "en"
                            << "the trainer starves";
        QTest::addRow("zh_TW") << "zh_TW"
                               << "讀取太慢";
        QTest::addRow("zh_CN") << "zh_CN"
                               << "读取太慢";
    }
    void descriptionInTheUiLanguage()
    {
        QFETCH(QString, code);
        QFETCH(QString, words);
        LanguageManager languages;
        QVERIFY(languages.setLanguage(code));
        ControlsPanel panel;
        panel.setLanguage(code);
        QVERIFY(panel.picker()->select(QStringLiteral("slow-reader")));
        const Scenario s = *Scenario::load(QStringLiteral("slow-reader"));
        QCOMPARE(panel.picker()->titleLabel()->text(), s.titleIn(code));
        QVERIFY(panel.picker()->titleLabel()->text().contains(words));
        QVERIFY(panel.picker()->descriptionLabel()->text().startsWith(s.descriptionIn(code)));
        QCOMPARE(panel.picker()->box()->currentText(), s.titleIn(code));
        if (code != QLatin1String("en"))
            QVERIFY(panel.picker()->box()->itemText(0) != QStringLiteral("(none)"));
        // Switching back re-says it.
        QVERIFY(languages.setLanguage(QStringLiteral("en")));
        panel.setLanguage(QStringLiteral("en"));
        QTRY_COMPARE(panel.picker()->box()->itemText(0), QStringLiteral("(none)"));
        QCOMPARE(panel.picker()->titleLabel()->text(), s.title);
    }

    void loadsAScenarioFile()
    {
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("mine.json"), R"({
            "name": "mine", "title": "My lesson", "title_zh_TW": "我的課",
            "description": "Eight readers, tiny batches.",
            "config": {"reader_threads": 8, "batch_size": 4, "hidden": 32}
        })");
        ControlsPanel panel;
        const int before = panel.picker()->box()->count();
        QVERIFY(panel.picker()->select(path));
        QCOMPARE(panel.picker()->box()->count(), before + 1);
        QCOMPARE(panel.picker()->currentKey(), path);
        QCOMPARE(panel.picker()->titleLabel()->text(), QStringLiteral("My lesson"));
        QCOMPARE(panel.config().pipeline.readerThreads, 8);
        QCOMPARE(panel.config().trainer.hidden, 32);
        QVERIFY(panel.picker()->select(path)); // once listed, not added again
        QCOMPARE(panel.picker()->box()->count(), before + 1);
        panel.setLanguage(QStringLiteral("zh_TW"));
        QCOMPARE(panel.picker()->box()->itemText(before), QStringLiteral("我的課"));
    }

    void badScenariosAreReportedNotApplied()
    {
        QTemporaryDir dir;
        const QString broken = writeFile(dir, QStringLiteral("broken.json"), "{ not json");
        const QString typo = writeFile(dir, QStringLiteral("typo.json"),
                                       R"({"name": "typo", "title": "Typo", "config": {"batch_sise": 4}})");
        ControlsPanel panel;
        QSignalSpy messages(&panel, &ControlsPanel::message);
        QVERIFY(!panel.picker()->select(broken));
        QCOMPARE(messages.count(), 1);
        QVERIFY2(messages.at(0).at(0).toString().contains(broken),
                 qPrintable(messages.at(0).at(0).toString()));
        QVERIFY(!panel.picker()->select(QStringLiteral("no-such-scenario")));
        QCOMPARE(messages.count(), 2);
        QVERIFY(!panel.scenario());
        QVERIFY(panel.picker()->select(typo)); // chosen, but its settings cannot apply
        QCOMPARE(messages.count(), 3);
        QVERIFY2(messages.at(2).at(0).toString().contains(QStringLiteral("batch_sise")),
                 qPrintable(messages.at(2).at(0).toString()));
        QCOMPARE(panel.config().pipeline.batchSize, ControlsPanel::windowDefaults().pipeline.batchSize);
    }

    void startWaitsForInputAndValidKnobs()
    {
        ControlsPanel panel;
        QSignalSpy blocked(&panel, &ControlsPanel::startBlockChanged);
        QCOMPARE(panel.startBlockReason(), QStringLiteral("Open a TFRecord file"));
        panel.setDefaultFiles({QStringLiteral("/demo/demo-train.tfrecords")});
        QCOMPARE(panel.startBlockReason(), QString());
        QCOMPARE(panel.config().pipeline.files, QStringList{QStringLiteral("/demo/demo-train.tfrecords")});
        panel.setInputFiles({QStringLiteral("/mine.tfrecords")}); // opened files win over the demo
        QCOMPARE(panel.config().pipeline.files, QStringList{QStringLiteral("/mine.tfrecords")});
        panel.configPanel()->findChild<QSpinBox *>(QStringLiteral("example_capacity"))->setValue(10);
        QVERIFY(panel.startBlockReason().contains(QStringLiteral("min_after_dequeue")));
        panel.configPanel()->resetToDefaults();
        QCOMPARE(panel.startBlockReason(), QString());
        panel.setInputFiles({});
        panel.setDefaultFiles({});
        QCOMPARE(panel.startBlockReason(), QStringLiteral("Open a TFRecord file"));
        QVERIFY(panel.picker()->select(QStringLiteral("random-stop-workers"))); // reads no files
        QCOMPARE(panel.startBlockReason(), QString());
        QCOMPARE(blocked.last().at(0).toString(), QString());
    }

    void readOnlyWhileRunning()
    {
        ControlsPanel panel;
        panel.setRunning(true);
        QVERIFY(!panel.configPanel()->isEnabled());
        QVERIFY(!panel.picker()->box()->isEnabled());
        QVERIFY(!panel.picker()->loadButton()->isEnabled());
        QVERIFY(panel.picker()->descriptionLabel()->isEnabled()); // still readable
        panel.setRunning(false);
        QVERIFY(panel.configPanel()->isEnabled());
        QVERIFY(panel.picker()->box()->isEnabled());
    }

    void scenarioAndKnobsPersist()
    {
        {
            ControlsPanel panel;
            QVERIFY(panel.picker()->select(QStringLiteral("slow-reader")));
            panel.configPanel()->findChild<QSpinBox *>(QStringLiteral("reader_threads"))->setValue(5);
        } // saved as they change
        ControlsPanel again;
        again.restoreSettings();
        QCOMPARE(again.picker()->currentKey(), QStringLiteral("slow-reader"));
        QCOMPARE(again.config().pipeline.readerThreads, 5);
        QCOMPARE(again.config().pipeline.readerDelayMs, 20);
    }

    void theWindowWiresTheDock()
    {
        MainWindow window;
        QCOMPARE(window.scenario(), QString());
        QVERIFY(!test::runControls(window)->startAction()->isEnabled()); // nothing to read yet
        QCOMPARE(test::runControls(window)->startAction()->toolTip(), QStringLiteral("Open a TFRecord file"));
        window.setDefaultInput({QStringLiteral("/demo/demo-train.tfrecords")});
        QVERIFY(test::runControls(window)->startAction()->isEnabled());

        QSignalSpy chosen(&window, &MainWindow::scenarioChosen);
        QVERIFY(window.selectScenario(QStringLiteral("naive-feed")));
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(window.scenario(), QStringLiteral("naive-feed"));
        QCOMPARE(window.currentScenario()->name, QStringLiteral("naive-feed"));
        QCOMPARE(window.runConfig().trainer.feed, FeedMode::Naive);
        // The toolbar's box shows the same choice, and the code panel the naive program.
        auto *toolbarBox = window.findChild<QComboBox *>(QStringLiteral("scenarioBox"));
        QCOMPARE(toolbarBox->currentText(), QStringLiteral("Naive per-sample feeding"));
        QVERIFY(test::codeView(window)->toPlainText().contains(QStringLiteral("tf_record_iterator")));
        QVERIFY(test::codeView(window)->toPlainText().contains(QStringLiteral("demo-train.tfrecords")));
        // Choosing in the toolbar is choosing in the dock.
        const int userStop = toolbarBox->findData(QStringLiteral("user-stop"));
        toolbarBox->setCurrentIndex(userStop);
        emit toolbarBox->activated(userStop);
        QCOMPARE(window.scenario(), QStringLiteral("user-stop"));
        QCOMPARE(window.runConfig().trainer.feed, FeedMode::ShuffleBatch);
        QVERIFY(test::codeView(window)->toPlainText().contains(QStringLiteral("num_epochs=None")));
        QVERIFY(!window.selectScenario(QStringLiteral("hang")));
        QCOMPARE(window.scenario(), QStringLiteral("user-stop"));

        // While a run is going the knobs are read-only; invalid knobs keep Start off.
        Snapshot running;
        running.run = RunState::Running;
        window.applySnapshot(std::make_shared<const Snapshot>(running));
        QVERIFY(!test::configPanel(window)->isEnabled());
        window.applySnapshot(std::make_shared<const Snapshot>(Snapshot{}));
        QVERIFY(test::configPanel(window)->isEnabled());
        test::configPanel(window)->findChild<QSpinBox *>(QStringLiteral("example_capacity"))->setValue(3);
        QVERIFY(!test::runControls(window)->startAction()->isEnabled());
        QVERIFY(test::runControls(window)->startAction()->toolTip().contains(
            QStringLiteral("min_after_dequeue")));
    }
};

QTEST_MAIN(TestControlsPanel)
#include "tst_controlspanel.moc"
