#include "charts/metricscharts.h"
#include "charts/queuechart.h"
#include "controls/configpanel.h"
#include "controls/controlspanel.h"
#include "controls/runcontrols.h"
#include "demo/bundleddata.h"
#include "demodata.h"
#include "eventlog/eventlogmodel.h"
#include "eventlog/eventlogview.h"
#include "imagecheck.h"
#include "run/pipeline.h"
#include "samples/samplesview.h"
#include "tfcode/tfcodeview.h"
#include "timeline/threadtimeline.h"
#include "window/mainwindow.h"
#include "window/runcontroller.h"
#include "window/runstatusview.h"
#include "windowparts.h"

#include <QAction>
#include <QFileInfo>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;

namespace {

// Small and quick, but unlimited epochs: the run goes on until Stop.
void setSmallKnobs(MainWindow &window)
{
    RunConfig c;
    c.pipeline.numEpochs = 0;
    c.pipeline.batchSize = 16;
    c.pipeline.exampleCapacity = 96;
    c.pipeline.minAfterDequeue = 32;
    c.pipeline.readerThreads = 2;
    c.trainer.hidden = 16;
    c.pipeline.imageWidth = c.pipeline.imageHeight = 8;
    c.trainer.evalEvery = 10;
    c.trainer.evalMaxSamples = 40;
    test::configPanel(window)->setConfig(c);
}

// What the window shows of the run, for a failed wait's message.
QString describe(const MainWindow &window)
{
    const SnapshotPtr s = window.lastSnapshot();
    if (!s)
        return QStringLiteral("no snapshot");
    QStringList lines{QStringLiteral("run %1, how %2, steps %3, step mode %4, at gate %5")
                          .arg(int(s->run))
                          .arg(int(s->how))
                          .arg(s->steps)
                          .arg(s->stepMode)
                          .arg(s->threadsAtGate)};
    for (const ThreadInfo &t : s->threads)
        lines << QStringLiteral("  %1: %2 %3 %4")
                     .arg(t.name, threadStateKey(t.state), activityKey(t.activity), t.detail);
    for (const QueueInfo &q : s->queues)
        lines << QStringLiteral("  queue %1: %2/%3%4")
                     .arg(q.name)
                     .arg(q.size)
                     .arg(q.capacity)
                     .arg(q.closed ? QStringLiteral(" closed") : QString());
    return lines.join(QLatin1Char('\n'));
}

QList<Event> eventsOf(const Snapshot &s, EventKind kind)
{
    QList<Event> out;
    for (const Event &e : s.events)
        if (e.kind == kind)
            out << e;
    return out;
}

} // namespace

