#pragma once

#include <QJsonObject>
#include <QString>

namespace qs {

// The load averages of /proc/loadavg (1, 5, 15 minutes); all -1 where unavailable. Every
// figure of a benchmark carries the load it was measured under: on a busy 2-core machine a
// throughput is worth little without it.
struct LoadAverage {
    double one = -1;
    double five = -1;
    double fifteen = -1;

    static LoadAverage now();
    QJsonObject toJson() const; // {"1m", "5m", "15m"}
    QString toString() const;   // "1.52 1.20 0.98"
};

// What the figures were measured on.
struct MachineInfo {
    int cores = 0;    // online processors (nproc)
    QString cpuModel; // /proc/cpuinfo's first "model name"; "unknown" without one
    QString kernel;   // "Linux 6.1.0-..."

    static MachineInfo current();
    QJsonObject toJson() const; // {"nproc", "cpu", "kernel"}
};

// Resident set size of this process, in bytes: the peak so far (getrusage's ru_maxrss) and
// the current one (/proc/self/statm); -1 where unavailable.
qint64 peakRssBytes();
qint64 currentRssBytes();

// Brings the kernel's high-water mark of the resident set, which ru_maxrss reports, down to
// the current size (/proc/self/clear_refs, Linux 4.0 on), so peakRssBytes() can measure one
// stretch of a process's life. False where unavailable.
bool resetRssHighWater();

} // namespace qs
