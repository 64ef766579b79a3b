#include "charts/linechart.h"

#include <QEvent>
#include <QPainter>
#include <QPolygonF>

#include <algorithm>
#include <optional>

namespace qs {

namespace {
constexpr int kMargin = 4;
constexpr int kSampleWidth = 22; // the line drawn before a legend entry's name

int widestLabel(const QFontMetrics &fm, const ChartAxis &axis)
{
    int w = 0;
    for (double v : axis.ticks())
        w = std::max(w, fm.horizontalAdvance(axis.label(v)));
    return w;
}

QColor blend(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
                            float(a.greenF() + (b.greenF() - a.greenF()) * t),
                            float(a.blueF() + (b.blueF() - a.blueF()) * t));
}
} // namespace

LineChart::LineChart(QWidget *parent)
    : QWidget(parent)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void LineChart::setTitle(const QString &title)
{
    if (title != m_title) {
        m_title = title;
        invalidateFrame();
    }
}

void LineChart::setAxisTitles(const QString &x, const QString &left, const QString &right)
{
    if (x != m_xTitle || left != m_leftTitle || right != m_rightTitle) {
        m_xTitle = x;
        m_leftTitle = left;
        m_rightTitle = right;
        invalidateFrame();
    }
}

void LineChart::setXAxis(const ChartAxis &axis)
{
    if (!(axis == m_x)) {
        m_x = axis;
        invalidateFrame();
    }
}

void LineChart::setYAxis(Side side, const ChartAxis &axis)
{
    ChartAxis &target = side == Side::Left ? m_left : m_right;
    if (!(axis == target)) {
        target = axis;
        invalidateFrame();
    }
}

int LineChart::addSeries(const QPen &pen, Side side, bool markers, bool inLegend)
{
    Series s;
    s.pen = pen;
    s.side = side;
    s.markers = markers;
    s.inLegend = inLegend;
    m_series.append(s);
    invalidateFrame();
    return int(m_series.size()) - 1;
}

void LineChart::setSeriesName(int series, const QString &name)
{
    if (m_series[series].name != name) {
        m_series[series].name = name;
        invalidateFrame();
    }
}

void LineChart::setSeriesPoints(int series, const QList<QPointF> &points)
{
    m_series[series].points = points;
    update(plotRect().adjusted(-4, -4, 4, 4)); // the lines only; markers may reach a little out
}

void LineChart::clearSeries()
{
    m_series.clear();
    invalidateFrame();
}

void LineChart::removeSeriesFrom(int first)
{
    if (first >= m_series.size())
        return;
    m_series.resize(std::max(0, first));
    invalidateFrame();
}

bool LineChart::hasRight() const
{
    return std::any_of(m_series.cbegin(), m_series.cend(),
                       [](const Series &s) { return s.side == Side::Right; });
}

QRect LineChart::plotRect() const
{
    if (m_layoutStale)
        layoutFrame();
    return m_plot;
}

void LineChart::invalidateFrame()
{
    m_layoutStale = true;
    m_frameStale = true;
    update();
}

void LineChart::resizeEvent(QResizeEvent *)
{
    invalidateFrame();
}

void LineChart::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::FontChange || e->type() == QEvent::PaletteChange ||
        e->type() == QEvent::StyleChange)
        invalidateFrame();
    QWidget::changeEvent(e);
}

void LineChart::layoutFrame() const
{
    const QFontMetrics fm = fontMetrics();
    const int fh = fm.height();
    QFont bold = font();
    bold.setBold(true);
    const int width = this->width();

    // The legend: entries in rows, each row centred; a name never gets cut.
    m_legend.clear();
    QList<QList<LegendEntry>> rows;
    const int room = std::max(1, width - 2 * kMargin);
    int x = 0;
    for (int i = 0; i < m_series.size(); ++i) {
        const Series &s = m_series[i];
        if (!s.inLegend || s.name.isEmpty())
            continue;
        const int w = std::min(room, kSampleWidth + 4 + fm.horizontalAdvance(s.name) + 2); // + rounding
        if (rows.isEmpty() || (!rows.last().isEmpty() && x + 14 + w > room)) {
            rows.append(QList<LegendEntry>());
            x = 0;
        }
        if (!rows.last().isEmpty())
            x += 14;
        rows.last().append({i, QRect(x, 0, w, fh)});
        x += w;
    }
    const int legendHeight = int(rows.size()) * (fh + 2);
    int y = height() - kMargin - legendHeight;
    for (const QList<LegendEntry> &row : std::as_const(rows)) {
        const int used = row.last().rect.right() + 1;
        const int x0 = kMargin + std::max(0, (room - used) / 2);
        for (LegendEntry e : row) {
            e.rect.translate(x0, y);
            m_legend.append(e);
        }
        y += fh + 2;
    }

    const int top = kMargin + (m_title.isEmpty() ? 0 : QFontMetrics(bold).height() + 4) + fh / 2;
    int bottom = height() - kMargin - legendHeight - (rows.isEmpty() ? 0 : 4) - fh - 4;
    if (!m_xTitle.isEmpty())
        bottom -= fh;
    const int left = kMargin + (m_leftTitle.isEmpty() ? 0 : fh + 4) + widestLabel(fm, m_left) + 6;
    int right = width - kMargin;
    const QList<double> xTicks = m_x.ticks();
    const int lastX = xTicks.isEmpty() ? 0 : fm.horizontalAdvance(m_x.label(xTicks.last())) / 2;
    if (hasRight())
        right -= (m_rightTitle.isEmpty() ? 0 : fh + 4) + widestLabel(fm, m_right) + 6;
    else
        right -= std::max(lastX, 6);
    m_plot = QRect(QPoint(left, top), QPoint(std::max(left + 1, right), std::max(top + 1, bottom)));
    m_layoutStale = false;
}