class TestRunController : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("QueueScopeTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_runcontroller"));
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        const Result<QStringList> files =
            test::writeDemoTfRecords(m_dir.path(), QStringLiteral("demo"), 2, 150);
        QVERIFY2(files.isOk(), qPrintable(files.status().toString()));
        m_files = *files;
    }
    void init() { QSettings().clear(); } // the Controls dock saves its scenario and knobs

    void aRealRunShowsEverywhereAndStopsCleanly()
    {
        MainWindow window;
        RunController controller(&window);
        window.setPollInterval(20);
        window.resize(1500, 1000);
        window.openFiles(m_files);
        setSmallKnobs(window);
        window.show();
        QVERIFY(test::runControls(window)->startAction()->isEnabled());
        QSignalSpy started(&controller, &RunController::started);
        test::runControls(window)->startAction()->trigger();
        QCOMPARE(started.count(), 1);
        QVERIFY(controller.isRunning());

        QTRY_VERIFY2_WITH_TIMEOUT(window.lastSnapshot() && window.lastSnapshot()->steps > 20,
                                  qPrintable(describe(window)), 60000);
        QCOMPARE(window.lastSnapshot()->run, RunState::Running);
        QVERIFY(!test::runControls(window)->startAction()->isEnabled());
        QVERIFY(test::runControls(window)->stopAction()->isEnabled());
        QVERIFY(!test::configPanel(window)->isEnabled());
        // The code panel names the threads where they are, with the detected raw image.
        QVERIFY(test::codeView(window)->toPlainText().contains(
            QStringLiteral("tf.decode_raw(features['img_raw']")));
        QVERIFY(test::codeView(window)->toPlainText().contains(
            QStringLiteral("NUM_CLASSES = 4  # found in the data")));
        QTRY_VERIFY2_WITH_TIMEOUT(!test::codeView(window)->marks().isEmpty(), qPrintable(describe(window)),
                                  10000);
        bool trainerShown = false;
        for (const TfCodeView::LineMark &m : test::codeView(window)->marks())
            trainerShown |= m.threads.contains(QStringLiteral("trainer"));
        QVERIFY(trainerShown);

        test::runControls(window)->stopAction()->trigger();
        QTRY_VERIFY2_WITH_TIMEOUT(!controller.isRunning(), qPrintable(describe(window)), 30000);
        window.poll(); // the finished run's last snapshot
        const SnapshotPtr last = window.lastSnapshot();
        QCOMPARE(last->run, RunState::Finished);
        QCOMPARE(last->how, EndHow::Stopped);
        QVERIFY2(last->error.isOk(), qPrintable(last->error.toString()));
        const Snapshot all = *controller.pipeline()->snapshot(0);
        const QList<Event> joins = eventsOf(all, EventKind::Join);
        QVERIFY(!joins.isEmpty());
        QCOMPARE(joins.last().details.value(QStringLiteral("result")).toString(), QStringLiteral("ok"));
        QVERIFY(!eventsOf(all, EventKind::RequestStop).isEmpty());

        // Every view has shown the run.
        auto *timeline = window.findChild<ThreadTimeline *>();
        QCOMPARE(timeline->laneCount(), last->threads.size());
        QVERIFY(timeline->laneCount() >= 6); // producer, 2 readers, 2 close_on_stop, watchdog, trainer
        auto *queues = window.findChild<QueueChart *>();
        QVERIFY(queues->seriesCount() >= 2);
        QVERIFY(queues->pointCount(0) > 1);
        auto *metrics = window.findChild<MetricsCharts *>();
        QVERIFY(metrics->lossPoints() > 1);
        QVERIFY(metrics->ratePoints() > 1);
        QVERIFY(window.findChild<SamplesView *>()->sampleCount() > 0);
        auto *log = window.findChild<EventLogView *>();
        QCOMPARE(log->model()->rowCount(), int(all.events.size()));
        QVERIFY(log->model()->rowCount() > 5);
        QVERIFY(test::grayDeviation(window.grab().toImage()) > 20);

        // The ended run stays on screen, and the knobs and Start come back.
        QVERIFY(!controller.isRunning());
        QVERIFY(test::runControls(window)->startAction()->isEnabled());
        QVERIFY(test::configPanel(window)->isEnabled());
        window.poll(); // more polls: the finished run is not replaced by anything
        window.poll();
        QCOMPARE(window.lastSnapshot(), last);
        QVERIFY(window.lastSnapshot()->steps > 20);

        // Starting again is a fresh run: its own event log from the first event.
        const Pipeline *first = controller.pipeline();
        QVERIFY(controller.start());
        QVERIFY(controller.pipeline() != first);
        // (Not "fewer steps than the last run": a fast run can pass that before the first poll.)
        QTRY_VERIFY2_WITH_TIMEOUT(window.lastSnapshot() != last &&
                                      window.lastSnapshot()->run == RunState::Running &&
                                      window.lastSnapshot()->steps > 0,
                                  qPrintable(describe(window)), 60000);
        QVERIFY(log->model()->rowCount() <= int(controller.pipeline()->snapshot(0)->events.size()));
        controller.stop();
        QTRY_VERIFY2_WITH_TIMEOUT(window.lastSnapshot()->run == RunState::Finished,
                                  qPrintable(describe(window)), 30000);
        QCOMPARE(window.lastSnapshot()->how, EndHow::Stopped);
    }

    // Step mode holds each coordination event (here: the shutdown's) until Next step.
    void stepModeHoldsTheShutdown()
    {
        MainWindow window;
        RunController controller(&window);
        window.setPollInterval(20);
        window.openFiles(m_files);
        setSmallKnobs(window);
        test::runControls(window)
            ->stepModeAction()
            ->trigger(); // chosen before the run: it starts in step mode
        QVERIFY(controller.start());
        QTRY_VERIFY2_WITH_TIMEOUT(window.lastSnapshot()->stepMode && window.lastSnapshot()->steps > 2,
                                  qPrintable(describe(window)), 60000);
        QVERIFY2(test::runControls(window)->stopAction()->isEnabled(), qPrintable(describe(window)));
        test::runControls(window)->stopAction()->trigger();
        QTRY_VERIFY2_WITH_TIMEOUT(window.lastSnapshot()->threadsAtGate > 0, qPrintable(describe(window)),
                                  30000);
        QVERIFY(window.lastSnapshot()->run != RunState::Finished);
        QVERIFY(test::runControls(window)->nextStepAction()->isEnabled());
        // One step lets the oldest held thread go: it either reaches its next event (which may be
        // held in turn) or goes on without one (the trainer into join), leaving the gate.
        const int held = window.lastSnapshot()->threadsAtGate;
        const qint64 seq = window.lastSnapshot()->nextEventSeq;
        test::runControls(window)->nextStepAction()->trigger();
        QTRY_VERIFY2_WITH_TIMEOUT(window.lastSnapshot()->nextEventSeq > seq ||
                                      window.lastSnapshot()->threadsAtGate < held,
                                  qPrintable(describe(window)), 30000);
        test::runControls(window)->stepModeAction()->trigger(); // off: everyone goes on
        QTRY_VERIFY2_WITH_TIMEOUT(window.lastSnapshot()->run == RunState::Finished,
                                  qPrintable(describe(window)), 30000);
        QCOMPARE(window.lastSnapshot()->how, EndHow::Stopped);
    }

    void aFileWithoutALabelRunsItsInputPipeline()
    {
        const QByteArray env = qgetenv("QS_FIXTURES_DIR");
        const QString dir = env.isEmpty() ? QStringLiteral(QS_FIXTURES_DIR) : QString::fromLocal8Bit(env);
        const QString file = dir + QStringLiteral("/t2r_pose_env_test_data.tfrecord");
        if (!QFileInfo::exists(file))
            QSKIP(qPrintable(QStringLiteral("fixture not found: %1 (set QS_FIXTURES_DIR)").arg(file)));
        MainWindow window;
        RunController controller(&window);
        window.setPollInterval(20);
        window.openFiles({file});
        QVERIFY(controller.start());
        QVERIFY(controller.pipeline()->plan().inputOnly);
        const QString status = window.findChild<RunStatusView *>()->summary();
        QVERIFY2(status.contains(QStringLiteral("No label: input pipeline only")), qPrintable(status));
        // The trainer takes batches (steps) though it learns nothing.
        QTRY_VERIFY_WITH_TIMEOUT(window.lastSnapshot() && window.lastSnapshot()->steps > 2, 60000);
        controller.stop();
        QTRY_VERIFY_WITH_TIMEOUT(!controller.isRunning(), 60000);
    }

    void theWorkersDemoNeedsNoFiles()
    {
        MainWindow window;
        RunController controller(&window);
        window.setPollInterval(20);
        QVERIFY(window.selectScenario(QStringLiteral("random-stop-workers")));
        QVERIFY(test::runControls(window)->startAction()->isEnabled());
        QVERIFY(controller.start());
        QTRY_VERIFY2_WITH_TIMEOUT(window.lastSnapshot()->run == RunState::Finished,
                                  qPrintable(describe(window)), 60000);
        QCOMPARE(window.lastSnapshot()->how, EndHow::Stopped);
        QVERIFY(test::codeView(window)->toPlainText().contains(QStringLiteral("threading.Thread")));
    }

    void problemsGoToTheStatusBar()
    {
        QTemporaryDir dir;
        const QString notRecords = dir.filePath(QStringLiteral("notes.tfrecords"));
        {
            QFile f(notRecords);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("these are not TFRecords, just words in a file\n");
        }
        MainWindow window;
        RunController controller(&window);
        window.openFiles({notRecords});
        window.show();
        QSignalSpy failed(&controller, &RunController::startFailed);
        QVERIFY(!controller.start());
        QCOMPARE(failed.count(), 1);
        const QString message = failed.at(0).at(0).toString();
        QVERIFY2(message.contains(QStringLiteral("notes.tfrecords")), qPrintable(message));
        QVERIFY(window.findChild<RunStatusView *>()->summary().contains(message));
        QVERIFY(!QApplication::activeModalWidget());
        QVERIFY(!controller.isRunning());
        QVERIFY(test::runControls(window)->startAction()->isEnabled()); // fix the input and try again
    }

    // With no file open, Start runs the bundled demo dataset (shape names for classes, its own
    // held-out file).
    void theBundledDemoRunsWithoutAnOpenFile()
    {
        if (!bundledDemo().isFound())
            QSKIP("the bundled demo data is not built (target qs_demo_data)");
        MainWindow window;
        RunController controller(&window);
        window.setPollInterval(20);
        QVERIFY(test::runControls(window)->startAction()->isEnabled());
        QVERIFY(controller.start());
        QCOMPARE(controller.pipeline()->config().pipeline.files.size(), 1);
        QCOMPARE(controller.pipeline()->config().trainer.evalFile, bundledDemo().evalFile);
        QTRY_VERIFY2_WITH_TIMEOUT(window.lastSnapshot()->steps > 2, qPrintable(describe(window)), 60000);
        QCOMPARE(window.lastSnapshot()->classNames, controller.pipeline()->classNames());
        QVERIFY(!window.lastSnapshot()->classNames.contains(QStringLiteral("0")));
        controller.stop();
        QTRY_VERIFY2_WITH_TIMEOUT(!controller.isRunning(), qPrintable(describe(window)), 30000);
    }

    void withoutInputStartWaits()
    {
        // The build tree holds the bundled demo, so search only an empty folder, as on a
        // machine where it was never built or installed.
        QTemporaryDir empty;
        QVERIFY(empty.isValid());
        qputenv("QS_DEMO_DIR", empty.path().toLocal8Bit());
        qputenv("QS_NO_BUNDLED_DEMO", "1");
        const auto restore = qScopeGuard([] {
            qunsetenv("QS_DEMO_DIR");
            qunsetenv("QS_NO_BUNDLED_DEMO");
        });
        QVERIFY(!bundledDemo().isFound());
        MainWindow window;
        RunController controller(&window);
        QVERIFY(!test::runControls(window)->startAction()->isEnabled());
        QSignalSpy failed(&controller, &RunController::startFailed);
        QVERIFY(!controller.start()); // as --start would
        QCOMPARE(failed.at(0).at(0).toString(), QStringLiteral("Open a TFRecord file"));
        QVERIFY(!controller.pipeline());
    }

private:
    QTemporaryDir m_dir;
    QStringList m_files;
};

QTEST_MAIN(TestRunController)
#include "tst_runcontroller.moc"
