#include "timeline/laneraster.h"

#include "common/statepalette.h"

#include <QPainter>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace qs {

// A state's fill as the raster needs it: its colour and, where it has a pattern, the pattern's
// colour and its 8×8 cells, taken from Qt's own brush so that the lanes look as QPainter drew them.
struct LaneRaster::Fill {
    QRgb color = 0;
    QRgb patternColor = 0;
    bool patterned = false;
    std::array<quint8, 8> rows{}; // bit x of rows[y]: the pattern covers cell (x, y)
};

namespace {

using Fill = LaneRaster::Fill;

Fill makeFill(ThreadState s)
{
    Fill f;
    f.color = StatePalette::color(s).rgb();
    f.patterned = StatePalette::isHatched(s);
    if (!f.patterned)
        return f;
    f.patternColor = StatePalette::patternColor(s).rgb();
    QImage cell(8, 8, QImage::Format_RGB32);
    cell.fill(Qt::white);
    {
        QPainter p(&cell);
        p.setBrushOrigin(0, 0);
        p.fillRect(cell.rect(), QBrush(Qt::black, StatePalette::pattern(s)));
    }
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x)
            if (qGray(cell.pixel(x, y)) < 128)
                f.rows[size_t(y)] |= quint8(1u << x);
    return f;
}

struct Palette {
    std::array<Fill, kThreadStateCount> fill;
    std::array<ThreadState, kThreadStateCount> order; // the legend's
};

const Palette &palette()
{
    static const Palette table = [] {
        Palette t;
        for (int i = 0; i < kThreadStateCount; ++i)
            t.fill[size_t(i)] = makeFill(ThreadState(i));
        const QList<ThreadState> order = StatePalette::legendOrder();
        Q_ASSERT(order.size() == kThreadStateCount);
        std::copy(order.cbegin(), order.cend(), t.order.begin());
        return t;
    }();
    return table;
}

} // namespace

// The image's size in device pixels for a frame of `size` logical pixels.
QSize LaneRaster::deviceSize(QSize size, qreal dpr)
{
    return {std::max(1, int(std::ceil(size.width() * dpr))),
            std::max(1, int(std::ceil(size.height() * dpr)))};
}

void LaneRaster::begin(QSize size, qreal dpr, QPoint origin, std::optional<int> patternX)
{
    m_dpr = dpr > 0 ? dpr : 1.0;
    m_origin = origin;
    const QSize device = deviceSize(size, m_dpr);
    if (m_image.size() != device)
        m_image = QImage(device, QImage::Format_RGB32);
    m_image.setDevicePixelRatio(m_dpr);
    m_bits = m_image.bits(); // detaches once; the rows are written through it
    m_stride = m_image.bytesPerLine();
    m_patternX = patternX ? *patternX : int(std::lround(origin.x() * m_dpr));
    m_patternY = int(std::lround(origin.y() * m_dpr));
    m_clipX = 0;
}

bool LaneRaster::beginScrolled(QSize size, qreal dpr, QPoint origin, int patternX, int columns)
{
    const QSize before = m_image.size(); // begin() keeps an image of the same size and its pixels
    // The patterns moved along with the pixels: their anchoring moved by as many columns.
    const bool same = !before.isEmpty() && dpr == m_dpr && origin == m_origin &&
                      (patternX - m_patternX - columns) % 8 == 0 &&
                      deviceSize(size, dpr > 0 ? dpr : 1.0) == before;
    begin(size, dpr, origin, patternX);
    if (!same || columns < 0 || columns >= m_image.width())
        return false;
    if (columns > 0) {
        const size_t keep = size_t(m_image.width() - columns) * sizeof(QRgb);
        for (int y = 0; y < m_image.height(); ++y)
            std::memmove(line(y), line(y) + columns, keep);
    }
    return true;
}

void LaneRaster::setLeftClip(int x)
{
    m_clipX = x == INT_MIN ? 0 : std::max(0, int(std::lround((x - m_origin.x()) * m_dpr)));
}

QRgb *LaneRaster::line(int y)
{
    return reinterpret_cast<QRgb *>(m_bits + qsizetype(y) * m_stride);
}

