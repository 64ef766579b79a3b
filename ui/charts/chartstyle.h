#pragma once

#include <QPen>

namespace qs {

// Series pens of the chart panels: they differ in dash pattern as well as colour (never colour
// alone) and stay clear of the thread-state colours.
QPen seriesPen(int index);
// The pen of compared run `index` (0, 1, ...) overlaid on the charts, and its colour, which the
// Runs list shows beside the run: colours apart from seriesPen's, each with its own dashes.
QPen overlayPen(int index);
QColor overlayColor(int index);
inline constexpr int kMaxOverlays = 4;
// While a run goes, the charts redraw at most this often.
inline constexpr int kChartIntervalMs = 200;

} // namespace qs
