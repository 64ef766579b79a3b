#include "common/eventtext.h"
#include "common/uitext.h"
#include "controls/runcontrols.h"
#include "demo/bundleddata.h"
#include "eventlog/eventlogmodel.h"
#include "eventlog/eventlogview.h"
#include "run/pipeline.h"
#include "run/throughputverdict.h"
#include "timeline/threadtimeline.h"
#include "timeline/threadtimelinepanel.h"
#include "timeline/timelinetext.h"
#include "window/explanationview.h"
#include "window/mainwindow.h"
#include "window/runcontroller.h"
#include "window/runstatusview.h"
#include "windowparts.h"

#include <QRegularExpression>
#include <QScopeGuard>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>

using namespace qs;

namespace {

// A scenario's real run behind the real window, at full speed (not the scenario's pace).
bool startScenario(MainWindow &window, RunController &controller, const QString &name)
{
    window.setPollInterval(20);
    window.resize(1366, 768);
    if (!window.selectScenario(name))
        return false;
    test::runControls(window)->setSpeed(1);
    window.show();
    return controller.start();
}

bool waitForTheEnd(MainWindow &window, const RunController &controller, int ms = 60000)
{
    if (!QTest::qWaitFor([&] { return !controller.isRunning(); }, ms))
        return false;
    return QTest::qWaitFor(
        [&] {
            window.poll();
            return window.lastSnapshot() && window.lastSnapshot()->run == RunState::Finished;
        },
        10000);
}

ThreadTimeline *timelineOf(const MainWindow &window)
{
    return window.findChild<ThreadTimelinePanel *>()->timeline();
}

int laneNamed(const ThreadTimeline &timeline, const QString &name)
{
    for (int lane = 0; lane < timeline.laneCount(); ++lane)
        if (timeline.laneThread(lane).name == name)
            return lane;
    return -1;
}

} // namespace

