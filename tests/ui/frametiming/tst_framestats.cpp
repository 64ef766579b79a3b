#include "frametiming/framelog.h"
#include "frametiming/framemeter.h"
#include "frametiming/framestats.h"

#include <QTest>

using namespace qs;

namespace {

FrameTime frame(double snapshot, double update, double paint, double cpu = -1)
{
    FrameTime f;
    f.snapshotMs = snapshot;
    f.updateMs = update;
    f.paintMs = paint;
    f.cpuMs = cpu;
    return f;
}

QList<double> range(int from, int to) // from..to, inclusive
{
    QList<double> v;
    for (int i = from; i <= to; ++i)
        v.append(i);
    return v;
}

} // namespace

class TestFrameStats : public QObject {
    Q_OBJECT
private slots:
    void percentileIsNearestRank_data()
    {
        QTest::addColumn<QList<double>>("values");
        QTest::addColumn<double>("p");
        QTest::addColumn<double>("expected");
        QTest::addRow("empty") << QList<double>{} << 50.0 << 0.0;
        QTest::addRow("one value, median") << QList<double>{7.5} << 50.0 << 7.5;
        QTest::addRow("one value, p95") << QList<double>{7.5} << 95.0 << 7.5;
        QTest::addRow("two values, median is the lower") << QList<double>{4, 2} << 50.0 << 2.0;
        QTest::addRow("1..20, median") << range(1, 20) << 50.0 << 10.0;
        QTest::addRow("1..20, p95 is the 19th") << range(1, 20) << 95.0 << 19.0;
        QTest::addRow("1..20, p100 is the max") << range(1, 20) << 100.0 << 20.0;
        QTest::addRow("1..20, p5 is the min") << range(1, 20) << 5.0 << 1.0;
        QTest::addRow("1..100, p95") << range(1, 100) << 95.0 << 95.0;
        QTest::addRow("1..300, p95") << range(1, 300) << 95.0 << 285.0;
        QTest::addRow("1..10, p95 rounds the rank up") << range(1, 10) << 95.0 << 10.0;
        QTest::addRow("unsorted") << QList<double>{9, 1, 5, 3, 7} << 50.0 << 5.0;
        QTest::addRow("ties") << QList<double>{2, 2, 2, 9} << 50.0 << 2.0;
        QTest::addRow("one outlier in twenty stays out of p95")
            << QList<double>{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 40} << 95.0 << 1.0;
        QTest::addRow("two outliers in twenty reach p95")
            << QList<double>{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 40, 40} << 95.0 << 40.0;
    }
    void percentileIsNearestRank()
    {
        QFETCH(QList<double>, values);
        QFETCH(double, p);
        QFETCH(double, expected);
        QCOMPARE(FrameStats::percentile(values, p), expected);
    }

    void figuresPerPartAndTotal()
    {
        FrameStats stats(300);
        for (int i = 20; i >= 1; --i) // in no particular order: the figures must not care
            stats.add(frame(i, 2.0 * i, 3.0 * i));
        QCOMPARE(stats.size(), 20);
        QCOMPARE(stats.added(), qint64(20));

        const FrameStats::Figures snap = stats.figures(FrameStats::Snapshot);
        QCOMPARE(snap.mean, 10.5);
        QCOMPARE(snap.p50, 10.0);
        QCOMPARE(snap.p95, 19.0);
        QCOMPARE(snap.max, 20.0);
        const FrameStats::Figures update = stats.figures(FrameStats::Update);
        QCOMPARE(update.p50, 20.0);
        QCOMPARE(update.max, 40.0);
        const FrameStats::Figures paint = stats.figures(FrameStats::Paint);
        QCOMPARE(paint.mean, 31.5);
        QCOMPARE(paint.p95, 57.0);
        const FrameStats::Figures total = stats.figures(FrameStats::Total);
        QCOMPARE(total.mean, 63.0);
        QCOMPARE(total.p50, 60.0);
        QCOMPARE(total.p95, 114.0);
        QCOMPARE(total.max, 120.0);
    }

    // The frame's percentile is taken over each frame's total, not added up from the parts'.
    void totalIsPerFrame()
    {
        FrameStats stats(100);
        for (int i = 0; i < 50; ++i) {
            stats.add(frame(10, 0, 0));
            stats.add(frame(0, 0, 10));
        }
        QCOMPARE(stats.figures(FrameStats::Snapshot).p95, 10.0);
        QCOMPARE(stats.figures(FrameStats::Paint).p95, 10.0);
        QCOMPARE(stats.figures(FrameStats::Total).p95, 10.0);
        QCOMPARE(stats.figures(FrameStats::Total).max, 10.0);
    }

