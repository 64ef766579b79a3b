#include "run/throughputverdict.h"

#include "observe/rangeview.h"

#include <algorithm>

namespace qs {

namespace {

const ThreadInfo *threadNamed(const Snapshot &s, const QString &name)
{
    for (const ThreadInfo &t : s.threads) {
        if (t.name == name)
            return &t;
    }
    return nullptr;
}

qint64 usInState(const ThreadInfo &t, ThreadState state)
{
    return t.usIn[size_t(state)];
}

// A lane's time in one state within [from, to): its exact spans clipped, or its buckets.
qint64 laneUs(const LaneRecord &lane, ThreadState state, qint64 fromUs, qint64 toUs)
{
    qint64 us = 0;
    if (lane.exact) {
        for (const StateSpan &s : lane.spans) {
            if (s.state != state)
                continue;
            const qint64 end = s.endUs < 0 ? toUs : std::min(s.endUs, toUs);
            us += std::max<qint64>(0, end - std::max(s.startUs, fromUs));
        }
        return us;
    }
    for (const StateMix &m : lane.mix)
        us += m.us[size_t(state)];
    return us;
}

// What one thread spent waiting in the window, in µs.
struct ThreadTime {
    ThreadRole role;
    qint64 blockedEmptyUs;
    qint64 blockedFullUs;
};

ThroughputShares fromTimes(qint64 fromUs, qint64 toUs, const QList<ThreadTime> &times)
{
    ThroughputShares out;
    out.fromUs = fromUs;
    out.toUs = toUs;
    const double windowUs = double(toUs - fromUs);
    if (windowUs <= 0)
        return out;
    double full = 0;
    for (const ThreadTime &t : times) {
        if (t.role == ThreadRole::Trainer) {
            out.trainerWaiting = double(t.blockedEmptyUs) / windowUs;
        } else if (t.role == ThreadRole::Reader) {
            full += double(t.blockedFullUs) / windowUs;
            ++out.readers;
        }
    }
    if (out.readers > 0)
        out.readersBlockedFull = full / out.readers;
    return out;
}

} // namespace

QString boundKey(Bound bound)
{
    switch (bound) {
    case Bound::Input:
        return QStringLiteral("input");
    case Bound::Model:
        return QStringLiteral("model");
    case Bound::Balanced:
        return QStringLiteral("balanced");
    case Bound::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

ThroughputShares ThroughputShares::between(const Snapshot &from, const Snapshot &to)
{
    QList<ThreadTime> times;
    for (const ThreadInfo &b : to.threads) {
        if (const ThreadInfo *a = threadNamed(from, b.name))
            times.append({b.role,
                          usInState(b, ThreadState::BlockedEmpty) - usInState(*a, ThreadState::BlockedEmpty),
                          usInState(b, ThreadState::BlockedFull) - usInState(*a, ThreadState::BlockedFull)});
    }
    return fromTimes(from.tUs, to.tUs, times);
}

ThroughputShares ThroughputShares::of(const RangeView &view)
{
    QList<ThreadTime> times;
    for (const LaneRecord &lane : view.lanes)
        times.append({lane.role, laneUs(lane, ThreadState::BlockedEmpty, view.fromUs, view.toUs),
                      laneUs(lane, ThreadState::BlockedFull, view.fromUs, view.toUs)});
    return fromTimes(view.fromUs, view.toUs, times);
}

ThroughputShares ThroughputShares::before(const Snapshot &snap, qint64 windowUs)
{
    if (!snap.record || snap.tUs <= 0) {
        ThroughputShares none;
        none.toUs = snap.tUs;
        return none;
    }
    RangeRequest request;
    request.fromUs = std::max<qint64>(0, snap.tUs - windowUs);
    request.toUs = snap.tUs;
    request.buckets = 1;
    request.withQueues = false;
    return of(snap.record->query(request));
}

ThroughputVerdict ThroughputVerdict::judge(const ThroughputShares &shares)
{
    ThroughputVerdict v;
    v.shares = shares;
    if (!shares.isObserved())
        v.bound = Bound::Unknown;
    else if (shares.trainerWaiting >= kWaitingShare)
        v.bound = Bound::Input;
    else if (shares.readersBlockedFull >= kFullShare)
        v.bound = Bound::Model;
    else
        v.bound = Bound::Balanced;
    return v;
}

} // namespace qs
