#include "observe/metricseries.h"

#include <QTest>

#include <thread>

using namespace qs;

namespace {

MetricPoint pointAt(qint64 step, bool evaluated = false)
{
    return MetricPoint{step, step * 10, 1.0 / double(1 + step), 0.5, evaluated ? 0.9 : -1.0, 100};
}

// What a lane must hold after `n` points numbered 0..n-1: groups of stride() steps, each kept
// point the newest of its group, the newest step last, and no more thinning than needed.
void checkThinned(const MetricLane &lane, qint64 n)
{
    QVERIFY(lane.size() <= lane.capacity());
    if (n == 0) {
        QVERIFY(lane.isEmpty());
        return;
    }
    const qint64 stride = lane.stride();
    QVERIFY(stride > 0 && (stride & (stride - 1)) == 0);
    QCOMPARE(lane.constLast().step, n - 1);
    QVERIFY(stride * lane.size() >= n);
    QVERIFY(stride * (lane.size() - 1) < n);
    if (stride > 1)
        QVERIFY2(2 * lane.size() > lane.capacity(), "thinned further than the capacity needs");
    for (int i = 0; i + 1 < lane.size(); ++i)
        QCOMPARE(lane.at(i).step, (i + 1) * stride - 1);
    qint64 previous = -1;
    int seen = 0;
    for (const MetricPoint &m : lane) { // the iterator walks the same points in order
        QVERIFY(m.step > previous);
        previous = m.step;
        ++seen;
    }
    QCOMPARE(seen, lane.size());
}

} // namespace

// The training metrics of a whole run, thinned within a bound and shared between snapshots.
class TestMetricSeries : public QObject {
    Q_OBJECT
private slots:
    void thinsEvenlyOverTheWholeRun_data()
    {
        QTest::addColumn<int>("capacity");
        QTest::addColumn<int>("points");
        QTest::addRow("empty") << 16 << 0;
        QTest::addRow("one point") << 16 << 1;
        QTest::addRow("exactly full") << 16 << 16;
        QTest::addRow("one past full") << 16 << 17;
        QTest::addRow("capacity two") << 2 << 1001;
        QTest::addRow("odd capacity") << 7 << 1000;
        QTest::addRow("across chunks, unthinned") << 4096 << 3000;
        QTest::addRow("across chunks, thinned many times") << 1000 << 300'001;
        QTest::addRow("an hour at 350 steps a second") << (1 << 15) << 1'260'000;
    }
    void thinsEvenlyOverTheWholeRun()
    {
        QFETCH(int, capacity);
        QFETCH(int, points);
        MetricLane lane(capacity);
        for (int i = 0; i < points; ++i) {
            lane.append(pointAt(i));
            if (i % 997 == 0 || i < 40) // the invariants hold at every size, not only at the end
                checkThinned(lane, i + 1);
        }
        checkThinned(lane, points);
        if (points <= capacity)
            QCOMPARE(lane.stride(), qint64(1)); // nothing thinned while there is room
        QVERIFY(lane.allocatedBytes() <= qint64(capacity + MetricLane::kChunk) * qint64(sizeof(MetricPoint)));
    }

