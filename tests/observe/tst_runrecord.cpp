// The run record at several resolutions: its buckets against the exact spans recorded in
// parallel by the test, the start of every lane after the exact spans are given up, the memory
// bound, and a real pipeline run queried whole.

#include "fakeclock.h"
#include "observe/rangeview.h"
#include "observe/recorder.h"
#include "observe/timepyramid.h"
#include "spantruth.h"

#include "../run/rundata.h"

#include <QTemporaryDir>
#include <QTest>

#include <random>
#include <thread>

using namespace qs;
using qs::test::truthOver;
using namespace std::chrono_literals;

namespace {

QString diff(const StateMix &got, const StateMix &want)
{
    QString text;
    for (int s = 0; s < kThreadStateCount; ++s)
        text += QStringLiteral(" %1:%2/%3")
                    .arg(threadStateKey(ThreadState(s)))
                    .arg(got.us[size_t(s)])
                    .arg(want.us[size_t(s)]);
    return text;
}

// Whether every state's time differs by at most `tolerance` µs.
bool near(const StateMix &got, const StateMix &want, qint64 tolerance)
{
    for (size_t s = 0; s < got.us.size(); ++s)
        if (std::abs(got.us[s] - want.us[s]) > tolerance)
            return false;
    return true;
}

// A thread's states driven by a seeded generator: mostly short spans (a busy reader), now and
// then a long wait. Returns the spans as the test saw them (its own clock), the open one last.
QList<StateSpan> drive(Recorder &rec, FakeClock &clock, int id, int changes, quint32 seed)
{
    std::mt19937 gen(seed);
    QList<StateSpan> truth{StateSpan{clock.t->load(), -1, ThreadState::Starting, Activity::None, {}}};
    for (int i = 0; i < changes; ++i) {
        const qint64 d = gen() % 50 == 0 ? 2000 + gen() % 30000 : 1 + gen() % 120;
        clock.advance(d);
        const auto state = ThreadState(1 + gen() % 5);
        if (state == truth.constLast().state)
            continue;
        rec.setState(id, state, Activity::None, QStringLiteral("q"));
        truth.last().endUs = clock.t->load();
        truth.append(StateSpan{clock.t->load(), -1, state, Activity::None, QStringLiteral("q")});
    }
    return truth;
}

RangeView queryMix(const Recorder &rec, qint64 from, qint64 to, int buckets)
{
    RangeRequest r;
    r.fromUs = from;
    r.toUs = to;
    r.buckets = buckets;
    r.exactLimit = 0; // always buckets
    return rec.query(r);
}

} // namespace

