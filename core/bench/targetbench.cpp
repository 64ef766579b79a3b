#include "bench/targetbench.h"

#include "bench/benchdataset.h"
#include "bench/queuebench.h"
#include "bench/recordfiles.h"
#include "bench/samplebench.h"
#include "run/pipeline.h"
#include "run/samplemaker.h"

#include <QDir>
#include <QJsonArray>
#include <QTemporaryDir>

#include <algorithm>

namespace qs {

namespace {

constexpr qint64 kScanBytes = 256ll << 20;

QString tempPattern(const BenchOptions &o)
{
    return QDir(o.tempDir.isEmpty() ? QDir::tempPath() : o.tempDir)
        .filePath(QStringLiteral("queuescope-bench-XXXXXX"));
}

void say(const BenchOptions &o, const QString &text)
{
    if (o.progress)
        o.progress(text);
}

double median(QList<double> v)
{
    if (v.isEmpty())
        return 0;
    std::sort(v.begin(), v.end());
    const qsizetype n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

QJsonArray jsonList(const QList<double> &v)
{
    QJsonArray a;
    for (double d : v)
        a.append(d);
    return a;
}

TargetFigure figure(const char *key, const char *what, double value, const char *unit, const QString &goal,
                    std::optional<bool> met)
{
    TargetFigure t;
    t.key = QLatin1String(key);
    t.what = QLatin1String(what);
    t.value = value;
    t.unit = QLatin1String(unit);
    t.goal = goal;
    t.met = met;
    t.load = LoadAverage::now();
    return t;
}

// Plain read() of a small file is a copy out of the CPU's caches, which no scan can match, so
// the target is measured on a file of at least kScanBytes made of the data's own records.
Result<TargetFigure> scanTarget(const BenchReport &r, const BenchOptions &o)
{
    const qint64 wanted = std::max<qint64>(16 << 20, qint64(double(kScanBytes) * std::min(1.0, o.seconds)));
    ScanComparison s = r.stages.scan;
    QString measuredOn = QStringLiteral("the data");
    if (r.bytes < wanted) {
        QTemporaryDir dir(tempPattern(o));
        if (!dir.isValid())
            return Status(ErrorKind::PermissionDenied,
                          QStringLiteral("cannot make a temporary folder: %1").arg(dir.errorString()));
        Result<std::vector<QByteArray>> records = loadRecords(r.files, 4096, 64 << 20);
        if (!records)
            return records.status();
        say(o, QStringLiteral("scan vs read(): writing %1 MB of the data's records").arg(wanted >> 20));
        Result<BenchDatasetInfo> big =
            writeRepeatedRecords(dir.filePath(QStringLiteral("scan.tfrecords")), *records, wanted);
        if (!big)
            return big.status();
        Result<ScanComparison> c = compareScanToRead({big->path}, o.seconds);
        if (!c)
            return c.status();
        s = *c;
        measuredOn =
            QStringLiteral("%1 MB of the data's records repeated").arg(double(big->bytes) / 1e6, 0, 'f', 0);
    }
    TargetFigure t = figure("scan_vs_read", "record scan + CRC vs plain read() of a page-cached file",
                            s.ratio(), "x", QStringLiteral(">= 0.50"), s.ratio() >= 0.5);
    t.detail = {{QStringLiteral("file"), measuredOn},
                {QStringLiteral("read_mb_per_s"), s.read.megabytesPerSecond()},
                {QStringLiteral("scan_mb_per_s"), s.scan.megabytesPerSecond()},
                {QStringLiteral("records_per_s"), s.scan.recordsPerSecond()},
                {QStringLiteral("passes"), s.passes},
                {QStringLiteral("data_ratio"), r.stages.scan.ratio()}};
    return t;
}

Result<TargetFigure> queueTarget(const BenchOptions &o)
{
    say(o, QStringLiteral("FIFOQueue hand-off"));
    QueueBenchOptions q;
    q.elements = std::max<qint64>(200000, qint64(2e6 * o.seconds));
    Result<StageRate> plain = measureQueue(q);
    if (!plain)
        return plain.status();
    q.observed = true;
    Result<StageRate> observed = measureQueue(q);
    if (!observed)
        return observed.status();
    q.observed = false;
    q.dequeueMany = 32;
    Result<StageRate> many = measureQueue(q);
    if (!many)
        return many.status();
    TargetFigure t =
        figure("fifo_queue", "FIFOQueue<int> 1 producer, 1 consumer, capacity 1024", plain->perSecond(),
               "elements/s", QStringLiteral(">= 2000000"), plain->perSecond() >= 2e6);
    t.detail = {{QStringLiteral("elements"), plain->items},
                {QStringLiteral("observed_per_s"), observed->perSecond()},
                {QStringLiteral("dequeue_many_32_per_s"), many->perSecond()}};
    return t;
}

TargetFigure efficiencyTarget(const BenchReport &r)
{
    // The most readers that still leave the trainer a core: stages do not share cores there.
    qsizetype pick = 0;
    for (qsizetype i = 0; i < r.sweep.size(); ++i) {
        if (r.sweep[i].readers + 1 <= std::max(2, r.machine.cores))
            pick = i;
    }
    const double value = pick < r.efficiency.size() ? r.efficiency[pick] : -1;
    TargetFigure t =
        figure("pipeline_efficiency", "pipeline samples/s vs its slowest stage in isolation", value, "x",
               QStringLiteral(">= 0.90"), value >= 0 ? std::optional<bool>(value >= 0.9) : std::nullopt);
    if (pick < r.sweep.size()) {
        const PipelineFigures &f = r.sweep[pick];
        t.detail = {{QStringLiteral("readers"), f.readers},
                    {QStringLiteral("samples_per_s"), f.samplesPerSecond()},
                    {QStringLiteral("slowest_stage_per_s"), r.slowestStagePerSecond(f.readers)},
                    {QStringLiteral("all"), jsonList(r.efficiency)}};
        t.load = f.load;
    }
    return t;
}

TargetFigure snapshotTarget(const BenchReport &r)
{
    const SnapshotCost c = r.sweep.isEmpty() ? SnapshotCost{} : r.sweep.last().snapshots;
    TargetFigure t = figure("snapshot_cost", "Pipeline::snapshot() per call at full speed",
                            c.calls > 0 ? c.meanMs : -1, "ms", QStringLiteral("<= 5 ms"),
                            c.calls > 0 ? std::optional<bool>(c.p95Ms <= 5) : std::nullopt);
    t.detail = c.toJson();
    if (!r.sweep.isEmpty()) {
        t.detail.insert(QStringLiteral("readers"), r.sweep.last().readers);
        t.load = r.sweep.last().load;
    }
    return t;
}

// Interleaved runs of two variants (a, b, a, b, ...); the medians of their samples/s.
struct Pair {
    QList<double> a;
    QList<double> b;
};

Result<Pair> interleave(const RunConfig &ca, const PipelineWindow &wa, const RunConfig &cb,
                        const PipelineWindow &wb, int repeats)
{
    Pair p;
    for (int i = 0; i < repeats; ++i) {
        Result<PipelineFigures> a = measurePipeline(ca, wa);
        if (!a)
            return a.status();
        Result<PipelineFigures> b = measurePipeline(cb, wb);
        if (!b)
            return b.status();
        p.a << a->samplesPerSecond();
        p.b << b->samplesPerSecond();
    }
    return p;
}

PipelineWindow windowOf(const BenchOptions &o, bool observe)
{
    PipelineWindow w;
    w.warmupS = 0.5 * o.seconds;
    w.windowS = 2 * o.seconds;
    w.observe = observe;
    return w;
}

Result<TargetFigure> observationTarget(const RunConfig &config, const BenchOptions &o)
{
    say(o, QStringLiteral("observation on vs off (%1 pairs of runs)").arg(o.repeats));
    Result<Pair> p = interleave(config, windowOf(o, true), config, windowOf(o, false), o.repeats);
    if (!p)
        return p.status();
    const double on = median(p->a);
    const double off = median(p->b);
    const double ratio = off > 0 ? on / off : -1;
    TargetFigure t =
        figure("observation_overhead", "pipeline samples/s with observation on vs off", ratio, "x",
               QStringLiteral(">= 0.97"), ratio >= 0 ? std::optional<bool>(ratio >= 0.97) : std::nullopt);
    t.detail = {{QStringLiteral("readers"), config.pipeline.readerThreads},
                {QStringLiteral("on_per_s"), jsonList(p->a)},
                {QStringLiteral("off_per_s"), jsonList(p->b)}};
    return t;
}

Result<TargetFigure> naiveTarget(const BenchReport &r, RunConfig config, const BenchOptions &o)
{
    if (r.sweep.isEmpty())
        return Status(ErrorKind::FailedPrecondition, QStringLiteral("no shuffle_batch run to compare with"));
    say(o, QStringLiteral("naive per-sample feed"));
    config.trainer.feed = FeedMode::Naive;
    Result<PipelineFigures> naive = measurePipeline(config, windowOf(o, true));
    if (!naive)
        return naive.status();
    const PipelineFigures &queued = r.sweep.last();
    const double speedup =
        naive->samplesPerSecond() > 0 ? queued.samplesPerSecond() / naive->samplesPerSecond() : -1;
    TargetFigure t = figure("naive_speedup", "shuffle_batch vs the naive per-sample feed", speedup, "x",
                            QString(), std::nullopt);
    t.detail = {{QStringLiteral("naive_per_s"), naive->samplesPerSecond()},
                {QStringLiteral("shuffle_batch_per_s"), queued.samplesPerSecond()},
                {QStringLiteral("readers"), queued.readers}};
    return t;
}

RunConfig decodeBoundConfig(const QString &file, int readers)
{
    RunConfig c;
    c.pipeline.files = {file};
    c.pipeline.numEpochs = 0;
    c.pipeline.readerThreads = readers;
    c.pipeline.batchSize = 32;
    c.pipeline.exampleCapacity = 224;
    c.pipeline.minAfterDequeue = 64;
    c.trainer.inputSize = 8;
    c.trainer.hidden = 8;
    c.trainer.evalEvery = 0;
    c.trainer.evalFraction = 0;
    return c;
}

Result<TargetFigure> decodeScalingTarget(const BenchOptions &o)
{
    QTemporaryDir dir(tempPattern(o));
    if (!dir.isValid())
        return Status(ErrorKind::PermissionDenied,
                      QStringLiteral("cannot make a temporary folder: %1").arg(dir.errorString()));
    BenchDatasetOptions data;
    data.count = std::clamp<qint64>(qint64(400 * o.seconds), 64, 400); // short runs, short writes
    data.imageSize = 256;
    data.encoding = BenchEncoding::Jpeg;
    say(o, QStringLiteral("decode-bound pipeline: writing %1 JPEG images of %2x%2")
               .arg(data.count)
               .arg(data.imageSize));
    Result<BenchDatasetInfo> written =
        writeBenchDataset(dir.filePath(QStringLiteral("jpeg.tfrecords")), data);
    if (!written)
        return written.status();

    // The hardware's own scaling of the reader body, for reference.
    const RunConfig one = decodeBoundConfig(written->path, 1);
    Result<std::unique_ptr<Pipeline>> probe = Pipeline::create(one);
    if (!probe)
        return probe.status();
    const SampleMaker maker((*probe)->featureSpec(), InputSpec{8, 8, 3});
    probe->reset();
    Result<std::vector<QByteArray>> records = loadRecords({written->path}, 64, 64 << 20);
    if (!records)
        return records.status();
    Result<StageRate> body1 = measureSampleWork(SampleWork::ReaderBody, *records, maker, o.seconds, 1);
    if (!body1)
        return body1.status();
    Result<StageRate> body2 = measureSampleWork(SampleWork::ReaderBody, *records, maker, o.seconds, 2);
    if (!body2)
        return body2.status();

    say(o, QStringLiteral("decode-bound pipeline: 1 vs 2 reader threads (%1 pairs of runs)").arg(o.repeats));
    Result<Pair> p =
        interleave(one, windowOf(o, true), decodeBoundConfig(written->path, 2), windowOf(o, true), o.repeats);
    if (!p)
        return p.status();
    say(o, QStringLiteral("decode-bound pipeline: the naive feed"));
    RunConfig naive = one;
    naive.trainer.feed = FeedMode::Naive;
    Result<PipelineFigures> naiveRun = measurePipeline(naive, windowOf(o, true));
    if (!naiveRun)
        return naiveRun.status();
    const double r1 = median(p->a);
    const double r2 = median(p->b);
    const double ratio = r1 > 0 ? r2 / r1 : -1;
    TargetFigure t =
        figure("decode_scaling", "decode-bound pipeline, 2 reader threads vs 1", ratio, "x",
               QStringLiteral(">= 1.80"), ratio >= 0 ? std::optional<bool>(ratio >= 1.8) : std::nullopt);
    t.detail = {
        {QStringLiteral("dataset"), QStringLiteral("%1 JPEG %2x%2, input 8x8x3, 8 hidden units, batch 32")
                                        .arg(data.count)
                                        .arg(data.imageSize)},
        {QStringLiteral("one_reader_per_s"), jsonList(p->a)},
        {QStringLiteral("two_readers_per_s"), jsonList(p->b)},
        {QStringLiteral("reader_body_1_thread_per_s"), body1->perSecond()},
        {QStringLiteral("reader_body_2_threads_per_s"), body2->perSecond()}};
    return t;
}

} // namespace

TargetFigure memoryTarget(const MemoryFigures &m)
{
    const bool bounded = m.lateMaxMb <= m.earlyMaxMb * 1.1 + 16;
    TargetFigure t = figure("memory", "peak RSS over one epoch of a large file", m.peakRssMb, "MB",
                            QStringLiteral("bounded"), bounded);
    t.detail = m.toJson();
    t.detail.remove(QStringLiteral("rss_mb"));
    t.load = m.load;
    return t;
}

Result<QList<TargetFigure>> measureTargets(const BenchReport &report, const RunConfig &runConfig,
                                           const BenchOptions &options)
{
    QList<TargetFigure> targets;
    Result<TargetFigure> scan = scanTarget(report, options);
    if (!scan)
        return scan.status();
    targets << *scan;
    Result<TargetFigure> decode = decodeScalingTarget(options);
    if (!decode)
        return decode.status();
    targets << *decode;
    Result<TargetFigure> queue = queueTarget(options);
    if (!queue)
        return queue.status();
    targets << *queue << efficiencyTarget(report);
    Result<TargetFigure> observation = observationTarget(runConfig, options);
    if (!observation)
        return observation.status();
    targets << *observation << snapshotTarget(report);
    Result<TargetFigure> naive = naiveTarget(report, runConfig, options);
    if (!naive)
        return naive.status();
    targets << *naive;
    return targets;
}

} // namespace qs
