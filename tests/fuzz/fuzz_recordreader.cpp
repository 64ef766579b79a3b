// libFuzzer target for RecordReader. The input is a whole TFRecord file. It is read
//  1. as it is, with Compression::Auto, then forced to None, Gzip and Zlib (skipCorrupt on), and
//     as None without payload CRCs;
//  2. with its frame CRCs repaired (so mutated lengths get past the length CRC and reach the
//     framing logic), uncompressed and after gzip (sometimes as two members) and zlib
//     compression by the target itself, which drives the reader on streams of unknown size.
//     Behind a valid filler record that ends 0-47 bytes before the reader's 256 KiB buffer
//     does, small inputs also reach the refill and large-record paths at the buffer's edge.
// Every uncompressed stream is also framed by an independent few-line parser here; the reader
// must return the same records, end with the same kind of status at the same offset and skip
// the same records. The records are capped at kMaxRecord, so the memory a run may take is
// bounded however the lengths are mutated (scripts/fuzz.sh sets -malloc_limit_mb).

#include "fuzzcheck.h"

#include "record/compression.h"
#include "record/crc32c.h"
#include "record/recordreader.h"

#include <QList>
#include <QtEndian>

#include <zlib.h>

#include <array>

using namespace qs;
using qs::fuzz::check;

