#pragma once

#include "bench/benchreport.h"

#include <QStringList>

namespace qs {

// The lines `queuescope-cli bench` prints for a report (its --json output is BenchReport::toJson):
// the stages in isolation, the reader sweep, the bottleneck and the advice, then the targets,
// one row each, every column wide enough for its longest entry.
QStringList benchReportLines(const BenchReport &r);

} // namespace qs
