#include "observe/savedrecord.h"

#include <algorithm>

namespace qs {

namespace {

qint64 overlap(qint64 a, qint64 b, qint64 lo, qint64 hi)
{
    return std::max<qint64>(0, std::min(b, hi) - std::max(a, lo));
}

// Calls f(bucket, lo, hi) for every bucket of `view` that [lo, hi) overlaps.
template<typename F> void forBuckets(const RangeView &view, qint64 lo, qint64 hi, const F &f)
{
    const qint64 from = view.fromUs, to = view.toUs;
    if (hi <= from || lo >= to)
        return;
    const qint64 len = to - from;
    int i = int(std::clamp<qint64>((std::max(lo, from) - from) * view.buckets / len, 0, view.buckets - 1));
    while (i > 0 && view.bucketStart(i) > lo)
        --i;
    for (; i < view.buckets && view.bucketStart(i) < hi; ++i)
        f(i, view.bucketStart(i), view.bucketStart(i + 1));
}

} // namespace

SavedRecord::SavedRecord(QList<ThreadInfo> threads, QList<QueueInfo> queues, qint64 endUs)
    : m_threads(std::move(threads))
    , m_queues(std::move(queues))
    , m_endUs(endUs)
{
    for (ThreadInfo &t : m_threads)
        for (const StateSpan &s : t.spans)
            m_endUs = std::max(m_endUs, std::max(s.startUs, s.endUs));
}

RangeSourcePtr SavedRecord::fromSavedRun(const SavedRun &run)
{
    return std::make_shared<const SavedRecord>(run.last.threads, run.last.queues, run.last.tUs);
}

RangeView SavedRecord::query(const RangeRequest &request) const
{
    RangeView view;
    view.nowUs = m_endUs;
    view.toUs = request.toUs < 0 ? m_endUs : request.toUs;
    view.fromUs = std::min(request.fromUs, view.toUs - 1);
    view.buckets = std::max(1, request.buckets);
    const int exactLimit = request.exactLimit < 0 ? std::max(16, view.buckets / 2) : request.exactLimit;
    if (request.threads.isEmpty()) {
        for (int i = 0; i < m_threads.size(); ++i)
            view.lanes.append(lane(i, view, exactLimit));
    } else {
        for (int id : request.threads)
            if (id >= 0 && id < m_threads.size())
                view.lanes.append(lane(id, view, exactLimit));
    }
    if (request.withQueues)
        for (const QueueInfo &q : m_queues)
            view.queues.append(queue(q, view));
    return view;
}

LaneRecord SavedRecord::lane(int id, const RangeView &view, int exactLimit) const
{
    const ThreadInfo &t = m_threads[id];
    LaneRecord lane;
    lane.threadId = id;
    lane.name = t.name;
    lane.role = t.role;
    lane.startUs = t.spans.isEmpty() ? t.stateSinceUs : t.spans.first().startUs;
    const auto endOf = [&](const StateSpan &s) { return s.endUs < 0 ? m_endUs : s.endUs; };
    // The spans are contiguous and ordered, so their ends are too.
    const auto first = std::upper_bound(t.spans.begin(), t.spans.end(), view.fromUs,
                                        [&](qint64 from, const StateSpan &s) { return from < endOf(s); });
    auto last = first;
    while (last != t.spans.end() && last->startUs < view.toUs && last - first <= exactLimit)
        ++last;
    if (last == t.spans.end() || last->startUs >= view.toUs) {
        if (last - first <= exactLimit) {
            lane.exact = true;
            lane.spans = QList<StateSpan>(first, last);
            return lane;
        }
    }
    lane.mix.resize(view.buckets);
    for (auto it = first; it != t.spans.end() && it->startUs < view.toUs; ++it) {
        const qint64 lo = it->startUs, hi = endOf(*it);
        forBuckets(view, lo, hi,
                   [&](int i, qint64 a, qint64 b) { lane.mix[i].add(it->state, overlap(a, b, lo, hi)); });
    }
    return lane;
}

QueueRecord SavedRecord::queue(const QueueInfo &q, const RangeView &view) const
{
    QueueRecord rec;
    rec.name = q.name;
    rec.buckets.resize(view.buckets);
    const QList<QueueSample> &h = q.history;
    auto it = std::upper_bound(h.begin(), h.end(), view.fromUs,
                               [](qint64 t, const QueueSample &s) { return t < s.tUs; });
    if (it != h.begin())
        --it;
    for (; it != h.end() && it->tUs < view.toUs; ++it) {
        const qint64 lo = it->tUs, hi = it + 1 == h.end() ? std::max(m_endUs, lo + 1) : (it + 1)->tUs;
        const int size = it->size;
        forBuckets(view, lo, std::max(hi, lo + 1), [&](int i, qint64 a, qint64 b) {
            const qint64 in = overlap(a, b, lo, hi);
            if (in > 0)
                rec.buckets[i].add(size, in);
            else
                rec.buckets[i].mark(size);
        });
    }
    return rec;
}

} // namespace qs
