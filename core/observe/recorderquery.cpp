// The Recorder's range queries: each bucket of the answer from the finest data still held.

#include "observe/recorder.h"
#include "observe/recorder_p.h"

#include <algorithm>
#include <limits>
#include <vector>

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

// The answer's bucket edges, RangeView::bucketStart(0 .. buckets), computed once per query:
// a division per lookup was most of a query's time.
struct Edges {
    explicit Edges(const RangeView &view)
        : buckets(view.buckets)
    {
        at.resize(size_t(view.buckets) + 1);
        for (int i = 0; i <= view.buckets; ++i)
            at[size_t(i)] = view.bucketStart(i);
    }
    qint64 start(int i) const { return at[size_t(i)]; }
    int of(qint64 x) const // the bucket holding x (clamped to the answer's buckets)
    {
        const auto it = std::upper_bound(at.begin() + 1, at.end() - 1, x);
        return int(it - at.begin()) - 1;
    }
    int buckets;
    std::vector<qint64> at;
};

// Adds a pyramid's time over [a, b) (within the data it holds: [startUs, filledUs)) to the
// answer buckets it overlaps, from `level`, or from coarser levels where that one no longer
// holds the time. A record bucket partly inside an answer bucket counts in proportion to the
// part of its data inside (time within a bucket is taken as evenly spread). One walk along the
// level's buckets, each split across the answer buckets it overlaps. Where the level has
// forgotten the time, `useExact(k, x, y)` may take over answer bucket k's part [x, y); the
// parts it declines go to the next coarser level, in runs of consecutive answer buckets. It is
// not asked for parts starting before `exactFromUs` (it would decline them): those go to the
// coarser level as one run, without a step per answer bucket and level.
template<typename Bucket, typename Out, typename Convert, typename Exact>
void sweepLevels(const TimePyramid<Bucket> &p, int level, qint64 a, qint64 b, const Edges &view,
                 QList<Out> &out, qint64 *resolution, const Convert &convert, qint64 exactFromUs,
                 const Exact &useExact)
{
    a = std::max(a, p.startUs());
    b = std::min(b, p.filledUs());
    if (b <= a)
        return;
    const int shift = kPyramidBaseShift + 2 * level;
    const qint64 heldFrom = std::max(p.oldestIndex(level) << shift, p.startUs());
    if (a < heldFrom) {
        const qint64 mid = std::min(b, heldFrom);
        qint64 runFrom = -1;
        qint64 runTo = -1;
        auto coarser = [&] {
            if (runFrom >= 0 && level + 1 < kPyramidLevels)
                sweepLevels(p, level + 1, runFrom, runTo, view, out, resolution, convert, exactFromUs,
                            useExact);
            runFrom = -1;
        };
        int k = view.of(a);
        if (a < exactFromUs) {
            // The answer buckets whose part starts before exactFromUs: [k, declined).
            const int declined = exactFromUs >= mid ? view.buckets : view.of(exactFromUs - 1) + 1;
            runFrom = a;
            runTo = std::min(mid, view.start(declined));
            k = declined;
        }
        for (; k < view.buckets && view.start(k) < mid; ++k) {
            const qint64 x = std::max(a, view.start(k)), y = std::min(mid, view.start(k + 1));
            if (y <= x)
                continue;
            if (useExact(k, x, y)) {
                coarser();
                continue;
            }
            if (runFrom < 0)
                runFrom = x;
            runTo = y;
        }
        coarser();
        a = mid;
        if (b <= a)
            return;
    }
    *resolution = std::max(*resolution, pyramidWidthUs(level));
    const qint64 start = p.startUs(), filled = p.filledUs();
    Out *const into = out.data(); // one detach check, not one per bucket
    int k = view.of(a);
    p.visit(level, a >> shift, (b - 1) >> shift, [&](qint64 i, const Bucket &bucket) {
        const qint64 lo = std::max(i << shift, start);
        const qint64 hi = std::min((i + 1) << shift, filled);
        const qint64 x0 = std::max(lo, a), x1 = std::min(hi, b);
        if (x1 <= x0)
            return;
        while (k + 1 < view.buckets && view.start(k + 1) <= x0)
            ++k;
        for (int j = k; j < view.buckets; ++j) {
            const qint64 ka = std::max(x0, view.start(j)), kb = std::min(x1, view.start(j + 1));
            if (kb > ka)
                convert(bucket, into + j, kb - ka == hi - lo ? 1.0 : double(kb - ka) / double(hi - lo));
            if (view.start(j + 1) >= x1)
                break;
        }
    });
}

// The states a thread has spent time in (those with time done): its buckets hold no other, so
// a bucket is added state by state over these only (a reader uses two or three of the ten).
struct StatesUsed {
    explicit StatesUsed(const std::array<qint64, kThreadStateCount> &usDone)
    {
        for (int s = 0; s < kThreadStateCount; ++s)
            if (usDone[size_t(s)] > 0)
                at[size_t(count++)] = quint8(s);
    }
    // Adds `factor` of bucket b to out (each state's part rounded to the nearest µs). Through 32
    // bits: a bucket holds at most its width, under 2^31 µs, so the result is as through 64.
    void add(const StateBucket &b, StateMix *out, double factor) const
    {
        static_assert(pyramidWidthUs(kPyramidLevels - 1) < (qint64(1) << 31));
        if (factor == 1.0) {
            for (int i = 0; i < count; ++i)
                out->us[at[size_t(i)]] += b.us[at[size_t(i)]];
            return;
        }
        for (int i = 0; i < count; ++i)
            out->us[at[size_t(i)]] += qint32(double(qint32(b.us[at[size_t(i)]])) * factor + 0.5);
    }
    int count = 0;
    std::array<quint8, kThreadStateCount> at{};
};

