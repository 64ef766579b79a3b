#include "ui/chartstyle.h"

#include <QChart>
#include <QGraphicsLayout>
#include <QLegend>
#include <QValueAxis>

#include <array>
#include <cmath>

namespace qs {

void styleChart(QChart *chart, const QFont &font)
{
    QFont title = font;
    title.setBold(true);
    chart->setTitleFont(title);
    chart->legend()->setFont(font);
    chart->legend()->setAlignment(Qt::AlignBottom);
    for (QAbstractAxis *axis : chart->axes()) {
        axis->setLabelsFont(font);
        axis->setTitleFont(font);
        axis->setTruncateLabels(false); // "0.75", never "0...." in a narrow panel
    }
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    chart->setBackgroundRoundness(0);
}

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

void setAxisRange(QValueAxis *axis, double lo, double hi)
{
    if (!(hi > lo))
        hi = lo + 1;
    // Ticks on round numbers (1, 2 or 5 times a power of ten), about five of them.
    const double raw = (hi - lo) / 5;
    const double decade = std::pow(10.0, std::floor(std::log10(raw)));
    double step = decade;
    for (double m : {1.0, 2.0, 5.0, 10.0}) {
        step = m * decade;
        if (step >= raw)
            break;
    }
    // Never let the old interval meet the new range (or the reverse): a small interval over a
    // large range makes Qt Charts build thousands of tick items.
    axis->setTickType(QValueAxis::TicksFixed);
    axis->setRange(lo, hi + (hi - lo) * 0.05);
    axis->setTickAnchor(0);
    axis->setTickInterval(step);
    axis->setTickType(QValueAxis::TicksDynamic);
    const int decimals = step >= 1 ? 0 : int(std::ceil(-std::log10(step) - 1e-9));
    axis->setLabelFormat(QStringLiteral("%.") + QString::number(decimals) + QLatin1Char('f'));
}

} // namespace qs