class TestRunRecord : public QObject {
    Q_OBJECT
private slots:
    // A small budget and short rings force every fallback: old spans are given up, fine levels
    // forget old time. A query at a level's own width and alignment equals the truth exactly
    // where that level (or exact spans) still holds the time; elsewhere each bucket is within
    // two of the coarser buckets used (split evenly at the two edges).
    void bucketsEqualTheSpans()
    {
        FakeClock clock;
        RecorderOptions o;
        o.spanBudget = 512;
        o.spanChunk = 64;
        o.levelBuckets = 64;
        Recorder rec(clock.options(o));
        clock.set(1234);
        const int id = rec.registerThread(QStringLiteral("reader"), ThreadRole::Reader);
        const QList<StateSpan> truth = drive(rec, clock, id, 200000, 7);
        const qint64 now = clock.t->load();
        QVERIFY(rec.threads().first().spans.first().startUs > truth.first().startUs); // spans were given up

        int exactChecks = 0;
        for (int level = 0; level < kPyramidLevels; ++level) {
            const qint64 w = pyramidWidthUs(level);
            const qint64 to = now / w * w;
            for (qint64 from : {to - 32 * w, qint64(0)}) {
                if (from < 0 || to <= from || (to - from) / w > 4096)
                    continue;
                const int n = int((to - from) / w);
                const RangeView v = queryMix(rec, from, to, n);
                const LaneRecord &lane = v.lanes.first();
                QCOMPARE(lane.startUs, qint64(1234));
                QVERIFY(!lane.exact);
                QCOMPARE(lane.mix.size(), n);
                const qint64 tolerance = lane.resolutionUs <= w ? 0 : 2 * lane.resolutionUs;
                if (from > 0) { // the level's recent range: it holds it
                    QCOMPARE(tolerance, qint64(0));
                    ++exactChecks;
                }
                for (int i = 0; i < n; ++i) {
                    const StateMix want = truthOver(truth, v.bucketStart(i), v.bucketStart(i + 1), now);
                    QVERIFY2(near(lane.mix[i], want, tolerance),
                             qPrintable(QStringLiteral("level %1 bucket %2 of [%3, %4):%5")
                                            .arg(level)
                                            .arg(i)
                                            .arg(from)
                                            .arg(to)
                                            .arg(diff(lane.mix[i], want))));
                }
            }
        }
        QVERIFY(exactChecks >= 6); // levels up to 64 ms at least (the run is about 80 s long)

        // Any range: the whole run in 1600 buckets, and an old unaligned window.
        for (auto [from, to, n] : {std::tuple<qint64, qint64, int>{0, now, 1600}, {3001, 777777, 333}}) {
            const RangeView v = queryMix(rec, from, to, n);
            const LaneRecord &lane = v.lanes.first();
            StateMix sum;
            for (int i = 0; i < n; ++i) {
                const StateMix want = truthOver(truth, v.bucketStart(i), v.bucketStart(i + 1), now);
                QVERIFY2(near(lane.mix[i], want, 2 * std::max<qint64>(1, lane.resolutionUs)),
                         qPrintable(QStringLiteral("bucket %1:%2").arg(i).arg(diff(lane.mix[i], want))));
                sum.add(lane.mix[i]);
            }
            // Each place a level gives way to a coarser one splits one coarser bucket evenly: the
            // widths shrink by 4 per level, so the total is off by less than twice the coarsest.
            const StateMix want = truthOver(truth, from, to, now);
            QVERIFY2(near(sum, want, n + 2 * lane.resolutionUs), qPrintable(diff(sum, want)));
        }
    }

    // Real threads change state as fast as they can, each keeping its own truth (the start of
    // each state, read back with currentSpan: only the thread itself changes it). After the
    // exact spans were given up, a whole-run query still starts every lane at its thread's
    // start and its buckets match the truth.
    void realThreadsKeepEveryLaneFromItsStart()
    {
        constexpr int kThreads = 4;
        constexpr int kChanges = 40000;
        RecorderOptions o;
        o.spanBudget = 4096;
        o.spanChunk = 256;
        o.levelBuckets = 256;
        Recorder rec(o);
        QList<QList<StateSpan>> truth(kThreads);
        QList<int> ids;
        for (int i = 0; i < kThreads; ++i)
            ids << rec.registerThread(QStringLiteral("reader_%1").arg(i), ThreadRole::Reader);
        std::vector<std::thread> threads;
        for (int i = 0; i < kThreads; ++i) {
            threads.emplace_back([&, i] {
                QList<StateSpan> &mine = truth[i];
                mine.append(rec.currentSpan(ids[i]));
                for (int k = 0; k < kChanges; ++k) {
                    const auto state = k % 3 == 0 ? ThreadState::BlockedFull : ThreadState::Running;
                    const auto activity = Activity(1 + k % 3);
                    rec.setState(ids[i], state, activity);
                    const StateSpan now = rec.currentSpan(ids[i]);
                    mine.last().endUs = now.startUs;
                    mine.append(now);
                }
                rec.setState(ids[i], ThreadState::Stopped);
                const StateSpan last = rec.currentSpan(ids[i]);
                mine.last().endUs = last.startUs;
                mine.append(last);
            });
        }
        for (std::thread &t : threads)
            t.join();
        QVERIFY(rec.heldSpans() <= o.spanBudget + kThreads * o.spanChunk);

        qint64 end = 0;
        for (const QList<StateSpan> &t : truth)
            end = std::max(end, t.constLast().startUs);
        const qint64 w = pyramidWidthUs(3);
        const qint64 to = (end / w + 1) * w;
        const RangeView v = queryMix(rec, 0, to, int(to / w));
        for (int i = 0; i < kThreads; ++i) {
            const LaneRecord &lane = v.lanes[ids[i]];
            QCOMPARE(lane.startUs, truth[i].first().startUs);
            QVERIFY(rec.threads()[ids[i]].spans.first().startUs > lane.startUs); // exact start given up
            const qint64 firstBucket = lane.startUs / w;
            QVERIFY(!lane.mix[firstBucket].isEmpty()); // the lane's start is drawn
            for (int b = 0; b < lane.mix.size(); ++b) {
                const StateMix want = truthOver(truth[i], v.bucketStart(b), v.bucketStart(b + 1), to);
                const qint64 tolerance = lane.resolutionUs <= w ? 0 : 2 * lane.resolutionUs;
                // Past the end the open Stopped span runs on to the query's time, not the test's.
                if (v.bucketStart(b + 1) <= truth[i].constLast().startUs)
                    QVERIFY2(near(lane.mix[b], want, tolerance),
                             qPrintable(QStringLiteral("%1 bucket %2:%3")
                                            .arg(lane.name)
                                            .arg(b)
                                            .arg(diff(lane.mix[b], want))));
            }
        }
    }