    void rollingWindowKeepsTheLatest_data()
    {
        QTest::addColumn<int>("capacity");
        QTest::addColumn<int>("frames");
        QTest::addRow("not yet full") << 5 << 3;
        QTest::addRow("exactly full") << 5 << 5;
        QTest::addRow("wrapped once and a bit") << 5 << 12;
        QTest::addRow("wrapped many times") << 300 << 1000;
        QTest::addRow("capacity one") << 1 << 4;
    }
    void rollingWindowKeepsTheLatest()
    {
        QFETCH(int, capacity);
        QFETCH(int, frames);
        FrameStats stats(capacity);
        for (int i = 1; i <= frames; ++i)
            stats.add(frame(i, 0, 0));
        const int kept = std::min(capacity, frames);
        QCOMPARE(stats.size(), kept);
        QCOMPARE(stats.added(), qint64(frames));
        QCOMPARE(stats.values(FrameStats::Snapshot), range(frames - kept + 1, frames)); // oldest first
        QCOMPARE(stats.latest().snapshotMs, double(frames));
        const FrameStats::Figures f = stats.figures(FrameStats::Snapshot);
        QCOMPARE(f.max, double(frames));
        QCOMPARE(f.mean, (frames + (frames - kept + 1)) / 2.0);
        QCOMPARE(f.p50, FrameStats::percentile(range(frames - kept + 1, frames), 50));
    }

    void emptyAndCleared()
    {
        FrameStats stats(0); // at least one
        QCOMPARE(stats.capacity(), 1);
        QVERIFY(stats.isEmpty());
        QCOMPARE(stats.figures(FrameStats::Total).max, 0.0);
        QCOMPARE(stats.latest().totalMs(), 0.0);
        stats.add(frame(1, 2, 3));
        QCOMPARE(stats.latest().totalMs(), 6.0);
        stats.clear();
        QVERIFY(stats.isEmpty());
        QCOMPARE(stats.added(), qint64(0));
        QCOMPARE(stats.figures(FrameStats::Paint).mean, 0.0);
    }

    // The CPU time is a figure of the frames that have one; it is not part of the total.
    void cpuTimeWhereKnown()
    {
        FrameStats stats;
        stats.add(frame(1, 1, 1));
        QVERIFY(stats.values(FrameStats::Cpu).isEmpty());
        QCOMPARE(stats.figures(FrameStats::Cpu).max, 0.0);
        QVERIFY(!stats.summaryLine().contains(QStringLiteral("cpu")));
        stats.add(frame(1, 1, 4, 2));
        stats.add(frame(1, 1, 1, 1));
        QCOMPARE(stats.values(FrameStats::Cpu), (QList<double>{2, 1}));
        QCOMPARE(stats.figures(FrameStats::Cpu).mean, 1.5);
        QCOMPARE(stats.figures(FrameStats::Cpu).max, 2.0);
        QCOMPARE(stats.figures(FrameStats::Total).max, 6.0);
        QVERIFY2(stats.summaryLine().endsWith(QStringLiteral(" · cpu mean 1.50 p50 1.00 p95 2.00 max 2.00")),
                 qPrintable(stats.summaryLine()));
    }

    void summaryLineNamesEveryPart()
    {
        FrameStats stats;
        stats.add(frame(0.5, 1.5, 12));
        const QString line = stats.summaryLine();
        QVERIFY2(line.startsWith(QStringLiteral("total mean 14.0 p50 14.0 p95 14.0 max 14.0 ms")),
                 qPrintable(line));
        QVERIFY2(line.contains(QStringLiteral("snapshot mean 0.50 p50 0.50 p95 0.50 max 0.50")),
                 qPrintable(line));
        QVERIFY2(line.contains(QStringLiteral("update mean 1.50")), qPrintable(line));
        QVERIFY2(line.contains(QStringLiteral("paint mean 12.0 p50 12.0")), qPrintable(line));
    }

    // The log's lines from frames the meter reports; it holds the meter only while it lives.
    void logWritesIntervalAndSessionLines()
    {
        FrameMeter meter;
        QStringList lines;
        {
            FrameLog log(
                &meter, [&lines](const QString &l) { lines << l; }, 3'600'000);
            QVERIFY(meter.isActive());
            emit meter.frameMeasured(frame(1, 1, 1));
            emit meter.frameMeasured(frame(1, 1, 5));
            log.writeInterval();
            QCOMPARE(lines.size(), 1);
            QVERIFY2(lines[0].startsWith(QStringLiteral("frame stats: 2 frames in ")), qPrintable(lines[0]));
            QVERIFY2(lines[0].contains(QStringLiteral("total mean 5.00 p50 3.00 p95 7.00 max 7.00 ms")),
                     qPrintable(lines[0]));
            log.writeInterval(); // nothing since the last line
            QVERIFY2(lines[1].contains(QStringLiteral("0 frames")), qPrintable(lines[1]));
            QVERIFY2(lines[1].contains(QStringLiteral("nothing new")), qPrintable(lines[1]));
            emit meter.frameMeasured(frame(2, 2, 2));
            log.finish();
            QVERIFY(!meter.isActive());
            QCOMPARE(lines.size(), 3);
            QVERIFY2(lines[2].startsWith(QStringLiteral("frame stats (session): 3 frames in ")),
                     qPrintable(lines[2]));
            QVERIFY2(lines[2].contains(QStringLiteral("max 7.00 ms")), qPrintable(lines[2]));
            log.writeInterval(); // finished: quiet
        }
        QCOMPARE(lines.size(), 3); // the destructor does not repeat the session line
    }
};

QTEST_GUILESS_MAIN(TestFrameStats)
#include "tst_framestats.moc"
