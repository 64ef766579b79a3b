#include "observe/boundedring.h"
#include "observe/ratewindow.h"

#include <QList>
#include <QTest>

using namespace qs;

// The two small containers behind Recorder: the overwrite-oldest ring and the rate buckets.
class TestBoundedRing : public QObject {
    Q_OBJECT
private slots:
    void keepsTheNewest_data()
    {
        QTest::addColumn<int>("capacity");
        QTest::addColumn<int>("pushed");
        QTest::addRow("empty") << 4 << 0;
        QTest::addRow("partly filled") << 4 << 3;
        QTest::addRow("exactly full") << 4 << 4;
        QTest::addRow("wrapped once") << 4 << 6;
        QTest::addRow("wrapped many times") << 5 << 1003;
        QTest::addRow("capacity one") << 1 << 10;
        QTest::addRow("zero capacity acts as one") << 0 << 3;
        QTest::addRow("large, not multiple of growth") << 20000 << 25001;
    }
    void keepsTheNewest()
    {
        QFETCH(int, capacity);
        QFETCH(int, pushed);
        BoundedRing<int> ring(capacity);
        for (int i = 0; i < pushed; ++i) {
            ring.push(i);
            QVERIFY(ring.size() <= ring.capacity());
            QVERIFY(ring.allocated() <= ring.capacity()); // storage never exceeds the bound
        }
        const int expected = std::min(pushed, std::max(1, capacity));
        QCOMPARE(ring.size(), expected);
        QList<int> items;
        ring.appendTo(&items);
        QCOMPARE(items.size(), expected);
        for (int i = 0; i < expected; ++i)
            QCOMPARE(items[i], pushed - expected + i);
        if (expected > 0)
            QCOMPARE(ring.newest(), pushed - 1);
        QList<int> tail;
        ring.appendTo(&tail, expected - 2);
        QCOMPARE(tail.size(), std::min(expected, 2));
    }

    void allocatesLazily()
    {
        BoundedRing<int> ring(100000);
        QCOMPARE(ring.allocated(), 0);
        ring.push(1);
        QVERIFY(ring.allocated() <= 16);
    }

    void rates_data()
    {
        QTest::addColumn<qint64>("periodUs"); // one add(1, 2) per period from t = period
        QTest::addColumn<qint64>("untilUs");
        QTest::addColumn<qint64>("nowUs");
        QTest::addColumn<qint64>("sinceUs");
        QTest::addColumn<double>("rateA");
        QTest::addRow("steady 1 kHz")
            << qint64(1000) << qint64(5000000) << qint64(5000000) << qint64(0) << 1000.0;
        QTest::addRow("steady 50 Hz")
            << qint64(20000) << qint64(3000000) << qint64(3000000) << qint64(0) << 50.0;
        QTest::addRow("young run") << qint64(1000) << qint64(400000) << qint64(400000) << qint64(0) << 1000.0;
        QTest::addRow("stopped half a second ago")
            << qint64(1000) << qint64(5000000) << qint64(5500000) << qint64(0) << 500.0;
        QTest::addRow("idle for long")
            << qint64(1000) << qint64(5000000) << qint64(60000000) << qint64(0) << 0.0;
        QTest::addRow("registered late")
            << qint64(1000) << qint64(2300000) << qint64(2300000) << qint64(2000000) << 1000.0;
    }
    void rates()
    {
        QFETCH(qint64, periodUs);
        QFETCH(qint64, untilUs);
        QFETCH(qint64, nowUs);
        QFETCH(qint64, sinceUs);
        QFETCH(double, rateA);
        RateWindow w;
        for (qint64 t = std::max(periodUs, sinceUs + periodUs); t <= untilUs; t += periodUs)
            w.add(t, 1, 2);
        const auto [a, b] = w.perSec(nowUs, sinceUs);
        QVERIFY2(qAbs(a - rateA) <= rateA * 0.05 + 1e-9,
                 qPrintable(QStringLiteral("%1 vs %2").arg(a).arg(rateA)));
        QVERIFY2(qAbs(b - 2 * a) < 1e-6, qPrintable(QString::number(b)));
    }
};

QTEST_GUILESS_MAIN(TestBoundedRing)
#include "tst_boundedring.moc"