    // A copy shares every full chunk: a snapshot costs no copy of the history, and the owner's
    // later appends (and thinning) never show through it.
    void copiesShareStorageAndStayAsTheyWere()
    {
        MetricLane lane(20000);
        for (int i = 0; i < 10'000; ++i)
            lane.append(pointAt(i));
        const MetricLane copy = lane;
        for (int i = 0; i < 10'000 - MetricLane::kChunk; i += 100)
            QCOMPARE(&copy.at(i), &lane.at(i));
        for (int i = 10'000; i < 40'000; ++i)
            lane.append(pointAt(i));
        QCOMPARE(copy.size(), 10'000);
        QCOMPARE(copy.stride(), qint64(1));
        for (int i = 0; i < copy.size(); ++i)
            QCOMPARE(copy.at(i).step, qint64(i));
        checkThinned(lane, 40'000);
        QVERIFY(lane.stride() > 1);
    }

    // A snapshot taken on one thread is read on another while its owner goes on appending.
    void copiesAreReadableWhileTheOwnerAppends()
    {
        MetricLane lane(2000);
        std::mutex mu;
        std::atomic<bool> done = false;
        std::thread reader([&] {
            while (!done.load()) {
                MetricLane copy;
                {
                    std::lock_guard lock(mu);
                    copy = lane;
                }
                qint64 previous = -1;
                for (const MetricPoint &m : copy) {
                    if (m.step <= previous)
                        qFatal("a copy's points went out of order");
                    previous = m.step;
                }
            }
        });
        for (int i = 0; i < 200'000; ++i) {
            std::lock_guard lock(mu);
            lane.append(pointAt(i));
        }
        done = true;
        reader.join();
        checkThinned(lane, 200'000);
    }

    // Thinning the steps never drops an evaluation while the evaluations' lane has room.
    void evaluationsAreKeptApart()
    {
        MetricSeries series(64, 256);
        for (int i = 0; i < 20'000; ++i)
            series.append(pointAt(i, i % 100 == 0));
        QVERIFY(series.size() <= 64);
        QCOMPARE(series.constLast().step, qint64(19'999));
        QCOMPARE(series.evaluations().size(), 200);
        QCOMPARE(series.evaluations().stride(), qint64(1));
        for (int i = 0; i < 200; ++i)
            QCOMPARE(series.evaluations().at(i).step, qint64(i) * 100);
        // Past their own capacity the evaluations thin the same way.
        MetricSeries few(64, 16);
        for (int i = 0; i < 20'000; ++i)
            few.append(pointAt(i, i % 100 == 0));
        QVERIFY(few.evaluations().size() <= 16);
        QCOMPARE(few.evaluations().constLast().step, qint64(19'900));
    }

    // The series as it stood at t: exactly the kept points at or before t, wherever t cuts the
    // chunks, and a cut series can be appended to.
    void untilCutsAtAnInstant_data()
    {
        QTest::addColumn<qint64>("tUs");
        QTest::addRow("before the first") << qint64(-1);
        QTest::addRow("the first") << qint64(0);
        QTest::addRow("inside the first chunk") << qint64(1234);
        QTest::addRow("the last of a chunk") << qint64((MetricLane::kChunk - 1) * 10);
        QTest::addRow("the first of a chunk") << qint64(MetricLane::kChunk * 10);
        QTest::addRow("just before the end of two chunks") << qint64(2 * MetricLane::kChunk * 10 - 1);
        QTest::addRow("inside the tail") << qint64(4800 * 10 + 5);
        QTest::addRow("the newest") << qint64(4999 * 10);
        QTest::addRow("after the newest") << qint64(1'000'000);
    }
    void untilCutsAtAnInstant()
    {
        QFETCH(qint64, tUs);
        MetricSeries series(1 << 15, 1 << 12);
        for (int i = 0; i < 5000; ++i)
            series.append(pointAt(i, i % 7 == 0));
        MetricSeries cut = series.until(tUs);
        int expected = 0, expectedEvals = 0;
        for (const MetricPoint &m : series)
            expected += m.tUs <= tUs;
        for (const MetricPoint &m : series.evaluations())
            expectedEvals += m.tUs <= tUs;
        QCOMPARE(cut.size(), expected);
        QCOMPARE(cut.evaluations().size(), expectedEvals);
        for (int i = 0; i < cut.size(); ++i)
            QCOMPARE(cut.steps().at(i).step, series.steps().at(i).step);
        if (cut.size() > MetricLane::kChunk) // full chunks are shared, not copied
            QCOMPARE(&cut.steps().at(0), &series.steps().at(0));
        cut.append(pointAt(100'000));
        QCOMPARE(cut.size(), expected + 1);
        QCOMPARE(cut.constLast().step, qint64(100'000));
        QCOMPARE(series.size(), 5000); // the cut's append leaves the series alone
        QCOMPARE(series.constLast().step, qint64(4999));
    }
};

QTEST_MAIN(TestMetricSeries)
#include "tst_metricseries.moc"
