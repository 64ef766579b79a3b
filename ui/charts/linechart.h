#pragma once

#include "charts/chartaxis.h"

#include <QPen>
#include <QPixmap>
#include <QPointF>
#include <QPolygonF>
#include <QWidget>

namespace qs {

// A small line chart painted directly: a title, an x axis, a left and an optional right value
// axis, light grid lines on the round ticks, a legend below, and lines with their own pens
// (solid, dashed, dotted: never colour alone). The frame (everything but the lines) is drawn
// into a pixmap that is kept until the axes, words, size, font or palette change, so a new set
// of points costs only the lines. Fonts follow the widget's font, so the presentation zoom
// reaches the axes. Points are drawn as given: thin long series first (decimateMinMax).
class LineChart : public QWidget {
    Q_OBJECT
public:
    enum class Side { Left, Right };

    explicit LineChart(QWidget *parent = nullptr);

    void setTitle(const QString &title);
    QString title() const { return m_title; }
    void setAxisTitles(const QString &x, const QString &left, const QString &right = {});
    void setXAxis(const ChartAxis &axis);
    void setYAxis(Side side, const ChartAxis &axis);
    const ChartAxis &xAxis() const { return m_x; }
    const ChartAxis &yAxis(Side side) const { return side == Side::Left ? m_left : m_right; }

    // A line; `markers` draws a dot on every point, a line not `inLegend` (a floor explained in
    // the tooltip) has no legend entry. The right axis shows once a line uses it.
    int addSeries(const QPen &pen, Side side = Side::Left, bool markers = false, bool inLegend = true);
    void setSeriesName(int series, const QString &name);
    void setSeriesPoints(int series, const QList<QPointF> &points);
    void clearSeries();
    void removeSeriesFrom(int first); // drops series first, first + 1, ...
    // A vertical line at x (the time cursor); NaN: none.
    void setCursorX(double x);
    double cursorX() const { return m_cursorX; }
    int seriesCount() const { return int(m_series.size()); }
    int pointCount(int series) const { return int(m_series[series].points.size()); }
    QRect plotRect() const; // where the lines are drawn

    QSize sizeHint() const override { return {400, 300}; }
    QSize minimumSizeHint() const override { return {200, 150}; }

protected:
    void paintEvent(QPaintEvent *) override;
    void resizeEvent(QResizeEvent *) override;
    void changeEvent(QEvent *) override;

private:
    struct Series {
        QPen pen;
        Side side = Side::Left;
        bool markers = false;
        bool inLegend = true;
        QString name;
        QList<QPointF> points;
        mutable QPixmap dot; // the marker, drawn once
        mutable QColor dotColor;
    };
    struct LegendEntry {
        int series;
        QRect rect;
    };
    bool hasRight() const;
    void invalidateFrame(); // the frame is drawn again at the next paint
    void layoutFrame() const;
    void paintFrame(QPainter &p) const;
    void paintSample(QPainter &p, const Series &s, const QRect &r) const;
    void paintMarkers(QPainter &p, const Series &s, const QPolygonF &points) const;

    QString m_title;
    QString m_xTitle;
    QString m_leftTitle;
    QString m_rightTitle;
    ChartAxis m_x;
    ChartAxis m_left;
    ChartAxis m_right;
    QList<Series> m_series;
    mutable bool m_layoutStale = true; // m_plot and m_legend
    mutable bool m_frameStale = true;  // m_frame
    mutable QPixmap m_frame;
    mutable QRect m_plot;
    double m_cursorX = qQNaN();
    mutable QList<LegendEntry> m_legend;
};

} // namespace qs
