#include "charts/queuechart.h"

#include "charts/chartstyle.h"
#include "charts/linechart.h"
#include "charts/seriesdecimation.h"

#include <QBoxLayout>
#include <QEvent>

#include <algorithm>

namespace qs {

QueueChart::QueueChart(QWidget *parent)
    : QWidget(parent)
    , m_chart(new LineChart)
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_chart);
    m_chart->setXAxis(ChartAxis::fit(0, 10));
    m_chart->setYAxis(LineChart::Side::Left, ChartAxis::fit(0, 100, 0));
    retranslateUi();
}

int QueueChart::pointCount(int series) const
{
    return m_chart->pointCount(m_series[series]);
}

void QueueChart::setSnapshot(const Snapshot &snap)
{
    // While the run goes, five redraws a second show the trend; the end is always drawn.
    if (snap.run == RunState::Running && m_sinceUpdate.isValid() &&
        m_sinceUpdate.elapsed() < kChartIntervalMs)
        return;
    m_sinceUpdate.start();
    QStringList names;
    for (const QueueInfo &q : snap.queues)
        names << q.name + QLatin1Char(' ') + QString::number(q.capacity) + QLatin1Char(' ') +
                     QString::number(q.minAfterDequeue);
    if (names != m_names) {
        m_chart->clearSeries();
        m_series.clear();
        m_floors.clear();
        m_names = names;
        for (int i = 0; i < snap.queues.size(); ++i) {
            m_series.append(m_chart->addSeries(seriesPen(i)));
            m_chart->setSeriesName(m_series.last(), snap.queues[i].name);
            // Only the data lines have legend entries; the floor is explained in the tooltip.
            QPen floor = seriesPen(i);
            floor.setWidthF(1);
            floor.setStyle(Qt::DotLine);
            m_floors.append(m_chart->addSeries(floor, LineChart::Side::Left, false, false));
        }
    }
    // The run's whole time, from its start: a queue's samples begin at its first change (one
    // that sat empty for three seconds has none before then), so they cannot say where the axis
    // starts. Where the bounded history has let its oldest samples go, the line starts later.
    const double first = 0;
    // A finished run fills the width however short it was (a 40 ms run is not a sliver on a
    // 1 s axis); a running one grows from one second.
    const double last = snap.run == RunState::Finished ? std::max(double(snap.tUs) / 1e6, first + 1e-3)
                                                       : std::max(double(snap.tUs) / 1e6, first + 1);
    const int buckets = std::max(64, width() / 2);
    for (int i = 0; i < snap.queues.size(); ++i) {
        const QueueInfo &q = snap.queues[i];
        const double scale = 100.0 / std::max(q.capacity, 1);
        if (q.minAfterDequeue > 0)
            m_chart->setSeriesPoints(m_floors[i], {QPointF(first, q.minAfterDequeue * scale),
                                                   QPointF(last, q.minAfterDequeue * scale)});
        QList<QPointF> points;
        points.reserve(q.history.size() + 1);
        for (const QueueSample &s : q.history)
            points.append(QPointF(double(s.tUs) / 1e6, s.size * scale));
        points.append(QPointF(double(snap.tUs) / 1e6, q.size * scale)); // the latest size is exact
        // Redrawn every time: the last point, the exact size now, moves right even while the
        // queue does not change. Thinned to about two points per pixel column.
        m_chart->setSeriesPoints(m_series[i], decimateMinMax(points, buckets));
    }
    m_chart->setXAxis(ChartAxis::fit(first, last));
}

void QueueChart::setCursorUs(qint64 tUs)
{
    m_chart->setCursorX(tUs < 0 ? qQNaN() : double(tUs) / 1e6);
}

void QueueChart::retranslateUi()
{
    m_chart->setTitle(tr("Queue occupancy"));
    m_chart->setAxisTitles(tr("time (s)"), tr("% of capacity"));
    setToolTip(tr("How full each queue was, as a share of its capacity. A dotted line marks a shuffle "
                  "queue's min_after_dequeue floor."));
}

void QueueChart::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(e);
}

} // namespace qs
