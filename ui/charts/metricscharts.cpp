#include "charts/metricscharts.h"

#include "charts/chartstyle.h"
#include "charts/confusionmodel.h"
#include "charts/linechart.h"
#include "charts/seriesdecimation.h"

#include <QBoxLayout>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QTabWidget>
#include <QTableView>

#include <algorithm>

namespace qs {

MetricsCharts::MetricsCharts(QWidget *parent)
    : QWidget(parent)
    , m_train(new LineChart)
    , m_throughput(new LineChart)
    , m_confusion(new ConfusionModel(this))
    , m_confusionBox(new QWidget)
    , m_confusionTitle(new QLabel)
    , m_tabs(new QTabWidget)
{
    using Side = LineChart::Side;
    m_loss = m_train->addSeries(seriesPen(0));
    m_trainAcc = m_train->addSeries(seriesPen(1), Side::Right);
    m_evalAcc = m_train->addSeries(seriesPen(2), Side::Right, true);
    m_train->setXAxis(ChartAxis::fit(0, 10));
    m_train->setYAxis(Side::Left, ChartAxis::fit(0, 1));
    m_train->setYAxis(Side::Right, ChartAxis::fit(0, 1, 0));
    m_rate = m_throughput->addSeries(seriesPen(0));
    m_throughput->setXAxis(ChartAxis::fit(0, 10));
    m_throughput->setYAxis(Side::Left, ChartAxis::fit(0, 10));

    // The curves and, once the model was evaluated, the held-out confusion matrix as a second
    // tab: a table squeezed beside two charts would be unreadable on a laptop screen.
    auto *curves = new QWidget;
    auto *row = new QHBoxLayout(curves);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_train);
    row->addWidget(m_throughput);
    auto *table = new QTableView;
    table->setObjectName(QStringLiteral("confusionTable"));
    table->setModel(m_confusion);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_confusionTitle->setWordWrap(true);
    auto *box = new QVBoxLayout(m_confusionBox);
    box->setContentsMargins(4, 4, 4, 4);
    box->addWidget(m_confusionTitle);
    box->addWidget(table, 1);
    m_confusionBox->setObjectName(QStringLiteral("confusionBox"));
    m_tabs->setObjectName(QStringLiteral("metricsTabs"));
    m_tabs->setTabPosition(QTabWidget::South);
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(curves, QString());
    m_tabs->addTab(m_confusionBox, QString());
    m_tabs->setTabEnabled(1, false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);
    retranslateUi();
}

void MetricsCharts::setConfusion(const QJsonObject &note)
{
    if (note.isEmpty() && m_confusion->isEmpty())
        return;
    if (!note.isEmpty() && note.value(QStringLiteral("step")).toInteger(-1) == m_confusion->step() &&
        !m_confusion->isEmpty())
        return; // the same evaluation: nothing to redraw
    m_confusion->setNote(note);
    m_tabs->setTabEnabled(1, !m_confusion->isEmpty());
    if (m_confusion->isEmpty())
        m_tabs->setCurrentIndex(0);
    retranslateConfusion();
}

bool MetricsCharts::hasConfusion() const
{
    return m_tabs->isTabEnabled(1);
}

int MetricsCharts::lossPoints() const
{
    return m_train->pointCount(m_loss);
}
int MetricsCharts::evalPoints() const
{
    return m_train->pointCount(m_evalAcc);
}
int MetricsCharts::ratePoints() const
{
    return m_throughput->pointCount(m_rate);
}

void MetricsCharts::setSnapshot(const Snapshot &snap)
{
    const qint64 lastStep = snap.metrics.isEmpty() ? -1 : snap.metrics.constLast().step;
    const Shown now{snap.metrics.size(), lastStep};
    const bool trainStale = !(now == m_trainShown);
    const bool rateStale = !(now == m_rateShown);
    if (!trainStale && !rateStale)
        return;
    // While the run goes the two charts take turns, each at most five times a second, so that
    // no frame redraws both; the first snapshot and the end of a run fill both at once.
    const bool first = m_trainShown.count < 0 || m_rateShown.count < 0;
    if (snap.run == RunState::Running && !first) {
        if (m_sinceUpdate.isValid() && m_sinceUpdate.elapsed() < kChartIntervalMs / 2)
            return;
        m_sinceUpdate.start();
        const bool training = trainStale && (m_trainNext || !rateStale);
        if (training)
            updateTraining(snap.metrics, now);
        else
            updateThroughput(snap.metrics, now);
        m_trainNext = !training;
        return;
    }
    m_sinceUpdate.start();
    if (trainStale)
        updateTraining(snap.metrics, now);
    if (rateStale)
        updateThroughput(snap.metrics, now);
}

