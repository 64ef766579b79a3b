#include "bench/samplebench.h"

#include "example/exampleparser.h"
#include "example/sampledecoder.h"
#include "feed/samplemaker.h"
#include "record/recordreader.h"

#include <algorithm>
#include <latch>
#include <thread>

namespace qs {

Result<std::vector<QByteArray>> loadRecords(const QStringList &files, int maxRecords, qint64 maxBytes)
{
    std::vector<QByteArray> records;
    qint64 bytes = 0;
    for (const QString &f : files) {
        Result<std::unique_ptr<RecordReader>> reader = RecordReader::open(f);
        if (!reader)
            return reader.status();
        QByteArray record;
        Status s;
        while (int(records.size()) < maxRecords && (records.empty() || bytes < maxBytes) &&
               (s = (*reader)->next(&record)).isOk()) {
            bytes += record.size();
            records.push_back(record);
            record = QByteArray(); // the next one gets its own buffer
        }
        if (!s.isOk() && s.kind() != ErrorKind::OutOfRange)
            return s;
        if (int(records.size()) >= maxRecords || bytes >= maxBytes)
            break;
    }
    if (records.empty())
        return Status(ErrorKind::OutOfRange,
                      QStringLiteral("no record in %1").arg(files.join(QStringLiteral(", "))));
    return records;
}

namespace {

Location whereOf(size_t i)
{
    return Location{QStringLiteral("bench"), qint64(i), -1};
}

// One thread's share: its own parser and its own parsed copies, so threads share nothing
// but the read-only record bytes. Every thread checks in at `ready` after its setup (failed
// or not), so the timed parts overlap.
Result<StageRate> runOne(SampleWork work, const std::vector<QByteArray> &records, const SampleMaker &maker,
                         double seconds, std::latch &ready)
{
    ExampleParser parser;
    std::vector<ParsedExample> parsed;
    for (size_t i = 0; i < records.size(); ++i) {
        Result<Sample> s = maker.make(parser, records[i], whereOf(i));
        if (!s) {
            ready.count_down();
            return s.status();
        }
        if (work == SampleWork::DecodePreprocess)
            parsed.push_back(*parser.parse(records[i], whereOf(i)));
    }
    ready.arrive_and_wait();
    size_t next = 0;
    const size_t n = records.size();
    switch (work) {
    case SampleWork::Parse:
        return measureFor(seconds, [&] {
            (void)parser.parse(records[next], whereOf(next));
            next = (next + 1) % n;
        });
    case SampleWork::DecodePreprocess:
        return measureFor(seconds, [&] {
            Result<DecodedSample> d = decode(parsed[next], maker.spec(), whereOf(next));
            (void)preprocessImage(d->image, maker.input());
            next = (next + 1) % n;
        });
    case SampleWork::ReaderBody:
        break;
    }
    return measureFor(seconds, [&] {
        (void)maker.make(parser, records[next], whereOf(next));
        next = (next + 1) % n;
    });
}

} // namespace

Result<StageRate> measureSampleWork(SampleWork work, const std::vector<QByteArray> &records,
                                    const SampleMaker &maker, double seconds, int threads)
{
    if (records.empty())
        return Status(ErrorKind::InvalidArgument, QStringLiteral("no records to measure"));
    threads = std::max(1, threads);
    std::vector<Result<StageRate>> results(size_t(threads),
                                           Status(ErrorKind::Internal, QStringLiteral("not run")));
    std::latch ready(threads);
    {
        std::vector<std::jthread> pool;
        for (int t = 1; t < threads; ++t)
            pool.emplace_back([&, t] { results[size_t(t)] = runOne(work, records, maker, seconds, ready); });
        results[0] = runOne(work, records, maker, seconds, ready);
    }
    StageRate total;
    for (const Result<StageRate> &r : results) {
        if (!r)
            return r.status();
        total.items += r->items;
        total.seconds = std::max(total.seconds, r->seconds);
    }
    return total;
}

} // namespace qs
