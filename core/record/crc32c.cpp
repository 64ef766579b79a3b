#include "record/crc32c.h"

#include <QtEndian>

#include <array>
#include <cstring>

#if defined(__x86_64__)
#include <nmmintrin.h>
#define QS_CRC32C_X86 1
#endif

namespace qs::crc32c {

namespace {

constexpr quint32 kPoly = 0x82F63B78u; // Castagnoli, bit-reversed

// --- Compile-time tables -------------------------------------------------------------------

using Table = std::array<std::array<quint32, 256>, 8>;

constexpr Table makeSlicingTable()
{
    Table t{};
    for (quint32 i = 0; i < 256; ++i) {
        quint32 c = i;
        for (int k = 0; k < 8; ++k)
            c = (c & 1) ? (c >> 1) ^ kPoly : c >> 1;
        t[0][i] = c;
    }
    for (size_t k = 1; k < 8; ++k)
        for (size_t i = 0; i < 256; ++i)
            t[k][i] = (t[k - 1][i] >> 8) ^ t[0][t[k - 1][i] & 0xff];
    return t;
}
constexpr Table kSlicing = makeSlicingTable();

// Polynomials modulo P in the reflected representation: bit 31 is x^0.
constexpr quint32 mulModP(quint32 a, quint32 b)
{
    quint32 product = 0;
    for (quint32 bit = 0x80000000u; bit != 0; bit >>= 1) {
        if (a & bit)
            product ^= b;
        b = (b & 1) ? (b >> 1) ^ kPoly : b >> 1; // b *= x
    }
    return product;
}

constexpr quint32 xPowerOfBytes(size_t bytes) // x^(8 * bytes) mod P
{
    quint32 p = 0x80000000u;
    for (size_t i = 0; i < 8 * bytes; ++i)
        p = (p & 1) ? (p >> 1) ^ kPoly : p >> 1;
    return p;
}

// Multiplying a CRC register by x^(8n) is what appending n zero bytes does to it; as the
// operation is linear it can be tabulated one register byte at a time.
using ShiftTable = std::array<std::array<quint32, 256>, 4>;
constexpr ShiftTable makeShiftTable(size_t bytes)
{
    const quint32 k = xPowerOfBytes(bytes);
    ShiftTable t{};
    for (size_t byte = 0; byte < 4; ++byte)
        for (quint32 i = 0; i < 256; ++i)
            t[byte][i] = mulModP(k, i << (8 * byte));
    return t;
}

[[maybe_unused]] inline quint32 shift(const ShiftTable &t, quint32 s)
{
    return t[0][s & 0xff] ^ t[1][(s >> 8) & 0xff] ^ t[2][(s >> 16) & 0xff] ^ t[3][s >> 24];
}

inline quint32 load32(const unsigned char *p)
{
    return qFromLittleEndian<quint32>(p);
}

} // namespace

quint32 extendPortable(quint32 crc, const void *data, size_t n)
{
    const auto *p = static_cast<const unsigned char *>(data);
    quint32 s = ~crc;
    while (n > 0 && (reinterpret_cast<quintptr>(p) & 7) != 0) {
        s = (s >> 8) ^ kSlicing[0][(s ^ *p++) & 0xff];
        --n;
    }
    while (n >= 8) {
        const quint32 lo = s ^ load32(p);
        const quint32 hi = load32(p + 4);
        s = kSlicing[7][lo & 0xff] ^ kSlicing[6][(lo >> 8) & 0xff] ^ kSlicing[5][(lo >> 16) & 0xff] ^
            kSlicing[4][lo >> 24] ^ kSlicing[3][hi & 0xff] ^ kSlicing[2][(hi >> 8) & 0xff] ^
            kSlicing[1][(hi >> 16) & 0xff] ^ kSlicing[0][hi >> 24];
        p += 8;
        n -= 8;
    }
    while (n-- > 0)
        s = (s >> 8) ^ kSlicing[0][(s ^ *p++) & 0xff];
    return ~s;
}

#ifdef QS_CRC32C_X86

namespace {
// The crc32 instruction has a latency of 3 cycles and a throughput of 1, so three independent
// streams keep the unit busy; their partial CRCs are then joined with the shift tables.
constexpr size_t kLong = 8192;
constexpr size_t kShort = 256;
constexpr ShiftTable kShiftLong = makeShiftTable(kLong);
constexpr ShiftTable kShiftShort = makeShiftTable(kShort);

inline quint64 load64(const unsigned char *p)
{
    quint64 v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

template<size_t Block>
__attribute__((target("sse4.2"))) inline quint64 interleaved(quint64 s, const unsigned char *&p, size_t &n,
                                                             const ShiftTable &join)
{
    while (n >= 3 * Block) {
        quint64 s1 = 0;
        quint64 s2 = 0;
        for (const unsigned char *end = p + Block; p < end; p += 8) {
            s = _mm_crc32_u64(s, load64(p));
            s1 = _mm_crc32_u64(s1, load64(p + Block));
            s2 = _mm_crc32_u64(s2, load64(p + 2 * Block));
        }
        s = shift(join, quint32(s)) ^ quint32(s1);
        s = shift(join, quint32(s)) ^ quint32(s2);
        p += 2 * Block;
        n -= 3 * Block;
    }
    return s;
}
} // namespace

__attribute__((target("sse4.2"))) quint32 extendHardware(quint32 crc, const void *data, size_t n)
{
    const auto *p = static_cast<const unsigned char *>(data);
    quint64 s = ~crc;
    while (n > 0 && (reinterpret_cast<quintptr>(p) & 7) != 0) {
        s = _mm_crc32_u8(quint32(s), *p++);
        --n;
    }
    s = interleaved<kLong>(s, p, n, kShiftLong);
    s = interleaved<kShort>(s, p, n, kShiftShort);
    while (n >= 8) {
        s = _mm_crc32_u64(s, load64(p));
        p += 8;
        n -= 8;
    }
    while (n-- > 0)
        s = _mm_crc32_u8(quint32(s), *p++);
    return ~quint32(s);
}

bool hasHardware()
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("sse4.2");
}

#else

quint32 extendHardware(quint32 crc, const void *data, size_t n)
{
    return extendPortable(crc, data, n);
}
bool hasHardware()
{
    return false;
}

#endif

quint32 extend(quint32 crc, const void *data, size_t n)
{
    using Impl = quint32 (*)(quint32, const void *, size_t);
    static const Impl impl = hasHardware() ? &extendHardware : &extendPortable;
    return impl(crc, data, n);
}

} // namespace qs::crc32c
