#pragma once

#include <QPen>

namespace qs {

// Series pens of the chart panels: they differ in dash pattern as well as colour (never colour
// alone) and stay clear of the thread-state colours.
QPen seriesPen(int index);
// While a run goes, the charts redraw at most this often.
inline constexpr int kChartIntervalMs = 200;

} // namespace qs