// firstEndingAfter(t) for times asked in increasing order (the answer buckets' edges): each
// search starts from the previous answer, and the end of one part is the start of the next.
class SpanCursor {
public:
    explicit SpanCursor(const SpanStore &spans)
        : m_spans(spans)
        , m_n(spans.firstHeld())
    {}
    qint64 at(qint64 t)
    {
        if (t != m_t) {
            m_n = m_t != kNone && t > m_t ? m_spans.firstEndingAfter(t, m_n) : m_spans.firstEndingAfter(t);
            m_t = t;
        }
        return m_n;
    }

private:
    static constexpr qint64 kNone = std::numeric_limits<qint64>::min();
    const SpanStore &m_spans;
    qint64 m_t = kNone;
    qint64 m_n;
};

// Time per state of the exact spans over [a, b); `first` = spans.firstEndingAfter(a).
void addSpans(const SpanStore &spans, qint64 first, qint64 a, qint64 b, StateMix *out)
{
    spans.visitFrom(first, b,
                    [&](qint64 start, qint64 end, ThreadState s) { out->add(s, overlap(a, b, start, end)); });
}

LaneRecord laneRecord(const ThreadSlot &slot, int id, const RangeView &view, const Edges &edges,
                      int exactLimit)
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
    const qint64 heldFrom = spans.heldFromUs();
    auto useExact = [&](qint64 a) { return spans.size() > 0 && heldFrom <= std::max(a, lane.startUs); };
    // The first time useExact accepts (it accepts every later time too).
    const qint64 exactFrom = spans.size() == 0          ? std::numeric_limits<qint64>::max()
                             : heldFrom <= lane.startUs ? std::numeric_limits<qint64>::min()
                                                        : heldFrom;
    lane.mix.resize(view.buckets);
    SpanCursor cursor(spans);
    const qint64 doneTo = std::min(to, cur.startUs);
    if (from < doneTo) {
        // Finer than the finest level: the exact spans, bucket by bucket, where they are held.
        qint64 levelsTo = doneTo;
        if (spansFiner) {
            for (int i = 0; i < view.buckets; ++i) {
                const qint64 a = edges.start(i), b = std::min(edges.start(i + 1), doneTo);
                if (a >= doneTo)
                    break;
                if (useExact(a)) {
                    levelsTo = std::min(levelsTo, a);
                    addSpans(spans, cursor.at(a), a, b, &lane.mix[i]);
                }
            }
        }
        const StatesUsed used(slot.usDone);
        sweepLevels(
            slot.levels, level, from, levelsTo, edges, lane.mix, &lane.resolutionUs,
            [&used](const StateBucket &b, StateMix *out, double factor) { used.add(b, out, factor); },
            exactFrom,
            [&](int k, qint64 x, qint64 y) {
                // Where the level has forgotten the time, the exact spans are used when
                // few enough lie there; else a coarser level answers.
                if (!useExact(x))
                    return false;
                const qint64 first = cursor.at(x), last = cursor.at(y);
                if (last - first > kMaxSpansPerBucket)
                    return false;
                addSpans(spans, first, x, y, &lane.mix[k]);
                return true;
            });
    }
    for (int i = 0; i < view.buckets; ++i)
        lane.mix[i].add(cur.state, overlap(edges.start(i), edges.start(i + 1), cur.startUs, now));
    return lane;
}

QueueRecord queueRecord(const QueueSlot &slot, const RangeView &view, const Edges &edges)
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
    sweepLevels(
        slot.levels, level, view.fromUs, view.toUs, edges, rec.buckets, &resolution,
        [](const SizeStat &bucket, SizeStat *out, double factor) { out->add(bucket, factor); },
        std::numeric_limits<qint64>::max(), [](int, qint64, qint64) { return false; });
    for (int i = 0; i < view.buckets; ++i) {
        const qint64 a = edges.start(i), b = edges.start(i + 1);
        const qint64 pending = overlap(a, b, since, now);
        if (pending > 0 || (since >= a && since < b))
            rec.buckets[i].add(size, pending);
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
    const Edges edges(view);
    const int threads = threadCount.load(std::memory_order_acquire);
    if (request.threads.isEmpty()) {
        view.lanes.reserve(threads);
        for (int i = 0; i < threads; ++i)
            view.lanes.append(laneRecord(*thread(i), i, view, edges, exactLimit));
    } else {
        for (int id : request.threads)
            if (id >= 0 && id < threads)
                view.lanes.append(laneRecord(*thread(id), id, view, edges, exactLimit));
    }
    if (request.withQueues) {
        const int queues = queueCount.load(std::memory_order_acquire);
        view.queues.reserve(queues);
        for (int i = 0; i < queues; ++i)
            view.queues.append(queueRecord(*queue(i), view, edges));
    }
    return view;
}

} // namespace qs