void MetricsCharts::setOverlays(const QList<ChartOverlay> &overlays)
{
    m_overlays = overlays.mid(0, kMaxOverlays);
    using Side = LineChart::Side;
    m_train->removeSeriesFrom(m_evalAcc + 1);
    m_throughput->removeSeriesFrom(m_rate + 1);
    for (const ChartOverlay &o : std::as_const(m_overlays)) {
        m_train->addSeries(overlayPen(o.colour));
        m_train->addSeries(overlayPen(o.colour), Side::Right, true);
        m_throughput->addSeries(overlayPen(o.colour));
    }
    retranslateUi();
    updateTraining(m_trainMetrics, m_trainShown);
    updateThroughput(m_rateMetrics, m_rateShown);
}

// A long run keeps thousands of points (MetricSeries thins them past its capacity): each chart
// draws about two per pixel column, fed straight from the series without copying it. The
// overlaid runs widen the axes so that every line fits.
namespace {

template<typename X, typename Y> QList<QPointF> decimated(const MetricLane &lane, int buckets, X x, Y y)
{
    if (lane.isEmpty())
        return {};
    MinMaxDecimator d(lane.size(), x(lane.constFirst()), x(lane.constLast()), buckets);
    for (const MetricPoint &m : lane)
        d.add(QPointF(x(m), y(m)));
    return d.take();
}

double stepOf(const MetricPoint &m)
{
    return double(m.step);
}

double secondsOf(const MetricPoint &m)
{
    return double(m.tUs) / 1e6;
}

} // namespace

void MetricsCharts::updateTraining(const MetricSeries &metrics, const Shown &shown)
{
    m_trainShown = shown;
    m_trainMetrics = metrics;
    const int buckets = std::max(64, m_train->width() / 2);
    double maxLoss = 0.1;
    double firstStep = 0;
    double lastStep = 0;
    bool any = false;
    auto draw = [&](const MetricSeries &series, int lossSeries, int trainSeries, int evalSeries) {
        const MetricLane &points = series.steps();
        m_train->setSeriesPoints(lossSeries, decimated(points, buckets, stepOf, [&](const MetricPoint &m) {
                                     maxLoss = std::max(maxLoss, m.loss);
                                     return m.loss;
                                 }));
        if (trainSeries >= 0)
            m_train->setSeriesPoints(
                trainSeries,
                decimated(points, buckets, stepOf, [](const MetricPoint &m) { return m.trainAccuracy; }));
        m_train->setSeriesPoints(evalSeries, decimated(series.evaluations(), buckets, stepOf,
                                                       [](const MetricPoint &m) { return m.evalAccuracy; }));
        if (points.isEmpty())
            return;
        firstStep = any ? std::min(firstStep, stepOf(points.constFirst())) : stepOf(points.constFirst());
        lastStep = any ? std::max(lastStep, stepOf(points.constLast())) : stepOf(points.constLast());
        any = true;
    };
    draw(metrics, m_loss, m_trainAcc, m_evalAcc);
    for (int i = 0; i < m_overlays.size(); ++i)
        draw(m_overlays[i].metrics, m_evalAcc + 1 + 2 * i, -1, m_evalAcc + 2 + 2 * i);
    if (any)
        m_train->setXAxis(ChartAxis::fit(firstStep, lastStep));
    m_train->setYAxis(LineChart::Side::Left, ChartAxis::fit(0, maxLoss));
}

