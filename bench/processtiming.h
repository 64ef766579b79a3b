#pragma once

#include "base/result.h"

#include <QList>
#include <QStringList>

namespace qs {

// Whole-process timings, as a user at a shell sees them: a program is started with
// posix_spawn (stdout and stderr on /dev/null) and waited for; the figure is the wall time
// between the two.

// Seconds one run of argv took; an error when it could not start or did not exit 0.
Result<double> timeProcess(const QStringList &argv);

// Runs a, b, a, b, ... `pairs` times (so a change in the machine's load falls on both) and
// returns the seconds of each side, in run order.
struct ProcessPairs {
    QList<double> a;
    QList<double> b;
};
Result<ProcessPairs> timeProcessPairs(const QStringList &a, const QStringList &b, int pairs);

// The shared objects the dynamic loader maps when `program` starts, before its main() runs, one
// line each as the loader lists them (LD_TRACE_LOADED_OBJECTS, what ldd prints), the vDSO left
// out. What a program loads later by hand (queuescope-cli's engine) is not part of it. An error
// when the program cannot be traced.
Result<QStringList> startupLibraries(const QString &program);

} // namespace qs
