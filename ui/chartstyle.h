#pragma once

#include <QColor>
#include <QFont>
#include <QPen>

QT_BEGIN_NAMESPACE
class QChart;
class QValueAxis;
QT_END_NAMESPACE

namespace qs {

// Shared look of the Qt Charts panels: fonts follow the widget's font (so the presentation zoom
// reaches the axes), small margins, and series pens that stay clear of the thread-state colours.
void styleChart(QChart *chart, const QFont &font);
QPen seriesPen(int index);
// Sets [lo, hi] with a little headroom, never an empty range.
void setAxisRange(QValueAxis *axis, double lo, double hi);
// While a run goes, the charts redraw at most this often.
inline constexpr int kChartIntervalMs = 200;

} // namespace qs
