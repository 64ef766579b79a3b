#include "timeline/timelinelayout.h"

#include "common/eventtext.h"

#include <algorithm>
#include <cmath>

namespace qs {

namespace {
int stateCount(const StateMix &m)
{
    return int(std::count_if(m.us.begin(), m.us.end(), [](qint64 us) { return us > 0; }));
}

// A bucket's states at a glance, in one pass (layoutMix looks at every pixel of every lane).
struct MixSummary {
    int states = 0;                          // how many have time
    ThreadState top = ThreadState::Starting; // StateMix::dominant()
};
MixSummary summarize(const StateMix &m)
{
    MixSummary s;
    qint64 best = 0;
    for (size_t i = 0; i < m.us.size(); ++i) {
        const qint64 us = m.us[i];
        s.states += us > 0;
        if (us > best) {
            best = us;
            s.top = ThreadState(i);
        }
    }
    return s;
}
} // namespace

QList<StateSpan> TimelineLayout::spansOf(const ThreadInfo &thread)
{
    QList<StateSpan> spans = thread.spans;
    const bool hasOpen = !spans.isEmpty() && spans.constLast().endUs < 0;
    if (!hasOpen) {
        StateSpan current;
        current.startUs = thread.stateSinceUs;
        if (!spans.isEmpty())
            current.startUs = std::max(current.startUs, spans.constLast().endUs);
        current.state = thread.state;
        current.activity = thread.activity;
        current.detail = thread.detail;
        spans.append(current);
    }
    return spans;
}

QList<LaneItem> TimelineLayout::layoutSpans(const QList<StateSpan> &spans, qint64 nowUs, const TimeAxis &axis)
{
    QList<LaneItem> items;
    const double left = axis.x0;
    const double right = double(axis.x0) + double(axis.width);
    auto endOf = [nowUs](const StateSpan &s) { return s.endUs < 0 ? std::max(nowUs, s.startUs) : s.endUs; };
    // Short spans fold into the pixel they start in, one fold per pixel, so each pixel's stack is
    // that pixel's own time per state, as the record's buckets give it. While later spans may
    // still start in its pixel the fold is open; once closed, a fold of one state joins a fold of
    // the same state just before it, so a run of short spans in one state is one mark.
    bool foldOpen = false;
    auto closeFold = [&] {
        if (!foldOpen)
            return;
        foldOpen = false;
        if (items.size() < 2)
            return;
        LaneItem &before = items[items.size() - 2];
        const LaneItem &fold = items.constLast();
        if (before.folded && !before.mixed && !fold.mixed && before.state == fold.state &&
            before.x1 == fold.x0) {
            before.x1 = fold.x1;
            before.lastSpan = fold.lastSpan;
            before.mix.add(fold.mix);
            before.toUs = fold.toUs;
            items.removeLast();
        }
    };
    auto openFold = [&](int x, ThreadState state, int index, qint64 from, qint64 to) {
        closeFold();
        LaneItem item{x, x + 1, state, true, false, index, index, {}, from, to};
        item.mix.add(state, std::max<qint64>(0, to - from));
        items.append(item);
        foldOpen = true;
    };
    // Spans are in time order and do not overlap, so the first visible one is found by bisection.
    auto first = std::lower_bound(spans.begin(), spans.end(), axis.startUs,
                                  [&](const StateSpan &s, qint64 t) { return endOf(s) < t; });
    for (auto it = first; it != spans.end(); ++it) {
        const StateSpan &s = *it;
        if (s.startUs > axis.endUs)
            break;
        const double xs = std::max(axis.x(s.startUs), left);
        const double xe = std::min(axis.x(endOf(s)), right);
        if (xe < xs)
            continue;
        const int index = int(it - spans.begin());
        const int a = int(std::floor(xs));
        const qint64 end = endOf(s);
        if (xe - xs >= 1.0) {
            int x0 = a;
            qint64 from = s.startUs;
            if (foldOpen && items.constLast().x1 > a) {
                // The span begins in the pixel of the open fold (short spans before it): the pixel
                // stays the fold's, with this span's time in it added, so that it shows the mix
                // rather than whichever mark was painted last.
                LaneItem &last = items.last();
                const qint64 edge = std::clamp<qint64>(axis.us(last.x1), s.startUs, end);
                last.mix.add(s.state, edge - std::max(s.startUs, axis.startUs));
                last.mixed = stateCount(last.mix) > 1;
                last.state = last.mix.dominant();
                last.lastSpan = index;
                last.toUs = edge;
                x0 = last.x1;
                from = edge;
                if (int(std::floor(xe)) <= x0) {
                    // What is left of the span lies within the next pixel: a fold of its own
                    // there, which the spans after it may join.
                    openFold(x0, s.state, index, from, std::min(end, axis.endUs));
                    continue;
                }
            }
            closeFold();
            items.append({x0, int(std::floor(xe)), s.state, false, false, index, index, {}, from, end});
            continue;
        }
        // A folded mark counts only the part of a span on the axis (a long span that barely
        // reaches into the view is folded with the short ones there).
        const qint64 from = std::max(s.startUs, axis.startUs), to = std::min(end, axis.endUs);
        if (foldOpen && items.constLast().x1 > a) {
            LaneItem &last = items.last();
            last.mixed = last.mixed || last.state != s.state;
            last.lastSpan = index;
            last.mix.add(s.state, std::max<qint64>(0, to - from));
            last.state = last.mix.dominant();
            last.toUs = to;
        } else {
            openFold(a, s.state, index, from, to);
        }
    }
    closeFold();
    return items;
}

QList<LaneItem> TimelineLayout::layoutMix(const QList<StateMix> &mix, qint64 fromUs, qint64 toUs,
                                          const TimeAxis &axis)
{
    QList<LaneItem> items;
    const int n = int(mix.size());
    if (n == 0 || toUs <= fromUs)
        return items;
    const int left = axis.x0, right = axis.x0 + axis.width;
    items.reserve(std::min(n, axis.width + 1));
    for (int i = 0; i < n; ++i) {
        const StateMix &m = mix[i];
        const MixSummary sum = summarize(m);
        if (sum.states == 0) // an empty bucket (times are never negative)
            continue;
        const qint64 a = fromUs + (toUs - fromUs) * i / n, b = fromUs + (toUs - fromUs) * (i + 1) / n;
        const int x0 = std::max(left, int(std::floor(axis.x(a))));
        const int x1 = std::min(right, std::max(x0 + 1, int(std::floor(axis.x(b)))));
        if (x1 <= x0)
            continue;
        const ThreadState top = sum.top;
        const bool mixed = sum.states > 1;
        if (!items.isEmpty()) {
            LaneItem &last = items.last();
            if (x1 <= last.x1) { // a bucket within the previous mark's pixels: folded into it
                last.mix.add(m);
                last.mixed = stateCount(last.mix) > 1;
                last.state = last.mix.dominant();
                last.toUs = b;
                continue;
            }
            if (!mixed && !last.mixed && last.state == top && last.x1 >= x0) {
                last.x1 = x1;
                last.mix.add(m);
                last.toUs = b;
                continue;
            }
        }
        const int from = items.isEmpty() ? x0 : std::max(x0, items.constLast().x1);
        items.append({from, x1, top, true, mixed, -1, -1, m, a, b});
    }
    return items;
}

QList<QList<LaneMarker>> TimelineLayout::layoutMarkers(const QList<Event> &events,
                                                       const QHash<QString, int> &laneOf, int laneCount,
                                                       const TimeAxis &axis)
{
    QList<QList<LaneMarker>> lanes(laneCount + 1);
    auto first = std::lower_bound(events.begin(), events.end(), axis.startUs,
                                  [](const Event &e, qint64 t) { return e.tUs < t; });
    for (auto it = first; it != events.end() && it->tUs <= axis.endUs; ++it) {
        if (!isMarker(*it))
            continue;
        const int lane = laneOf.value(it->thread, laneCount);
        const int x = int(std::lround(axis.x(it->tUs)));
        QList<LaneMarker> &list = lanes[lane];
        const bool same = std::any_of(list.crbegin(), list.crbegin() + std::min<qsizetype>(list.size(), 8),
                                      [&](const LaneMarker &m) { return m.x == x && m.kind == it->kind; });
        if (!same)
            list.append({x, it->kind, int(it - events.begin())});
    }
    return lanes;
}

bool TimelineLayout::isMarker(const Event &e)
{
    return isMarkerKind(e.kind) || EventText::isSkippedRecord(e);
}

bool TimelineLayout::isMarkerKind(EventKind k)
{
    return k == EventKind::RequestStop || k == EventKind::QueueClose || k == EventKind::Error ||
           k == EventKind::Join || k == EventKind::ThreadExit;
}

} // namespace qs
