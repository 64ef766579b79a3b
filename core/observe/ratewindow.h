#pragma once

#include <QtGlobal>

#include <array>
#include <utility>

namespace qs {

// Two counters' rates over the last second, from exact counts kept in 100 ms buckets keyed by
// time (no per-event storage); the oldest bucket, partly outside the second, counts pro rata.
// Not thread-safe: the owner guards it.
class RateWindow {
public:
    static constexpr qint64 kBucketUs = 100000;
    static constexpr qint64 kWindowUs = 1000000;
    static constexpr int kBuckets = int(kWindowUs / kBucketUs) + 1;

    // Counts `a` and `b` at time tUs; times must not go backwards.
    void add(qint64 tUs, qint64 a, qint64 b);
    // Per-second rates over the last second, or since `sinceUs` when that is later.
    std::pair<double, double> perSec(qint64 nowUs, qint64 sinceUs) const;

private:
    struct Bucket {
        qint64 id = -1;
        qint64 a = 0;
        qint64 b = 0;
    };
    std::array<Bucket, kBuckets> m_buckets{};
};

} // namespace qs
