// libFuzzer target for RecordReader. The input is a whole TFRecord file. It is read
//  1. as it is: with Compression::Auto, and forced to the mode its first byte picks with
//     skipCorrupt on; when that stream is corrupt, detected again with skipCorrupt and without
//     payload CRCs;
//  2. with its frame CRCs repaired (so mutated lengths get past the length CRC and reach the
//     framing logic), uncompressed, and after gzip (sometimes as two members) or zlib
//     compression by the target itself, which drives the reader on streams of unknown size.
//     In a third of the runs valid filler records go first (see Filler), so small inputs also
//     reach the refill at the edge of the reader's 256 KiB buffer and its large-record path.
// Each uncompressed file is also scanned by ParallelScan on 1-3 threads in stripes of 16 bytes
// to 2 KiB (so small inputs cross many stripes): Clean with the same records and offsets where
// the hand framing reads to a clean end, Damaged wherever it does not.
// Every uncompressed stream is also framed by an independent few-line parser here; the reader
// must return the same records, skip the same ones and end with the same kind of status, each
// at the same record index and offset. Records are capped at kMaxRecord, so the memory a run
// may take is bounded however the lengths are mutated (scripts/fuzz.sh sets -malloc_limit_mb).

#include "fuzzcheck.h"

#include "record/compression.h"
#include "record/crc32c.h"
#include "record/parallelscan.h"
#include "record/recordreader.h"

#include <QList>
#include <QtEndian>

#include <zlib.h>

#include <array>
#include <map>
#include <mutex>

using namespace qs;
using qs::fuzz::check;

namespace {

constexpr quint64 kMaxRecord = 1 << 20;
constexpr qint64 kHeader = 12;
constexpr qint64 kFrameOverhead = 16;

// A record as its size and a CRC-32C of its bytes: comparing these instead of copies keeps the
// filler records from being copied on every run. Of a record over 8 KiB only the first and
// last 4 KiB are summed (the middle of the 300 KiB filler would otherwise dominate the run).
struct RecordSum {
    qsizetype size = 0;
    quint32 crc = 0;
    friend bool operator==(const RecordSum &, const RecordSum &) = default;
};
RecordSum sum(const char *data, qsizetype size)
{
    constexpr qsizetype kEdge = 4096;
    if (size <= 2 * kEdge)
        return {size, crc32c::value(data, size_t(size))};
    return {size, crc32c::extend(crc32c::value(data, kEdge), data + size - kEdge, kEdge)};
}

// Where a status points: the record's index in the file (skipped ones count) and its offset.
struct Place {
    qint64 record = -1;
    qint64 offset = -1;
    friend bool operator==(const Place &, const Place &) = default;
};

struct Outcome {
    QList<RecordSum> records;
    QList<qint64> offsets;
    QList<Place> skipped; // skipCorrupt
    ErrorKind end = ErrorKind::Ok;
    Place endPlace;
};

QString describe(const Outcome &o)
{
    const auto text = [](const Place &p) { return QStringLiteral("#%1@%2").arg(p.record).arg(p.offset); };
    QStringList skipped;
    for (const Place &p : o.skipped)
        skipped << text(p);
    return QStringLiteral("%1 record(s), skipped [%2], ends with %3 at %4")
        .arg(o.records.size())
        .arg(skipped.join(u','), errorKindName(o.end), text(o.endPlace));
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
    qint64 index = 0;
    const auto stop = [&](ErrorKind kind) {
        if (kind == ErrorKind::DataLoss && options.skipCorrupt) {
            out.skipped << Place{index, pos};
            kind = ErrorKind::OutOfRange;
        }
        out.end = kind;
        out.endPlace = Place{index, pos};
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
            out.skipped << Place{index, pos};
        } else {
            out.records << sum(payload, qsizetype(length));
            out.offsets << pos;
        }
        pos += qint64(length) + kFrameOverhead;
        ++index;
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
        out.records << sum(record.constData(), record.size());
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
        out.skipped << Place{skipped.where().record, skipped.where().offset};
    }
    check(reader.skippedCount() == out.skipped.size(), "skippedCount() disagrees with skipped()");
    check(reader.fileSize() == fileSize, "fileSize() is not the file's size");
    check(reader.fileBytesRead() >= 0 && reader.fileBytesRead() <= fileSize, "fileBytesRead() out of range");
    out.end = s.kind();
    out.endPlace = Place{s.where().record, s.where().offset};
    return out;
}