    void memoryStaysWithinTheBound_data()
    {
        QTest::addColumn<int>("changes");
        QTest::addRow("10k") << 10000;
        QTest::addRow("300k") << 300000;
    }
    void memoryStaysWithinTheBound()
    {
        QFETCH(int, changes);
        FakeClock clock;
        RecorderOptions o;
        o.spanBudget = 1024;
        o.spanChunk = 128;
        o.levelBuckets = 64;
        Recorder rec(clock.options(o));
        const int a = rec.registerThread(QStringLiteral("a"), ThreadRole::Reader);
        const int b = rec.registerThread(QStringLiteral("b"), ThreadRole::Reader);
        const int q = rec.registerQueue(QStringLiteral("q"), QStringLiteral("FIFOQueue"), 100, 0);
        for (int i = 0; i < changes; ++i) {
            clock.advance(37);
            rec.setState(i % 2 ? a : b, ThreadState(1 + i % 4));
            rec.queueChanged(q, i % 100, i, i / 2, false);
        }
        const qint64 now = clock.t->load();
        const RecordFootprint f = rec.footprint();
        QVERIFY2(f.spans <= o.spanBudget + 2 * o.spanChunk, qPrintable(QString::number(f.spans)));
        const qint64 top = pyramidWidthUs(kPyramidLevels - 1);
        const qint64 perPyramid = qint64(kPyramidLevels - 1) * (o.levelBuckets + 1) + now / top + 2;
        QVERIFY2(f.threadBuckets <= 2 * perPyramid, qPrintable(QString::number(f.threadBuckets)));
        QVERIFY2(f.queueBuckets <= perPyramid, qPrintable(QString::number(f.queueBuckets)));
        // Nothing forgotten: the first millisecond of both lanes and of the queue is still there.
        const RangeView v = queryMix(rec, 0, 1024, 1);
        // (from a coarser level, split in proportion: each state's share rounds to the µs)
        QVERIFY(std::abs(v.lanes[a].mix.first().total() - 1024) <= kThreadStateCount);
        QVERIFY(std::abs(v.lanes[b].mix.first().total() - 1024) <= kThreadStateCount);
        QVERIFY(!v.queues.first().buckets.first().isEmpty());
    }

