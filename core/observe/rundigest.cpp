#include "observe/rundigest.h"

namespace qs {

qint64 RoleTime::totalUs() const
{
    qint64 total = 0;
    for (int i = 0; i < kThreadStateCount; ++i) {
        if (!isFinalState(ThreadState(i)))
            total += usIn[size_t(i)];
    }
    return total;
}

RunDigest RunDigest::of(const Snapshot &s, const QString &label)
{
    RunDigest d;
    d.label = label;
    d.durationUs = s.tUs;
    d.run = s.run;
    d.how = s.how;
    d.error = s.error;
    d.steps = s.steps;
    d.samples = s.samples;
    d.samplesPerSec = s.samplesPerSec;
    d.trainAccuracy = s.trainAccuracy;
    d.evalAccuracy = s.evalAccuracy;
    d.skippedRecords = s.skippedRecords;
    d.metrics = s.metrics;
    constexpr int kRoles = int(ThreadRole::Main) + 1;
    std::array<RoleTime, kRoles> byRole{};
    for (const ThreadInfo &t : s.threads) {
        RoleTime &r = byRole[size_t(t.role)];
        ++r.threads;
        for (size_t i = 0; i < r.usIn.size(); ++i)
            r.usIn[i] += t.usIn[i];
    }
    for (int i = 0; i < kRoles; ++i) {
        if (byRole[size_t(i)].threads == 0)
            continue;
        byRole[size_t(i)].role = ThreadRole(i);
        d.roles.append(byRole[size_t(i)]);
    }
    return d;
}

const RoleTime *RunDigest::role(ThreadRole r) const
{
    for (const RoleTime &t : roles) {
        if (t.role == r)
            return &t;
    }
    return nullptr;
}

} // namespace qs