// Reads part of a mapped file, cuts it, then reads on: the records before the cut come back
// right, the views already handed out can still be read (zeros past the cut, no SIGBUS) and
// the reader ends with DataLoss or a clean end, saying where.
void shrunkWhileMapped(fuzz::MemFile &file, const RecordReaderOptions &o, const Outcome &want, qint64 n,
                       uchar a, uchar b)
{
    Result<std::unique_ptr<RecordReader>> opened = RecordReader::open(file.path(), o);
    check(opened.isOk(), "RecordReader::open failed on a readable file", opened.status().toString());
    RecordReader &reader = **opened;
    const qsizetype before = a % (want.records.size() + 1);
    QList<RecordView> held;
    RecordView v;
    for (qsizetype i = 0; i < before; ++i) {
        check(reader.next(&v).isOk(), "a record before the cut did not read");
        check(sum(v.data(), v.size()) == want.records[i], "a record before the cut came back wrong");
        held << v;
    }
    const qint64 cut = n * b / 256;
    file.shrink(cut);
    qint64 bytes = 0;
    for (const RecordView &h : held)
        for (char c : h.bytes())
            bytes += c != 0;
    check(bytes >= 0, "unreachable");
    Status s;
    qsizetype i = before;
    while ((s = reader.next(&v)).isOk()) {
        check(i < want.records.size() && sum(v.data(), v.size()) == want.records[i],
              "a record read after the cut came back wrong");
        check(reader.offset() <= cut, "a record past the cut was returned");
        ++i;
    }
    check(s.kind() == ErrorKind::DataLoss || s.kind() == ErrorKind::OutOfRange,
          "a file cut while mapped ended with an unexpected kind of status", s.toString());
    check(s.where().file == file.path() && s.where().offset >= 0, "the cut is not located", s.toString());
}

// ParallelScan against the hand framing: what `inspect` reads on every core.
void scanInParallel(const QString &path, const RecordReaderOptions &o, const Outcome &want, uchar a, uchar b)
{
    std::mutex mutex;
    std::map<qint64, std::pair<RecordSum, qint64>> seen; // by index: the record and its offset
    const int threads = 1 + a % 3;
    const qint64 stripe = qint64(16) << (b % 8);
    const ParallelScan::Result r = ParallelScan::run(
        path, o, threads,
        [&](int worker, const ScannedRecord &rec) {
            check(worker >= 0 && worker < threads, "a worker out of range");
            std::lock_guard lock(mutex);
            check(seen.emplace(rec.index, std::pair(sum(rec.bytes.data(), rec.bytes.size()), rec.offset))
                      .second,
                  "a record visited twice");
        },
        stripe);
    const bool sound = want.end == ErrorKind::OutOfRange && want.skipped.isEmpty();
    if (want.records.isEmpty() && sound) { // an empty file: not for ParallelScan
        check(r.outcome != ParallelScan::Outcome::Damaged, "an empty file scanned as damaged");
        return;
    }
    check(r.outcome == (sound ? ParallelScan::Outcome::Clean : ParallelScan::Outcome::Damaged),
          "ParallelScan disagrees with the framing on whether the file is sound",
          QStringLiteral("%1 thread(s), %2-byte stripes; by hand: %3")
              .arg(threads)
              .arg(stripe)
              .arg(describe(want)));
    if (!sound)
        return;
    check(r.records == want.records.size() && qsizetype(seen.size()) == want.records.size(),
          "ParallelScan counted other records");
    qsizetype i = 0;
    for (const auto &[index, record] : seen) {
        check(index == i && record.first == want.records[i] && record.second == want.offsets[i],
              "ParallelScan handed out another record", QStringLiteral("record %1").arg(i));
        ++i;
    }
}

