#include "charts/linechart.h"
#include "imagecheck.h"

#include <QTest>

using namespace qs;

namespace {

const QColor kRed(255, 0, 0);

// Pixels of (nearly) the series' own colour inside and outside a rectangle.
std::pair<int, int> redPixels(const QImage &image, const QRect &inside)
{
    int in = 0, out = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (c.red() > 200 && c.green() < 60 && c.blue() < 60)
                ++(inside.contains(x, y) ? in : out);
        }
    return {in, out};
}

} // namespace

class TestLineChart : public QObject {
    Q_OBJECT
private slots:
    void seriesAreKeptByIndex()
    {
        LineChart chart;
        QCOMPARE(chart.seriesCount(), 0);
        const int a = chart.addSeries(QPen(Qt::black, 2));
        const int b = chart.addSeries(QPen(Qt::blue, 1, Qt::DashLine), LineChart::Side::Right, true, false);
        QCOMPARE(a, 0);
        QCOMPARE(b, 1);
        chart.setSeriesPoints(a, {{0, 1}, {1, 2}, {2, 3}});
        chart.setSeriesPoints(b, {{0, 0.5}});
        QCOMPARE(chart.pointCount(a), 3);
        QCOMPARE(chart.pointCount(b), 1);
        chart.clearSeries();
        QCOMPARE(chart.seriesCount(), 0);
    }

    void axesAreKeptAsGiven()
    {
        LineChart chart;
        const ChartAxis x = ChartAxis::fit(3, 17);
        chart.setXAxis(x);
        chart.setYAxis(LineChart::Side::Right, ChartAxis::fit(0, 1, 0));
        QCOMPARE(chart.xAxis(), x);
        QCOMPARE(chart.yAxis(LineChart::Side::Right).step, 0.2);
    }

    // Titles, labels and the legend take their room; a right axis takes room on the right.
    void thePlotLeavesRoomForTheWords()
    {
        LineChart chart;
        chart.resize(400, 300);
        const QRect bare = chart.plotRect();
        QVERIFY(QRect(0, 0, 400, 300).contains(bare));
        chart.setTitle(QStringLiteral("Training"));
        chart.setAxisTitles(QStringLiteral("step"), QStringLiteral("loss"), QStringLiteral("accuracy"));
        const int s = chart.addSeries(QPen(Qt::black, 2));
        chart.setSeriesName(s, QStringLiteral("loss"));
        const QRect worded = chart.plotRect();
        QVERIFY(worded.top() > bare.top());       // the title
        QVERIFY(worded.bottom() < bare.bottom()); // the x title and the legend
        QVERIFY(worded.left() > bare.left());     // the left title
        chart.addSeries(QPen(Qt::blue, 1), LineChart::Side::Right);
        QVERIFY(chart.plotRect().right() < worded.right()); // the right axis' labels and title
        QVERIFY(chart.plotRect().width() > 200);
    }

    // The lines are drawn inside the plot, also where points lie outside the axes' range.
    void linesStayInThePlot()
    {
        LineChart chart;
        chart.resize(420, 300);
        chart.setXAxis(ChartAxis::fit(0, 10, 0));
        chart.setYAxis(LineChart::Side::Left, ChartAxis::fit(0, 10, 0));
        const int s = chart.addSeries(QPen(kRed, 2)); // unnamed: no red legend sample
        chart.setSeriesPoints(s, {{0, 5}, {5, 5}, {10, 5}});
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        const QRect plot = chart.plotRect();
        QImage image = chart.grab().toImage();
        auto [in, out] = redPixels(image, plot.adjusted(-2, -2, 2, 2));
        QVERIFY2(in > plot.width(), qPrintable(QString::number(in))); // a line across the plot
        QCOMPARE(out, 0);
        QVERIFY(test::grayDeviation(image) > 10);

        // A point far above the axis: the line leaves the plot only by the pen's width.
        chart.setSeriesPoints(s, {{0, 5}, {5, 500}, {10, 5}});
        image = chart.grab().toImage();
        std::tie(in, out) = redPixels(image, plot.adjusted(-4, -4, 4, 4));
        QVERIFY(in > 0);
        QCOMPARE(out, 0);
    }

    // The legend's entries: the red sample line sits below the plot.
    void theLegendShowsNamedSeries()
    {
        LineChart chart;
        chart.resize(420, 300);
        const int s = chart.addSeries(QPen(kRed, 2));
        chart.setSeriesName(s, QStringLiteral("values"));
        const QRect plot = chart.plotRect();
        const QImage image = chart.grab().toImage();
        const auto [in, out] = redPixels(image, plot.adjusted(-4, -4, 4, 4));
        QCOMPARE(in, 0); // no points yet
        QVERIFY(out > 10);
        // A helper line without a legend entry leaves no sample.
        LineChart helper;
        helper.resize(420, 300);
        helper.setSeriesName(helper.addSeries(QPen(kRed, 2), LineChart::Side::Left, false, false),
                             QStringLiteral("floor"));
        const auto [in2, out2] = redPixels(helper.grab().toImage(), helper.plotRect());
        QCOMPARE(in2 + out2, 0);
    }
};

QTEST_MAIN(TestLineChart)
#include "tst_linechart.moc"
