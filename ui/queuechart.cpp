#include "ui/queuechart.h"

#include "ui/chartstyle.h"
#include "ui/seriesdecimation.h"

#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>

namespace qs {

QueueChart::QueueChart(QWidget *parent)
    // Given its chart: a view made without one makes its own, which setChart() would leak.
    : QChartView(new QChart, parent)
    , m_x(new QValueAxis)
    , m_y(new QValueAxis)
{
    QChart *c = chart();
    c->addAxis(m_x, Qt::AlignBottom);
    c->addAxis(m_y, Qt::AlignLeft);
    m_x->setLabelFormat(QStringLiteral("%.0f"));
    m_y->setLabelFormat(QStringLiteral("%.0f"));
    setAxisRange(m_x, 0, 10);
    m_y->setRange(0, 100);
    m_y->setTickCount(6);
    setRenderHint(QPainter::Antialiasing);
    styleChart(c, font());
    retranslateUi();
}

int QueueChart::pointCount(int series) const
{
    return int(m_series[series]->count());
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
        for (QLineSeries *s : std::as_const(m_series)) {
            chart()->removeSeries(s);
            delete s;
        }
        m_series.clear();
        m_floors.clear();
        m_names = names;
        for (int i = 0; i < snap.queues.size(); ++i) {
            const QueueInfo &q = snap.queues[i];
            auto *s = new QLineSeries;
            s->setName(q.name);
            s->setPen(seriesPen(i));
            auto *floor = new QLineSeries;
            QPen pen = seriesPen(i);
            pen.setWidthF(1);
            pen.setStyle(Qt::DotLine);
            floor->setPen(pen);
            for (QLineSeries *series : {s, floor}) {
                chart()->addSeries(series);
                series->attachAxis(m_x);
                series->attachAxis(m_y);
            }
            // Only the data lines have legend entries; the floor is explained in the tooltip.
            chart()->legend()->markers(floor).constFirst()->setVisible(false);
            m_series.append(s);
            m_floors.append(floor);
        }
    }
    double first = double(snap.tUs) / 1e6;
    for (const QueueInfo &q : snap.queues)
        if (!q.history.isEmpty())
            first = std::min(first, double(q.history.constFirst().tUs) / 1e6);
    first = std::max(0.0, first);
    const double last = std::max(double(snap.tUs) / 1e6, first + 1);
    for (int i = 0; i < snap.queues.size(); ++i) {
        const QueueInfo &q = snap.queues[i];
        const double scale = 100.0 / std::max(q.capacity, 1);
        if (q.minAfterDequeue > 0)
            m_floors[i]->replace(
                {QPointF(first, q.minAfterDequeue * scale), QPointF(last, q.minAfterDequeue * scale)});
        QList<QPointF> points;
        points.reserve(q.history.size() + 1);
        for (const QueueSample &s : q.history)
            points.append(QPointF(double(s.tUs) / 1e6, s.size * scale));
        points.append(QPointF(double(snap.tUs) / 1e6, q.size * scale)); // the latest size is exact
        // Redrawn every time: the last point, the exact size now, moves right even while the
        // queue does not change. Thinned to about two points per pixel column.
        m_series[i]->replace(decimateMinMax(points, std::max(64, width() / 2)));
    }
    setAxisRange(m_x, first, last);
}

void QueueChart::retranslateUi()
{
    chart()->setTitle(tr("Queue occupancy"));
    m_x->setTitleText(tr("time (s)"));
    m_y->setTitleText(tr("% of capacity"));
    setToolTip(tr("How full each queue was, as a share of its capacity. A dotted line marks a shuffle "
                  "queue's min_after_dequeue floor."));
}

void QueueChart::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    else if (e->type() == QEvent::FontChange)
        styleChart(chart(), font());
    QChartView::changeEvent(e);
}

} // namespace qs
