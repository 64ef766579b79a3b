#include "record/crc32c.h"

#include <QtEndian>

#include <array>
#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
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

constexpr quint32 xPowerOfBits(size_t bits) // x^bits mod P
{
    quint32 p = 0x80000000u;
    for (size_t i = 0; i < bits; ++i)
        p = (p & 1) ? (p >> 1) ^ kPoly : p >> 1;
    return p;
}

constexpr quint32 xPowerOfBytes(size_t bytes) // x^(8 * bytes) mod P
{
    return xPowerOfBits(8 * bytes);
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

// Folding with carry-less multiplies. A 128-bit lane holds 16 message bytes; as a polynomial
// (first bit highest) it is F * x^64 + G, F its low and G its high 64-bit half. Moving the lane
// D bits further on multiplies it by x^D; modulo P that is F * K1 * x^33 + G * K2 * x^33 with
// K1 = x^(D + 31) and K2 = x^(D - 33) mod P, the x^33 being where a 64 x 32-bit carry-less
// product of reflected values lands in a reflected 128-bit lane. So a lane is folded onto the
// lane D bits later by two multiplies and an xor; the last lane, congruent to the whole
// message, is then fed through the crc32 instruction from a zero state.
namespace {
#define QS_FOLD_TARGET __attribute__((target("avx512f,vpclmulqdq,pclmul,sse4.2,sse4.1")))

constexpr size_t kFoldMin = 320;        // shorter buffers gain nothing over extendHardware()
constexpr size_t kPrefetchAhead = 4096; // bytes the main loop asks for ahead of its loads

template<size_t D> struct FoldBy {
    static constexpr quint32 k1 = xPowerOfBits(D + 31);
    static constexpr quint32 k2 = xPowerOfBits(D - 33);
};

template<size_t D> QS_FOLD_TARGET inline __m512i constants512()
{
    constexpr long long k1 = FoldBy<D>::k1;
    constexpr long long k2 = FoldBy<D>::k2;
    return _mm512_set_epi64(k2, k1, k2, k1, k2, k1, k2, k1);
}

QS_FOLD_TARGET inline __m512i fold(__m512i x, __m512i k, __m512i next)
{
    const __m512i low = _mm512_clmulepi64_epi128(x, k, 0x00);
    const __m512i high = _mm512_clmulepi64_epi128(x, k, 0x11);
    return _mm512_ternarylogic_epi64(low, high, next, 0x96); // low ^ high ^ next
}

QS_FOLD_TARGET inline __m128i fold128(__m128i x, __m128i next)
{
    const __m128i k = _mm_set_epi64x(FoldBy<128>::k2, FoldBy<128>::k1);
    return _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x, k, 0x00), _mm_clmulepi64_si128(x, k, 0x11)),
                         next);
}
} // namespace

QS_FOLD_TARGET quint32 extendFolding(quint32 crc, const void *data, size_t n)
{
    if (n < kFoldMin)
        return extendHardware(crc, data, n);
    const auto *p = static_cast<const unsigned char *>(data);
    // The register is xored into the first four bytes: the same as starting from it.
    __m512i x0 =
        _mm512_xor_si512(_mm512_loadu_si512(p), _mm512_zextsi128_si512(_mm_cvtsi32_si128(int(~crc))));
    __m512i x1 = _mm512_loadu_si512(p + 64);
    __m512i x2 = _mm512_loadu_si512(p + 128);
    __m512i x3 = _mm512_loadu_si512(p + 192);
    p += 256;
    n -= 256;
    const __m512i by2048 = constants512<2048>(); // four accumulators: each lane moves 256 bytes on
    for (; n >= 256; p += 256, n -= 256) {
        // A scan's bytes come from memory, and the hardware prefetcher stops at each 4 KiB page:
        // asking for the lines one page ahead keeps the loads streaming (5-10% on a 492 MB
        // page-cached file). A prefetch past the buffer's end or of an unmapped page is dropped,
        // never faults, so it is safe on a mapping that was cut.
        for (int line = 0; line < 256; line += 64)
            _mm_prefetch(reinterpret_cast<const char *>(p) + kPrefetchAhead + line, _MM_HINT_T0);
        x0 = fold(x0, by2048, _mm512_loadu_si512(p));
        x1 = fold(x1, by2048, _mm512_loadu_si512(p + 64));
        x2 = fold(x2, by2048, _mm512_loadu_si512(p + 128));
        x3 = fold(x3, by2048, _mm512_loadu_si512(p + 192));
    }
    const __m512i by512 = constants512<512>();
    x1 = fold(x0, by512, x1);
    x2 = fold(x1, by512, x2);
    x3 = fold(x2, by512, x3);
    for (; n >= 64; p += 64, n -= 64)
        x3 = fold(x3, by512, _mm512_loadu_si512(p));
    // (The zero-masked extracts keep GCC from warning about the plain ones' undefined fill.)
    __m128i lane = _mm512_maskz_extracti32x4_epi32(0xF, x3, 0);
    lane = fold128(lane, _mm512_maskz_extracti32x4_epi32(0xF, x3, 1));
    lane = fold128(lane, _mm512_maskz_extracti32x4_epi32(0xF, x3, 2));
    lane = fold128(lane, _mm512_maskz_extracti32x4_epi32(0xF, x3, 3));
    quint64 s = _mm_crc32_u64(0, quint64(_mm_extract_epi64(lane, 0)));
    s = _mm_crc32_u64(s, quint64(_mm_extract_epi64(lane, 1)));
    return extendHardware(~quint32(s), p, n);
}
#undef QS_FOLD_TARGET

bool hasFolding()
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("vpclmulqdq") &&
           __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.2");
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
quint32 extendFolding(quint32 crc, const void *data, size_t n)
{
    return extendPortable(crc, data, n);
}
bool hasFolding()
{
    return false;
}

#endif

quint32 extend(quint32 crc, const void *data, size_t n)
{
    using Impl = quint32 (*)(quint32, const void *, size_t);
    static const Impl impl = hasFolding()    ? &extendFolding
                             : hasHardware() ? &extendHardware
                                             : &extendPortable;
    return impl(crc, data, n);
}

} // namespace qs::crc32c
