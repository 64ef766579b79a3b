#include "demo/demorandom.h"

namespace qs {

quint64 DemoRandom::mix(quint64 seed, quint64 index)
{
    quint64 z = seed + 0x9E3779B97F4A7C15ULL * (index + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

int DemoRandom::uniformInt(int lo, int hi)
{
    Q_ASSERT(lo <= hi);
    const quint64 range = quint64(qint64(hi) - qint64(lo)) + 1;
    // Lemire's threshold: 2^64 mod range. Draws below it would favour the low residues.
    const quint64 threshold = (0 - range) % range;
    quint64 r = next();
    while (r < threshold)
        r = next();
    return int(qint64(lo) + qint64(r % range));
}

double DemoRandom::uniform01()
{
    return double(next() >> 11) * 0x1.0p-53;
}

void DemoRandom::fillBytes(uchar *dst, std::size_t n)
{
    // Byte i of each draw is bits 8i..8i+7, whatever the host's byte order.
    for (std::size_t done = 0; done < n; done += 8) {
        const quint64 r = next();
        const std::size_t take = n - done < 8 ? n - done : 8;
        for (std::size_t i = 0; i < take; ++i)
            dst[done + i] = uchar(r >> (8 * i));
    }
}

} // namespace qs
