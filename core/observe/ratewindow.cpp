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
    nowUs = std::max<qint64>(0, nowUs);
    const bool young = nowUs - kWindowUs < sinceUs;
    const qint64 startUs = young ? sinceUs : nowUs - kWindowUs;
    const qint64 firstId = std::max<qint64>(0, startUs) / kBucketUs;
    const qint64 nowId = nowUs / kBucketUs;
    double a = 0;
    double b = 0;
    for (const Bucket &bucket : m_buckets) {
        if (bucket.id < firstId || bucket.id > nowId)
            continue;
        // Counts before `sinceUs` do not exist, so only a full-second window trims its first bucket.
        double weight = 1;
        if (bucket.id == firstId && !young)
            weight = double((firstId + 1) * kBucketUs - startUs) / double(kBucketUs);
        a += weight * double(bucket.a);
        b += weight * double(bucket.b);
    }
    // A floor of 1 ms keeps the first instants of a run from dividing by (almost) nothing.
    const double seconds = double(std::max<qint64>(1000, nowUs - startUs)) / 1e6;
    return {a / seconds, b / seconds};
}

} // namespace qs
