#include "charts/linechart.h"
#include "imagecheck.h"

#include <QPainter>
#include <QTest>

#include <cmath>

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

    // A solid series is drawn as its segments (the raster engine's fast line path): it covers
    // the pixels one antialiased polyline through the same points covers, the joints included,
    // for a smooth curve and for a dense zigzag.
    void aSolidSeriesCoversWhatItsPolylineWould()
    {
        LineChart chart;
        chart.resize(420, 300);
        const ChartAxis x = ChartAxis::fit(0, 200, 0), y = ChartAxis::fit(-10, 10, 0);
        chart.setXAxis(x);
        chart.setYAxis(LineChart::Side::Left, y);
        const int s = chart.addSeries(QPen(kRed, 2));
        QList<QPointF> points;
        for (int i = 0; i <= 200; ++i) // a slow wave, then a zigzag of one point per pixel or so
            points.append(
                {double(i), i < 100 ? 8 * std::sin(i / 12.0) : (i % 2 ? 7.0 : -7.0) + (i % 7) * 0.3});
        chart.setSeriesPoints(s, points);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        const QRect plot = chart.plotRect();
        const QImage drawn = chart.grab().toImage().convertToFormat(QImage::Format_RGB32);

        QImage want(drawn.size(), QImage::Format_RGB32);
        want.fill(Qt::white);
        {
            QPainter p(&want);
            p.setRenderHint(QPainter::Antialiasing);
            p.setClipRect(plot.adjusted(-3, -3, 4, 4));
            p.setPen(QPen(kRed, 2));
            QPolygonF line;
            for (const QPointF &pt : points)
                line << QPointF(x.map(pt.x(), plot.left(), plot.right()),
                                y.map(pt.y(), plot.bottom(), plot.top()));
            p.drawPolyline(line);
        }
        auto isLine = [](const QImage &image, int px, int py) {
            const QColor c = image.pixelColor(px, py);
            return c.red() > 200 && c.green() < 140 && c.blue() < 140;
        };
        int both = 0, onlyOne = 0;
        for (int py = plot.top() - 3; py <= plot.bottom() + 3; ++py) {
            for (int px = plot.left() - 3; px <= plot.right() + 3; ++px) {
                const bool a = isLine(drawn, px, py), b = isLine(want, px, py);
                both += a && b;
                onlyOne += a != b;
            }
        }
        QVERIFY2(both > plot.width(), qPrintable(QString::number(both)));
        QVERIFY2(onlyOne * 100 <= both * 5,
                 qPrintable(QStringLiteral("%1 pixels in both, %2 in one only").arg(both).arg(onlyOne)));
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
