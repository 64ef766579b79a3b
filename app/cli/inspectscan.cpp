#include "inspectscan.h"

#include "example/exampleparser.h"
#include "example/exampleshape.h"
#include "example/imageformat.h"
#include "example/specdetector.h"
#include "record/parallelscan.h"

#include <algorithm>
#include <optional>

namespace qs::cli {

namespace {

QString valuePreview(const Feature &f)
{
    constexpr int kShow = 4;
    QStringList parts;
    switch (f.kind) {
    case FeatureKind::Bytes:
        for (qsizetype i = 0; i < f.bytes.size() && i < kShow; ++i) {
            const QByteArray &b = f.bytes[i];
            const ImageFormat fmt = sniffImageFormat(b);
            if (fmt != ImageFormat::Unknown)
                parts << QStringLiteral("<%1, %2 bytes>").arg(imageFormatName(fmt)).arg(b.size());
            else if (b.size() <= 24 && !b.contains('\0'))
                parts << QStringLiteral("\"%1\"").arg(QString::fromUtf8(b));
            else
                parts << QStringLiteral("<%1 bytes>").arg(b.size());
        }
        break;
    case FeatureKind::Float:
        for (size_t i = 0; i < f.floats.size() && i < kShow; ++i)
            parts << QString::number(double(f.floats[i]), 'g', 4);
        break;
    case FeatureKind::Int64:
        for (size_t i = 0; i < f.ints.size() && i < kShow; ++i)
            parts << QString::number(f.ints[i]);
        break;
    case FeatureKind::None:
        return QStringLiteral("(no list)");
    }
    QString text = parts.join(QStringLiteral(", "));
    if (f.count() > kShow)
        text += QStringLiteral(", ... (%1 values)").arg(f.count());
    return QStringLiteral("[%1]").arg(text);
}

QString recordLine(qint64 index, const ParsedExample &ex)
{
    QStringList parts;
    for (const auto &[key, feature] : ex.features)
        parts << key + QLatin1Char('=') + valuePreview(feature);
    for (const auto &[key, steps] : ex.featureLists)
        parts << QStringLiteral("%1=<%2 steps>").arg(key).arg(steps.size());
    return QStringLiteral("#%1 %2%3")
        .arg(index)
        .arg(ex.isSequence ? QStringLiteral("SequenceExample ") : QString())
        .arg(parts.join(QStringLiteral("  ")));
}

// Read on this thread with RecordReader: the reference.
RecordsSeen readOnOneThread(const QString &path, const RecordReaderOptions &options, int summaryRecords)
{
    RecordsSeen seen;
    std::vector<ParsedExample> &samples = seen.samples;
    Result<std::unique_ptr<RecordReader>> opened = RecordReader::open(path, options);
    if (!opened) {
        seen.error = opened.status();
        return seen;
    }
    RecordReader &reader = **opened;
    seen.compression = reader.compression();
    ExampleParser parser;
    RecordView record;  // verified in place, not copied
    ExampleShape shape; // reused: its keys view `record`
    bool parseFailed = false;
    for (;;) {
        const qint64 index = reader.recordIndex();
        const qint64 offset = reader.offset();
        Status s = reader.next(&record);
        if (s.kind() == ErrorKind::OutOfRange)
            break;
        if (!s.isOk()) {
            seen.error = s;
            break;
        }
        ++seen.records;
        if (parseFailed)
            continue; // keep counting and verifying; the payload error is already reported
        // Past the records shown and sampled only the schema's counts are needed: read them off
        // the wire without copying values (the parser decides whatever is not canonical).
        if (index >= summaryRecords && qsizetype(samples.size()) >= kDetectionSampleRecords) {
            if (shape.read(record.bytes())) {
                seen.schema.add(shape);
                continue;
            }
        }
        Result<ParsedExample> parsed = parser.parse(record.bytes(), Location{path, index, offset});
        if (!parsed) {
            seen.error = parsed.status();
            parseFailed = true;
            continue;
        }
        seen.schema.add(*parsed);
        if (index < summaryRecords)
            seen.firstRecords << recordLine(index, *parsed);
        if (qsizetype(samples.size()) < kDetectionSampleRecords)
            samples.push_back(std::move(*parsed));
    }
    return seen;
}

// The same from a scan on every core (ParallelScan), for a file with nothing wrong in it;
// nothing when the scan does not apply or anything is wrong (a damaged record, a record that is
// not an Example, a key of two kinds, whose first kind depends on the order records were counted
// in).
std::optional<RecordsSeen> readOnEveryCore(const QString &path, const RecordReaderOptions &options,
                                           int summaryRecords)
{
    const int threads = ParallelScan::defaultThreads();
    if (threads < 2)
        return std::nullopt;
    struct Worker {
        ExampleParser parser;
        ExampleShape shape;
        Schema schema;
        bool failed = false;
    };
    std::vector<Worker> workers(static_cast<size_t>(threads));
    // The records shown and sampled are parsed in full, each into its own slot.
    const qint64 first = std::max<qint64>(summaryRecords, kDetectionSampleRecords);
    std::vector<std::optional<ParsedExample>> parsedFirst(static_cast<size_t>(first));
    const ParallelScan::Result scan =
        ParallelScan::run(path, options, threads, [&](int w, const ScannedRecord &record) {
            Worker &me = workers[size_t(w)];
            if (me.failed)
                return;
            const bool early = record.index < first;
            if (!early && me.shape.read(record.bytes)) {
                me.schema.add(me.shape);
                return;
            }
            Result<ParsedExample> parsed =
                me.parser.parse(record.bytes, Location{path, record.index, record.offset});
            if (!parsed) {
                me.failed = true;
                return;
            }
            me.schema.add(*parsed);
            if (early)
                parsedFirst[size_t(record.index)] = std::move(*parsed);
        });
    if (scan.outcome != ParallelScan::Outcome::Clean)
        return std::nullopt;
    RecordsSeen seen;
    for (const Worker &w : workers) {
        if (w.failed)
            return std::nullopt;
        seen.schema.merge(w.schema);
    }
    const QList<SchemaField> fields = seen.schema.fields();
    if (std::any_of(fields.begin(), fields.end(), [](const SchemaField &f) { return f.mixedKinds; }))
        return std::nullopt;
    seen.compression = Compression::None;
    seen.records = scan.records;
    for (qint64 i = 0; i < first && i < scan.records; ++i) {
        ParsedExample &parsed = *parsedFirst[size_t(i)];
        if (i < summaryRecords)
            seen.firstRecords << recordLine(i, parsed);
        if (qsizetype(seen.samples.size()) < kDetectionSampleRecords)
            seen.samples.push_back(std::move(parsed));
    }
    return seen;
}

} // namespace

RecordsSeen seeRecords(const QString &path, const RecordReaderOptions &options, int summaryRecords)
{
    if (std::optional<RecordsSeen> seen = readOnEveryCore(path, options, summaryRecords))
        return std::move(*seen);
    return readOnOneThread(path, options, summaryRecords);
}

} // namespace qs::cli
