#include "timeline/timeaxis.h"

#include <QTest>

#include <cmath>

using namespace qs;

class TestTimeAxis : public QObject {
    Q_OBJECT
private slots:
    void mapping_data()
    {
        QTest::addColumn<qint64>("start");
        QTest::addColumn<qint64>("end");
        QTest::addColumn<int>("x0");
        QTest::addColumn<int>("width");
        QTest::addColumn<qint64>("us");
        QTest::addColumn<double>("x");
        QTest::addRow("start maps to x0") << qint64(0) << qint64(1000) << 100 << 500 << qint64(0) << 100.0;
        QTest::addRow("end maps to right edge")
            << qint64(0) << qint64(1000) << 100 << 500 << qint64(1000) << 600.0;
        QTest::addRow("middle") << qint64(0) << qint64(1000) << 0 << 500 << qint64(500) << 250.0;
        QTest::addRow("before start is left of x0")
            << qint64(1000) << qint64(2000) << 10 << 100 << qint64(0) << -90.0;
        QTest::addRow("after end") << qint64(0) << qint64(100) << 0 << 100 << qint64(150) << 150.0;
        QTest::addRow("negative start") << qint64(-500) << qint64(500) << 0 << 1000 << qint64(0) << 500.0;
        QTest::addRow("seconds on a wide axis")
            << qint64(10'000'000) << qint64(20'000'000) << 200 << 1000 << qint64(12'500'000) << 450.0;
    }
    void mapping()
    {
        QFETCH(qint64, start);
        QFETCH(qint64, end);
        QFETCH(int, x0);
        QFETCH(int, width);
        QFETCH(qint64, us);
        QFETCH(double, x);
        const TimeAxis axis{start, end, x0, width};
        QCOMPARE(axis.x(us), x);
        QCOMPARE(axis.us(x), us);
    }
    void emptySpanIsSafe()
    {
        const TimeAxis axis{5, 5, 0, 100};
        QCOMPARE(axis.pxPerUs(), 0.0);
        QCOMPARE(axis.us(50), qint64(5));
        TimeAxis copy = axis;
        copy.pan(10);
        copy.zoomAround(10, 2);
        QCOMPARE(copy, axis);
    }
    void zoomAround_data()
    {
        QTest::addColumn<double>("px");
        QTest::addColumn<double>("factor");
        QTest::addColumn<qint64>("span");
        QTest::addRow("in at the centre") << 500.0 << 2.0 << qint64(5'000'000);
        QTest::addRow("in at the left edge") << 0.0 << 4.0 << qint64(2'500'000);
        QTest::addRow("out at the right edge") << 1000.0 << 0.5 << qint64(20'000'000);
        QTest::addRow("in past the minimum clamps") << 300.0 << 1e9 << TimeAxis::kMinSpanUs;
        QTest::addRow("out past the maximum clamps") << 300.0 << 1e-9 << TimeAxis::kMaxSpanUs;
    }
    void zoomAround()
    {
        QFETCH(double, px);
        QFETCH(double, factor);
        QFETCH(qint64, span);
        TimeAxis axis{0, 10'000'000, 0, 1000};
        const qint64 anchor = axis.us(px);
        axis.zoomAround(px, factor);
        QCOMPARE(axis.spanUs(), span);
        QVERIFY2(std::abs(axis.us(px) - anchor) <= std::max<qint64>(1, span / 1000),
                 qPrintable(QStringLiteral("anchor moved from %1 to %2").arg(anchor).arg(axis.us(px))));
    }
    void pan_data()
    {
        QTest::addColumn<double>("dx");
        QTest::addColumn<qint64>("start");
        QTest::addRow("drag right shows earlier time") << 100.0 << qint64(-1'000'000);
        QTest::addRow("drag left shows later time") << -250.0 << qint64(2'500'000);
        QTest::addRow("no drag") << 0.0 << qint64(0);
    }
    void pan()
    {
        QFETCH(double, dx);
        QFETCH(qint64, start);
        TimeAxis axis{0, 10'000'000, 50, 1000};
        axis.pan(dx);
        QCOMPARE(axis.startUs, start);
        QCOMPARE(axis.spanUs(), qint64(10'000'000));
    }
    void followKeepsSpan()
    {
        TimeAxis axis{0, 3'000'000, 0, 300};
        axis.follow(17'000'000);
        QCOMPARE(axis.endUs, qint64(17'000'000));
        QCOMPARE(axis.startUs, qint64(14'000'000));
    }
    void followColumnsMovesInWholePixels()
    {
        // 10 s on 1502 px is 6657.8 µs a pixel: 6658 µs, so the span becomes 6658 × 1502 µs.
        TimeAxis axis{0, 10'000'000, 130, 1502};
        QCOMPARE(axis.columnUs(), qint64(0)); // not in whole pixels yet
        axis.followColumns(3'000'000);        // early in the run: the span from 0
        QCOMPARE(axis.startUs, qint64(0));
        QCOMPARE(axis.spanUs(), qint64(6658) * 1502);
        QCOMPARE(axis.columnUs(), qint64(6658));
        for (qint64 now : {qint64(17'000'000), qint64(17'000'001), qint64(6658) * 4000}) {
            axis.followColumns(now);
            QCOMPARE(axis.spanUs(), qint64(6658) * 1502); // the span stays
            QVERIFY(axis.endUs >= now && axis.endUs - now < 6658);
            QCOMPARE(axis.endUs % 6658, qint64(0));
            QCOMPARE(axis.columnUs(), qint64(6658));
            // Each pixel's edge maps to a whole number: marks laid out at different frames meet.
            for (qint64 column = 0; column <= 1502; ++column)
                QCOMPARE(axis.x(axis.startUs + column * 6658), double(130 + column));
            QCOMPARE(std::floor(axis.x(axis.startUs + 5 * 6658 - 1)), 130.0 + 4);
        }
        axis.startUs += 1; // a span that is not a whole number of pixels
        QCOMPARE(axis.columnUs(), qint64(0));
    }
    void fitHasAMinimumSpan()
    {
        TimeAxis axis;
        axis.fit(1000, 1000);
        QCOMPARE(axis.startUs, qint64(1000));
        QCOMPARE(axis.spanUs(), TimeAxis::kMinSpanUs);
        axis.fit(0, 9'000'000);
        QCOMPARE(axis.spanUs(), qint64(9'000'000));
    }
    void visibility_data()
    {
        QTest::addColumn<qint64>("from");
        QTest::addColumn<qint64>("to");
        QTest::addColumn<bool>("visible");
        QTest::addRow("inside") << qint64(200) << qint64(300) << true;
        QTest::addRow("overlaps the start") << qint64(0) << qint64(150) << true;
        QTest::addRow("entirely before") << qint64(0) << qint64(99) << false;
        QTest::addRow("entirely after") << qint64(1001) << qint64(2000) << false;
        QTest::addRow("covers it") << qint64(0) << qint64(5000) << true;
    }
    void visibility()
    {
        QFETCH(qint64, from);
        QFETCH(qint64, to);
        QFETCH(bool, visible);
        const TimeAxis axis{100, 1000, 0, 100};
        QCOMPARE(axis.isVisible(from, to), visible);
    }
};

QTEST_GUILESS_MAIN(TestTimeAxis)
#include "tst_timeaxis.moc"
