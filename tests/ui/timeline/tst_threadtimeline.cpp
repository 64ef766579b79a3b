// The timeline fed a real run's snapshots (offscreen), and a made record's: it fits the run
// when it ends, its lanes start at their threads' starts, and what it draws for each lane (the
// time per state of its marks) equals the record's exact spans at any zoom and while it
// follows, and so do its pixels.

#include "../../observe/spantruth.h"
#include "common/statepalette.h"
#include "demodata.h"
#include "observe/rangeview.h"
#include "observe/recorder.h"
#include "run/pipeline.h"
#include "timeline/threadtimeline.h"

#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
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

// What the widget shows of each lane, pixel by pixel, is its marks: in every column of a mark's
// band, each state's rows are those LaneRaster::stackEdges gives the mark's time per state (all
// of them the mark's state for a solid one). Columns under a coordination marker are left out.
// Returns "" or what differs first.
QString pixelsMatchTheMarks(ThreadTimeline &timeline)
{
    const QImage img = timeline.grab().toImage().convertToFormat(QImage::Format_RGB32);
    QHash<QRgb, ThreadState> stateOf;
    for (int s = 0; s < kThreadStateCount; ++s) {
        stateOf.insert(StatePalette::color(ThreadState(s)).rgb(), ThreadState(s));
        if (StatePalette::isHatched(ThreadState(s)))
            stateOf.insert(StatePalette::patternColor(ThreadState(s)).rgb(), ThreadState(s));
    }
    const QList<ThreadState> order = StatePalette::legendOrder();
    const TimeAxis &axis = timeline.axis();
    int columns = 0;
    for (int lane = 0; lane < timeline.laneCount(); ++lane) {
        const int y0 = timeline.laneTop(lane) + 2, y1 = timeline.laneTop(lane) + timeline.laneHeight() - 2;
        for (const LaneItem &item : timeline.laneItems(lane)) {
            for (int x = item.x0; x < std::max(item.x1, item.x0 + 1); ++x) {
                if (x < axis.x0 || x > axis.x0 + axis.width)
                    continue;
                const QList<LaneMarker> &markers = timeline.laneMarkers(lane);
                if (std::any_of(markers.cbegin(), markers.cend(),
                                [&](const LaneMarker &m) { return std::abs(m.x - x) <= 8; }))
                    continue;
                std::array<int, kThreadStateCount> want{}, got{};
                if (item.mixed) {
                    const LaneRaster::Edges e = LaneRaster::stackEdges(item.mix, y0, y1);
                    for (int i = 0; i < kThreadStateCount; ++i)
                        want[size_t(order[i])] = e[size_t(i)] - e[size_t(i) + 1];
                } else {
                    want[size_t(item.state)] = y1 - y0;
                }
                for (int y = y0; y < y1; ++y) {
                    const auto it = stateOf.constFind(img.pixel(x, y));
                    if (it == stateOf.cend())
                        return QStringLiteral("lane %1 pixel (%2, %3): %4 is no state's colour")
                            .arg(timeline.laneLabel(lane))
                            .arg(x)
                            .arg(y)
                            .arg(img.pixel(x, y), 0, 16);
                    ++got[size_t(*it)];
                }
                if (got != want) {
                    QString dump;
                    for (const LaneItem &i : timeline.laneItems(lane))
                        if (i.x1 >= x - 2 && i.x0 <= x + 2)
                            dump += QStringLiteral(" [%1,%2) s%3 m%4 f%5 span %6-%7;")
                                        .arg(i.x0)
                                        .arg(i.x1)
                                        .arg(int(i.state))
                                        .arg(i.mixed)
                                        .arg(i.folded)
                                        .arg(i.firstSpan)
                                        .arg(i.lastSpan);
                    return QStringLiteral("lane %1 column %2: the rows per state differ from its mark")
                               .arg(timeline.laneLabel(lane))
                               .arg(x) +
                           dump;
                }
                ++columns;
            }
        }
    }
    return columns > 0 ? QString() : QStringLiteral("no column was checked");
}

// A record of one thread that repeats a pattern from 0 to now: five pairs of short spans
// (running 23 µs, blocked on a full queue 11 µs), then running for 250 µs; answered as exact
// spans however many there are (the Recorder would answer buckets past RangeRequest's exact
// limit; here the folds are the point). Laid out at about 100 µs a pixel, each run of short
// spans folds into mixed marks a pixel wide, the long span is a mark of its own, and the axis'
// start cuts marks as it moves.
class PatternRecord final : public RangeSource {
public:
    static constexpr qint64 kRunUs = 23, kBlockedUs = 11, kPairs = 5, kLongUs = 250;
    static constexpr qint64 kSpans = 2 * kPairs + 1, kPeriodUs = kPairs * (kRunUs + kBlockedUs) + kLongUs;
    qint64 nowUs = 0;

