// The lanes' raster: a mixed column's rows are each state's share of its time, the patterned
// states look exactly as QPainter fills them (same colours, same cells, same anchoring), and
// solid marks equal the rectangles QPainter would fill.

#include "common/statepalette.h"
#include "timeline/laneraster.h"

#include <QPainter>
#include <QTest>

using namespace qs;

namespace {

LaneItem solid(int x0, int x1, ThreadState s)
{
    LaneItem item;
    item.x0 = x0;
    item.x1 = x1;
    item.state = s;
    return item;
}

LaneItem mixed(int x, const StateMix &mix)
{
    LaneItem item;
    item.x0 = x;
    item.x1 = x + 1;
    item.mixed = true;
    item.folded = true;
    item.mix = mix;
    item.state = mix.dominant();
    return item;
}

StateMix runningAndFull(qint64 running, qint64 full)
{
    StateMix mix;
    mix.add(ThreadState::Running, running);
    mix.add(ThreadState::BlockedFull, full);
    return mix;
}

// The raster's image placed in a widget-sized image, as the timeline draws it.
QImage inWidget(const LaneRaster &raster, QSize widget)
{
    QImage out(widget, QImage::Format_RGB32);
    out.fill(Qt::white);
    QPainter p(&out);
    p.drawImage(raster.origin(), raster.image());
    return out;
}

} // namespace

