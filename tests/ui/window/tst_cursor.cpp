// The time cursor after a real run on demo data behind the real window: every view shows the
// instant the cursor is at, Previous/Next visit every event in order, a log row moves the cursor,
// and the timeline's lanes follow the pipeline.

#include "charts/linechart.h"
#include "charts/metricscharts.h"
#include "charts/queuechart.h"
#include "common/uitext.h"
#include "demodata.h"
#include "diagram/pipelinediagram.h"
#include "eventlog/eventlogmodel.h"
#include "eventlog/eventlogview.h"
#include "samples/samplesview.h"
#include "timeline/threadtablemodel.h"
#include "timeline/threadtimeline.h"
#include "timeline/threadtimelinepanel.h"
#include "window/mainwindow.h"
#include "window/runcontroller.h"
#include "window/runstatusview.h"
#include "windowparts.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;

namespace {

// The record's own answer for a thread's state at t: the exact span holding t.
ThreadState recordedState(const Snapshot &live, int threadId, qint64 t)
{
    RangeRequest r;
    r.fromUs = t;
    r.toUs = t + 1;
    r.threads = {threadId};
    r.withQueues = false;
    const RangeView v = live.record->query(r);
    if (v.lanes.isEmpty() || !v.lanes.first().exact || v.lanes.first().spans.isEmpty())
        return ThreadState::Starting;
    return v.lanes.first().spans.last().state;
}

} // namespace

