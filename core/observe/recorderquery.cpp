// The Recorder's range queries: each bucket of the answer from the finest data still held.

#include "observe/recorder.h"
#include "observe/recorder_p.h"

namespace qs {

namespace {

// [a, b) clipped to [lo, hi).
qint64 overlap(qint64 a, qint64 b, qint64 lo, qint64 hi)
{
    return std::max<qint64>(0, std::min(b, hi) - std::max(a, lo));
}

// A bucket of an answer sums at most this many exact spans; past it the levels answer.
constexpr qint64 kMaxSpansPerBucket = 256;

// The coarsest level whose buckets are no wider than `us` (level 0 when all are).
int levelFor(qint64 us)
{
    int level = 0;
    while (level + 1 < kPyramidLevels && pyramidWidthUs(level + 1) <= us)
        ++level;
    return level;
}

// Sums a pyramid's buckets over [a, b) (within the data it holds: [startUs, filledUs)) from
// `level`, or from coarser levels where that one no longer holds the time. A bucket partly in
// the range counts in proportion to the part of its data inside (time within a bucket is
// taken as evenly spread). `useExact(a, b)` may take over a part the level does not hold.
template<typename Bucket, typename Out, typename Convert, typename Exact>
void sumLevels(const TimePyramid<Bucket> &p, int level, qint64 a, qint64 b, Out *out, qint64 *resolution,
               const Convert &convert, const Exact &useExact)
{
    a = std::max(a, p.startUs());
    b = std::min(b, p.filledUs());
    if (b <= a)
        return;
    const int shift = kPyramidBaseShift + 2 * level;
    const qint64 heldFrom = std::max(p.oldestIndex(level) << shift, p.startUs());
    if (a < heldFrom) {
        const qint64 mid = std::min(b, heldFrom);
        if (!useExact(a, mid)) {
            if (level + 1 < kPyramidLevels)
                sumLevels(p, level + 1, a, mid, out, resolution, convert, useExact);
        }
        a = mid;
        if (b <= a)
            return;
    }
    *resolution = std::max(*resolution, pyramidWidthUs(level));
    for (qint64 i = a >> shift; i <= (b - 1) >> shift; ++i) {
        const Bucket *bucket = p.bucket(level, i);
        if (!bucket)
            continue;
        const qint64 lo = std::max(i << shift, p.startUs());
        const qint64 hi = std::min((i + 1) << shift, p.filledUs());
        if (hi <= lo)
            continue;
        const qint64 in = overlap(a, b, lo, hi);
        if (in > 0)
            convert(*bucket, out, in == hi - lo ? 1.0 : double(in) / double(hi - lo));
    }
}

void addStateBucket(const StateBucket &b, StateMix *out, double factor)
{
    if (factor == 1.0) {
        for (size_t s = 0; s < b.us.size(); ++s)
            out->us[s] += b.us[s];
        return;
    }
    for (size_t s = 0; s < b.us.size(); ++s)
        if (b.us[s])
            out->us[s] += qint64(double(b.us[s]) * factor + 0.5);
}

// Time per state of the exact spans over [a, b).
void addSpans(const SpanStore &spans, qint64 a, qint64 b, StateMix *out)
{
    spans.visit(a, b,
                [&](qint64 start, qint64 end, ThreadState s) { out->add(s, overlap(a, b, start, end)); });
}

LaneRecord laneRecord(const ThreadSlot &slot, int id, const RangeView &view, int exactLimit)
{
    LaneRecord lane;
    lane.threadId = id;
    lane.name = slot.name;
    lane.role = slot.role;
    std::lock_guard lock(slot.mu);
    const StateSpan &cur = slot.current;
    const qint64 from = view.fromUs, to = view.toUs, now = std::max(view.nowUs, cur.startUs);
    lane.startUs = slot.levels.startUs();
    const SpanStore &spans = slot.spans;
    const bool held = spans.heldFromUs() <= std::max(from, lane.startUs) || spans.size() == 0;
    if (held) {
        const qint64 first = spans.firstEndingAfter(from);
        const qint64 last = std::min(spans.pushed(), spans.firstEndingAfter(to) + 1);
        if (last - first + 1 <= exactLimit) {
            lane.exact = true;
            lane.spans.reserve(last - first + 1);
            for (qint64 n = first; n < last; ++n) {
                StateSpan s = spans.at(n);
                if (s.startUs >= to)
                    break;
                lane.spans.append(std::move(s));
            }
            if (cur.startUs < to && now > from)
                lane.spans.append(cur);
            return lane;
        }
    }
    const qint64 width = std::max<qint64>(1, (to - from) / view.buckets);
    const int level = levelFor(width);
    const bool spansFiner = width < pyramidWidthUs(0);
    // Exact spans cover a range that starts at or after the oldest one held.
    auto useExact = [&](qint64 a) {
        return spans.size() > 0 && spans.heldFromUs() <= std::max(a, lane.startUs);
    };
    lane.mix.resize(view.buckets);
    for (int i = 0; i < view.buckets; ++i) {
        const qint64 a = view.bucketStart(i), b = view.bucketStart(i + 1);
        StateMix &mix = lane.mix[i];
        const qint64 doneTo = std::min(b, cur.startUs);
        if (a < doneTo) {
            if (spansFiner && useExact(a))
                addSpans(spans, a, doneTo, &mix);
            else
                sumLevels(slot.levels, level, a, doneTo, &mix, &lane.resolutionUs, addStateBucket,
                          [&](qint64 x, qint64 y) {
                              // Where the level has forgotten the time, the exact spans are
                              // used when few enough lie there; else a coarser level answers.
                              if (!useExact(x) ||
                                  spans.firstEndingAfter(y) - spans.firstEndingAfter(x) > kMaxSpansPerBucket)
                                  return false;
                              addSpans(spans, x, y, &mix);
                              return true;
                          });
        }
        mix.add(cur.state, overlap(a, b, cur.startUs, now));
    }
    return lane;
}

QueueRecord queueRecord(const QueueSlot &slot, const RangeView &view)
{
    QueueRecord rec;
    rec.name = slot.name;
    std::lock_guard lock(slot.mu);
    const qint64 width = std::max<qint64>(1, (view.toUs - view.fromUs) / view.buckets);
    const int level = levelFor(width);
    const qint64 since = slot.levels.filledUs();
    const int size = slot.latest.size;
    const qint64 now = std::max(view.nowUs, since);
    rec.buckets.resize(view.buckets);
    qint64 resolution = 0;
    for (int i = 0; i < view.buckets; ++i) {
        const qint64 a = view.bucketStart(i), b = view.bucketStart(i + 1);
        SizeStat &stat = rec.buckets[i];
        sumLevels(
            slot.levels, level, a, b, &stat, &resolution,
            [](const SizeStat &bucket, SizeStat *out, double factor) { out->add(bucket, factor); },
            [](qint64, qint64) { return false; });
        const qint64 pending = overlap(a, b, since, now);
        if (pending > 0 || (since >= a && since < b))
            stat.add(size, pending);
    }
    return rec;
}

} // namespace

RangeView Recorder::Impl::query(const RangeRequest &request) const
{
    RangeView view;
    view.nowUs = now();
    view.toUs = request.toUs < 0 ? view.nowUs : request.toUs;
    view.fromUs = std::min(request.fromUs, view.toUs - 1);
    view.buckets = std::max(1, request.buckets);
    const int exactLimit = request.exactLimit < 0 ? std::max(16, view.buckets / 2) : request.exactLimit;
    const int threads = threadCount.load(std::memory_order_acquire);
    if (request.threads.isEmpty()) {
        view.lanes.reserve(threads);
        for (int i = 0; i < threads; ++i)
            view.lanes.append(laneRecord(*thread(i), i, view, exactLimit));
    } else {
        for (int id : request.threads)
            if (id >= 0 && id < threads)
                view.lanes.append(laneRecord(*thread(id), id, view, exactLimit));
    }
    if (request.withQueues) {
        const int queues = queueCount.load(std::memory_order_acquire);
        view.queues.reserve(queues);
        for (int i = 0; i < queues; ++i)
            view.queues.append(queueRecord(*queue(i), view));
    }
    return view;
}

} // namespace qs
