#include "charts/seriesdecimation.h"

#include <algorithm>

namespace qs {

QList<QPointF> decimateMinMax(const QList<QPointF> &points, int buckets)
{
    if (buckets < 1 || points.size() <= 2 * qsizetype(buckets))
        return points;
    const double x0 = points.constFirst().x();
    const double x1 = points.constLast().x();
    if (!(x1 > x0))
        return {points.constFirst(), points.constLast()};
    QList<QPointF> out;
    out.reserve(2 * buckets + 2);
    out.append(points.constFirst());
    const qsizetype last = points.size() - 1;
    qsizetype i = 1;
    for (int b = 0; b < buckets && i < last; ++b) {
        const double end = x0 + (x1 - x0) * (b + 1) / buckets;
        qsizetype lo = i, hi = i;
        for (; i < last && (points[i].x() < end || b == buckets - 1); ++i) {
            if (points[i].y() < points[lo].y())
                lo = i;
            if (points[i].y() > points[hi].y())
                hi = i;
        }
        if (i == lo && i == hi) // an empty slice: nothing reached it
            continue;
        out.append(points[std::min(lo, hi)]);
        if (lo != hi)
            out.append(points[std::max(lo, hi)]);
    }
    out.append(points[last]);
    return out;
}

} // namespace qs