void LineChart::paintFrame(QPainter &p) const
{
    const QPalette &pal = palette();
    const QColor text = pal.color(QPalette::Text);
    const QColor grid = blend(pal.color(QPalette::Base), text, 0.12);
    const QColor axisLine = blend(pal.color(QPalette::Base), text, 0.45);
    const QFontMetrics fm = fontMetrics();
    const int fh = fm.height();
    p.fillRect(rect(), pal.base());

    if (!m_title.isEmpty()) {
        QFont bold = font();
        bold.setBold(true);
        p.setFont(bold);
        p.setPen(text);
        p.drawText(QRect(kMargin, kMargin, width() - 2 * kMargin, QFontMetrics(bold).height()),
                   Qt::AlignHCenter | Qt::AlignVCenter, m_title);
        p.setFont(font());
    }

    const QRect plot = m_plot;
    int xLabel = 0;
    for (double v : m_x.ticks())
        xLabel = std::max(xLabel, fm.horizontalAdvance(m_x.label(v)));
    const QList<double> xTicks = m_x.ticksFitting(plot.width() / (m_x.hi - m_x.lo), xLabel + 12);
    const QList<double> leftTicks = m_left.ticksFitting(plot.height() / (m_left.hi - m_left.lo), fh + 2);
    const QList<double> rightTicks = m_right.ticksFitting(plot.height() / (m_right.hi - m_right.lo), fh + 2);
    p.setPen(QPen(grid, 1));
    for (double v : xTicks) {
        const int x = qRound(m_x.map(v, plot.left(), plot.right()));
        p.drawLine(x, plot.top(), x, plot.bottom());
    }
    for (double v : leftTicks) {
        const int y = qRound(m_left.map(v, plot.bottom(), plot.top()));
        p.drawLine(plot.left(), y, plot.right(), y);
    }
    p.setPen(QPen(axisLine, 1));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    p.drawLine(plot.topLeft(), plot.bottomLeft());
    if (hasRight())
        p.drawLine(plot.topRight(), plot.bottomRight());

    p.setPen(text);
    for (double v : xTicks) {
        const int x = qRound(m_x.map(v, plot.left(), plot.right()));
        p.drawText(QRect(x - 100, plot.bottom() + 3, 200, fh), Qt::AlignHCenter | Qt::AlignTop, m_x.label(v));
    }
    for (double v : leftTicks) {
        const int y = qRound(m_left.map(v, plot.bottom(), plot.top()));
        p.drawText(QRect(0, y - fh / 2, plot.left() - 5, fh), Qt::AlignRight | Qt::AlignVCenter,
                   m_left.label(v));
    }
    if (hasRight()) {
        for (double v : rightTicks) {
            const int y = qRound(m_right.map(v, plot.bottom(), plot.top()));
            p.drawText(QRect(plot.right() + 5, y - fh / 2, width(), fh), Qt::AlignLeft | Qt::AlignVCenter,
                       m_right.label(v));
        }
    }
    if (!m_xTitle.isEmpty())
        p.drawText(QRect(plot.left(), plot.bottom() + 3 + fh, plot.width(), fh),
                   Qt::AlignHCenter | Qt::AlignTop, m_xTitle);
    auto verticalTitle = [&](const QString &title, int x, double angle) {
        p.save();
        p.translate(x, plot.center().y());
        p.rotate(angle);
        p.drawText(QRect(-plot.height() / 2, -fh / 2, plot.height(), fh), Qt::AlignCenter, title);
        p.restore();
    };
    if (!m_leftTitle.isEmpty())
        verticalTitle(m_leftTitle, kMargin + fh / 2, -90);
    if (hasRight() && !m_rightTitle.isEmpty())
        verticalTitle(m_rightTitle, width() - kMargin - fh / 2, 90);

    p.setRenderHint(QPainter::Antialiasing);
    for (const LegendEntry &e : std::as_const(m_legend)) {
        const Series &s = m_series[e.series];
        paintSample(p, s, QRect(e.rect.left(), e.rect.top(), kSampleWidth, e.rect.height()));
        p.setPen(text);
        const QRect name = e.rect.adjusted(kSampleWidth + 4, 0, 0, 0);
        // A name longer than the chart is wide keeps its start and end ("shuffle_b…_queue").
        p.drawText(name, Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(s.name, Qt::ElideMiddle, name.width()));
    }
}

