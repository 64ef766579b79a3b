#include "charts/linechart.h"
#include "charts/metricscharts.h"
#include "charts/queuechart.h"
#include "common/statepalette.h"
#include "controls/runcontrols.h"
#include "diagram/pipelinediagram.h"
#include "imagecheck.h"
#include "samples/samplesview.h"
#include "syntheticsnapshot.h"
#include "timeline/statelegend.h"
#include "timeline/threadtimeline.h"
#include "timeline/threadtimelinepanel.h"
#include "window/runstatusview.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QPainter>
#include <QSignalSpy>
#include <QTest>
#include <QWheelEvent>

#include <cmath>
#include <functional>
#include <memory>
#include <set>

using namespace qs;

using MakeWidget = std::function<QWidget *()>;
using Feed = std::function<void(QWidget *, const Snapshot &)>;
Q_DECLARE_METATYPE(MakeWidget)
Q_DECLARE_METATYPE(Feed)

namespace {
template<class W> Feed feed()
{
    return [](QWidget *w, const Snapshot &s) { static_cast<W *>(w)->setSnapshot(s); };
}
} // namespace

class TestPanels : public QObject {
    Q_OBJECT
private slots:
    void paletteIsOkabeIto()
    {
        QCOMPARE(StatePalette::color(ThreadState::Running), QColor(QStringLiteral("#009E73")));
        QCOMPARE(StatePalette::color(ThreadState::BlockedFull), QColor(QStringLiteral("#E69F00")));
        QCOMPARE(StatePalette::color(ThreadState::BlockedEmpty), QColor(QStringLiteral("#D55E00")));
        QCOMPARE(StatePalette::color(ThreadState::Waiting), QColor(QStringLiteral("#56B4E9")));
        QCOMPARE(StatePalette::color(ThreadState::Paused), QColor(QStringLiteral("#F0E442")));
        QCOMPARE(StatePalette::color(ThreadState::Starting), QColor(QStringLiteral("#0072B2")));
        QCOMPARE(StatePalette::color(ThreadState::Failed), QColor(QStringLiteral("#CC79A7")));
        QCOMPARE(StatePalette::color(ThreadState::Stopped), QColor(QStringLiteral("#999999")));
        QVERIFY(StatePalette::color(ThreadState::Cancelled).lightness() <
                StatePalette::color(ThreadState::Stopped).lightness());
        QVERIFY(StatePalette::isHatched(ThreadState::Failed));
        std::set<QString> names;
        for (ThreadState s : StatePalette::legendOrder()) {
            names.insert(StatePalette::name(s));
            QVERIFY(StatePalette::explanation(s).endsWith(QLatin1Char('.')));
        }
        QCOMPARE(int(names.size()), kThreadStateCount); // a word for every state, none shared
    }
    // No two states look alike: every colour differs, where two are near their patterns differ,
    // and joining (a striped, paler waiting) is never the colour of waiting.
    void everyStateLooksDifferent()
    {
        // The "redmean" approximation of the perceived distance between two sRGB colours.
        auto distance = [](const QColor &a, const QColor &b) {
            const double r = (a.red() + b.red()) / 2.0;
            const double dr = a.red() - b.red(), dg = a.green() - b.green(), db = a.blue() - b.blue();
            return std::sqrt((2 + r / 256) * dr * dr + 4 * dg * dg + (2 + (255 - r) / 256) * db * db);
        };
        const QList<ThreadState> states = StatePalette::legendOrder();
        QCOMPARE(states.size(), kThreadStateCount);
        for (int i = 0; i < states.size(); ++i) {
            for (int j = i + 1; j < states.size(); ++j) {
                const ThreadState a = states[i], b = states[j];
                const double d = distance(StatePalette::color(a), StatePalette::color(b));
                const QString pair = StatePalette::name(a) + QStringLiteral(" / ") + StatePalette::name(b);
                QVERIFY2(d > 60, qPrintable(pair));
                if (d < 120) // as near as stopped grey and failed pink: a pattern must tell them apart
                    QVERIFY2(StatePalette::pattern(a) != StatePalette::pattern(b), qPrintable(pair));
            }
        }
        QVERIFY(StatePalette::color(ThreadState::Joining) != StatePalette::color(ThreadState::Waiting));
        QVERIFY(StatePalette::pattern(ThreadState::Joining) != StatePalette::pattern(ThreadState::Waiting));

        // And the pattern is drawn: a joining swatch holds two colours, a waiting one only one.
        auto colours = [](ThreadState s) {
            QImage img(24, 24, QImage::Format_RGB32);
            img.fill(Qt::white);
            QPainter p(&img);
            StatePalette::fill(&p, QRectF(0, 0, 24, 24), s);
            p.end();
            std::set<QRgb> seen;
            for (int y = 0; y < img.height(); ++y)
                for (int x = 0; x < img.width(); ++x)
                    seen.insert(img.pixel(x, y));
            return seen.size();
        };
        QCOMPARE(colours(ThreadState::Waiting), size_t(1));
        QVERIFY(colours(ThreadState::Joining) >= 2);
    }
    void widgetsTakeRichAndEmptySnapshots_data()
    {
        QTest::addColumn<MakeWidget>("make");
        QTest::addColumn<Feed>("feed");
        QTest::addRow("timeline") << MakeWidget([] { return new ThreadTimeline; }) << feed<ThreadTimeline>();
        QTest::addRow("timeline panel")
            << MakeWidget([] { return new ThreadTimelinePanel; }) << feed<ThreadTimelinePanel>();
        QTest::addRow("pipeline") << MakeWidget([] { return new PipelineDiagram; })
                                  << feed<PipelineDiagram>();
        QTest::addRow("queue chart") << MakeWidget([] { return new QueueChart; }) << feed<QueueChart>();
        QTest::addRow("metrics") << MakeWidget([] { return new MetricsCharts; }) << feed<MetricsCharts>();
        QTest::addRow("samples") << MakeWidget([] { return new SamplesView; }) << feed<SamplesView>();
        QTest::addRow("status") << MakeWidget([] { return new RunStatusView; }) << feed<RunStatusView>();
    }
    void widgetsTakeRichAndEmptySnapshots()
    {
        QFETCH(MakeWidget, make);
        QFETCH(Feed, feed);
        std::unique_ptr<QWidget> w(make());
        w->resize(900, 500);
        w->show();
        feed(w.get(), test::emptySnapshot());
        QVERIFY(!w->grab().isNull());
        test::SyntheticOptions gray;
        gray.rgb = false;
        for (const Snapshot &s :
             {test::richSnapshot(), test::richSnapshot(gray), test::emptySnapshot(), test::richSnapshot()})
            feed(w.get(), s);
        const QImage image = w->grab().toImage();
        QVERIFY2(test::grayDeviation(image) > 10, qPrintable(QString::number(test::grayDeviation(image))));
    }
    void pipelineStagesFollowTheData()
    {
        PipelineDiagram d;
        d.setSnapshot(test::richSnapshot());
        const QList<PipelineStage> &stages = d.stages();
        QCOMPARE(stages.size(), 6);
        QCOMPARE(stages[0].kind, PipelineStage::Kind::Files);
        QCOMPARE(stages[1].role, ThreadRole::Producer);
        QCOMPARE(stages[2].kind, PipelineStage::Kind::Queue);
        QCOMPARE(stages[3].role, ThreadRole::Reader);
        QCOMPARE(stages[3].threads.size(), 6);
        QCOMPARE(stages[4].kind, PipelineStage::Kind::Queue);
        QCOMPARE(stages[5].role, ThreadRole::Trainer);
        QCOMPARE(PipelineLayout::otherThreads(test::richSnapshot()).size(), 3); // main, watcher, evaluator
    }
    // However narrow the dock and however large the font, every text of the diagram fits its
    // room: a long one is elided in the middle and the tooltip over it holds all of it.
    void diagramNeverClips_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<double>("fontScale");
        QTest::addRow("narrow dock") << 560 << 190 << 1.0;
        QTest::addRow("1024 compact") << 1024 << 190 << 1.0;
        QTest::addRow("1366 wide") << 1019 << 175 << 1.0;
        QTest::addRow("1366 zoomed") << 1366 << 190 << 1.44;
        QTest::addRow("1920 wide") << 1514 << 230 << 1.0;
    }
    void diagramNeverClips()
    {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(double, fontScale);
        PipelineDiagram d;
        QFont f = d.font();
        f.setPointSizeF(f.pointSizeF() * fontScale);
        d.setFont(f);
        d.resize(width, height);
        Snapshot s = test::richSnapshot();
        s.run = RunState::Running; // with the rates
        d.setSnapshot(s);
        d.grab();
        QVERIFY(d.labels().size() > 20);
        int elided = 0;
        for (const PipelineDiagram::Label &l : d.labels()) {
            const QString what = l.full + QStringLiteral(" as ") + l.shown;
            QVERIFY2(l.width <= l.rect.width(), qPrintable(what));
            QVERIFY2(d.rect().contains(l.rect), qPrintable(what));
            if (l.shown == l.full)
                continue;
            ++elided;
            const QChar dots(0x2026);
            QVERIFY2(l.shown.contains(dots), qPrintable(what));
            if (l.shown.size() > 2) // in the middle: the start and the end of the name stay
                QVERIFY2(!l.shown.startsWith(dots) && !l.shown.endsWith(dots), qPrintable(what));
            const QString tip = d.toolTipAt(l.rect.center());
            for (const QString &part : l.full.split(QStringLiteral(": ")))
                QVERIFY2(tip.contains(part.toHtmlEscaped()),
                         qPrintable(what + QStringLiteral(" tip ") + tip));
        }
        if (width < 700)
            QVERIFY(elided > 0); // the narrow dock does elide (the names are long)
    }
    // The Coordinator's worker demo reads no files: its workers are the picture, not a files box.
    void workersDemoDrawsItsWorkers()
    {
        Snapshot s;
        auto topology = std::make_shared<Topology>();
        topology->readsFiles = false;
        s.topology = topology;
        for (int i = 0; i < 3; ++i) {
            ThreadInfo t;
            t.name = QStringLiteral("worker-%1").arg(i);
            t.role = ThreadRole::Worker;
            t.state = ThreadState::Running;
            s.threads << t;
        }
        ThreadInfo main;
        main.name = QStringLiteral("coordinator");
        main.role = ThreadRole::Main;
        s.threads << main;
        const QList<PipelineStage> stages = PipelineLayout::stages(s);
        QCOMPARE(stages.size(), 1);
        QCOMPARE(stages[0].kind, PipelineStage::Kind::Threads);
        QCOMPARE(stages[0].role, ThreadRole::Worker);
        QCOMPARE(stages[0].threads, QList<int>({0, 1, 2}));
        QCOMPARE(PipelineLayout::otherThreads(s), QList<int>({3}));
        PipelineDiagram d;
        d.resize(900, 200);
        d.setSnapshot(s);
        d.grab();
        for (const PipelineDiagram::Label &l : d.labels())
            QVERIFY2(!l.full.contains(QStringLiteral("TFRecord")), qPrintable(l.full));
    }
    void filenameQueueGoesFirstByItsRole()
    {
        Snapshot s;
        auto topology = std::make_shared<Topology>();
        topology->queues = {TopologyQueue{QStringLiteral("q2"), QueueRole::Filenames, {}},
                            TopologyQueue{QStringLiteral("q0"), QueueRole::Examples, {}}};
        s.topology = topology;
        s.queues = {QueueInfo{}, QueueInfo{}, QueueInfo{}};
        s.queues[0].name = QStringLiteral("q0"); // no name says what a queue is for
        s.queues[1].name = QStringLiteral("q1");
        s.queues[2].name = QStringLiteral("q2");
        QCOMPARE(PipelineLayout::orderedQueues(s), QList<int>({2, 0, 1}));
        const QList<PipelineStage> stages = PipelineLayout::stages(s); // no threads: files and queues only
        QCOMPARE(stages.size(), 4);
        QCOMPARE(stages[1].queue, 2);
        QCOMPARE(stages[3].queue, 1);
        topology->readsFiles = false; // the workers demo: no files column
        QCOMPARE(PipelineLayout::stages(s).size(), 3);
    }
    void thumbnailsBecomeImages_data()
    {
        QTest::addColumn<int>("channels");
        QTest::addColumn<int>("bytes");
        QTest::addColumn<bool>("valid");
        QTest::addRow("gray") << 1 << 4 * 3 << true;
        QTest::addRow("rgb") << 3 << 4 * 3 * 3 << true;
        QTest::addRow("too few bytes") << 3 << 4 * 3 * 3 - 1 << false;
        QTest::addRow("four channels") << 4 << 4 * 3 * 4 << false;
    }
    void thumbnailsBecomeImages()
    {
        QFETCH(int, channels);
        QFETCH(int, bytes);
        QFETCH(bool, valid);
        Thumbnail t;
        t.width = 4;
        t.height = 3;
        t.channels = channels;
        t.pixels = QByteArray(bytes, '\0');
        for (int i = 0; i < bytes; ++i)
            t.pixels[i] = char(i * 7);
        const QImage img = SamplesView::toImage(t);
        QCOMPARE(!img.isNull(), valid);
        if (valid && channels == 3)
            QCOMPARE(img.pixelColor(1, 0), QColor(21, 28, 35)); // bytes 3, 4, 5 times 7
        if (valid && channels == 1)
            QCOMPARE(qGray(img.pixel(2, 1)), 6 * 7);
    }
    void classNames()
    {
        const QStringList names{QStringLiteral("cat"), QStringLiteral("dog")};
        QCOMPARE(SamplesView::className(names, 1), QStringLiteral("dog"));
        QCOMPARE(SamplesView::className(names, 7), QStringLiteral("7"));
        QCOMPARE(SamplesView::className({}, -1), QStringLiteral("?"));
    }
    // A queue with no samples yet (a run that just began, or one that never fed its queues) has
    // its time axis from the run's start, not a one-second window around the present moment.
    void emptyOccupancyAxisStartsAtZero()
    {
        QueueChart chart;
        Snapshot s;
        s.run = RunState::Finished;
        s.tUs = 3'200'000;
        QueueInfo q;
        q.name = QStringLiteral("input_producer");
        q.capacity = 32;
        s.queues << q;
        chart.setSnapshot(s);
        auto *line = chart.findChild<LineChart *>();
        QVERIFY(line);
        QCOMPARE(line->xAxis().lo, 0.0);
        QVERIFY(line->xAxis().hi >= 3.2);
    }
    // A small dock shows fewer samples, with their images, rather than all of them as captions.
    void smallSamplesKeepTheirImages()
    {
        SamplesView view;
        view.setSnapshot(test::richSnapshot({.thumbnails = 16}));
        QCOMPARE(view.sampleCount(), 16);
        view.resize(900, 500);
        QCOMPARE(view.shownCount(), 16);
        view.resize(288, 211); // the wide arrangement's samples dock on a 1366×768 laptop
        QVERIFY(view.shownCount() < 16);
        QVERIFY(view.shownCount() >= 4);
        // Whatever it shows has room for an image above its caption.
        const QImage img = view.grab().toImage();
        QVERIFY(test::grayDeviation(img) > 20);
    }
    // While a run goes the two metrics charts redraw in turn, never both from one snapshot.
    void metricsChartsTakeTurnsWhileRunning()
    {
        auto withMetrics = [](int n, RunState run) {
            Snapshot s;
            s.run = run;
            for (int i = 0; i < n; ++i)
                s.metrics.append({i, qint64(i) * 10'000, 1.0 / (1 + i), 0.5, -1.0, 100.0 + i});
            return s;
        };
        MetricsCharts metrics;
        metrics.setSnapshot(withMetrics(10, RunState::Running)); // the first fills both
        QCOMPARE(metrics.lossPoints(), 10);
        QCOMPARE(metrics.ratePoints(), 10);
        const Snapshot more = withMetrics(20, RunState::Running);
        QTRY_VERIFY((metrics.setSnapshot(more), metrics.lossPoints() == 20 || metrics.ratePoints() == 20));
        QVERIFY((metrics.lossPoints() == 20) != (metrics.ratePoints() == 20)); // one of them only
        QTRY_VERIFY((metrics.setSnapshot(more), metrics.lossPoints() == 20 && metrics.ratePoints() == 20));
        metrics.setSnapshot(withMetrics(30, RunState::Finished)); // the end: both at once
        QCOMPARE(metrics.lossPoints(), 30);
        QCOMPARE(metrics.ratePoints(), 30);
    }
    void chartsHoldTheSeries()
    {
        const Snapshot s = test::richSnapshot();
        MetricsCharts metrics;
        metrics.setSnapshot(s);
        QCOMPARE(metrics.lossPoints(), s.metrics.size());
        QCOMPARE(metrics.ratePoints(), s.metrics.size());
        QCOMPARE(metrics.evalPoints(),
                 int(std::count_if(s.metrics.begin(), s.metrics.end(),
                                   [](const MetricPoint &m) { return m.evalAccuracy >= 0; })));
        QueueChart queues;
        queues.setSnapshot(s);
        QCOMPARE(queues.seriesCount(), 2);
        QCOMPARE(queues.pointCount(1), s.queues[1].history.size() + 1);
        queues.setSnapshot(Snapshot{});
        QCOMPARE(queues.seriesCount(), 0);
    }
    void timelineFollowsZoomsAndPans()
    {
        ThreadTimeline t;
        t.resize(1000, 400);
        t.show();
        const Snapshot s = test::richSnapshot();
        t.setSnapshot(s);
        QCOMPARE(t.laneCount(), s.threads.size());
        QVERIFY(t.isFollowing());
        // Following, the right edge is the first pixel boundary at or after now.
        auto followsNow = [&] {
            const qint64 u = t.axis().columnUs();
            return u > 0 && t.axis().endUs >= s.tUs && t.axis().endUs - s.tUs < u;
        };
        QVERIFY(followsNow());
        for (int lane = 0; lane < t.laneCount(); ++lane) {
            QVERIFY(!t.laneItems(lane).isEmpty());
            QVERIFY(t.laneItems(lane).size() <= 2 * t.axis().width);
        }
        const qint64 span = t.axis().spanUs();
        QWheelEvent wheel(QPointF(600, 100), t.mapToGlobal(QPointF(600, 100)), {}, {0, 120}, Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(&t, &wheel);
        QVERIFY(t.axis().spanUs() < span);
        QVERIFY(followsNow()); // still following: zoomed around the right edge
        QSignalSpy follow(&t, &ThreadTimeline::followingChanged);
        QTest::mousePress(&t, Qt::LeftButton, {}, QPoint(600, 100));
        QTest::mouseMove(&t, QPoint(700, 100));
        QTest::mouseRelease(&t, Qt::LeftButton, {}, QPoint(700, 100));
        QVERIFY(!t.isFollowing());
        QCOMPARE(follow.count(), 1);
        QVERIFY(t.axis().endUs < s.tUs);
        t.setFollowing(true);
        QVERIFY(followsNow());
    }
    void laneHeightFollowsTheFont()
    {
        ThreadTimeline t;
        const int before = t.laneHeight();
        QFont big = t.font();
        big.setPointSizeF(big.pointSizeF() * 2);
        t.setFont(big);
        QVERIFY(t.laneHeight() > before * 3 / 2);
    }
    void legendWrapsWhenNarrow()
    {
        StateLegend legend;
        QVERIFY(legend.heightForWidth(200) > legend.heightForWidth(3000));
    }
    void statusSaysItInWords()
    {
        const Snapshot s = test::richSnapshot();
        const QString error = RunStatusView::errorText(s);
        QVERIFY(error.contains(QStringLiteral("DataLoss")));
        QVERIFY(error.contains(QStringLiteral("train-00003.tfrecords")));
        QVERIFY(error.contains(QStringLiteral("record 17")));
        QVERIFY(error.contains(QStringLiteral("reader_2")));
        QVERIFY(RunStatusView::bottleneckText(s).startsWith(QStringLiteral("trainer blocked: queue empty")));
        QVERIFY(RunStatusView::runText(s).contains(QStringLiteral("step mode")));
        Snapshot done;
        done.run = RunState::Finished;
        done.how = EndHow::EndOfData;
        QCOMPARE(RunStatusView::endText(done), QStringLiteral("ended: end of data"));
        QVERIFY(RunStatusView::errorText(done).isEmpty());
        // skip_corrupt's work is in the status, counted; none skipped, nothing said.
        QVERIFY(!RunStatusView::progressText(done).contains(QStringLiteral("skipped")));
        done.skippedRecords = 2;
        // (no translator here: the source's "record(s)"; the window's English one says "records")
        QVERIFY2(RunStatusView::progressText(done).contains(QStringLiteral(" · 2 record")) &&
                     RunStatusView::progressText(done).endsWith(QStringLiteral("skipped")),
                 qPrintable(RunStatusView::progressText(done)));
    }
    // The elapsed time and the rates change every frame: their label repaints alone, without
    // laying the status row out again, and is never too narrow for its text.
    void statusFiguresDoNotRelayoutTheRow()
    {
        RunStatusView status;
        status.resize(1200, status.sizeHint().height());
        status.show();
        QVERIFY(QTest::qWaitForWindowExposed(&status));
        auto *row = status.findChild<QWidget *>(QString(), Qt::FindDirectChildrenOnly);
        QVERIFY(row);
        struct Counter : QObject {
            int layouts = 0;
            bool eventFilter(QObject *, QEvent *e) override
            {
                layouts += e->type() == QEvent::LayoutRequest;
                return false;
            }
        } counter;
        Snapshot s;
        s.run = RunState::Running;
        const auto feed = [&](qint64 tUs, qint64 steps) {
            s.tUs = tUs;
            s.steps = steps;
            s.samplesPerSec = 13'000 + double(steps % 7);
            status.setSnapshot(s);
            QCoreApplication::processEvents();
        };
        feed(1'000'000, 10); // the first figure sizes its label
        row->installEventFilter(&counter);
        for (int i = 2; i < 60; ++i)
            feed(i * 1'000'000 + 123'000, 10 * i);
        // (a wider figure, "9.1 s" to "10.1 s", may widen the label a few characters at a time)
        QVERIFY2(counter.layouts <= 3, qPrintable(QString::number(counter.layouts)));
        QLabel *progress = nullptr;
        for (QLabel *l : row->findChildren<QLabel *>())
            if (l->text() == RunStatusView::progressText(s))
                progress = l;
        QVERIFY(progress);
        const int before = counter.layouts;
        s.skippedRecords = 12; // a longer text: the label grows
        feed(61'000'000, 610);
        QVERIFY(counter.layouts > before);
        QVERIFY(progress->width() >= progress->fontMetrics().horizontalAdvance(progress->text()));
        QVERIFY(status.summary().contains(QStringLiteral("skipped")));
    }
    void controlsEmitOnlyForTheUser()
    {
        QWidget parent;
        RunControls controls(&parent);
        QSignalSpy stepMode(&controls, &RunControls::stepModeToggled);
        QSignalSpy speed(&controls, &RunControls::speedChanged);
        Snapshot s;
        s.run = RunState::Running;
        s.stepMode = true;
        controls.setSnapshot(s); // the pipeline's state is shown, not echoed back
        QVERIFY(controls.stepModeAction()->isChecked());
        QVERIFY(controls.nextStepAction()->isEnabled());
        QVERIFY(!controls.startAction()->isEnabled());
        QCOMPARE(stepMode.count(), 0);
        controls.stepModeAction()->trigger();
        QCOMPARE(stepMode.count(), 1);
        QCOMPARE(stepMode.at(0).at(0).toBool(), false);
        QVERIFY(controls.setSpeed(0.1));
        QCOMPARE(controls.speed(), 0.1);
        QVERIFY(!controls.setSpeed(0.3));
        QCOMPARE(speed.count(), 0);
    }
};

QTEST_MAIN(TestPanels)
#include "tst_panels.moc"