namespace {

constexpr quint64 kMaxRecord = 1 << 20;
constexpr qint64 kHeader = 12;
constexpr qint64 kFrameOverhead = 16;

struct Outcome {
    QList<QByteArray> records;
    QList<qint64> offsets;
    QList<qint64> skipped; // offsets of the records skipped (skipCorrupt)
    ErrorKind end = ErrorKind::Ok;
    qint64 endOffset = -1;
};

QString describe(const Outcome &o)
{
    QStringList skipped;
    for (qint64 s : o.skipped)
        skipped << QString::number(s);
    return QStringLiteral("%1 record(s), skipped at [%2], ends with %3 at %4")
        .arg(o.records.size())
        .arg(skipped.join(u','))
        .arg(errorKindName(o.end))
        .arg(o.endOffset);
}

bool crcMatches(const char *data, size_t n, const char *stored)
{
    return crc32c::unmask(qFromLittleEndian<quint32>(stored)) == crc32c::value(data, n);
}

// What TensorFlow's framing says the stream holds, written without looking at the reader.
Outcome frameByHand(QByteArrayView b, const RecordReaderOptions &options)
{
    Outcome out;
    qint64 pos = 0;
    const auto stop = [&](ErrorKind kind) {
        if (kind == ErrorKind::DataLoss && options.skipCorrupt) {
            out.skipped << pos;
            kind = ErrorKind::OutOfRange;
        }
        out.end = kind;
        out.endOffset = pos;
        return out;
    };
    for (;;) {
        const qint64 left = b.size() - pos;
        if (left == 0)
            return stop(ErrorKind::OutOfRange);
        if (left < kHeader || !crcMatches(b.data() + pos, 8, b.data() + pos + 8))
            return stop(ErrorKind::DataLoss);
        const quint64 length = qFromLittleEndian<quint64>(b.data() + pos);
        if (length > options.maxRecordBytes || qint64(length) + kFrameOverhead > left)
            return stop(ErrorKind::DataLoss);
        const char *payload = b.data() + pos + kHeader;
        if (options.verifyCrc && !crcMatches(payload, size_t(length), payload + length)) {
            if (!options.skipCorrupt)
                return stop(ErrorKind::DataLoss);
            out.skipped << pos;
        } else {
            out.records << QByteArray(payload, qsizetype(length));
            out.offsets << pos;
        }
        pos += qint64(length) + kFrameOverhead;
    }
}

Outcome readAll(const QString &path, const RecordReaderOptions &options, qint64 fileSize)
{
    Result<std::unique_ptr<RecordReader>> opened = RecordReader::open(path, options);
    check(opened.isOk(), "RecordReader::open failed on a readable file", opened.status().toString());
    RecordReader &reader = **opened;
    if (options.compression != Compression::Auto)
        check(reader.compression() == options.compression, "the reader changed the requested compression");
    check(reader.compression() != Compression::Auto, "Auto was not resolved");

    Outcome out;
    QByteArray record;
    Status s;
    while ((s = reader.next(&record)).isOk()) {
        check(quint64(record.size()) <= options.maxRecordBytes, "a record is over maxRecordBytes");
        check(reader.recordOffset() == reader.offset() - record.size() - kFrameOverhead,
              "offset() is not right after the record just returned");
        check(out.offsets.isEmpty() || reader.recordOffset() > out.offsets.last(), "offsets go backwards");
        check(reader.recordIndex() == out.records.size() + 1, "recordIndex() miscounts");
        out.records << record;
        out.offsets << reader.recordOffset();
    }
    const QString status = s.toString();
    check(s.kind() == ErrorKind::OutOfRange || (!options.skipCorrupt && s.kind() == ErrorKind::DataLoss),
          "next() ended with an unexpected kind of status", status);
    check(!s.message().isEmpty() && s.where().file == path && s.where().offset >= 0 && s.where().record >= 0,
          "the final status does not say where", status);
    check(reader.next(&record) == s, "the final status is not sticky", status);
    for (const Status &skipped : reader.skipped()) {
        check(skipped.kind() == ErrorKind::DataLoss && skipped.where().file == path,
              "a skipped record is not DataLoss naming the file", skipped.toString());
        out.skipped << skipped.where().offset;
    }
    check(reader.skippedCount() == out.skipped.size(), "skippedCount() disagrees with skipped()");
    check(reader.fileSize() == fileSize, "fileSize() is not the file's size");
    check(reader.fileBytesRead() >= 0 && reader.fileBytesRead() <= fileSize, "fileBytesRead() out of range");
    out.end = s.kind();
    out.endOffset = s.where().offset;
    return out;
}

void expectSame(const Outcome &got, const Outcome &want, const char *what)
{
    const bool same = got.records == want.records && got.offsets == want.offsets &&
                      got.skipped == want.skipped && got.end == want.end && got.endOffset == want.endOffset;
    check(same, what, QStringLiteral("reader: %1; by hand: %2").arg(describe(got), describe(want)));
}

// Rewrites the length CRC of every frame and the payload CRC of every frame that fits.
QByteArray repairCrcs(QByteArrayView in)
{
    QByteArray b = in.toByteArray();
    char *p = b.data();
    qint64 pos = 0;
    while (b.size() - pos >= kHeader) {
        qToLittleEndian<quint32>(crc32c::mask(crc32c::value(p + pos, 8)), p + pos + 8);
        const quint64 length = qFromLittleEndian<quint64>(p + pos);
        if (length > quint64(b.size() - pos - kHeader) || b.size() - pos - kHeader - qint64(length) < 4)
            break;
        char *payload = p + pos + kHeader;
        qToLittleEndian<quint32>(crc32c::mask(crc32c::value(payload, size_t(length))), payload + length);
        pos += qint64(length) + kFrameOverhead;
    }
    return b;
}

QByteArray deflateBytes(QByteArrayView in, int windowBits)
{
    z_stream z{};
    if (deflateInit2(&z, Z_BEST_SPEED, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        fuzz::fail("deflateInit2 failed");
    QByteArray out(qsizetype(deflateBound(&z, uLong(in.size()))), Qt::Uninitialized);
    z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in.data()));
    z.avail_in = uInt(in.size());
    z.next_out = reinterpret_cast<Bytef *>(out.data());
    z.avail_out = uInt(out.size());
    const int rc = deflate(&z, Z_FINISH);
    out.resize(qsizetype(z.total_out));
    deflateEnd(&z);
    check(rc == Z_STREAM_END, "deflate did not finish");
    return out;
}

QByteArray frame(const QByteArray &payload)
{
    QByteArray f(kHeader, Qt::Uninitialized);
    qToLittleEndian<quint64>(quint64(payload.size()), f.data());
    qToLittleEndian<quint32>(crc32c::mask(crc32c::value(f.constData(), 8)), f.data() + 8);
    f += payload;
    f.resize(f.size() + 4);
    qToLittleEndian<quint32>(crc32c::mask(crc32c::value(payload.constData(), size_t(payload.size()))),
                             f.data() + f.size() - 4);
    return f;
}

// One valid record whose frame ends `shift` bytes before the reader's buffer does, plain and
// as a gzip member of its own (members concatenate, so the fuzzed stream can follow it).
struct Filler {
    QByteArray plain;
    QByteArray gzip;
};
constexpr int kFillerShifts = 48;

const Filler &filler(int shift)
{
    static std::array<Filler, kFillerShifts> cache;
    Filler &f = cache[size_t(shift)];
    if (f.plain.isEmpty()) {
        QByteArray payload(RecordReader::kBufferBytes - shift - kFrameOverhead, Qt::Uninitialized);
        for (qsizetype i = 0; i < payload.size(); ++i)
            payload[i] = char(i * 7 + shift);
        f.plain = frame(payload);
        f.gzip = deflateBytes(f.plain, 15 + 16);
    }
    return f;
}

RecordReaderOptions options(Compression compression, bool skipCorrupt, bool verifyCrc = true)
{
    RecordReaderOptions o;
    o.compression = compression;
    o.maxRecordBytes = kMaxRecord;
    o.skipCorrupt = skipCorrupt;
    o.verifyCrc = verifyCrc;
    return o;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static fuzz::MemFile file("fuzz_recordreader");
    const QByteArrayView input(data, qsizetype(size));
    const qint64 n = input.size();
    const uchar first = n > 0 ? data[0] : 0;
    const uchar last = n > 0 ? data[n - 1] : 0;

    // 1. The bytes as they are: detected, and forced to the mode the first byte picks (gzip's
    // 1f and zlib's usual 78 pick their own), skipping corrupt records.
    file.assign(input);
    const RecordReaderOptions automatic = options(Compression::Auto, false);
    const Outcome detected = readAll(file.path(), automatic, n);
    if (detectCompression(input.first(std::min<qsizetype>(n, 12))) == Compression::None)
        expectSame(detected, frameByHand(input, automatic), "Auto on an uncompressed stream");
    const Compression forced = std::array{Compression::Zlib, Compression::Gzip, Compression::None}[first % 3];
    const RecordReaderOptions explicitly = options(forced, true, !(last & 2));
    const Outcome read = readAll(file.path(), explicitly, n);
    if (forced == Compression::None)
        expectSame(read, frameByHand(input, explicitly), "an uncompressed stream, skipping");

    // 2. Repaired frames, plain and compressed: each must read exactly like the hand framing.
    const QByteArray repaired = repairCrcs(input);
    const RecordReaderOptions plain = options(Compression::None, last & 1);
    if (repaired != input.toByteArray()) {
        file.assign(repaired);
        expectSame(readAll(file.path(), plain, n), frameByHand(repaired, plain), "a repaired stream");
    }
    const Filler &before = filler(int(n % kFillerShifts));
    const QByteArray padded = before.plain + repaired;
    const Outcome wantPadded = frameByHand(padded, plain);
    file.assign(padded);
    expectSame(readAll(file.path(), plain, padded.size()), wantPadded, "a stream at the buffer's edge");

    // Compressed here, so the stream has no known size: zlib (without the filler, which would
    // cost a deflate of 256 KiB each time), or gzip with two members for the input when its
    // length is odd, cut in the middle (what `cat a.gz b.gz` makes).
    QByteArray compressed;
    Compression compression = Compression::Gzip;
    Outcome want = wantPadded;
    if (n % 3 == 0) {
        compression = Compression::Zlib;
        compressed = deflateBytes(repaired, 15);
        want = frameByHand(repaired, plain);
    } else {
        const qsizetype cut = n % 2 ? n / 2 : n;
        compressed = before.gzip + deflateBytes(QByteArrayView(repaired).first(cut), 15 + 16);
        if (cut < n)
            compressed += deflateBytes(QByteArrayView(repaired).sliced(cut), 15 + 16);
    }
    file.assign(compressed);
    RecordReaderOptions o = plain;
    o.compression = compression;
    expectSame(readAll(file.path(), o, compressed.size()), want, "a compressed stream");
    return 0;
}