void LineChart::paintSample(QPainter &p, const Series &s, const QRect &r) const
{
    const double y = r.center().y() + 0.5;
    p.setPen(s.pen);
    p.drawLine(QPointF(r.left() + 1, y), QPointF(r.right() - 1, y));
    if (s.markers) {
        p.setBrush(s.pen.color());
        p.setPen(Qt::NoPen);
        p.drawEllipse(QPointF(r.center().x() + 0.5, y), 3, 3);
        p.setBrush(Qt::NoBrush);
    }
}

void LineChart::paintEvent(QPaintEvent *)
{
    const qreal dpr = devicePixelRatioF();
    if (m_frameStale || m_frame.size() != size() * dpr || m_frame.devicePixelRatio() != dpr) {
        if (m_layoutStale)
            layoutFrame();
        m_frameStale = false;
        m_frame = QPixmap(size() * dpr);
        m_frame.setDevicePixelRatio(dpr);
        QPainter fp(&m_frame);
        fp.setFont(font());
        paintFrame(fp);
    }
    QPainter p(this);
    p.drawPixmap(0, 0, m_frame);
    const QRect plot = m_plot;
    p.setClipRect(plot.adjusted(-3, -3, 4, 4));
    p.setRenderHint(QPainter::Antialiasing);
    QPolygonF line;
    QList<QLineF> segments;
    for (const Series &s : std::as_const(m_series)) {
        if (s.points.isEmpty())
            continue;
        const ChartAxis &y = s.side == Side::Left ? m_left : m_right;
        line.resize(s.points.size());
        for (qsizetype i = 0; i < s.points.size(); ++i)
            line[i] = QPointF(m_x.map(s.points[i].x(), plot.left(), plot.right()),
                              y.map(s.points[i].y(), plot.bottom(), plot.top()));
        p.setPen(s.pen);
        p.setBrush(Qt::NoBrush);
        if (s.pen.style() == Qt::SolidLine && s.pen.capStyle() != Qt::RoundCap && line.size() > 1) {
            // As separate segments: a solid pen with square or flat caps then takes the raster
            // engine's line path, where a wide polyline goes through the general stroker (some
            // times slower for a smooth curve, many times for a dense min/max zigzag). The
            // segments' caps overlap at the joints, which looks the same. A dashed pen keeps its
            // pattern across the joints only as one polyline.
            segments.resize(line.size() - 1);
            for (qsizetype i = 0; i + 1 < line.size(); ++i)
                segments[i] = QLineF(line[i], line[i + 1]);
            p.drawLines(segments);
        } else {
            p.drawPolyline(line);
        }
        if (s.markers)
            paintMarkers(p, s, line);
    }
    if (!qIsNaN(m_cursorX) && m_cursorX >= m_x.lo && m_cursorX <= m_x.hi) {
        const double x = m_x.map(m_cursorX, plot.left(), plot.right());
        p.setRenderHint(QPainter::Antialiasing, false);
        p.setPen(QPen(palette().highlight().color(), 2));
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
    }
}

void LineChart::setCursorX(double x)
{
    if (x == m_cursorX || (qIsNaN(x) && qIsNaN(m_cursorX)))
        return;
    m_cursorX = x;
    update();
}

void LineChart::paintMarkers(QPainter &p, const Series &s, const QPolygonF &points) const
{
    // One antialiased dot drawn once and stamped: drawing a few hundred small ellipses took
    // most of the training chart's paint. Dots that would land on the one before are skipped.
    const qreal dpr = devicePixelRatioF();
    constexpr int kSize = 6;
    if (s.dot.isNull() || s.dot.devicePixelRatio() != dpr || s.dotColor != s.pen.color()) {
        s.dot = QPixmap(QSize(kSize, kSize) * dpr);
        s.dot.setDevicePixelRatio(dpr);
        s.dot.fill(Qt::transparent);
        QPainter dp(&s.dot);
        dp.setRenderHint(QPainter::Antialiasing);
        dp.setPen(Qt::NoPen);
        dp.setBrush(s.pen.color());
        dp.drawEllipse(QRectF(0.5, 0.5, kSize - 1, kSize - 1));
        s.dotColor = s.pen.color();
    }
    std::optional<QPoint> last;
    for (const QPointF &pt : points) {
        const QPoint at = (pt - QPointF(kSize / 2.0, kSize / 2.0)).toPoint();
        if (last && std::abs(at.x() - last->x()) < 2 && std::abs(at.y() - last->y()) < 2)
            continue;
        p.drawPixmap(at, s.dot);
        last = at;
    }
}

} // namespace qs