void LaneRaster::fillRows(int top, int height, QColor color)
{
    const int y0 = std::max(0, int(std::lround((top - m_origin.y()) * m_dpr)));
    const int y1 = std::min(m_image.height(), int(std::lround((top + height - m_origin.y()) * m_dpr)));
    const QRgb c = color.rgb();
    const int x0 = std::min(m_clipX, m_image.width());
    for (int y = y0; y < y1; ++y)
        std::fill(line(y) + x0, line(y) + m_image.width(), c);
}

void LaneRaster::fillRect(int x0, int x1, int y0, int y1, const Fill &f)
{
    x0 = std::max(x0, m_clipX);
    x1 = std::min(x1, m_image.width());
    y0 = std::max(y0, 0);
    y1 = std::min(y1, m_image.height());
    if (x0 >= x1 || y0 >= y1)
        return;
    const qsizetype stride = m_stride / qsizetype(sizeof(QRgb));
    QRgb *row = reinterpret_cast<QRgb *>(m_bits) + qsizetype(y0) * stride;
    if (!f.patterned) {
        if (x1 - x0 == 1) { // a column: most marks of a busy lane
            for (int y = y0; y < y1; ++y, row += stride)
                row[x0] = f.color;
        } else {
            for (int y = y0; y < y1; ++y, row += stride)
                std::fill(row + x0, row + x1, f.color);
        }
        return;
    }
    // The pattern is anchored at the widget's device pixel (0, 0), its cells device pixels (as
    // QPainter draws them on a high-density screen too).
    for (int y = y0; y < y1; ++y, row += stride) {
        const unsigned bits = f.rows[size_t((y + m_patternY) & 7)];
        for (int x = x0; x < x1; ++x)
            row[x] = (bits >> ((x + m_patternX) & 7)) & 1 ? f.patternColor : f.color;
    }
}

LaneRaster::Edges LaneRaster::stackEdges(const StateMix &mix, int top, int bottom)
{
    Edges edges;
    edges.fill(top);
    edges[0] = bottom;
    const qint64 total = mix.total();
    if (total <= 0)
        return edges;
    // Row counts rounded half up in integers: bottom - round(height × below / total).
    const qint64 height = bottom - top;
    const auto &order = palette().order;
    qint64 below = 0;
    int edge = bottom;
    for (int i = 0; i < kThreadStateCount; ++i) {
        const qint64 us = mix.us[size_t(order[size_t(i)])];
        if (us > 0) { // most columns hold two or three states: divide only for those
            below += us;
            edge = bottom - int((2 * height * below + total) / (2 * total));
        }
        edges[size_t(i) + 1] = edge;
    }
    return edges;
}

void LaneRaster::paintItems(const QList<LaneItem> &items, int bandTop, int bandHeight)
{
    const Palette &pal = palette();
    const int y0 = int(std::lround((bandTop - m_origin.y()) * m_dpr));
    const int y1 = int(std::lround((bandTop + bandHeight - m_origin.y()) * m_dpr));
    const bool whole = m_dpr == 1.0;
    auto deviceX = [&](int x) {
        return whole ? x - m_origin.x() : int(std::lround((x - m_origin.x()) * m_dpr));
    };
    // Marks are in order: those wholly left of the clip are skipped at once.
    const auto first = std::partition_point(items.cbegin(), items.cend(), [&](const LaneItem &item) {
        return deviceX(std::max(item.x1, item.x0 + 1)) <= m_clipX;
    });
    for (auto it = first; it != items.cend(); ++it) {
        const LaneItem &item = *it;
        const int x0 = deviceX(item.x0), x1 = deviceX(std::max(item.x1, item.x0 + 1));
        if (!item.mixed) {
            fillRect(x0, x1, y0, y1, pal.fill[size_t(item.state)]);
            continue;
        }
        const Edges edges = stackEdges(item.mix, y0, y1);
        for (int i = 0; i < kThreadStateCount; ++i)
            if (edges[size_t(i) + 1] < edges[size_t(i)])
                fillRect(x0, x1, edges[size_t(i) + 1], edges[size_t(i)],
                         pal.fill[size_t(pal.order[size_t(i)])]);
    }
}

} // namespace qs
