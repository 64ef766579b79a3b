#include "observe/metricseries.h"

#include <algorithm>

namespace qs {

MetricLane::MetricLane(int capacity)
    : m_capacity(std::max(2, capacity))
{}

MetricLane::MetricLane(const MetricLane &other)
    : m_capacity(other.m_capacity)
    , m_size(other.m_size)
    , m_stride(other.m_stride)
    , m_groupFill(other.m_groupFill)
    , m_chunks(other.m_chunks.cbegin(), other.m_chunks.cend()) // a new list: Qt's implicit sharing
    , m_tail(other.m_tail.cbegin(), other.m_tail.cend())       // reads its count without ordering
{}

MetricLane &MetricLane::operator=(const MetricLane &other)
{
    if (this != &other)
        *this = MetricLane(other);
    return *this;
}

void MetricLane::append(const MetricPoint &p)
{
    if (m_size > 0 && m_groupFill < m_stride) {
        m_tail.last() = p; // the newest group goes on: p stands for it now
        ++m_groupFill;
        return;
    }
    push(p);
    m_groupFill = 1;
    if (m_size > m_capacity)
        thin();
}

void MetricLane::push(const MetricPoint &p)
{
    if (m_tail.size() == kChunk) {
        m_chunks.append(std::make_shared<const Chunk>(std::move(m_tail)));
        m_tail = Chunk();
    }
    if (m_tail.isEmpty())
        m_tail.reserve(kChunk);
    m_tail.append(p);
    ++m_size;
}

void MetricLane::thin()
{
    // Groups merge in pairs, (0, 1), (2, 3), ...; each pair keeps its newer point. A last group
    // left without a partner stays on its own, as incomplete as it was.
    MetricLane out(m_capacity);
    for (int i = 1; i < m_size; i += 2)
        out.push(at(i));
    if (m_size % 2) {
        out.push(constLast());
        out.m_groupFill = m_groupFill;
    } else {
        out.m_groupFill = m_stride + m_groupFill;
    }
    out.m_stride = 2 * m_stride;
    *this = std::move(out);
}

int MetricLane::countUntil(qint64 tUs) const
{
    int lo = 0, hi = m_size; // the first point later than tUs is in [lo, hi]
    while (lo < hi) {
        const int mid = lo + (hi - lo) / 2;
        if (at(mid).tUs <= tUs)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

MetricLane MetricLane::until(qint64 tUs) const
{
    const int n = countUntil(tUs);
    if (n == m_size)
        return *this;
    MetricLane out(m_capacity);
    out.m_stride = m_stride;
    out.m_groupFill = m_stride; // the points after the cut are gone: its last group is complete
    out.m_size = n;
    const int fullChunks = n / kChunk;
    const int rest = n % kChunk;
    out.m_chunks = QList<std::shared_ptr<const Chunk>>(m_chunks.cbegin(), m_chunks.cbegin() + fullChunks);
    if (rest > 0) {
        const Chunk &from = fullChunks < m_chunks.size() ? *m_chunks[fullChunks] : m_tail;
        out.m_tail = Chunk(from.cbegin(), from.cbegin() + rest);
    } else if (fullChunks > 0) {
        const Chunk &last = *out.m_chunks.takeLast(); // the tail is never empty
        out.m_tail = Chunk(last.cbegin(), last.cend());
    }
    return out;
}

qint64 MetricLane::allocatedBytes() const
{
    return (qint64(m_chunks.size()) * kChunk + m_tail.capacity()) * qint64(sizeof(MetricPoint));
}

MetricSeries::MetricSeries(int capacity, int evalCapacity)
    : m_steps(capacity)
    , m_evals(evalCapacity)
{}

void MetricSeries::append(const MetricPoint &p)
{
    m_steps.append(p);
    if (p.evalAccuracy >= 0)
        m_evals.append(p);
}

MetricSeries MetricSeries::until(qint64 tUs) const
{
    MetricSeries out = *this;
    out.m_steps = m_steps.until(tUs);
    out.m_evals = m_evals.until(tUs);
    return out;
}

} // namespace qs
