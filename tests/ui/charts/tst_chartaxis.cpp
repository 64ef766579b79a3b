#include "charts/chartaxis.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace qs;

class TestChartAxis : public QObject {
    Q_OBJECT
private slots:
    void fitPicksRoundSteps_data()
    {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<double>("headroom");
        QTest::addColumn<double>("step");
        QTest::addColumn<int>("decimals");
        QTest::addColumn<QList<double>>("ticks");
        QTest::addRow("0..10") << 0.0 << 10.0 << 0.05 << 2.0 << 0 << QList<double>{0, 2, 4, 6, 8, 10};
        QTest::addRow("accuracy 0..1, no headroom")
            << 0.0 << 1.0 << 0.0 << 0.2 << 1 << QList<double>{0, 0.2, 0.4, 0.6, 0.8, 1.0};
        QTest::addRow("percent") << 0.0 << 100.0 << 0.0 << 20.0 << 0 << QList<double>{0, 20, 40, 60, 80, 100};
        QTest::addRow("steps 1..1194") << 1.0 << 1194.0 << 0.05 << 500.0 << 0 << QList<double>{500, 1000};
        QTest::addRow("loss 0..2.3") << 0.0 << 2.3 << 0.05 << 0.5 << 1 << QList<double>{0, 0.5, 1, 1.5, 2};
        QTest::addRow("a narrow range")
            << 0.3 << 0.31 << 0.0 << 0.002 << 3 << QList<double>{0.3, 0.302, 0.304, 0.306, 0.308, 0.31};
        QTest::addRow("around zero") << -1.0 << 1.0 << 0.0 << 0.5 << 1 << QList<double>{-1, -0.5, 0, 0.5, 1};
        QTest::addRow("empty range") << 5.0 << 5.0 << 0.0 << 0.2 << 1
                                     << QList<double>{5, 5.2, 5.4, 5.6, 5.8, 6};
        QTest::addRow("reversed range")
            << 3.0 << 1.0 << 0.0 << 0.2 << 1 << QList<double>{3, 3.2, 3.4, 3.6, 3.8, 4};
    }
    void fitPicksRoundSteps()
    {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(double, headroom);
        QFETCH(double, step);
        QFETCH(int, decimals);
        QFETCH(QList<double>, ticks);
        const ChartAxis a = ChartAxis::fit(lo, hi, headroom);
        QCOMPARE(a.step, step);
        QCOMPARE(a.decimals, decimals);
        const QList<double> got = a.ticks();
        QCOMPARE(got.size(), ticks.size());
        for (qsizetype i = 0; i < got.size(); ++i)
            QVERIFY2(std::abs(got[i] - ticks[i]) < 1e-9, qPrintable(QString::number(got[i])));
        QVERIFY(a.lo <= got.constFirst() && got.constLast() <= a.hi + 1e-9);
    }

    void headroomIsAShareOfTheRange()
    {
        const ChartAxis a = ChartAxis::fit(10, 30, 0.05);
        QCOMPARE(a.lo, 10.0);
        QCOMPARE(a.hi, 31.0);
    }

    void labelsCarryTheStepsDecimals_data()
    {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("label");
        QTest::addRow("whole") << 0.0 << 10.0 << 4.0 << "4";
        QTest::addRow("tenths") << 0.0 << 1.0 << 0.4 << "0.4";
        QTest::addRow("thousandths") << 0.3 << 0.31 << 0.304 << "0.304";
        QTest::addRow("zero never signed") << -1.0 << 1.0 << -0.0 << "0.0";
    }
    void labelsCarryTheStepsDecimals()
    {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(double, value);
        QFETCH(QString, label);
        const ChartAxis a = ChartAxis::fit(lo, hi, 0);
        const QList<double> ticks = a.ticks();
        // A tick computed near zero is exactly 0, so its label has no sign.
        for (double t : ticks)
            if (std::abs(t - value) < 1e-9)
                value = t;
        QCOMPARE(a.label(value), label);
    }

    void mapIsLinearEitherWayRound()
    {
        const ChartAxis a = ChartAxis::fit(0, 100, 0);
        QCOMPARE(a.map(0, 10, 110), 10.0);
        QCOMPARE(a.map(100, 10, 110), 110.0);
        QCOMPARE(a.map(25, 10, 110), 35.0);
        QCOMPARE(a.map(0, 200, 100), 200.0); // y grows downwards on screen
        QCOMPARE(a.map(100, 200, 100), 100.0);
    }

    void oddInputsStayFinite()
    {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const double inf = std::numeric_limits<double>::infinity();
        for (const auto &[lo, hi] : {std::pair{nan, 1.0}, std::pair{0.0, nan}, std::pair{0.0, inf}}) {
            const ChartAxis a = ChartAxis::fit(lo, hi);
            QVERIFY(std::isfinite(a.lo) && std::isfinite(a.hi) && a.hi > a.lo);
            QVERIFY(a.step > 0);
            QVERIFY(!a.ticks().isEmpty());
        }
        ChartAxis dense; // a hand-made axis with far too many steps is cut at 100 ticks
        dense.lo = 0;
        dense.hi = 1e9;
        dense.step = 1;
        QCOMPARE(dense.ticks().size(), 100);
    }

    void ticksThinOutWhenLabelsWouldTouch_data()
    {
        QTest::addColumn<double>("pxPerUnit");
        QTest::addColumn<int>("labelPx");
        QTest::addColumn<QList<double>>("shown");
        // 0..10 in steps of 2 (six ticks).
        QTest::addRow("room for all") << 30.0 << 40 << QList<double>{0, 2, 4, 6, 8, 10};
        QTest::addRow("exactly room for all") << 20.0 << 40 << QList<double>{0, 2, 4, 6, 8, 10};
        QTest::addRow("every second") << 15.0 << 40 << QList<double>{0, 4, 8};
        QTest::addRow("every fifth") << 5.0 << 40 << QList<double>{0, 10};
        QTest::addRow("no room at all") << 0.1 << 40 << QList<double>{0};
    }
    void ticksThinOutWhenLabelsWouldTouch()
    {
        QFETCH(double, pxPerUnit);
        QFETCH(int, labelPx);
        QFETCH(QList<double>, shown);
        QCOMPARE(ChartAxis::fit(0, 10, 0).ticksFitting(pxPerUnit, labelPx), shown);
    }
};

QTEST_GUILESS_MAIN(TestChartAxis)
#include "tst_chartaxis.moc"
