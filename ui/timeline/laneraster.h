#pragma once

#include "timeline/timelinelayout.h"

#include <QImage>
#include <QPoint>
#include <QSize>

#include <array>

namespace qs {

// Paints the timeline's lanes into an image by writing its pixels. A long run's lanes are tens
// of thousands of one-pixel stacked columns; QPainter filled them one small rectangle at a time,
// which was most of a frame. The result is what that painting gave: each mark filled with its
// state's colour and, for patterned states, StatePalette's pattern over it, lined up with the
// widget as a brush with origin (0, 0) would be; a mixed column stacked bottom-up in legend
// order, each state's rows its share of the column's time, rounded so the rows add up to the
// band (a state with less than half a row's time gets none).
// Coordinates are the widget's logical pixels; the image holds device pixels (devicePixelRatio).
class LaneRaster {
public:
    // Starts a frame of `size` logical pixels whose top-left is `origin` in the widget.
    void begin(QSize size, qreal dpr, QPoint origin);
    // Fills widget rows [top, top + height) with `color` (a lane's background).
    void fillRows(int top, int height, QColor color);
    // Paints a lane's marks into widget rows [bandTop, bandTop + bandHeight); marks outside the
    // image are clipped.
    void paintItems(const QList<LaneItem> &items, int bandTop, int bandHeight);
    const QImage &image() const { return m_image; }
    QPoint origin() const { return m_origin; }

    // How a mixed column of rows [top, bottom) is stacked: legend state i (legendOrder()[i])
    // gets rows [edges[i + 1], edges[i]); edges[0] is bottom and the last edge is top.
    using Edges = std::array<int, kThreadStateCount + 1>;
    static Edges stackEdges(const StateMix &mix, int top, int bottom);

    struct Fill; // a state's colours and pattern cells, made from StatePalette (laneraster.cpp)

private:
    void fillRect(int x0, int x1, int y0, int y1, const Fill &f); // device pixels, clipped
    QRgb *line(int y);

    QImage m_image;
    uchar *m_bits = nullptr;
    qsizetype m_stride = 0;
    int m_patternX = 0; // the image's offset from the widget's device pixel (0, 0)
    int m_patternY = 0;
    QPoint m_origin;
    qreal m_dpr = 1.0;
};

} // namespace qs
