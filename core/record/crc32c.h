#pragma once

#include <QtEndian>
#include <QtGlobal>

#include <cstddef>

// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), the checksum TFRecord frames carry.
//
// value() and extend() pick the fastest implementation once, at the first call: carry-less
// multiply folding (AVX-512 VPCLMULQDQ) for the bulk of long buffers when the CPU has it, else
// the SSE4.2 `crc32` instruction (three interleaved streams), else a portable slicing-by-8
// table. All are exposed so tests can hold them against each other. All functions are pure and
// thread-safe; the tables and folding constants are compile-time constants.
namespace qs::crc32c {

// CRC of data[0, n) appended to a message whose CRC is `crc` (0 for an empty message).
quint32 extend(quint32 crc, const void *data, size_t n);
inline quint32 value(const void *data, size_t n)
{
    return extend(0, data, n);
}

// The two implementations behind extend(). extendHardware() must only be called when
// hasHardware() is true.
quint32 extendPortable(quint32 crc, const void *data, size_t n);
quint32 extendHardware(quint32 crc, const void *data, size_t n);
bool hasHardware();
// Folds 256 bytes at a time in four 512-bit accumulators, then hands the rest to
// extendHardware(): about twice its speed on buffers of a few KiB and more. Must only be called
// when hasFolding() is true (AVX-512F, VPCLMULQDQ, PCLMULQDQ and SSE4.2).
quint32 extendFolding(quint32 crc, const void *data, size_t n);
bool hasFolding();

// TFRecord stores CRCs masked, because a CRC of data that embeds CRCs is weak.
constexpr quint32 kMaskDelta = 0xa282ead8u;
constexpr quint32 mask(quint32 crc)
{
    return ((crc >> 15) | (crc << 17)) + kMaskDelta;
}
constexpr quint32 unmask(quint32 masked)
{
    const quint32 rot = masked - kMaskDelta;
    return (rot >> 17) | (rot << 15);
}

// Whether data[0, n) matches the masked CRC stored little-endian at `stored`, as a TFRecord
// frame holds it after its length and after its payload. The data is read first: the pass over
// it brings the stored CRC's cache line in, where reading that first is a cache miss of its own
// for every record of a mapped file (12% of the scan of 3 KB records: 7.4 against 8.3 GB/s in
// qs-bench-scan).
inline bool matchesStored(const void *data, size_t n, const char *stored)
{
    const quint32 actual = value(data, n);
    return unmask(qFromLittleEndian<quint32>(stored)) == actual;
}

} // namespace qs::crc32c
