#include "ui/queuechart.h"

#include "ui/chartstyle.h"

#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>

namespace qs {

QueueChart::QueueChart(QWidget *parent)
    : QChartView(parent)
    , m_x(new QValueAxis)
    , m_y(new QValueAxis)
{
    auto *c = new QChart;
    c->addAxis(m_x, Qt::AlignBottom);
    c->addAxis(m_y, Qt::AlignLeft);
    m_x->setLabelFormat(QStringLiteral("%.0f"));
    m_y->setLabelFormat(QStringLiteral("%.0f"));
    setAxisRange(m_x, 0, 10);
    setAxisRange(m_y, 0, 10);
    setChart(c);
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
    QStringList names;
    for (const QueueInfo &q : snap.queues)
        names << q.name;
    if (names != m_names) {
        for (QLineSeries *s : std::as_const(m_series)) {
            chart()->removeSeries(s);
            delete s;
        }
        m_series.clear();
        m_lastT.clear();
        m_names = names;
        for (int i = 0; i < names.size(); ++i) {
            auto *s = new QLineSeries;
            s->setName(names[i]);
            s->setPen(seriesPen(i));
            chart()->addSeries(s);
            s->attachAxis(m_x);
            s->attachAxis(m_y);
            m_series.append(s);
            m_lastT.append(-1);
        }
    }
    int capacity = 1;
    for (int i = 0; i < snap.queues.size(); ++i) {
        const QueueInfo &q = snap.queues[i];
        capacity = std::max({capacity, q.capacity, q.size});
        const qint64 newest = q.history.isEmpty() ? -1 : q.history.constLast().tUs;
        if (newest == m_lastT[i] && m_series[i]->count() == q.history.size())
            continue;
        QList<QPointF> points;
        points.reserve(q.history.size() + 1);
        for (const QueueSample &s : q.history)
            points.append(QPointF(double(s.tUs) / 1e6, s.size));
        if (!points.isEmpty() && snap.tUs / 1e6 > points.constLast().x())
            points.append(QPointF(double(snap.tUs) / 1e6, q.size)); // the latest size is exact
        m_series[i]->replace(points);
        m_lastT[i] = newest;
    }
    double first = double(snap.tUs) / 1e6;
    for (const QueueInfo &q : snap.queues)
        if (!q.history.isEmpty())
            first = std::min(first, double(q.history.constFirst().tUs) / 1e6);
    setAxisRange(m_x, std::max(0.0, first), std::max(double(snap.tUs) / 1e6, first + 1));
    m_y->setRange(0, capacity * 1.05);
}

void QueueChart::retranslateUi()
{
    chart()->setTitle(tr("Queue occupancy"));
    m_x->setTitleText(tr("time (s)"));
    m_y->setTitleText(tr("elements"));
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