void expectSame(const Outcome &got, const Outcome &want, const char *what)
{
    const bool same = got.records == want.records && got.offsets == want.offsets &&
                      got.skipped == want.skipped && got.end == want.end && got.endPlace == want.endPlace;
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

RecordReaderOptions options(Compression compression, bool skipCorrupt, bool verifyCrc = true)
{
    RecordReaderOptions o;
    o.compression = compression;
    o.maxRecordBytes = kMaxRecord;
    o.skipCorrupt = skipCorrupt;
    o.verifyCrc = verifyCrc;
    return o;
}

// Valid records put in front of the fuzzed stream, plain and as a gzip member of their own
// (members concatenate, so the fuzzed stream can follow). Two layouts, each in 48 shifts:
//  - at the edge: one record whose frame ends `shift` bytes before the reader's buffer does,
//    so the fuzzed frames start where the buffer must be refilled;
//  - large: a `shift`-byte record, then one of 300 KiB, which the reader takes in its large
//    record path (part from the buffer, the rest read straight into the record).
struct Filler {
    QByteArray plain;
    QByteArray gzip;
    Outcome framed; // its records, as frameByHand sees them
};

// What frameByHand gives for `filler` followed by a stream that alone gives `tail`.
Outcome behind(const Filler &filler, const Outcome &tail)
{
    const qint64 bytes = filler.plain.size();
    const qint64 records = filler.framed.records.size();
    const auto shift = [&](Place p) { return Place{p.record + records, p.offset + bytes}; };
    Outcome out = filler.framed;
    out.records += tail.records;
    for (qint64 offset : tail.offsets)
        out.offsets << offset + bytes;
    for (const Place &p : tail.skipped)
        out.skipped << shift(p);
    out.end = tail.end;
    out.endPlace = shift(tail.endPlace);
    return out;
}
constexpr int kFillerShifts = 48;

QByteArray pattern(qsizetype size, int seed)
{
    QByteArray out(size, Qt::Uninitialized);
    for (qsizetype i = 0; i < size; ++i)
        out[i] = char(i * 7 + seed);
    return out;
}

const Filler &filler(bool large, int shift)
{
    static std::array<std::array<Filler, kFillerShifts>, 2> cache;
    Filler &f = cache[large][size_t(shift)];
    if (f.plain.isEmpty()) {
        if (large)
            f.plain = frame(pattern(shift, 1)) + frame(pattern(300 * 1024, shift));
        else
            f.plain = frame(pattern(RecordReader::kBufferBytes - shift - kFrameOverhead, shift));
        f.gzip = deflateBytes(f.plain, 15 + 16);
        f.framed = frameByHand(f.plain, options(Compression::None, false));
        check(f.framed.end == ErrorKind::OutOfRange && f.framed.skipped.isEmpty(), "a bad filler");
    }
    return f;
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
    // 1f and zlib's usual 78 pick their own). When the stream is corrupt, detected again with
    // skipCorrupt, and without payload CRCs; until the first DataLoss these read alike.
    file.assign(input);
    const bool plainStream = detectCompression(input.first(std::min<qsizetype>(n, 12))) == Compression::None;
    const auto readDetected = [&](const RecordReaderOptions &o) {
        const Outcome got = readAll(file.path(), o, n);
        if (plainStream)
            expectSame(got, frameByHand(input, o), "Auto on an uncompressed stream");
        return got;
    };
    if (plainStream && n > 0) { // the mapped path must agree with the read() one
        RecordReaderOptions mapped = options(Compression::None, last & 1);
        mapped.mapFile = true;
        expectSame(readAll(file.path(), mapped, n), frameByHand(input, mapped), "mmap instead of read()");
        const RecordReaderOptions whole = options(Compression::Auto, false, !(last & 4));
        scanInParallel(file.path(), whole, frameByHand(input, whole), first, last);
    }
    if (readDetected(options(Compression::Auto, false)).end == ErrorKind::DataLoss) {
        readDetected(options(Compression::Auto, true));
        readDetected(options(Compression::Auto, false, false));
    }
    const Compression forced = std::array{Compression::Zlib, Compression::Gzip, Compression::None}[first % 3];
    const RecordReaderOptions explicitly = options(forced, true, !(last & 2));
    const Outcome read = readAll(file.path(), explicitly, n);
    if (forced == Compression::None)
        expectSame(read, frameByHand(input, explicitly), "an uncompressed stream, forced");

    // 2. Repaired frames, plain and compressed: each must read exactly like the hand framing.
    const QByteArray repaired = repairCrcs(input);
    const RecordReaderOptions plain = options(Compression::None, last & 1);
    const Outcome wantRepaired = frameByHand(repaired, plain);
    if (repaired != input.toByteArray()) {
        file.assign(repaired);
        expectSame(readAll(file.path(), plain, n), wantRepaired, "a repaired stream");
        RecordReaderOptions whole = plain; // uncompressed, whatever the first bytes say
        whole.skipCorrupt = false;
        scanInParallel(file.path(), whole, frameByHand(repaired, whole), last, first);
    }
    // A third of the runs (by input length) put filler records in front: they cost a copy and a
    // read of 300 KiB, which would otherwise slow every run down several times.
    const Filler *before = (n >> 2) % 3 == 0 ? &filler(n & 2, int(n % kFillerShifts)) : nullptr;
    const Outcome wantPadded = before ? behind(*before, wantRepaired) : wantRepaired;
    if (before) {
        const QByteArray padded = before->plain + repaired;
        file.assign(padded);
        expectSame(readAll(file.path(), plain, padded.size()), wantPadded, "a stream behind filler records");
    }

    // 3. Shrunk while mapped.
    if (n > 0) {
        RecordReaderOptions mapped = plain;
        mapped.mapFile = true;
        file.assign(repaired);
        shrunkWhileMapped(file, mapped, wantRepaired, n, first, last);
    }

    // Compressed here, so the stream has no known size: zlib (without the filler, which would
    // cost a deflate of 256 KiB each time), or gzip with two members for the input when its
    // length is odd, cut in the middle (what `cat a.gz b.gz` makes).
    QByteArray compressed;
    Compression compression = Compression::Gzip;
    Outcome want = wantPadded;
    if (n % 3 == 0) {
        compression = Compression::Zlib;
        compressed = deflateBytes(repaired, 15);
        want = wantRepaired;
    } else {
        const qsizetype cut = n % 2 ? n / 2 : n;
        compressed = (before ? before->gzip : QByteArray()) +
                     deflateBytes(QByteArrayView(repaired).first(cut), 15 + 16);
        if (cut < n)
            compressed += deflateBytes(QByteArrayView(repaired).sliced(cut), 15 + 16);
    }
    file.assign(compressed);
    RecordReaderOptions o = plain;
    o.compression = compression;
    expectSame(readAll(file.path(), o, compressed.size()), want, "a compressed stream");
    return 0;
}
