#include "ui/chartstyle.h"

#include <array>

namespace qs {

QPen seriesPen(int index)
{
    static const std::array<QPen, 4> pens{
        QPen(QColor(0x1F, 0x3A, 0x5F), 2, Qt::SolidLine),
        QPen(QColor(0x00, 0x00, 0x00), 2, Qt::DashLine),
        QPen(QColor(0x7A, 0x3B, 0x69), 2, Qt::SolidLine),
        QPen(QColor(0x55, 0x55, 0x55), 2, Qt::DotLine),
    };
    return pens[size_t(index) % pens.size()];
}

} // namespace qs
