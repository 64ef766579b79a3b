#include "charts/metricscharts.h"
#include "charts/queuechart.h"
#include "charts/seriesdecimation.h"

#include <QTest>

#include <cmath>

using namespace qs;

namespace {

QList<QPointF> ramp(int n, double (*f)(int))
{
    QList<QPointF> points;
    for (int i = 0; i < n; ++i)
        points.append(QPointF(i, f(i)));
    return points;
}

} // namespace

class TestSeriesDecimation : public QObject {
    Q_OBJECT
private slots:
    void shortSeriesComeBackAsTheyAre_data()
    {
        QTest::addColumn<int>("points");
        QTest::addColumn<int>("buckets");
        QTest::addRow("empty") << 0 << 10;
        QTest::addRow("one") << 1 << 10;
        QTest::addRow("exactly twice the buckets") << 20 << 10;
        QTest::addRow("no buckets") << 500 << 0;
    }
    void shortSeriesComeBackAsTheyAre()
    {
        QFETCH(int, points);
        QFETCH(int, buckets);
        const QList<QPointF> in = ramp(points, [](int i) { return double(i % 7); });
        QCOMPARE(decimateMinMax(in, buckets), in);
    }

    void longSeriesKeepEndsAndExtremes_data()
    {
        QTest::addColumn<int>("points");
        QTest::addColumn<int>("buckets");
        QTest::addRow("20000 into 300") << 20000 << 300;
        QTest::addRow("1000 into 64") << 1000 << 64;
        QTest::addRow("41 into 20") << 41 << 20;
    }
    void longSeriesKeepEndsAndExtremes()
    {
        QFETCH(int, points);
        QFETCH(int, buckets);
        QList<QPointF> in = ramp(points, [](int i) { return std::sin(i * 0.05); });
        in[points / 3].setY(50);  // a spike ...
        in[points / 2].setY(-40); // ... and a dip that must survive
        const QList<QPointF> out = decimateMinMax(in, buckets);
        QVERIFY(out.size() <= 2 * buckets + 2);
        QCOMPARE(out.constFirst(), in.constFirst());
        QCOMPARE(out.constLast(), in.constLast());
        QVERIFY(out.contains(in[points / 3]));
        QVERIFY(out.contains(in[points / 2]));
        for (int i = 1; i < out.size(); ++i)
            QVERIFY(out[i - 1].x() < out[i].x()); // still a function of x, in order
        for (const QPointF &p : out)
            QVERIFY(in.contains(p)); // only points that were there
    }

    void flatX()
    {
        const QList<QPointF> in(100, QPointF(3, 1));
        QCOMPARE(decimateMinMax(in, 10).size(), 2);
    }

    // A long run's history is drawn thinned, whatever its length.
    void chartsThinLongHistories()
    {
        Snapshot s;
        for (int i = 0; i < 20000; ++i)
            s.metrics.append(
                {i, qint64(i) * 1000, 1.0 / (1 + i), 0.5, i % 100 == 0 ? 0.7 : -1.0, 100.0 + i % 50});
        QueueInfo q;
        q.name = QStringLiteral("examples");
        q.capacity = 100;
        for (int i = 0; i < 4096; ++i)
            q.history.append({qint64(i) * 1000, i % 100});
        s.queues = {q};
        s.tUs = 20'000'000;
        MetricsCharts metrics;
        metrics.resize(800, 300);
        metrics.setSnapshot(s);
        QVERIFY(metrics.lossPoints() >= 64);
        QVERIFY2(metrics.lossPoints() <= 2 * 400 + 2, qPrintable(QString::number(metrics.lossPoints())));
        QCOMPARE(metrics.evalPoints(), 200); // fewer than the buckets hold: all of them
        QueueChart queues;
        queues.resize(600, 300);
        queues.setSnapshot(s);
        QVERIFY(queues.pointCount(0) >= 64);
        QVERIFY(queues.pointCount(0) <= 2 * 300 + 2);
    }
};

QTEST_MAIN(TestSeriesDecimation)
#include "tst_seriesdecimation.moc"
