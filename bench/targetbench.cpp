#include "bench/targetbench.h"

#include "bench/queuebench.h"
#include "bench/recordfiles.h"
#include "bench/samplebench.h"
#include "bench/targetbench_p.h"
#include "record/parallelscan.h"

#include <QDir>
#include <QTemporaryDir>

#include <algorithm>

namespace qs {

namespace benchtargets {

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
    return medianOf(std::move(v));
}

QList<double> ratios(const QList<double> &num, const QList<double> &den)
{
    QList<double> r;
    for (qsizetype i = 0; i < std::min(num.size(), den.size()); ++i)
        r << (den[i] > 0 ? num[i] / den[i] : 0);
    return r;
}

QJsonArray jsonList(const QList<double> &v)
{
    QJsonArray a;
    for (double d : v)
        a.append(d);
    return a;
}

TargetFigure figure(const char *key, const QString &what, double value, const char *unit, const QString &goal,
                    std::optional<bool> met)
{
    TargetFigure t;
    t.key = QLatin1String(key);
    t.what = what;
    t.value = value;
    t.unit = QLatin1String(unit);
    t.goal = goal;
    t.met = met;
    t.load = LoadAverage::now();
    return t;
}

PipelineWindow windowOf(const BenchOptions &o, bool observe)
{
    PipelineWindow w;
    w.warmupS = 0.5 * o.seconds;
    w.windowS = 2 * o.seconds;
    w.observe = observe;
    return w;
}

} // namespace benchtargets

using namespace benchtargets;

namespace {

// Plain read() of a small file is a copy out of the CPU's caches, which no scan can match, so
// the target is measured on a file of at least kScanBytes made of the data's own records.
constexpr qint64 kScanBytes = 256ll << 20;

// The file the scan and the inspect-vs-cat targets read: the data itself when it is big enough,
// else the data's records repeated into `dir`.
struct ScanFile {
    QString path;
    QString what;
    bool isData = false;
};

Result<ScanFile> scanFile(const BenchReport &r, const BenchOptions &o, const QTemporaryDir &dir)
{
    const qint64 wanted = std::max<qint64>(16 << 20, qint64(double(kScanBytes) * std::min(1.0, o.seconds)));
    if (r.bytes >= wanted && r.files.size() == 1)
        return ScanFile{r.files.first(), QStringLiteral("the data"), true};
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
    return ScanFile{
        big->path,
        QStringLiteral("%1 MB of the data's records repeated").arg(double(big->bytes) / 1e6, 0, 'f', 0),
        false};
}

// The verified scan on every core, as `inspect` reads (ParallelScan), against plain read() on
// one thread: the goal. Beside it without goals: the same scan against read() on as many threads,
// a reader thread's RecordReader on one thread, and its mapped path (RecordReader says why that
// is not the default).
Result<QList<TargetFigure>> scanTargets(const BenchReport &r, const ScanFile &file, const BenchOptions &o)
{
    const int threads = ParallelScan::defaultThreads();
    ScanComparison single = r.stages.scan;
    if (!file.isData) {
        Result<ScanComparison> c = compareScanToRead({file.path}, o.seconds);
        if (!c)
            return c.status();
        single = *c;
    }
    Result<ScanComparison> every = compareScanToRead({file.path}, o.seconds, 3, {}, threads);
    if (!every)
        return every.status();
    Result<ScanComparison> fair = compareScanToRead({file.path}, o.seconds, 3, {}, threads, threads);
    if (!fair)
        return fair.status();
    RecordReaderOptions mapped;
    mapped.mapFile = true;
    Result<ScanComparison> m = compareScanToRead({file.path}, o.seconds, 3, mapped);
    if (!m)
        return m.status();
    auto detailOf = [&](const ScanComparison &s) {
        return QJsonObject{{QStringLiteral("file"), file.what},
                           {QStringLiteral("read_mb_per_s"), s.read.megabytesPerSecond()},
                           {QStringLiteral("scan_mb_per_s"), s.scan.megabytesPerSecond()},
                           {QStringLiteral("records_per_s"), s.scan.recordsPerSecond()},
                           {QStringLiteral("passes"), s.passes}};
    };
    TargetFigure t =
        figure("scan_vs_read", QStringLiteral("scan + CRC on %1 threads (inspect) vs read()").arg(threads),
               every->ratio(), "x", QStringLiteral(">= 1.00"), every->ratio() >= 1.0);
    t.detail = detailOf(*every);
    t.detail.insert(QStringLiteral("threads"), threads);
    TargetFigure vsThreads =
        figure("scan_vs_read_threads", QStringLiteral("the same vs read() on %1 threads").arg(threads),
               fair->ratio(), "x", QString(), std::nullopt);
    vsThreads.detail = detailOf(*fair);
    TargetFigure one = figure("scan_one_thread_vs_read", "scan + CRC on 1 thread (a reader) vs read()",
                              single.ratio(), "x", QString(), std::nullopt);
    one.detail = detailOf(single);
    one.detail.insert(QStringLiteral("data_ratio"), r.stages.scan.ratio());
    TargetFigure viaMap = figure("scan_mapped_vs_read", "the same scan through a mapping (mmap) vs read()",
                                 m->ratio(), "x", QString(), std::nullopt);
    viaMap.detail = detailOf(*m);
    return QList<TargetFigure>{t, vsThreads, one, viaMap};
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

Result<QList<TargetFigure>> measureTargets(const BenchReport &report, const StageInputs &inputs,
                                           const RunConfig &runConfig, const BenchOptions &options)
{
    QList<TargetFigure> targets;
    const QTemporaryDir dir(tempPattern(options));
    Result<ScanFile> file = scanFile(report, options, dir);
    if (!file)
        return file.status();
    Result<QList<TargetFigure>> scan = scanTargets(report, *file, options);
    if (!scan)
        return scan.status();
    targets << *scan;
    if (!options.cli.isEmpty()) {
        Result<QList<TargetFigure>> process = processTargets(file->path, file->what, options);
        if (!process)
            return process.status();
        targets << *process;
    }
    Result<QList<TargetFigure>> jpeg = jpegTargets(options);
    if (!jpeg)
        return jpeg.status();
    targets << *jpeg;
    // {scaling, naive speedup, tf.data autotune, tf.data observation}
    Result<QList<TargetFigure>> decode = decodeScalingTarget(options);
    if (!decode)
        return decode.status();
    targets << decode->first();
    Result<TargetFigure> queue = queueTarget(options);
    if (!queue)
        return queue.status();
    targets << *queue;
    Result<TargetFigure> efficiency = efficiencyTarget(report, inputs, runConfig, options);
    if (!efficiency)
        return efficiency.status();
    targets << *efficiency;
    Result<TargetFigure> observation = observationTarget(runConfig, options);
    if (!observation)
        return observation.status();
    targets << *observation;
    Result<TargetFigure> recording = recordingTarget(runConfig, options);
    if (!recording)
        return recording.status();
    targets << *recording;
    Result<TargetFigure> snapshot = snapshotTarget(runConfig, options);
    if (!snapshot)
        return snapshot.status();
    targets << *snapshot;
    Result<TargetFigure> naive = naiveTarget(report, runConfig, options);
    if (!naive)
        return naive.status();
    targets << *naive << decode->mid(1);
    return targets;
}

} // namespace qs
