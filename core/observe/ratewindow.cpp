#include "observe/ratewindow.h"

#include <algorithm>

namespace qs {

void RateWindow::add(qint64 tUs, qint64 a, qint64 b)
{
    const qint64 id = std::max<qint64>(0, tUs) / kBucketUs;
    Bucket &bucket = m_buckets[size_t(id % kBuckets)];
    if (bucket.id != id)
        bucket = Bucket{id, 0, 0};
    bucket.a += a;
    bucket.b += b;
}

std::pair<double, double> RateWindow::perSec(qint64 nowUs, qint64 sinceUs) const
{
    const qint64 nowId = std::max<qint64>(0, nowUs) / kBucketUs;
    const qint64 firstId = nowId - (kBuckets - 1);
    const qint64 startUs = std::max(firstId * kBucketUs, sinceUs);
    // A floor of 1 ms keeps the first instants of a run from dividing by (almost) nothing.
    const double seconds = double(std::max<qint64>(1000, nowUs - startUs)) / 1e6;
    qint64 a = 0;
    qint64 b = 0;
    for (const Bucket &bucket : m_buckets) {
        if (bucket.id >= firstId && bucket.id <= nowId) {
            a += bucket.a;
            b += bucket.b;
        }
    }
    return {double(a) / seconds, double(b) / seconds};
}

} // namespace qs