    // The queue's buckets: min, max and time-weighted mean of the size over each bucket (the
    // changes fall on the 4096 µs buckets' edges, so the answer is exact).
    void queueSizesPerBucket()
    {
        FakeClock clock;
        Recorder rec(clock.options());
        const int q = rec.registerQueue(QStringLiteral("q"), QStringLiteral("FIFOQueue"), 10, 0);
        clock.set(1024);
        rec.queueChanged(q, 4, 4, 0, false); // 0 over [0, 1024)
        clock.set(3072);
        rec.queueChanged(q, 8, 8, 0, false); // 4 over [1024, 3072)
        clock.set(4096);
        rec.queueChanged(q, 2, 8, 6, false); // 8 over [3072, 4096), then 2 until now
        clock.set(8192);
        const RangeView v = queryMix(rec, 0, 8192, 2);
        const SizeStat first = v.queues.first().buckets[0];
        QCOMPARE(first.min, 0);
        QCOMPARE(first.max, 8);
        QCOMPARE(first.mean(), (4.0 * 2048 + 8.0 * 1024) / 4096);
        const SizeStat second = v.queues.first().buckets[1];
        QCOMPARE(second.min, 2);
        QCOMPARE(second.max, 2);
        QCOMPARE(second.mean(), 2.0);
    }

    // A real pipeline run: the whole run is in the record, each lane from its thread's start,
    // and the buckets agree with the exact spans the record also kept (the run fits the budget).
    void aRealRunIsRecordedWhole()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QStringList files = test::writeDemoFiles(dir.path(), QStringLiteral("rec"), 3, 60);
        auto p = Pipeline::create(test::smallConfig(files));
        QVERIFY2(p, qPrintable(p.status().toString()));
        Pipeline &run = **p;
        QVERIFY(run.start().isOk());
        QVERIFY(run.waitFinished(60s));
        const Recorder &rec = run.recorder();
        const QList<ThreadInfo> threads = rec.threads();
        const SnapshotPtr snap = run.snapshot();
        QVERIFY(snap->record);
        RangeRequest whole;
        whole.fromUs = 0;
        whole.toUs = snap->tUs;
        whole.buckets = 64;
        whole.exactLimit = 1 << 30;
        const RangeView exact = snap->record->query(whole);
        QCOMPARE(exact.lanes.size(), threads.size());
        for (const ThreadInfo &t : threads) {
            const LaneRecord &lane = exact.lanes[t.id];
            QVERIFY2(lane.exact, qPrintable(t.name));
            QCOMPARE(lane.spans.first().startUs, lane.startUs); // from its start
            QCOMPARE(lane.spans.size(), t.spans.size());
            for (int i = 0; i < t.spans.size(); ++i)
                QCOMPARE(lane.spans[i].startUs, t.spans[i].startUs);
        }
        const RangeView mixed = queryMix(rec, 0, snap->tUs, 64);
        for (const ThreadInfo &t : threads) {
            const LaneRecord &lane = mixed.lanes[t.id];
            for (int b = 0; b < 64; ++b) {
                const StateMix want =
                    truthOver(t.spans, mixed.bucketStart(b), mixed.bucketStart(b + 1), snap->tUs);
                // The open span ends at each query's own time: the last bucket is left out.
                if (b < 63)
                    QVERIFY2(near(lane.mix[b], want, 2 * std::max<qint64>(1, lane.resolutionUs)),
                             qPrintable(t.name + diff(lane.mix[b], want)));
            }
        }
        for (int i = 0; i < mixed.queues.size(); ++i) {
            int maxSeen = 0;
            for (const SizeStat &s : mixed.queues[i].buckets) {
                if (s.isEmpty())
                    continue;
                QVERIFY(s.min <= s.mean() + 1e-9 && s.mean() <= s.max + 1e-9);
                maxSeen = std::max(maxSeen, s.max);
            }
            for (const QueueSample &s : snap->queues[i].history)
                QVERIFY(s.size <= maxSeen);
            QVERIFY(maxSeen <= snap->queues[i].capacity);
        }
    }
};

QTEST_GUILESS_MAIN(TestRunRecord)
#include "tst_runrecord.moc"
