#pragma once

#include "timeline/timelinelayout.h"

#include <QImage>
#include <QPoint>
#include <QSize>

#include <array>
#include <climits>
#include <optional>

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
    // Starts a frame of `size` logical pixels whose top-left is `origin` in the widget. The
    // patterns' cells start at the widget's device pixel (0, 0), or, given `patternX`, at that
    // device column of the image (the live timeline anchors them to the run's time).
    void begin(QSize size, qreal dpr, QPoint origin, std::optional<int> patternX = {});
    // Starts a frame as begin() would but keeps the last frame's pixels, moved `columns` device
    // pixels to the left, to paint only some columns again: false (nothing kept) when the image
    // had another size, origin or scale, or when `patternX` did not move with the pixels. The
    // columns moved in at the right keep stale pixels until painted.
    bool beginScrolled(QSize size, qreal dpr, QPoint origin, int patternX, int columns);
    // Painting leaves the widget's columns left of x alone (INT_MIN: paints them all).
    void setLeftClip(int x);
    // Fills widget rows [top, top + height) with `color` (a lane's background).
    void fillRows(int top, int height, QColor color);
    // Paints a lane's marks into widget rows [bandTop, bandTop + bandHeight); marks outside the
    // image (or left of the clip) are clipped.
    void paintItems(const QList<LaneItem> &items, int bandTop, int bandHeight);
    const QImage &image() const { return m_image; }
    QPoint origin() const { return m_origin; }

    // How a mixed column of rows [top, bottom) is stacked: legend state i (legendOrder()[i])
    // gets rows [edges[i + 1], edges[i]); edges[0] is bottom and the last edge is top.
    using Edges = std::array<int, kThreadStateCount + 1>;
    static Edges stackEdges(const StateMix &mix, int top, int bottom);

    struct Fill; // a state's colours and pattern cells, made from StatePalette (laneraster.cpp)

private:
    static QSize deviceSize(QSize size, qreal dpr);
    void fillRect(int x0, int x1, int y0, int y1, const Fill &f); // device pixels, clipped
    QRgb *line(int y);

    QImage m_image;
    uchar *m_bits = nullptr;
    qsizetype m_stride = 0;
    int m_patternX = 0; // the image's offset from the widget's device pixel (0, 0)
    int m_patternY = 0;
    int m_clipX = 0; // device columns of the image left of it are not painted
    QPoint m_origin;
    qreal m_dpr = 1.0;
};

} // namespace qs