void MetricsCharts::updateThroughput(const MetricSeries &metrics, const Shown &shown)
{
    m_rateShown = shown;
    m_rateMetrics = metrics;
    const int buckets = std::max(64, m_throughput->width() / 2);
    double maxRate = 1.0;
    double first = 0;
    double last = 0;
    bool any = false;
    auto draw = [&](const MetricSeries &series, int line) {
        const MetricLane &points = series.steps();
        m_throughput->setSeriesPoints(line, decimated(points, buckets, secondsOf, [&](const MetricPoint &m) {
                                          maxRate = std::max(maxRate, m.samplesPerSec);
                                          return m.samplesPerSec;
                                      }));
        if (points.isEmpty())
            return;
        first = any ? std::min(first, secondsOf(points.constFirst())) : secondsOf(points.constFirst());
        last = any ? std::max(last, secondsOf(points.constLast())) : secondsOf(points.constLast());
        any = true;
    };
    draw(metrics, m_rate);
    for (int i = 0; i < m_overlays.size(); ++i)
        draw(m_overlays[i].metrics, m_rate + 1 + i);
    if (any)
        m_throughput->setXAxis(ChartAxis::fit(first, last));
    m_throughput->setYAxis(LineChart::Side::Left, ChartAxis::fit(0, maxRate));
}

void MetricsCharts::setCursor(qint64 tUs, qint64 step, const MetricPoint *at)
{
    m_train->setCursorX(tUs < 0 ? qQNaN() : double(step));
    m_throughput->setCursorX(tUs < 0 ? qQNaN() : double(tUs) / 1e6);
    std::optional<MetricPoint> point;
    if (tUs >= 0 && at)
        point = *at;
    if (tUs < 0)
        step = -1; // live: the titles do not name a step, so a new one changes nothing here
    const bool same = m_cursorPoint.has_value() == point.has_value() &&
                      (!point || (m_cursorPoint->step == point->step && m_cursorPoint->tUs == point->tUs));
    if (tUs == m_cursorUs && step == m_cursorStep && same)
        return;
    m_cursorUs = tUs;
    m_cursorStep = step;
    m_cursorPoint = point;
    retranslateUi();
}

void MetricsCharts::retranslateUi()
{
    m_tabs->setTabText(0, tr("Curves"));
    m_tabs->setTabText(1, tr("Confusion matrix"));
    retranslateConfusion();
    if (m_cursorPoint)
        m_train->setTitle(
            tr("Step %1: loss %2").arg(m_cursorPoint->step).arg(m_cursorPoint->loss, 0, 'f', 3));
    else
        m_train->setTitle(tr("Training"));
    m_train->setSeriesName(m_loss, tr("loss"));
    m_train->setSeriesName(m_trainAcc, tr("training accuracy"));
    m_train->setSeriesName(m_evalAcc, tr("held-out accuracy"));
    m_train->setAxisTitles(tr("step"), tr("loss"), tr("accuracy"));
    if (m_cursorPoint)
        m_throughput->setTitle(tr("%1 s: %2/s")
                                   .arg(double(m_cursorUs) / 1e6, 0, 'f', 3)
                                   .arg(m_cursorPoint->samplesPerSec, 0, 'f', 0));
    else
        m_throughput->setTitle(tr("Throughput"));
    m_throughput->setSeriesName(m_rate, tr("samples/s"));
    for (int i = 0; i < m_overlays.size(); ++i) {
        const QString &name = m_overlays[i].name;
        m_train->setSeriesName(m_evalAcc + 1 + 2 * i, tr("%1: loss").arg(name));
        m_train->setSeriesName(m_evalAcc + 2 + 2 * i, tr("%1: held-out accuracy").arg(name));
        m_throughput->setSeriesName(m_rate + 1 + i, tr("%1: samples/s").arg(name));
    }
    m_throughput->setAxisTitles(tr("time (s)"), tr("samples/s"));
}

void MetricsCharts::retranslateConfusion()
{
    m_confusionTitle->setText(
        tr("Held-out confusion at step %1 (rows: true class, columns: predicted)").arg(m_confusion->step()));
}

void MetricsCharts::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(e);
}

} // namespace qs