class TestLaneRaster : public QObject {
    Q_OBJECT
private slots:
    void stackedRowsAreEachStatesShare_data()
    {
        QTest::addColumn<QList<qint64>>("us"); // per state, in ThreadState order
        QTest::addColumn<int>("height");
        QTest::newRow("70% blocked_full") << QList<qint64>{0, 300, 700, 0, 0, 0, 0, 0, 0, 0} << 20;
        QTest::addRow("three states") << QList<qint64>{0, 5, 3, 2, 0, 0, 0, 0, 0, 0} << 23;
        QTest::addRow("a sliver") << QList<qint64>{0, 1, 999, 0, 0, 0, 0, 0, 0, 0} << 20;
        QTest::addRow("every state") << QList<qint64>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10} << 37;
        QTest::addRow("one row") << QList<qint64>{0, 3, 1, 0, 0, 0, 0, 0, 0, 0} << 1;
    }
    void stackedRowsAreEachStatesShare()
    {
        QFETCH(QList<qint64>, us);
        QFETCH(int, height);
        StateMix mix;
        for (int s = 0; s < kThreadStateCount; ++s)
            mix.add(ThreadState(s), us[s]);
        const int top = 100, bottom = top + height;
        const LaneRaster::Edges edges = LaneRaster::stackEdges(mix, top, bottom);
        QCOMPARE(edges.front(), bottom);
        QCOMPARE(edges.back(), top);
        const QList<ThreadState> order = StatePalette::legendOrder();
        int rows = 0;
        for (int i = 0; i < kThreadStateCount; ++i) {
            const int got = edges[size_t(i)] - edges[size_t(i) + 1];
            QVERIFY(got >= 0);
            rows += got;
            // Each state's rows are its share of the height, off by less than one row.
            const double want = double(height) * double(mix.us[size_t(order[i])]) / double(mix.total());
            QVERIFY2(
                std::abs(got - want) < 1.0,
                qPrintable(
                    QStringLiteral("%1: %2 rows for %3").arg(threadStateKey(order[i])).arg(got).arg(want)));
        }
        QCOMPARE(rows, height);
    }

    void paintsStackedColumnsBottomUpInLegendOrder()
    {
        LaneRaster raster;
        raster.begin(QSize(50, 30), 1.0, QPoint(40, 10));
        raster.fillRows(10, 30, Qt::white);
        raster.paintItems({mixed(45, runningAndFull(250, 750))}, 12, 20); // band rows 12..31 of the widget
        const QImage img = inWidget(raster, QSize(100, 50));
        const QRgb running = StatePalette::color(ThreadState::Running).rgb();
        const QRgb full = StatePalette::color(ThreadState::BlockedFull).rgb();
        // Running comes before blocked_full in the legend: it is at the bottom, 5 of 20 rows.
        for (int y = 12; y < 32; ++y)
            QCOMPARE(img.pixel(45, y), y >= 27 ? running : full);
        QCOMPARE(img.pixel(45, 11), QColor(Qt::white).rgb());
        QCOMPARE(img.pixel(45, 32), QColor(Qt::white).rgb());
        QCOMPARE(img.pixel(46, 20), QColor(Qt::white).rgb()); // one column wide
    }

    void solidAndPatternedMarksEqualQPaintersFill_data()
    {
        QTest::addColumn<int>("state");
        QTest::addColumn<QPoint>("origin");
        for (ThreadState s : {ThreadState::Running, ThreadState::Joining, ThreadState::Failed}) {
            QTest::addRow("%s at (40, 10)", qPrintable(threadStateKey(s))) << int(s) << QPoint(40, 10);
            QTest::addRow("%s at (37, 13)", qPrintable(threadStateKey(s))) << int(s) << QPoint(37, 13);
        }
    }
    void solidAndPatternedMarksEqualQPaintersFill()
    {
        QFETCH(int, state);
        QFETCH(QPoint, origin);
        const auto s = ThreadState(state);
        const QSize widget(160, 60);
        LaneRaster raster;
        raster.begin(QSize(100, 40), 1.0, origin);
        raster.fillRows(origin.y(), 40, Qt::white);
        raster.paintItems({solid(origin.x() + 3, origin.x() + 60, s)}, origin.y() + 2, 30);
        const QImage got = inWidget(raster, widget);

        QImage want(widget, QImage::Format_RGB32);
        want.fill(Qt::white);
        {
            QPainter p(&want);
            StatePalette::fill(&p, QRectF(origin.x() + 3, origin.y() + 2, 57, 30), s);
        }
        for (int y = 0; y < widget.height(); ++y)
            for (int x = 0; x < widget.width(); ++x)
                QVERIFY2(got.pixel(x, y) == want.pixel(x, y),
                         qPrintable(QStringLiteral("pixel (%1, %2): %3, QPainter %4")
                                        .arg(x)
                                        .arg(y)
                                        .arg(got.pixel(x, y), 0, 16)
                                        .arg(want.pixel(x, y), 0, 16)));
    }

    void patternsOnAHighDensityScreenEqualQPaintersFill()
    {
        // At devicePixelRatio 2 the rows and columns double, and the pattern's cells stay device
        // pixels, anchored where QPainter anchors them.
        const QPoint origin(37, 13);
        LaneRaster raster;
        raster.begin(QSize(100, 40), 2.0, origin);
        raster.fillRows(origin.y(), 40, Qt::white);
        raster.paintItems({solid(origin.x() + 3, origin.x() + 60, ThreadState::Failed)}, origin.y() + 2, 30);
        QImage got(QSize(160, 60) * 2, QImage::Format_RGB32);
        got.setDevicePixelRatio(2.0);
        got.fill(Qt::white);
        {
            QPainter p(&got);
            p.drawImage(raster.origin(), raster.image());
        }
        QImage want(QSize(160, 60) * 2, QImage::Format_RGB32);
        want.setDevicePixelRatio(2.0);
        want.fill(Qt::white);
        {
            QPainter p(&want);
            StatePalette::fill(&p, QRectF(origin.x() + 3, origin.y() + 2, 57, 30), ThreadState::Failed);
        }
        int differ = 0;
        for (int y = 0; y < want.height(); ++y)
            for (int x = 0; x < want.width(); ++x)
                differ += got.pixel(x, y) != want.pixel(x, y);
        QCOMPARE(differ, 0);
    }

    void clipsMarksToTheImage()
    {
        LaneRaster raster;
        raster.begin(QSize(20, 10), 1.0, QPoint(10, 0));
        raster.fillRows(0, 10, Qt::white);
        // Beyond both edges and below the image: nothing is written outside it (no crash).
        raster.paintItems({solid(-50, 5, ThreadState::Running), solid(25, 80, ThreadState::Stopped)}, 2, 30);
        const QImage &img = raster.image();
        QCOMPARE(img.size(), QSize(20, 10));
        QCOMPARE(img.pixel(0, 5), QColor(Qt::white).rgb());                          // widget x 10
        QCOMPARE(img.pixel(15, 5), StatePalette::color(ThreadState::Stopped).rgb()); // widget x 25
        QCOMPARE(img.pixel(15, 1), QColor(Qt::white).rgb());
    }

    void devicePixelRatioDoublesTheRows()
    {
        LaneRaster raster;
        raster.begin(QSize(10, 10), 2.0, QPoint(0, 0));
        raster.fillRows(0, 10, Qt::white);
        raster.paintItems({mixed(3, runningAndFull(1, 1))}, 0, 10);
        const QImage &img = raster.image();
        QCOMPARE(img.size(), QSize(20, 20));
        QCOMPARE(img.devicePixelRatio(), 2.0);
        const QRgb running = StatePalette::color(ThreadState::Running).rgb();
        int runningRows = 0;
        for (int y = 0; y < 20; ++y)
            runningRows += img.pixel(6, y) == running && img.pixel(7, y) == running;
        QCOMPARE(runningRows, 10);
    }

    // A frame that keeps the last one's pixels, moved left, and paints only the new columns
    // (the live timeline's) gives the image a whole repaint of the moved marks would: the
    // patterns move along with the marks when they are anchored to the marks' time.
    void scrolledFrameEqualsAWholeRepaint()
    {
        const QSize size(90, 14);
        const QPoint origin(40, 10);
        const int top = 12, height = 10;
        auto marks = [](int shift) {
            QList<LaneItem> items{solid(40 - shift, 55 - shift, ThreadState::Failed),
                                  mixed(55 - shift, runningAndFull(300, 700)),
                                  solid(56 - shift, 90 - shift, ThreadState::BlockedFull),
                                  solid(90 - shift, 104 - shift, ThreadState::Cancelled),
                                  mixed(104 - shift, runningAndFull(600, 400)),
                                  solid(105 - shift, 131 - shift, ThreadState::Failed)};
            return items;
        };
        constexpr int kPainted = 104; // the first frame painted the marks left of this column
        constexpr int kMoved = 11;    // then the axis moved on by this many pixels
        LaneRaster kept;
        kept.begin(size, 1.0, origin, 3);
        QList<LaneItem> first = marks(0);
        first.erase(first.begin() + 4, first.end());
        kept.fillRows(top - 2, height + 4, Qt::white);
        kept.paintItems(first, top, height);
        QVERIFY(kept.beginScrolled(size, 1.0, origin, 3 + kMoved, kMoved));
        kept.setLeftClip(kPainted - kMoved);
        kept.fillRows(top - 2, height + 4, Qt::white);
        kept.paintItems(marks(kMoved), top, height);

        LaneRaster whole;
        whole.begin(size, 1.0, origin, 3 + kMoved);
        whole.fillRows(top - 2, height + 4, Qt::white);
        whole.paintItems(marks(kMoved), top, height);
        QCOMPARE(kept.image(), whole.image());

        // Another size, scale or anchoring keeps nothing.
        QVERIFY(!kept.beginScrolled(QSize(91, 14), 1.0, origin, 3 + kMoved, 1));
        QVERIFY(!kept.beginScrolled(size, 1.0, origin, 4, 1));
    }
};

QTEST_MAIN(TestLaneRaster)
#include "tst_laneraster.moc"