    static qint64 startOf(qint64 span)
    {
        const qint64 j = span % kSpans;
        return span / kSpans * kPeriodUs + j / 2 * (kRunUs + kBlockedUs) + (j % 2 ? kRunUs : 0);
    }
    QList<StateSpan> spansOver(qint64 a, qint64 b) const
    {
        QList<StateSpan> spans;
        for (qint64 k = std::max<qint64>(0, a) / kPeriodUs * kSpans; startOf(k) < std::min(b, nowUs); ++k) {
            if (startOf(k + 1) <= a)
                continue;
            StateSpan s;
            s.startUs = startOf(k);
            s.endUs = startOf(k + 1) < nowUs ? startOf(k + 1) : -1;
            s.state = k % kSpans % 2 ? ThreadState::BlockedFull : ThreadState::Running;
            spans << s;
        }
        return spans;
    }
    RangeView query(const RangeRequest &r) const override
    {
        RangeView v;
        v.fromUs = r.fromUs;
        v.toUs = r.toUs < 0 ? nowUs : r.toUs;
        v.nowUs = nowUs;
        v.buckets = r.buckets;
        for (int id : r.threads) {
            if (id != 0)
                continue;
            LaneRecord lane;
            lane.name = QStringLiteral("reader");
            lane.exact = true;
            lane.spans = spansOver(v.fromUs, v.toUs);
            v.lanes << lane;
        }
        return v;
    }
};

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
        RunConfig c = smallRun(3, 2);
        c.pipeline.exampleCapacity = 48;
        c.pipeline.minAfterDequeue = 16;
        auto p = Pipeline::create(c);
        QVERIFY2(p, qPrintable(p.status().toString()));
        Pipeline &run = **p;

        ThreadTimeline timeline;
        timeline.resize(1000, 400);
        QVERIFY(timeline.isFollowing());
        QVERIFY(run.start().isOk());
        qint64 cursor = 0;
        int livePixelChecks = 0;
        while (!run.isFinished()) { // live snapshots while it runs, as the window's timer takes them
            const SnapshotPtr s = run.snapshot(cursor);
            cursor = s->nextEventSeq;
            timeline.setSnapshot(*s);
            // The run can end between isFinished() and the snapshot: the timeline then fits it.
            QCOMPARE(timeline.isFollowing(), s->run != RunState::Finished);
            if (timeline.laneCount() > 0 && livePixelChecks < 5) { // the live lanes too
                const QString pixels = pixelsMatchTheMarks(timeline);
                QVERIFY2(pixels.isEmpty() || pixels == QLatin1String("no column was checked"),
                         qPrintable(pixels));
                livePixelChecks += pixels.isEmpty();
            }
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
            const QString pixels = pixelsMatchTheMarks(timeline);
            QVERIFY2(pixels.isEmpty(), qPrintable(pixels));
            timeline.zoomIn();
        }

        // Show all brings the whole run back.
        timeline.showAll();
        QCOMPARE(timeline.axis().startUs, qint64(0));
        QCOMPARE(timeline.axis().endUs, std::max(end, TimeAxis::kMinSpanUs));

        // The next run is followed from its start at the live span, not drawn at the last
        // run's fit (a sliver at 0 s of a long run's axis).
        QSignalSpy following(&timeline, &ThreadTimeline::followingChanged);
        timeline.zoomOut();
        timeline.clear();
        QVERIFY(timeline.isFollowing());
        QCOMPARE(following.size(), 1);
        QCOMPARE(following.first().first().toBool(), true);
        const auto nearDefault = [](qint64 span) { // followColumns rounds to whole pixels
            return std::abs(span - TimeAxis().spanUs()) <= TimeAxis().spanUs() / 100;
        };
        QVERIFY2(nearDefault(timeline.axis().spanUs()),
                 qPrintable(QString::number(timeline.axis().spanUs())));
        auto next = Pipeline::create(smallRun(4, 0)); // until stopped
        QVERIFY2(next, qPrintable(next.status().toString()));
        QVERIFY((*next)->start().isOk());
        const SnapshotPtr first = (*next)->snapshot(0);
        timeline.setSnapshot(*first);
        QVERIFY(timeline.isFollowing());
        QVERIFY2(nearDefault(timeline.axis().spanUs()),
                 qPrintable(QString::number(timeline.axis().spanUs())));
        QVERIFY(timeline.axis().endUs >= first->tUs);
        (*next)->requestStop();
        QVERIFY((*next)->waitFinished(60s));
    }

    // Following a live run the axis moves in whole pixels and the marks of finished pixels are
    // kept from frame to frame, moved left as the axis moves on. Zoomed in so that it moves at
    // every frame: each mark still sits on the pixels of its time, each lane's marks still stand
    // for the record's time per state, and the pixels are the marks.
    void keepsTheFinishedPixelsWhileFollowing()
    {
        auto p = Pipeline::create(smallRun(4, 0)); // until stopped
        QVERIFY2(p, qPrintable(p.status().toString()));
        Pipeline &run = **p;
        ThreadTimeline timeline;
        timeline.resize(800, 320);
        for (int i = 0; i < 12; ++i)
            timeline.zoomIn(); // about 77 ms across
        QVERIFY(timeline.isFollowing());
        QVERIFY(run.start().isOk());
        qint64 cursor = 0;
        qint64 firstStart = -1;
        int checked = 0;
        for (int frame = 0; frame < 400 && checked < 40; ++frame) {
            const SnapshotPtr s = run.snapshot(cursor);
            cursor = s->nextEventSeq;
            timeline.setSnapshot(*s);
            std::this_thread::sleep_for(3ms);
            const TimeAxis &axis = timeline.axis();
            const qint64 u = axis.columnUs();
            QVERIFY2(u > 0, "following moves the axis in whole pixels");
            const qint64 now = timeline.runEndUs();
            if (timeline.laneCount() == 0 || axis.startUs == 0)
                continue; // not scrolling yet
            if (firstStart < 0)
                firstStart = axis.startUs;
            const QList<ThreadInfo> threads = run.recorder().threads();
            for (int lane = 0; lane < timeline.laneCount(); ++lane) {
                const ThreadInfo &t = threads[timeline.laneThread(lane).id];
                int last = axis.x0;
                for (const LaneItem &item : timeline.laneItems(lane)) {
                    const int at = int(std::floor(axis.x(std::max(item.fromUs, axis.startUs))));
                    QVERIFY2(std::abs(item.x0 - at) <= 1 && item.x1 > item.x0 && item.x0 >= last - 1,
                             qPrintable(QStringLiteral("%1: mark [%2, %3) of %4 µs on, pixel %5")
                                            .arg(t.name)
                                            .arg(item.x0)
                                            .arg(item.x1)
                                            .arg(item.fromUs)
                                            .arg(at)));
                    last = item.x1;
                }
                const StateMix got = drawn(timeline, lane, now);
                const StateMix want = truthOver(t.spans, axis.startUs, std::min(axis.endUs, now), now);
                for (int st = 0; st < kThreadStateCount; ++st)
                    QVERIFY2(std::abs(got.us[size_t(st)] - want.us[size_t(st)]) <= 2 * u + axis.width,
                             qPrintable(QStringLiteral("%1 %2: drawn %3 µs, recorded %4 µs")
                                            .arg(t.name)
                                            .arg(threadStateKey(ThreadState(st)))
                                            .arg(got.us[size_t(st)])
                                            .arg(want.us[size_t(st)])));
            }
            if (checked % 4 == 0) {
                const QString pixels = pixelsMatchTheMarks(timeline);
                QVERIFY2(pixels.isEmpty() || pixels == QLatin1String("no column was checked"),
                         qPrintable(pixels));
            }
            ++checked;
        }
        run.requestStop();
        QVERIFY(run.waitFinished(60s));
        QVERIFY2(checked >= 10, qPrintable(QStringLiteral("%1 frames checked").arg(checked)));
        QVERIFY(timeline.axis().startUs > firstStart); // it moved on while checked
    }

    // Following, the marks of the pixels already laid out are kept and move left; the one the
    // axis' start cuts stands for its time within the axis only (a mixed one, which short spans
    // make one pixel wide, is stacked again for it): the time per state and the pixels must
    // follow the cut.
    void aMarkCutAtTheLeftEdgeStandsForItsTimeWithin()
    {
        const auto record = std::make_shared<PatternRecord>();
        ThreadTimeline timeline;
        timeline.resize(800, 200);
        for (int i = 0; i < 12; ++i)
            timeline.zoomIn();
        QVERIFY(timeline.isFollowing());
        Snapshot snap;
        snap.run = RunState::Running;
        snap.record = record;
        ThreadInfo reader;
        reader.name = QStringLiteral("reader");
        reader.role = ThreadRole::Reader;
        reader.state = ThreadState::Running;
        snap.threads = {reader};
        qint64 now = 400'000;
        int cut = 0;
        for (int frame = 0; frame < 40; ++frame) {
            record->nowUs = snap.tUs = now;
            timeline.setSnapshot(snap);
            const TimeAxis &axis = timeline.axis();
            const qint64 u = axis.columnUs();
            QVERIFY2(u > 2 * PatternRecord::kRunUs && u < PatternRecord::kLongUs / 2,
                     "short spans fold, long ones do not");
            QVERIFY(axis.startUs > 0);
            QCOMPARE(timeline.laneCount(), 1);
            const QList<LaneItem> &items = timeline.laneItems(0);
            QVERIFY(!items.isEmpty());
            QVERIFY(items.first().x0 >= axis.x0);
            cut += items.first().fromUs == axis.startUs; // it began before the axis' start
            const StateMix got = drawn(timeline, 0, now);
            const StateMix want =
                truthOver(record->spansOver(axis.startUs, now), axis.startUs, std::min(axis.endUs, now), now);
            for (ThreadState st : {ThreadState::Running, ThreadState::BlockedFull})
                QVERIFY2(std::abs(got.us[size_t(st)] - want.us[size_t(st)]) <= 2 * u,
                         qPrintable(QStringLiteral("frame %1, %2: drawn %3 µs, recorded %4 µs")
                                        .arg(frame)
                                        .arg(threadStateKey(st))
                                        .arg(got.us[size_t(st)])
                                        .arg(want.us[size_t(st)])));
            const QString pixels = pixelsMatchTheMarks(timeline);
            QVERIFY2(pixels.isEmpty(), qPrintable(pixels));
            now += (frame % 2 ? 7 : 13) * u + u / 3; // not a whole number of pixels
        }
        QVERIFY2(cut >= 4, qPrintable(QStringLiteral("a mark was cut %1 times").arg(cut)));
    }

    void laysOutOnlyTheLanesInViewUntilScrolledTo()
    {
        auto p = Pipeline::create(smallRun(8, 1));
        QVERIFY2(p, qPrintable(p.status().toString()));
        Pipeline &run = **p;
        QVERIFY(run.start().isOk());
        QVERIFY(run.waitFinished(60s));

        // As in the window: the timeline in a scroll area that shows a few of its lanes.
        QScrollArea area;
        auto *timeline = new ThreadTimeline;
        area.setWidget(timeline);
        area.setWidgetResizable(true);
        timeline->setSnapshot(*run.snapshot(0));
        const int lanes = timeline->laneCount();
        QVERIFY(lanes >= 10);
        area.resize(900, timeline->laneTop(3) + 2);
        area.show();
        QVERIFY(QTest::qWaitForWindowExposed(&area));
        timeline->setSnapshot(*run.snapshot(0)); // laid out with the area on screen
        const QRect shown = timeline->visibleRegion().boundingRect();
        QVERIFY(!shown.isEmpty());
        for (int lane = 0; lane < lanes; ++lane) {
            const bool inView = timeline->laneTop(lane) <= shown.bottom() &&
                                timeline->laneTop(lane) + timeline->laneHeight() > shown.top();
            QVERIFY2(timeline->laneItems(lane).isEmpty() != inView, qPrintable(timeline->laneLabel(lane)));
        }
        QVERIFY(timeline->laneItems(lanes - 1).isEmpty());

        // Scrolled to the end, the last lane is laid out as it is painted, and drawn as laid out.
        area.verticalScrollBar()->setValue(area.verticalScrollBar()->maximum());
        area.viewport()->repaint();
        QVERIFY(!timeline->laneItems(lanes - 1).isEmpty());
        const QString pixels = pixelsMatchTheMarks(*timeline);
        QVERIFY2(pixels.isEmpty(), qPrintable(pixels));
        for (int lane = 0; lane < lanes; ++lane) // the grab painted them all
            QVERIFY2(!timeline->laneItems(lane).isEmpty(), qPrintable(timeline->laneLabel(lane)));
    }

private:
    // A short run over the test's files: tiny images and model, no evaluation.
    RunConfig smallRun(int readers, int epochs) const
    {
        RunConfig c;
        c.pipeline.files = m_files;
        c.pipeline.numEpochs = epochs;
        c.pipeline.batchSize = 8;
        c.pipeline.readerThreads = readers;
        c.pipeline.imageWidth = c.pipeline.imageHeight = 8;
        c.trainer.hidden = 8;
        c.trainer.evalEvery = 0;
        return c;
    }

    QTemporaryDir m_dir;
    QStringList m_files;
};

QTEST_MAIN(TestThreadTimeline)
#include "tst_threadtimeline.moc"
