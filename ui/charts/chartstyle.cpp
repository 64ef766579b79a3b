#include "charts/chartstyle.h"

#include <array>

namespace qs {

namespace {
// Patterned lines are one pixel wide: Qt dashes a wider line through its general stroker, which
// costs about ten times a solid line on a noisy series (3 to 4 ms for one queue's 200 points),
// while a 1-pixel line takes the raster engine's fast path, dashes included. The width is one
// more cue besides colour and pattern.
QPen patterned(const QColor &color, const QList<qreal> &pattern)
{
    QPen pen(color, 1);
    pen.setDashPattern(pattern);
    return pen;
}
} // namespace

QPen seriesPen(int index)
{
    static const std::array<QPen, 4> pens{
        QPen(QColor(0x1F, 0x3A, 0x5F), 2, Qt::SolidLine),
        patterned(QColor(0x00, 0x00, 0x00), {6, 3}),
        QPen(QColor(0x7A, 0x3B, 0x69), 2, Qt::SolidLine),
        patterned(QColor(0x55, 0x55, 0x55), {2, 2}),
    };
    return pens[size_t(index) % pens.size()];
}

QColor overlayColor(int index)
{
    // Okabe-Ito orange, sky blue, bluish green and vermillion: apart from the navy, black and
    // plum of the shown run's lines.
    static const std::array<QColor, 4> colors{QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9),
                                              QColor(0x00, 0x9E, 0x73), QColor(0xD5, 0x5E, 0x00)};
    return colors[size_t(index) % colors.size()];
}

QPen overlayPen(int index)
{
    static const std::array<QList<qreal>, 4> patterns{QList<qreal>{8, 3}, QList<qreal>{3, 3},
                                                      QList<qreal>{8, 3, 2, 3}, QList<qreal>{1, 2}};
    return patterned(overlayColor(index), patterns[size_t(index) % patterns.size()]);
}

} // namespace qs
