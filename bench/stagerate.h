#pragma once

#include <QList>
#include <QtGlobal>

#include <algorithm>
#include <chrono>

namespace qs {

// How many items a stage handled in how long: the unit of every benchmark figure.
struct StageRate {
    qint64 items = 0;
    double seconds = 0;

    double perSecond() const { return seconds > 0 ? double(items) / seconds : 0; }
    double microsecondsPerItem() const { return items > 0 ? seconds * 1e6 / double(items) : 0; }
};

// The median of a measure's repeats (the mean of the middle two for an even count); 0 for none.
inline double medianOf(QList<double> v)
{
    if (v.isEmpty())
        return 0;
    std::sort(v.begin(), v.end());
    const qsizetype n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// The median of num[i] / den[i] over the repeats where both were measured (den[i] > 0).
inline double medianRatio(const QList<double> &num, const QList<double> &den)
{
    QList<double> ratios;
    for (qsizetype i = 0; i < std::min(num.size(), den.size()); ++i)
        if (den[i] > 0)
            ratios << num[i] / den[i];
    return medianOf(std::move(ratios));
}

// Calls body() (one item each) in chunks of `chunk` until `seconds` have passed, at least one
// chunk, on the calling thread. The clock is read once per chunk, so keep chunks small next to
// the time budget but large next to a clock read.
template<typename Body> StageRate measureFor(double seconds, Body &&body, int chunk = 16)
{
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    const auto limit = std::chrono::duration<double>(seconds);
    StageRate rate;
    do {
        for (int i = 0; i < chunk; ++i)
            body();
        rate.items += chunk;
    } while (Clock::now() - start < limit);
    rate.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return rate;
}

} // namespace qs
