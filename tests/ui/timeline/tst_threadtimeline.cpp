// The timeline fed a real run's snapshots (offscreen): it fits the run when it ends, its lanes
// start at their threads' starts, and what it draws for each lane (the time per state of its
// marks) equals the record's exact spans at any zoom.

#include "../../observe/spantruth.h"
#include "demodata.h"
#include "observe/rangeview.h"
#include "observe/recorder.h"
#include "run/pipeline.h"
#include "timeline/threadtimeline.h"

#include <QTemporaryDir>
#include <QTest>

#include <thread>

using namespace qs;
using qs::test::truthOver;
using namespace std::chrono_literals;

namespace {

// Time per state that the lane's marks stand for, within [a, b) of the axis.
StateMix drawn(const ThreadTimeline &timeline, int lane, qint64 nowUs)
{
    StateMix m;
    const TimeAxis &axis = timeline.axis();
    for (const LaneItem &item : timeline.laneItems(lane)) {
        if (item.folded) {
            m.add(item.mix);
        } else {
            const qint64 end = std::min({item.toUs, nowUs, axis.endUs});
            m.add(item.state, end - std::max(item.fromUs, axis.startUs));
        }
    }
    return m;
}

} // namespace

class TestThreadTimeline : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const Result<QStringList> files =
            test::writeDemoTfRecords(m_dir.path(), QStringLiteral("tl"), 2, 120);
        QVERIFY2(files, qPrintable(files.status().toString()));
        m_files = *files;
    }

    void fitsTheRunWhenItEndsAndDrawsTheTruth()
    {
        RunConfig c;
        c.pipeline.files = m_files;
        c.pipeline.numEpochs = 2;
        c.pipeline.batchSize = 8;
        c.pipeline.exampleCapacity = 48;
        c.pipeline.minAfterDequeue = 16;
        c.pipeline.readerThreads = 3;
        c.pipeline.imageWidth = c.pipeline.imageHeight = 8;
        c.trainer.hidden = 8;
        c.trainer.evalEvery = 0;
        auto p = Pipeline::create(c);
        QVERIFY2(p, qPrintable(p.status().toString()));
        Pipeline &run = **p;

        ThreadTimeline timeline;
        timeline.resize(1000, 400);
        QVERIFY(timeline.isFollowing());
        QVERIFY(run.start().isOk());
        qint64 cursor = 0;
        while (!run.isFinished()) { // live snapshots while it runs, as the window's timer takes them
            const SnapshotPtr s = run.snapshot(cursor);
            cursor = s->nextEventSeq;
            timeline.setSnapshot(*s);
            QVERIFY(timeline.isFollowing());
            run.waitFinished(30ms);
        }
        QVERIFY(run.waitFinished(60s));
        const SnapshotPtr last = run.snapshot(cursor);
        QCOMPARE(last->run, RunState::Finished);
        timeline.setSnapshot(*last);

        // Fitted: from 0 to the run's end (its last state change or event), the whole width.
        QVERIFY(!timeline.isFollowing());
        const qint64 end = timeline.runEndUs();
        QVERIFY(end > 0 && end <= last->tUs);
        QCOMPARE(timeline.axis().startUs, qint64(0));
        QCOMPARE(timeline.axis().endUs, std::max(end, TimeAxis::kMinSpanUs));
        const QList<ThreadInfo> threads = run.recorder().threads();
        QCOMPARE(timeline.laneCount(), threads.size());
        const int right = timeline.axis().x0 + timeline.axis().width;
        for (int lane = 0; lane < timeline.laneCount(); ++lane) {
            const ThreadInfo &t = threads[timeline.laneThread(lane).id];
            const QList<LaneItem> &items = timeline.laneItems(lane);
            QVERIFY2(!items.isEmpty(), qPrintable(t.name));
            // The lane starts where its thread did and runs to the right edge.
            const int startX = int(std::floor(timeline.axis().x(t.spans.first().startUs)));
            QVERIFY2(std::abs(items.first().x0 - startX) <= 1, qPrintable(t.name));
            QVERIFY2(items.last().x1 >= right - 1, qPrintable(t.name));
        }

        // What each lane draws equals the record's spans, fitted and zoomed into the middle.
        for (int zoom = 0; zoom < 3; ++zoom) {
            const TimeAxis &axis = timeline.axis();
            const qint64 pixelUs = std::max<qint64>(1, axis.spanUs() / axis.width);
            for (int lane = 0; lane < timeline.laneCount(); ++lane) {
                const ThreadInfo &t = threads[timeline.laneThread(lane).id];
                const StateMix got = drawn(timeline, lane, end);
                const StateMix want =
                    truthOver(t.spans, std::max<qint64>(0, axis.startUs), std::min(axis.endUs, end), end);
                for (int s = 0; s < kThreadStateCount; ++s) {
                    // Two pixels at the edges (marks are whole pixels); buckets of the record
                    // round each state's share to the µs.
                    QVERIFY2(std::abs(got.us[size_t(s)] - want.us[size_t(s)]) <=
                                 2 * pixelUs + timeline.axis().width,
                             qPrintable(QStringLiteral("%1 zoom %2 %3: drawn %4 µs, recorded %5 µs")
                                            .arg(t.name)
                                            .arg(zoom)
                                            .arg(threadStateKey(ThreadState(s)))
                                            .arg(got.us[size_t(s)])
                                            .arg(want.us[size_t(s)])));
                }
            }
            timeline.zoomIn();
        }

        // Show all brings the whole run back.
        timeline.showAll();
        QCOMPARE(timeline.axis().startUs, qint64(0));
        QCOMPARE(timeline.axis().endUs, std::max(end, TimeAxis::kMinSpanUs));
    }

private:
    QTemporaryDir m_dir;
    QStringList m_files;
};

QTEST_MAIN(TestThreadTimeline)
#include "tst_threadtimeline.moc"
