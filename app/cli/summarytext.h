#pragma once

#include "run/runsummary.h"

#include <QStringList>

namespace qs::cli {

QString percent(double v); // "41.5%", "-" when < 0

// The summary `run` prints at the end and `replay` prints from a saved run: how it ended, the
// figures, and seconds per thread and state.
QStringList summaryLines(const RunSummary &s);

} // namespace qs::cli
