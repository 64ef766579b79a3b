#include "observe/spanstore.h"

#include <algorithm>
#include <bit>

namespace qs {

namespace {
// Details past this many distinct texts per thread share the last id, whose text says so.
constexpr int kMaxDetails = 65535;
} // namespace

SpanStore::SpanStore(int chunkSpans)
    : m_chunk(std::max(2, chunkSpans))
{
    if ((m_chunk & (m_chunk - 1)) == 0)
        m_chunkShift = std::countr_zero(unsigned(m_chunk));
}

quint16 SpanStore::intern(const QString &detail)
{
    if (detail.isEmpty())
        return 0;
    if (m_details[m_lastDetail] == detail)
        return m_lastDetail;
    auto it = m_detailIds.constFind(detail);
    if (it != m_detailIds.constEnd())
        return m_lastDetail = *it;
    if (m_details.size() >= kMaxDetails) {
        if (m_details.size() == kMaxDetails)
            m_details.append(QStringLiteral("(more distinct details than the record keeps)"));
        return m_lastDetail = quint16(kMaxDetails);
    }
    const auto id = quint16(m_details.size());
    m_details.append(detail);
    m_detailIds.insert(detail, id);
    return m_lastDetail = id;
}

bool SpanStore::push(const StateSpan &span)
{
    const qint64 slot = m_count % m_chunk;
    if (slot == 0 && m_count / m_chunk == qint64(m_chunks.size()))
        m_chunks.push_back(m_spare ? std::move(m_spare) : std::make_unique<Item[]>(size_t(m_chunk)));
    Item &it = m_chunks.back()[size_t(slot)];
    it.startUs = span.startUs;
    it.state = span.state;
    it.activity = span.activity;
    it.detail = intern(span.detail);
    m_endUs = span.endUs;
    ++m_count;
    return slot + 1 == m_chunk;
}

void SpanStore::dropOldestChunk()
{
    if (m_chunks.size() < 2)
        return;
    m_spare = std::move(m_chunks.front());
    m_chunks.pop_front();
    m_first += m_chunk;
    m_count -= m_chunk;
}

qint64 SpanStore::allocatedBytes() const
{
    qint64 bytes = qint64(m_chunks.size() + (m_spare ? 1 : 0)) * m_chunk * qint64(sizeof(Item));
    for (const QString &d : m_details)
        bytes += qint64(sizeof(QString)) + 2 * d.capacity() + 48; // the text, its hash entry
    return bytes;
}

StateSpan SpanStore::at(qint64 number) const
{
    const Item &it = item(number);
    return StateSpan{it.startUs, endOf(number), it.state, it.activity, m_details[it.detail]};
}

qint64 SpanStore::heldFromUs() const
{
    return m_count > 0 ? item(m_first).startUs : m_endUs;
}

qint64 SpanStore::firstEndingAfter(qint64 t) const
{
    return bisect(m_first, pushed(), t);
}

qint64 SpanStore::bisect(qint64 lo, qint64 hi, qint64 t) const
{
    while (lo < hi) {
        const qint64 mid = lo + (hi - lo) / 2;
        if (endOf(mid) > t)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

qint64 SpanStore::firstEndingAfter(qint64 t, qint64 from) const
{
    // Span n ends where n + 1 starts: the first n >= from whose end is after t. Gallop until a
    // span ends after t, then bisect the last step.
    qint64 lo = std::clamp(from, m_first, pushed());
    qint64 hi = pushed();
    for (qint64 step = 1; lo < hi; step *= 2) {
        const qint64 probe = std::min(hi, lo + step) - 1;
        if (endOf(probe) > t) {
            hi = probe;
            break;
        }
        lo = probe + 1;
    }
    return bisect(lo, hi, t);
}

qint64 SpanStore::appendSince(QList<StateSpan> *out, qint64 count, int limit) const
{
    qint64 from = std::clamp(count, m_first, pushed());
    if (limit >= 0)
        from = std::max(from, pushed() - limit);
    out->reserve(out->size() + qsizetype(pushed() - from));
    for (qint64 n = from; n < pushed(); ++n)
        out->append(at(n));
    return from;
}

} // namespace qs
