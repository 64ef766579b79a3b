#include "charts/seriesdecimation.h"

namespace qs {

MinMaxDecimator::MinMaxDecimator(qsizetype count, double firstX, double lastX, int buckets)
    : m_count(count)
    , m_all(buckets < 1 || count <= 2 * qsizetype(buckets))
    , m_flat(!m_all && !(lastX > firstX))
    , m_x0(firstX)
    , m_x1(lastX)
    , m_buckets(buckets)
{
    m_out.reserve(m_all ? count : m_flat ? 2 : 2 * qsizetype(buckets) + 2);
    if (!m_all && !m_flat)
        m_bucketEnd = m_x0 + (m_x1 - m_x0) / m_buckets;
}

void MinMaxDecimator::add(const QPointF &p)
{
    const qsizetype i = m_seen++;
    if (m_all || i == 0 || i == m_count - 1) {
        if (!m_all && i == m_count - 1 && !m_flat)
            flushBucket();
        m_out.append(p);
        return;
    }
    if (m_flat)
        return;
    // Slices the point lies past are done (the last slice takes whatever remains).
    while (m_bucket < m_buckets - 1 && !(p.x() < m_bucketEnd)) {
        flushBucket();
        ++m_bucket;
        m_bucketEnd = m_x0 + (m_x1 - m_x0) * (m_bucket + 1) / m_buckets;
    }
    if (!m_inBucket) {
        m_inBucket = true;
        m_loAt = m_hiAt = i;
        m_lo = m_hi = p;
        return;
    }
    if (p.y() < m_lo.y()) {
        m_loAt = i;
        m_lo = p;
    }
    if (p.y() > m_hi.y()) {
        m_hiAt = i;
        m_hi = p;
    }
}

void MinMaxDecimator::flushBucket()
{
    if (!m_inBucket) // an empty slice: nothing reached it
        return;
    m_inBucket = false;
    if (m_loAt == m_hiAt) {
        m_out.append(m_lo);
        return;
    }
    m_out.append(m_loAt < m_hiAt ? m_lo : m_hi);
    m_out.append(m_loAt < m_hiAt ? m_hi : m_lo);
}

QList<QPointF> MinMaxDecimator::take()
{
    return std::move(m_out);
}

QList<QPointF> decimateMinMax(const QList<QPointF> &points, int buckets)
{
    if (buckets < 1 || points.size() <= 2 * qsizetype(buckets))
        return points;
    MinMaxDecimator d(points.size(), points.constFirst().x(), points.constLast().x(), buckets);
    for (const QPointF &p : points)
        d.add(p);
    return d.take();
}

} // namespace qs
