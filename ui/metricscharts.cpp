#include "ui/metricscharts.h"

#include "ui/chartstyle.h"
#include "ui/seriesdecimation.h"

#include <QBoxLayout>
#include <QChartView>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>

namespace qs {

namespace {
QLineSeries *addSeries(QChart *chart, QValueAxis *x, QValueAxis *y, const QPen &pen)
{
    auto *s = new QLineSeries;
    s->setPen(pen);
    chart->addSeries(s);
    s->attachAxis(x);
    s->attachAxis(y);
    return s;
}
} // namespace

MetricsCharts::MetricsCharts(QWidget *parent)
    : QWidget(parent)
    // Each view is given its chart: one made without makes its own, which setChart() would leak.
    , m_trainView(new QChartView(new QChart))
    , m_rateView(new QChartView(new QChart))
    , m_step(new QValueAxis)
    , m_lossAxis(new QValueAxis)
    , m_accAxis(new QValueAxis)
    , m_time(new QValueAxis)
    , m_rateAxis(new QValueAxis)
{
    QChart *train = m_trainView->chart();
    train->addAxis(m_step, Qt::AlignBottom);
    train->addAxis(m_lossAxis, Qt::AlignLeft);
    train->addAxis(m_accAxis, Qt::AlignRight);
    m_step->setLabelFormat(QStringLiteral("%.0f"));
    m_accAxis->setRange(0, 1);
    setAxisRange(m_step, 0, 10);
    setAxisRange(m_lossAxis, 0, 1);
    m_loss = addSeries(train, m_step, m_lossAxis, seriesPen(0));
    m_trainAcc = addSeries(train, m_step, m_accAxis, seriesPen(1));
    m_evalAcc = addSeries(train, m_step, m_accAxis, seriesPen(2));
    m_evalAcc->setPointsVisible(true);

    QChart *rate = m_rateView->chart();
    rate->addAxis(m_time, Qt::AlignBottom);
    rate->addAxis(m_rateAxis, Qt::AlignLeft);
    m_time->setLabelFormat(QStringLiteral("%.0f"));
    m_rateAxis->setLabelFormat(QStringLiteral("%.0f"));
    setAxisRange(m_time, 0, 10);
    setAxisRange(m_rateAxis, 0, 10);
    m_rate = addSeries(rate, m_time, m_rateAxis, seriesPen(0));

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    for (QChartView *v : {m_trainView, m_rateView}) {
        v->setRenderHint(QPainter::Antialiasing);
        v->setMinimumSize(200, 150);
        layout->addWidget(v);
        styleChart(v->chart(), font());
    }
    retranslateUi();
}

int MetricsCharts::lossPoints() const
{
    return int(m_loss->count());
}
int MetricsCharts::evalPoints() const
{
    return int(m_evalAcc->count());
}
int MetricsCharts::ratePoints() const
{
    return int(m_rate->count());
}

void MetricsCharts::setSnapshot(const Snapshot &snap)
{
    const qint64 lastStep = snap.metrics.isEmpty() ? -1 : snap.metrics.constLast().step;
    if (snap.metrics.size() == m_lastCount && lastStep == m_lastStep)
        return;
    if (snap.run == RunState::Running && m_sinceUpdate.isValid() &&
        m_sinceUpdate.elapsed() < kChartIntervalMs)
        return;
    m_sinceUpdate.start();
    m_lastCount = snap.metrics.size();
    m_lastStep = lastStep;
    QList<QPointF> loss, train, eval, rate;
    loss.reserve(snap.metrics.size());
    train.reserve(snap.metrics.size());
    rate.reserve(snap.metrics.size());
    double maxLoss = 0, maxRate = 0;
    for (const MetricPoint &m : snap.metrics) {
        loss.append(QPointF(double(m.step), m.loss));
        train.append(QPointF(double(m.step), m.trainAccuracy));
        if (m.evalAccuracy >= 0)
            eval.append(QPointF(double(m.step), m.evalAccuracy));
        rate.append(QPointF(double(m.tUs) / 1e6, m.samplesPerSec));
        maxLoss = std::max(maxLoss, m.loss);
        maxRate = std::max(maxRate, m.samplesPerSec);
    }
    // A long run keeps thousands of points: draw about two per pixel column.
    const int trainBuckets = std::max(64, m_trainView->width() / 2);
    const int rateBuckets = std::max(64, m_rateView->width() / 2);
    m_loss->replace(decimateMinMax(loss, trainBuckets));
    m_trainAcc->replace(decimateMinMax(train, trainBuckets));
    m_evalAcc->replace(decimateMinMax(eval, trainBuckets));
    m_rate->replace(decimateMinMax(rate, rateBuckets));
    if (!snap.metrics.isEmpty()) {
        setAxisRange(m_step, double(snap.metrics.constFirst().step), double(lastStep));
        setAxisRange(m_time, rate.constFirst().x(), rate.constLast().x());
    }
    setAxisRange(m_lossAxis, 0, std::max(maxLoss, 0.1));
    setAxisRange(m_rateAxis, 0, std::max(maxRate, 1.0));
}

void MetricsCharts::retranslateUi()
{
    m_trainView->chart()->setTitle(tr("Training"));
    m_loss->setName(tr("loss"));
    m_trainAcc->setName(tr("training accuracy"));
    m_evalAcc->setName(tr("held-out accuracy"));
    m_step->setTitleText(tr("step"));
    m_lossAxis->setTitleText(tr("loss"));
    m_accAxis->setTitleText(tr("accuracy"));
    m_rateView->chart()->setTitle(tr("Throughput"));
    m_rate->setName(tr("samples/s"));
    m_time->setTitleText(tr("time (s)"));
    m_rateAxis->setTitleText(tr("samples/s"));
}

void MetricsCharts::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange) {
        retranslateUi();
    } else if (e->type() == QEvent::FontChange) {
        styleChart(m_trainView->chart(), font());
        styleChart(m_rateView->chart(), font());
    }
    QWidget::changeEvent(e);
}

} // namespace qs