class TestCursor : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("QueueScopeTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_cursor"));
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        const Result<QStringList> files =
            test::writeDemoTfRecords(m_dir.path(), QStringLiteral("demo"), 2, 60);
        QVERIFY2(files.isOk(), qPrintable(files.status().toString()));
        m_window = std::make_unique<MainWindow>();
        m_controller = std::make_unique<RunController>(m_window.get());
        QVERIFY(test::runSmallToTheEnd(*m_window, *m_controller, *files));
        m_window->poll();
        QVERIFY(m_window->canScrub());
        QVERIFY(m_window->history().events().size() > 5);
    }
    void cleanupTestCase()
    {
        m_controller.reset();
        m_window.reset();
    }

    void cursorShowsTheInstantInEveryView_data()
    {
        QTest::addColumn<double>("fraction");
        for (double f : {0.0, 0.05, 0.2, 0.4, 0.6, 0.8, 0.95, 1.0})
            QTest::addRow("%.2f", f) << f;
    }
    void cursorShowsTheInstantInEveryView()
    {
        QFETCH(double, fraction);
        MainWindow &w = *m_window;
        const SnapshotPtr live = w.lastSnapshot();
        const qint64 end = w.history().endUs();
        const qint64 t = qint64(double(end) * fraction);
        w.setCursorUs(t);
        QCOMPARE(w.cursorUs(), t);
        const SnapshotPtr at = w.shownSnapshot();
        QCOMPARE(at->tUs, t);

        // The diagram: the threads registered by t, each in the state the record has at t.
        const auto *diagram = w.findChild<PipelineDiagram *>();
        QVERIFY(diagram);
        const Snapshot &drawn = diagram->snapshot();
        QCOMPARE(drawn.tUs, t);
        const qint64 probe = std::min(t, end - 1);
        for (const ThreadInfo &info : drawn.threads)
            QCOMPARE(info.state, recordedState(*live, info.id, probe));
        int registered = 0;
        for (const Event &e : w.history().events())
            registered += e.kind == EventKind::ThreadStart && e.tUs <= t ? 1 : 0;
        QCOMPARE(int(drawn.threads.size()), registered);
        // Its queues: the size the record's finest bucket has at t; closed once closed by t.
        RangeRequest qr;
        qr.fromUs = probe;
        qr.toUs = probe + 1;
        qr.threads = {-1};
        const RangeView qv = live->record->query(qr);
        QCOMPARE(drawn.queues.size(), qv.queues.size());
        for (int i = 0; i < qv.queues.size(); ++i) {
            const SizeStat &s = qv.queues[i].buckets.first();
            if (t < end)
                QCOMPARE(drawn.queues[i].size, s.isEmpty() ? 0 : int(std::lround(s.mean())));
            bool closed = false;
            for (const Event &e : w.history().events())
                closed |= e.kind == EventKind::QueueClose && e.tUs <= t &&
                          e.details.value(QStringLiteral("queue")).toString() == drawn.queues[i].name;
            QCOMPARE(drawn.queues[i].closed, closed || (t >= end && live->queues[i].closed));
        }

        // The thread table (shown for the check) lists the same threads in the same states.
        QVERIFY(w.showPanel(QStringLiteral("threads")));
        auto *table = w.findChild<ThreadTableModel *>();
        QVERIFY(table);
        QTRY_COMPARE(table->rowCount(), int(drawn.threads.size()));
        for (int r = 0; r < table->rowCount(); ++r)
            QCOMPARE(
                table->data(table->index(r, ThreadTableModel::State), ThreadTableModel::StateRole).toInt(),
                int(drawn.threads[r].state));

        // The event log: the last event at or before t is highlighted.
        auto *log = w.findChild<EventLogView *>();
        const int before = w.history().eventBefore(t);
        const qint64 wantSeq = before >= 0 ? w.history().events()[before].seq : -1;
        QCOMPARE(log->highlightedSeq(), wantSeq);
        if (wantSeq >= 0) {
            const QModelIndex current = log->table()->currentIndex();
            QVERIFY(current.isValid());
            QCOMPARE(current.data(EventLogModel::SeqRole).toLongLong(), wantSeq);
        }

        // Samples: the batch kept for t.
        const auto *samples = w.findChild<SamplesView *>();
        QCOMPARE(samples->batch().size(), at->batch.size());
        for (int i = 0; i < at->batch.size(); ++i)
            QCOMPARE(samples->batch()[i].pixels, at->batch[i].pixels);
        if (live->batches && !live->batches->isEmpty() && t >= live->batches->first().tUs && t < end)
            QVERIFY(!samples->batch().isEmpty());
        QVERIFY(w.findChild<QDockWidget *>(QStringLiteral("samplesDock"))
                    ->windowTitle()
                    .contains(UiText::seconds(t)));

        // The status bar renders the snapshot at t.
        RunStatusView expected;
        expected.setSnapshot(*at);
        QCOMPARE(w.findChild<RunStatusView *>()->summary(), expected.summary());
        // Steps: those of the metric points and previews at or before t.
        qint64 steps = 0;
        for (const MetricPoint &m : live->metrics)
            if (m.tUs <= t)
                steps = std::max(steps, m.step);
        QVERIFY(at->steps >= steps);
        QVERIFY(at->steps <= live->steps);

        // The metrics charts: the cursor's line, and the latest point at or before t in the title.
        const auto *metrics = w.findChild<MetricsCharts *>();
        QCOMPARE(metrics->throughputChart()->cursorX(), double(t) / 1e6);
        if (!at->metrics.isEmpty())
            QVERIFY2(
                metrics->trainingChart()->title().contains(QString::number(at->metrics.constLast().step)),
                qPrintable(metrics->trainingChart()->title()));

        // The queue chart draws the record over the whole run, with the cursor's line.
        const auto *queues = w.findChild<QueueChart *>();
        QCOMPARE(queues->chart()->cursorX(), double(t) / 1e6);
        QVERIFY(queues->seriesCount() > 0);
        QVERIFY(queues->pointCount(0) > 1);
        // The timeline says which instant the views show and draws the cursor there.
        auto *panel = w.findChild<ThreadTimelinePanel *>();
        QVERIFY(panel->cursorLabel()->isVisible());
        QVERIFY2(panel->cursorLabel()->text().contains(UiText::seconds(t)),
                 qPrintable(panel->cursorLabel()->text()));
        QCOMPARE(panel->timeline()->cursorUs(), t);

        w.followNow();
        QCOMPARE(w.cursorUs(), -1);
        QVERIFY(!panel->cursorLabel()->isVisible());
        QCOMPARE(w.shownSnapshot(), w.lastSnapshot());
        QCOMPARE(log->highlightedSeq(), -1);
    }

    void previousAndNextVisitEveryEventInOrder()
    {
        MainWindow &w = *m_window;
        w.followNow();
        auto *prev = w.findChild<QAction *>(QStringLiteral("previousEventAction"));
        auto *next = w.findChild<QAction *>(QStringLiteral("nextEventAction"));
        QVERIFY(prev && next);
        QVERIFY(prev->isEnabled());
        QVERIFY(!next->isEnabled()); // live: nothing after now
        const QList<Event> events = w.history().events();
        auto *log = w.findChild<EventLogView *>();
        QList<qint64> back;
        for (int guard = 0; prev->isEnabled() && guard < events.size() + 2; ++guard) {
            prev->trigger();
            back << log->highlightedSeq();
            QCOMPARE(w.cursorUs(), events[w.cursorEvent()].tUs);
        }
        QCOMPARE(back.size(), events.size());
        for (int i = 0; i < events.size(); ++i)
            QCOMPARE(back[i], events[events.size() - 1 - i].seq);
        QList<qint64> forward{log->highlightedSeq()};
        for (int guard = 0; next->isEnabled() && guard < events.size() + 2; ++guard) {
            next->trigger();
            forward << log->highlightedSeq();
        }
        QCOMPARE(forward.size(), events.size());
        for (int i = 0; i < events.size(); ++i)
            QCOMPARE(forward[i], events[i].seq);
        w.followNow();
    }

    void clickingALogRowMovesTheCursor()
    {
        MainWindow &w = *m_window;
        w.followNow();
        QVERIFY(w.showPanel(QStringLiteral("events")));
        auto *log = w.findChild<EventLogView *>();
        QTableView *table = log->table();
        const int row = table->model()->rowCount() / 2;
        const QModelIndex index = table->model()->index(row, EventLogModel::Kind);
        table->scrollTo(index);
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(index).center());
        const qint64 seq = index.data(EventLogModel::SeqRole).toLongLong();
        const qint64 tUs = index.data(EventLogModel::TimeUsRole).toLongLong();
        QCOMPARE(w.cursorUs(), tUs);
        QCOMPARE(w.history().events()[w.cursorEvent()].seq, seq);
        QCOMPARE(log->highlightedSeq(), seq);
        w.followNow();
    }

    void draggingOnTheRulerMovesTheCursor()
    {
        MainWindow &w = *m_window;
        w.followNow();
        ThreadTimeline *timeline = w.findChild<ThreadTimelinePanel *>()->timeline();
        timeline->showAll();
        const TimeAxis axis = timeline->axis();
        const int x = axis.x0 + axis.width / 3;
        QTest::mousePress(timeline, Qt::LeftButton, {}, QPoint(x, timeline->rulerHeight() / 2));
        QCOMPARE(w.cursorUs(), std::clamp<qint64>(axis.us(x), 0, w.history().endUs()));
        QTest::mouseMove(timeline, QPoint(x + 40, timeline->rulerHeight() / 2));
        QTest::mouseRelease(timeline, Qt::LeftButton, {}, QPoint(x + 40, timeline->rulerHeight() / 2));
        QCOMPARE(w.cursorUs(), std::clamp<qint64>(axis.us(x + 40), 0, w.history().endUs()));
        QCOMPARE(timeline->axis(), axis); // the ruler moves the cursor, it does not pan
        w.followNow();
    }

    // QS_CURSOR_SHOTS=DIR: the window scrubbed to 60% of the run, at 1366x768 and 1024x768, for
    // looking at (and the README's screenshot). Not a check.
    void screenshots()
    {
        const QString dir = qEnvironmentVariable("QS_CURSOR_SHOTS");
        if (dir.isEmpty())
            QSKIP("QS_CURSOR_SHOTS not set");
        MainWindow &w = *m_window;
        for (const QSize size : {QSize(1366, 768), QSize(1024, 768)}) {
            w.resize(size);
            w.findChild<ThreadTimelinePanel *>()->timeline()->showAll();
            w.setCursorUs(w.history().endUs() * 6 / 10);
            QTest::qWait(200); // let the layout settle for the picture only
            QVERIFY(w.grab().save(QStringLiteral("%1/scrubbed-%2.png").arg(dir).arg(size.width())));
        }
        w.followNow();
        w.resize(1366, 768);
    }

    void lanesFollowThePipeline()
    {
        ThreadTimeline *timeline = m_window->findChild<ThreadTimelinePanel *>()->timeline();
        const SnapshotPtr live = m_window->lastSnapshot();
        QVERIFY(live->topology);
        QStringList want;
        for (const TopologyThread &t : live->topology->threads)
            for (const ThreadInfo &i : live->threads)
                if (i.name == t.name)
                    want << t.name;
        QStringList lanes;
        for (int i = 0; i < timeline->laneCount(); ++i)
            lanes << timeline->laneThread(i).name;
        QCOMPARE(lanes.mid(0, want.size()), want);
        // Producers first, then readers, then the trainer, whatever the registration order was.
        auto firstOf = [&](ThreadRole role) {
            for (int i = 0; i < timeline->laneCount(); ++i)
                if (timeline->laneThread(i).role == role)
                    return i;
            return -1;
        };
        QVERIFY(firstOf(ThreadRole::Producer) < firstOf(ThreadRole::Reader));
        QVERIFY(firstOf(ThreadRole::Reader) < firstOf(ThreadRole::Trainer));
    }

private:
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<RunController> m_controller;
};

QTEST_MAIN(TestCursor)
#include "tst_cursor.moc"