// Issue 16's classroom points behind the real window: a skipped record seen on its reader, the
// throughput verdict, the workers demo running, the role words translated, a scenario's
// stop_after_s and the class names of a scenario's samples.
class TestClassroom : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("QueueScopeTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_classroom"));
        if (!bundledDemo().isFound())
            QSKIP("the bundled demo data is not built (target qs_demo_data); the scenarios run on it");
    }
    void init() { QSettings().clear(); }

    // skip-corrupt: the reader that dropped the record counts it on its lane, the lane has the
    // skip's glyph at its time, the log has a row of its own in words, and the cursor before the
    // skip shows none of it.
    void skipCorruptIsSeenOnItsReader()
    {
        MainWindow window;
        RunController controller(&window);
        QVERIFY(startScenario(window, controller, QStringLiteral("skip-corrupt")));
        QVERIFY(waitForTheEnd(window, controller));
        const SnapshotPtr last = window.lastSnapshot();
        QCOMPARE(last->how, EndHow::EndOfData);
        QCOMPARE(last->skippedRecords, 1);

        const QList<Event> &events = window.history().events();
        int skipIndex = -1;
        for (int i = 0; i < events.size(); ++i)
            if (EventText::isSkippedRecord(events[i]))
                skipIndex = i;
        QVERIFY(skipIndex >= 0);
        const Event skip = events[skipIndex];

        ThreadTimeline *timeline = timelineOf(window);
        const int lane = laneNamed(*timeline, skip.thread);
        QVERIFY2(lane >= 0, qPrintable(skip.thread));
        QCOMPARE(timeline->laneThread(lane).role, ThreadRole::Reader);
        int total = 0;
        for (int l = 0; l < timeline->laneCount(); ++l)
            total += timeline->skippedRecords(l);
        QCOMPARE(total, 1);
        QCOMPARE(timeline->skippedRecords(lane), 1);
        QVERIFY2(timeline->laneLabel(lane).contains(QStringLiteral("1 skipped")),
                 qPrintable(timeline->laneLabel(lane)));
        timeline->showAll();
        bool marked = false;
        for (const LaneMarker &m : timeline->laneMarkers(lane)) {
            const Event &e = timeline->markerEvents()[m.event];
            if (!EventText::isSkippedRecord(e))
                continue;
            marked = true;
            QCOMPARE(e.tUs, skip.tUs);
            QCOMPARE(m.x, int(std::lround(timeline->axis().x(skip.tUs))));
            const QString tip = TimelineText::event(e);
            for (const QString &words : {QStringLiteral("skipped record"), QStringLiteral("record 20"),
                                         QStringLiteral("at offset"), QStringLiteral(".tfrecords")})
                QVERIFY2(tip.contains(words), qPrintable(tip));
        }
        QVERIFY(marked);

        // The log's row of its own, in words, at the skip's time.
        auto *log = window.findChild<EventLogView *>();
        QAbstractItemModel *model = log->table()->model();
        int rows = 0;
        for (int r = 0; r < model->rowCount(); ++r) {
            if (model->index(r, EventLogModel::Kind).data().toString() != QLatin1String("skipped record"))
                continue;
            ++rows;
            QCOMPARE(model->index(r, 0).data(EventLogModel::TimeUsRole).toLongLong(), skip.tUs);
            const QString details = model->index(r, EventLogModel::Details).data().toString();
            static const QRegularExpression words(
                QStringLiteral("^skipped corrupt record 20 at offset \\d+ in …/[^/]+\\.tfrecords"));
            QVERIFY2(words.match(details).hasMatch(), qPrintable(details));
        }
        QCOMPARE(rows, 1);

        // At the cursor: before the skip none, from it on one, everywhere.
        QVERIFY(window.canScrub());
        window.setCursorUs(std::max<qint64>(0, skip.tUs - 1));
        QCOMPARE(timeline->skippedRecords(lane), 0);
        QCOMPARE(window.shownSnapshot()->skippedRecords, 0);
        QVERIFY(!timeline->laneLabel(lane).contains(QStringLiteral("skipped")));
        window.moveCursorToEvent(skipIndex);
        QCOMPARE(timeline->skippedRecords(lane), 1);
        QCOMPARE(window.shownSnapshot()->skippedRecords, 1);
        const QString status = window.findChild<RunStatusView *>()->summary();
        QVERIFY2(status.contains(QStringLiteral("1 record skipped")), qPrintable(status));
        window.followNow();
        QCOMPARE(timeline->skippedRecords(lane), 1);
    }

    // The class names of the demo's shapes, not numbers, though the scenario's faults run on a
    // corrupted copy of the demo file.
    void aScenarioOnTheDemoShowsClassNames()
    {
        MainWindow window;
        RunController controller(&window);
        QVERIFY(startScenario(window, controller, QStringLiteral("skip-corrupt")));
        QCOMPARE(controller.pipeline()->classNames(), bundledDemo().classNames);
        QVERIFY(!controller.pipeline()->config().pipeline.files.contains(bundledDemo().trainFile));
        QVERIFY(waitForTheEnd(window, controller));
        QCOMPARE(window.lastSnapshot()->classNames, bundledDemo().classNames);
    }

    // The verdict while the run goes, from the one rule `bench` judges by, on the same shares.
    void theVerdictNamesTheBound_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<int>("bound");
        QTest::addColumn<QString>("words");
        QTest::addRow("slow-reader") << "slow-reader" << int(Bound::Input) << "input-bound";
        QTest::addRow("slow-trainer") << "slow-trainer" << int(Bound::Model) << "model-bound";
    }
    void theVerdictNamesTheBound()
    {
        QFETCH(QString, scenario);
        QFETCH(int, bound);
        QFETCH(QString, words);
        MainWindow window;
        RunController controller(&window);
        QVERIFY(startScenario(window, controller, scenario));
        auto *view = window.findChild<ExplanationView *>();
        QVERIFY(view);
        // A full window of the run behind the verdict, then the bound it names.
        QVERIFY2(QTest::qWaitFor(
                     [&] {
                         const ThroughputVerdict &v = view->verdict();
                         return v.shares.seconds() >= 2.9 && v.bound == Bound(bound);
                     },
                     30000),
                 qPrintable(QStringLiteral("bound %1, trainer waiting %2, readers blocked_full %3 over %4 s")
                                .arg(boundKey(view->verdict().bound))
                                .arg(view->verdict().shares.trainerWaiting)
                                .arg(view->verdict().shares.readersBlockedFull)
                                .arg(view->verdict().shares.seconds())));
        const ThroughputVerdict shown = view->verdict();
        QCOMPARE(ThroughputVerdict::judge(shown.shares).bound, shown.bound);
        QVERIFY(shown.shares.readers >= 1);
        QVERIFY2(view->toPlainText().contains(words), qPrintable(view->toPlainText()));
        QVERIFY(view->toPlainText().contains(QStringLiteral("The knob to turn")) ||
                view->toPlainText().contains(QStringLiteral("the knob to turn")));
        QVERIFY(waitForTheEnd(window, controller, 90000)); // its stop_after_s

        // At a cursor inside the run the verdict is drawn from the record around it: three
        // quarters of the way to its stop (its shutdown may take long on a loaded machine).
        qint64 stopUs = window.history().endUs();
        for (const Event &e : window.history().events()) {
            if (e.kind == EventKind::RequestStop) {
                stopUs = e.tUs;
                break;
            }
        }
        window.setCursorUs(stopUs * 3 / 4);
        QCOMPARE(window.shownSnapshot()->run, RunState::Running);
        QCOMPARE(view->verdict().bound, Bound(bound));
        QCOMPARE(view->verdict().shares.toUs, window.cursorUs());
        QVERIFY(view->toPlainText().contains(words));
        window.setCursorUs(500'000); // the queue still filling: nothing to judge by yet
        QCOMPARE(view->verdict().bound, Bound::Unknown);
        QVERIFY(!view->toPlainText().contains(QStringLiteral("Throughput:")));
        window.followNow();
        QCOMPARE(view->verdict().bound, Bound::Unknown); // the run has ended: no verdict
    }

    // The workers of TensorFlow's Coordinator example run while they work.
    void theWorkersRunWhileTheyWork()
    {
        MainWindow window;
        RunController controller(&window);
        QVERIFY(startScenario(window, controller, QStringLiteral("random-stop-workers")));
        QVERIFY(waitForTheEnd(window, controller));
        int workers = 0;
        for (const ThreadInfo &t : window.lastSnapshot()->threads) {
            if (t.role != ThreadRole::Worker)
                continue;
            ++workers;
            const qint64 running = t.usIn[size_t(ThreadState::Running)];
            const qint64 waiting = t.usIn[size_t(ThreadState::Waiting)];
            QVERIFY2(running > 0 && waiting == 0,
                     qPrintable(QStringLiteral("%1: running %2 µs, waiting %3 µs")
                                    .arg(t.name)
                                    .arg(running)
                                    .arg(waiting)));
        }
        QCOMPARE(workers, 5);
    }

    // A scenario's stop_after_s stops a window run, and the status bar says so from the start;
    // user-stop waits for the Stop button.
    void aScenarioStopsItselfAfterItsSeconds()
    {
        MainWindow window;
        RunController controller(&window);
        QVERIFY(startScenario(window, controller, QStringLiteral("slow-trainer")));
        QCOMPARE(controller.pipeline()->config().trainer.stopAfterS, 6.0);
        const QString status = window.findChild<RunStatusView *>()->summary();
        QVERIFY2(status.contains(QStringLiteral("This run stops itself at 6.00 s (stop_after_s)")),
                 qPrintable(status));
        QVERIFY(waitForTheEnd(window, controller, 90000));
        QCOMPARE(window.lastSnapshot()->how, EndHow::Stopped);
        bool stopAfter = false;
        for (const Event &e : window.history().events())
            stopAfter |= e.kind == EventKind::Note &&
                         e.details.value(QStringLiteral("what")).toString() == QLatin1String("stop_after");
        QVERIFY(stopAfter);

        MainWindow other;
        RunController user(&other);
        QVERIFY(startScenario(other, user, QStringLiteral("user-stop")));
        QCOMPARE(user.pipeline()->config().trainer.stopAfterS, 0.0);
        user.stop();
        QVERIFY(waitForTheEnd(other, user));
    }

    // In Chinese the topology's role words are translated where the labels are short; the
    // tooltips keep the thread's full name.
    void roleWordsAreTranslated_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("reader");
        QTest::addColumn<QString>("queue");
        QTest::addRow("zh_TW") << "zh_TW" << QStringLiteral("讀取器 1") << QStringLiteral("樣例佇列");
        QTest::addRow("zh_CN") << "zh_CN" << QStringLiteral("读取器 1") << QStringLiteral("样例队列");
        QTest::addRow("en") << "en" << QStringLiteral("reader 1") << QStringLiteral("example queue");
    }
    void roleWordsAreTranslated()
    {
        QFETCH(QString, lang);
        QFETCH(QString, reader);
        QFETCH(QString, queue);
        MainWindow window;
        RunController controller(&window);
        QVERIFY(window.setSessionLanguage(lang));
        auto restore = qScopeGuard([&] { window.setSessionLanguage(QStringLiteral("en")); });
        QCOMPARE(UiText::topologyLabel(QStringLiteral("reader 1")), reader);
        QCOMPARE(UiText::topologyLabel(QStringLiteral("example queue")), queue);
        QCOMPARE(UiText::topologyLabel(QStringLiteral("something else 2")),
                 QStringLiteral("something else 2"));

        // A real run's lanes, log rows and tooltips.
        QVERIFY(startScenario(window, controller, QStringLiteral("skip-corrupt")));
        QVERIFY(waitForTheEnd(window, controller));
        ThreadTimeline *timeline = timelineOf(window);
        const Topology *topology = window.lastSnapshot()->topology.get();
        int readers = 0;
        for (int lane = 0; lane < timeline->laneCount(); ++lane) {
            const ThreadInfo &t = timeline->laneThread(lane);
            if (t.role != ThreadRole::Reader)
                continue;
            ++readers;
            const QString label = UiText::threadLabel(topology, t.name);
            QVERIFY2(label.startsWith(reader.chopped(1)), qPrintable(label));
            QVERIFY(timeline->laneLabel(lane).startsWith(label));
            QVERIFY(TimelineText::lane(t, window.lastSnapshot()->tUs).contains(t.name));
        }
        QCOMPARE(readers, 2);
        QAbstractItemModel *model = window.findChild<EventLogView *>()->table()->model();
        bool trainerRow = false;
        for (int r = 0; r < model->rowCount(); ++r) {
            const QModelIndex cell = model->index(r, EventLogModel::Thread);
            if (cell.data(EventLogModel::ThreadRole).toString() != QLatin1String("trainer"))
                continue;
            trainerRow = true;
            QCOMPARE(cell.data().toString(), UiText::topologyLabel(QStringLiteral("trainer")));
            QCOMPARE(cell.data(Qt::ToolTipRole).toString(), QStringLiteral("trainer"));
        }
        QVERIFY(trainerRow);
        if (lang != QLatin1String("en"))
            QVERIFY(UiText::topologyLabel(QStringLiteral("trainer")) != QLatin1String("trainer"));
    }
};

QTEST_MAIN(TestClassroom)
#include "tst_classroom.moc"
