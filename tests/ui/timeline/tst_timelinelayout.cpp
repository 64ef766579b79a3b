#include "timeline/timelinelayout.h"
#include "timeline/timelinetext.h"

#include <QTest>

using namespace qs;

namespace {
StateSpan span(qint64 a, qint64 b, ThreadState s)
{
    return StateSpan{a, b, s, Activity::None, {}};
}
} // namespace

class TestTimelineLayout : public QObject {
    Q_OBJECT
private slots:
    void spansOfAppendsTheCurrentStateWhenMissing()
    {
        ThreadInfo t;
        t.state = ThreadState::BlockedEmpty;
        t.stateSinceUs = 500;
        t.spans = {span(0, 500, ThreadState::Running)};
        const QList<StateSpan> spans = TimelineLayout::spansOf(t);
        QCOMPARE(spans.size(), 2);
        QCOMPARE(spans.last().state, ThreadState::BlockedEmpty);
        QCOMPARE(spans.last().startUs, qint64(500));
        QCOMPARE(spans.last().endUs, qint64(-1));
    }
    void spansOfKeepsAnOpenSpan()
    {
        ThreadInfo t;
        t.state = ThreadState::Running;
        t.spans = {span(0, 500, ThreadState::Starting), span(500, -1, ThreadState::Running)};
        QCOMPARE(TimelineLayout::spansOf(t).size(), 2);
    }
    void aWideSpanStartingInAFoldedPixelLeavesItToTheFold()
    {
        const TimeAxis axis{0, 1000, 100, 100}; // 10 µs per pixel
        // Two short spans in pixel 100 (0-4 µs, 4-7 µs), then one from 7 µs to 500 µs.
        const QList<LaneItem> items =
            TimelineLayout::layoutSpans({span(0, 4, ThreadState::Starting), span(4, 7, ThreadState::Running),
                                         span(7, 500, ThreadState::BlockedFull)},
                                        0, axis);
        QCOMPARE(items.size(), 2);
        QVERIFY(items[0].folded && items[0].mixed);
        QCOMPARE(items[0].x0, 100);
        QCOMPARE(items[0].x1, 101);
        // The pixel holds the wide span's first 3 µs too; the wide mark starts after it.
        QCOMPARE(items[0].mix.us[size_t(ThreadState::BlockedFull)], qint64(3));
        QCOMPARE(items[0].mix.total(), qint64(10));
        QCOMPARE(items[1].x0, 101);
        QCOMPARE(items[1].x1, 150);
        QCOMPARE(items[1].fromUs, qint64(10));
        QCOMPARE(items[1].state, ThreadState::BlockedFull);
    }
    void aWideSpanEndingInThePixelAfterTheFoldKeepsItsTime()
    {
        const TimeAxis axis{0, 1000, 100, 100}; // 10 µs per pixel
        // Short spans in pixel 100, then one from 7 µs to 18 µs: 3 µs in pixel 100, 8 µs in 101.
        const QList<LaneItem> items = TimelineLayout::layoutSpans(
            {span(0, 4, ThreadState::Starting), span(4, 7, ThreadState::Running),
             span(7, 18, ThreadState::BlockedFull), span(18, 300, ThreadState::Running)},
            0, axis);
        qint64 full = 0;
        for (const LaneItem &item : items) {
            QVERIFY(item.x0 >= 100);
            if (item.folded)
                full += item.mix.us[size_t(ThreadState::BlockedFull)];
            else if (item.state == ThreadState::BlockedFull)
                full += item.toUs - item.fromUs;
        }
        QCOMPARE(full, qint64(11)); // none of its time is lost
        QCOMPARE(items[1].x0, 101);
        QVERIFY(items[1].folded);
    }
    void wideSpans_data()
    {
        QTest::addColumn<qint64>("start");
        QTest::addColumn<qint64>("end");
        QTest::addColumn<int>("x0");
        QTest::addColumn<int>("x1");
        QTest::addRow("whole axis") << qint64(0) << qint64(1000) << 100 << 200;
        QTest::addRow("first half") << qint64(0) << qint64(500) << 100 << 150;
        QTest::addRow("clipped at the left") << qint64(-400) << qint64(300) << 100 << 130;
        QTest::addRow("clipped at the right") << qint64(900) << qint64(5000) << 190 << 200;
    }
    void wideSpans()
    {
        QFETCH(qint64, start);
        QFETCH(qint64, end);
        QFETCH(int, x0);
        QFETCH(int, x1);
        const TimeAxis axis{0, 1000, 100, 100}; // 10 µs per pixel
        const QList<LaneItem> items =
            TimelineLayout::layoutSpans({span(start, end, ThreadState::Running)}, 0, axis);
        QCOMPARE(items.size(), 1);
        QCOMPARE(items[0].x0, x0);
        QCOMPARE(items[0].x1, x1);
        QVERIFY(!items[0].folded);
    }
    void invisibleSpansAreSkipped()
    {
        const TimeAxis axis{1000, 2000, 0, 100};
        const QList<StateSpan> spans{span(0, 500, ThreadState::Running), span(500, 999, ThreadState::Paused),
                                     span(1500, 1600, ThreadState::Stopped),
                                     span(2500, 3000, ThreadState::Failed)};
        const QList<LaneItem> items = TimelineLayout::layoutSpans(spans, 0, axis);
        QCOMPARE(items.size(), 1);
        QCOMPARE(items[0].state, ThreadState::Stopped);
        QCOMPARE(items[0].firstSpan, 2);
    }
    void openSpanEndsNow()
    {
        const TimeAxis axis{0, 1000, 0, 100};
        const QList<LaneItem> items =
            TimelineLayout::layoutSpans({span(200, -1, ThreadState::Waiting)}, 700, axis);
        QCOMPARE(items.size(), 1);
        QCOMPARE(items[0].x0, 20);
        QCOMPARE(items[0].x1, 70);
    }
    void subPixelSpansFold_data()
    {
        QTest::addColumn<bool>("alternate");
        QTest::addColumn<bool>("mixed");
        QTest::addRow("one state") << false << false;
        QTest::addRow("alternating states") << true << true;
    }
    void subPixelSpansFold()
    {
        QFETCH(bool, alternate);
        QFETCH(bool, mixed);
        // 10 000 spans of 1 µs on an axis of 10 µs per pixel: 1000 pixels' worth of 0.1 px spans.
        QList<StateSpan> spans;
        for (int i = 0; i < 10000; ++i)
            spans.append(
                span(i, i + 1, alternate && i % 2 ? ThreadState::BlockedFull : ThreadState::Running));
        const TimeAxis axis{0, 10000, 0, 1000};
        const QList<LaneItem> items = TimelineLayout::layoutSpans(spans, 0, axis);
        // One state: one mark. Alternating: a stacked mark per pixel, each half and half.
        QCOMPARE(items.size(), mixed ? 1000 : 1);
        for (int i = 0; i < items.size(); ++i) {
            const LaneItem &item = items[i];
            QCOMPARE(item.folded, true);
            QCOMPARE(item.mixed, mixed);
            QCOMPARE(item.x0, mixed ? i : 0);
            QCOMPARE(item.firstSpan, mixed ? 10 * i : 0);
            QCOMPARE(item.mix.total(), item.toUs - item.fromUs);
            if (mixed) {
                QCOMPARE(item.mix.us[size_t(ThreadState::Running)], qint64(5));
                QCOMPARE(item.mix.us[size_t(ThreadState::BlockedFull)], qint64(5));
            }
        }
        QCOMPARE(items[0].firstSpan, 0);
        QCOMPARE(items.last().lastSpan, 9999);
        QCOMPARE(items.last().x1, 1000);
    }
    // Each pixel of short spans stacks its own time, not the time of a whole run of them: a thread
    // that mostly runs for 100 pixels, then mostly waits for 100, must show it in that order.
    void aFoldedPixelStacksItsOwnTime()
    {
        QList<StateSpan> spans;
        qint64 t = 0;
        for (int pixel = 0; pixel < 200; ++pixel) { // 10 µs a pixel: spans of 8 and 2 µs
            const bool runs = pixel < 100;
            spans.append(span(t, t + 8, runs ? ThreadState::Running : ThreadState::BlockedEmpty));
            spans.append(span(t + 8, t + 10, runs ? ThreadState::BlockedEmpty : ThreadState::Running));
            t += 10;
        }
        const TimeAxis axis{0, t, 0, 200};
        const QList<LaneItem> items = TimelineLayout::layoutSpans(spans, t, axis);
        QCOMPARE(items.size(), 200);
        qint64 covered = 0;
        for (int x = 0; x < 200; ++x) {
            const LaneItem &item = items[x];
            QVERIFY(item.mixed);
            QCOMPARE(item.x0, x);
            QCOMPARE(item.x1, x + 1);
            QCOMPARE(item.state, x < 100 ? ThreadState::Running : ThreadState::BlockedEmpty);
            QCOMPARE(item.mix.us[size_t(ThreadState::Running)], qint64(x < 100 ? 8 : 2));
            covered += item.mix.total();
        }
        QCOMPARE(covered, t);
    }
    // Short spans of one state merge across pixels, but not into a pixel that holds another state.
    void aRunOfOneStateStopsAtAMixedPixel()
    {
        QList<StateSpan> spans;
        qint64 t = 0;
        for (int i = 0; i < 30; ++i, t += 5) // pixels 0..14: running only
            spans.append(span(t, t + 5, ThreadState::Running));
        spans.append(span(t, t + 5, ThreadState::Running)); // pixel 15: running, then blocked
        spans.append(span(t + 5, t + 10, ThreadState::BlockedFull));
        t += 10;
        for (int i = 0; i < 10; ++i, t += 5) // pixels 16..20: blocked only
            spans.append(span(t, t + 5, ThreadState::BlockedFull));
        const TimeAxis axis{0, t, 0, int(t / 10)};
        const QList<LaneItem> items = TimelineLayout::layoutSpans(spans, t, axis);
        QCOMPARE(items.size(), 3);
        QCOMPARE(items[0].x0, 0);
        QCOMPARE(items[0].x1, 15);
        QVERIFY(!items[0].mixed);
        QCOMPARE(items[0].mix.us[size_t(ThreadState::Running)], qint64(150));
        QCOMPARE(items[1].x0, 15);
        QCOMPARE(items[1].x1, 16);
        QVERIFY(items[1].mixed);
        QCOMPARE(items[2].x0, 16);
        QCOMPARE(items[2].x1, 21);
        QCOMPARE(items[2].state, ThreadState::BlockedFull);
        QCOMPARE(items[2].fromUs, qint64(160));
    }
    // A long span that reaches half a pixel into the view is folded with the short spans
    // there, and counts with its visible part only.
    void foldedMarksCountTheVisiblePart()
    {
        const TimeAxis axis{1000, 2000, 0, 100}; // 10 µs per pixel
        const QList<StateSpan> spans{span(0, 1005, ThreadState::BlockedFull),
                                     span(1005, 1008, ThreadState::Running),
                                     span(1008, 2000, ThreadState::Waiting)};
        const QList<LaneItem> items = TimelineLayout::layoutSpans(spans, 0, axis);
        QCOMPARE(items.size(), 2);
        QVERIFY(items[0].folded && items[0].mixed);
        QCOMPARE(items[0].mix.us[size_t(ThreadState::BlockedFull)], qint64(5));
        QCOMPARE(items[0].mix.us[size_t(ThreadState::Running)], qint64(3));
        QCOMPARE(items[0].fromUs, qint64(1000));
        QCOMPARE(items[1].state, ThreadState::Waiting);
    }
    // Buckets of a lane answered by the record: runs of one state merge, mixed buckets stay
    // one pixel each with their time per state.
    void bucketsBecomeMarks()
    {
        const TimeAxis axis{0, 1000, 10, 10}; // 100 µs per pixel
        QList<StateMix> mix(10);
        for (int i = 0; i < 10; ++i)
            mix[i].add(ThreadState::Running, 100);
        mix[4] = {};
        mix[4].add(ThreadState::Running, 30);
        mix[4].add(ThreadState::BlockedFull, 70);
        const QList<LaneItem> items = TimelineLayout::layoutMix(mix, 0, 1000, axis);
        QCOMPARE(items.size(), 3);
        QCOMPARE(items[0].x0, 10);
        QCOMPARE(items[0].x1, 14);
        QCOMPARE(items[0].mix.us[size_t(ThreadState::Running)], qint64(400));
        QVERIFY(items[1].mixed);
        QCOMPARE(items[1].state, ThreadState::BlockedFull); // the state with the most time
        QCOMPARE(items[1].x0, 14);
        QCOMPARE(items[1].x1, 15);
        QCOMPARE(items[2].x1, 20);
        QCOMPARE(items[2].fromUs, qint64(500));
        QCOMPARE(items[2].toUs, qint64(1000));
    }
    void foldedMarksNeverExceedTheWidth()
    {
        QList<StateSpan> spans;
        qint64 t = 0;
        for (int i = 0; i < 5000; ++i) { // a mix of wide and narrow spans
            const qint64 d = i % 7 == 0 ? 900 : 3;
            spans.append(span(t, t + d, ThreadState(i % kThreadStateCount)));
            t += d;
        }
        const TimeAxis axis{0, t, 0, 400};
        const QList<LaneItem> items = TimelineLayout::layoutSpans(spans, t, axis);
        QVERIFY(items.size() <= 2 * axis.width);
        for (const LaneItem &item : items) {
            QVERIFY(item.x0 >= 0 && item.x1 <= 401);
            QVERIFY(item.x1 > item.x0);
        }
    }
    void markers()
    {
        QList<Event> events;
        auto add = [&](qint64 t, const QString &thread, EventKind k) {
            events.append({events.size(), t, thread, k, {}});
        };
        add(100, QStringLiteral("a"), EventKind::ThreadStart); // not marked
        add(200, QStringLiteral("a"), EventKind::RequestStop);
        add(201, QStringLiteral("a"), EventKind::RequestStop); // same pixel, merged
        add(300, QStringLiteral("b"), EventKind::QueueClose);
        add(400, QStringLiteral("nobody"), EventKind::Error); // shared strip
        add(5000, QStringLiteral("b"), EventKind::Join);      // off the axis
        const QHash<QString, int> laneOf{{QStringLiteral("a"), 0}, {QStringLiteral("b"), 1}};
        const TimeAxis axis{0, 1000, 0, 100};
        const QList<QList<LaneMarker>> lanes = TimelineLayout::layoutMarkers(events, laneOf, 2, axis);
        QCOMPARE(lanes.size(), 3);
        QCOMPARE(lanes[0].size(), 1);
        QCOMPARE(lanes[0][0].kind, EventKind::RequestStop);
        QCOMPARE(lanes[0][0].x, 20);
        QCOMPARE(lanes[1].size(), 1);
        QCOMPARE(lanes[1][0].event, 3);
        QCOMPARE(lanes[2].size(), 1);
        QCOMPARE(lanes[2][0].kind, EventKind::Error);
    }
    void tooltipsSayTheStateInWords()
    {
        QList<StateSpan> spans{span(0, 2000, ThreadState::BlockedFull)};
        spans[0].detail = QStringLiteral("example_queue");
        const QString one =
            TimelineText::span(spans, {0, 10, ThreadState::BlockedFull, false, false, 0, 0, {}, 0, 2000}, 0);
        QVERIFY(one.contains(QStringLiteral("blocked: queue full")));
        QVERIFY(one.contains(QStringLiteral("example_queue")));
        QVERIFY(one.contains(QStringLiteral("2.0 ms")));
        spans.append(span(2000, 2001, ThreadState::Running));
        const QString folded =
            TimelineText::span(spans, {0, 1, ThreadState::BlockedFull, true, true, 0, 1, {}, 0, 2001}, 0);
        QVERIFY(folded.contains(QStringLiteral("2 short spans")));
        QVERIFY(folded.contains(QStringLiteral("running")));
    }
};

QTEST_GUILESS_MAIN(TestTimelineLayout)
#include "tst_timelinelayout.moc"
