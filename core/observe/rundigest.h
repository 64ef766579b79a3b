#pragma once

#include "observe/snapshot.h"

#include <array>

namespace qs {

// How the threads of one role spent a run, summed over them: thread-seconds per state. The
// final states (stopped, failed, cancelled) hold the time from a thread's end to the record's,
// which says when the record was taken rather than what the thread did: totalUs() leaves them
// out, and so do the views.
struct RoleTime {
    ThreadRole role = ThreadRole::Worker;
    int threads = 0;
    std::array<qint64, kThreadStateCount> usIn{};
    qint64 totalUs() const; // the time the threads lived, summed
};

// What comparing runs needs of one run, small enough to keep for every run of a session: its
// figures, its training curves and its threads' time by role. Built from a run's final Snapshot
// (live) or read from a run file (RunFileReader::readDigest), the same either way.
struct RunDigest {
    QString path;  // the run file it was read from; "" when taken from a snapshot
    QString label; // "Run 2 · 14:03:12 · slow-trainer", or the file's name
    qint64 durationUs = 0;
    RunState run = RunState::Idle;
    EndHow how = EndHow::None;
    Status error;
    qint64 steps = 0;
    qint64 samples = 0;
    double samplesPerSec = 0;
    double trainAccuracy = -1;
    double evalAccuracy = -1;
    qint64 skippedRecords = 0;
    MetricSeries metrics;
    QList<RoleTime> roles; // in ThreadRole order; roles without a thread are left out

    static RunDigest of(const Snapshot &s, const QString &label);
    const RoleTime *role(ThreadRole r) const; // null when the run had no such thread
};

} // namespace qs
