#pragma once

#include <QtGlobal>

#include <cstddef>
#include <random>

namespace qs {

// The demo dataset's only source of randomness. std::mt19937_64 is fully specified by the
// C++ standard, but std::uniform_int_distribution and friends are not (libstdc++ and libc++
// draw differently), so the distributions here are our own: the same seed gives the same
// numbers with any standard library.
class DemoRandom {
public:
    explicit DemoRandom(quint64 seed)
        : m_engine(seed)
    {}

    // A seed for stream `index` of a dataset seeded with `seed` (splitmix64 finaliser), so
    // sample i can be drawn without drawing samples 0..i-1 first.
    static quint64 mix(quint64 seed, quint64 index);

    quint64 next() { return m_engine(); }
    int uniformInt(int lo, int hi); // inclusive on both ends, unbiased; lo <= hi
    double uniform01();             // [0, 1) with 53 random bits
    double uniform(double lo, double hi) { return lo + (hi - lo) * uniform01(); }
    bool chance(double p) { return uniform01() < p; }
    void fillBytes(uchar *dst, std::size_t n);

private:
    std::mt19937_64 m_engine;
};

} // namespace qs
