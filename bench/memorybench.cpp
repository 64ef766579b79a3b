#include "bench/memorybench.h"

#include "bench/benchdataset.h"
#include "run/pipeline.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QTemporaryDir>

#include <algorithm>
#include <chrono>
#include <cmath>

namespace qs {

namespace {

double mb(qint64 bytes)
{
    return bytes < 0 ? -1 : double(bytes) / (1024.0 * 1024.0);
}

} // namespace

QJsonObject MemoryFigures::toJson() const
{
    QJsonArray samplesMb;
    for (double v : rssMb)
        samplesMb.append(std::round(v * 10) / 10);
    return {{QStringLiteral("file_bytes"), fileBytes},
            {QStringLiteral("records"), records},
            {QStringLiteral("write_s"), writeSeconds},
            {QStringLiteral("epoch_s"), epochSeconds},
            {QStringLiteral("samples"), samples},
            {QStringLiteral("rss_before_mb"), rssBeforeMb},
            {QStringLiteral("peak_rss_mb"), peakRssMb},
            {QStringLiteral("peak_before_mb"), peakBeforeMb},
            {QStringLiteral("peak_is_epoch_only"), highWaterReset},
            {QStringLiteral("early_max_rss_mb"), earlyMaxMb},
            {QStringLiteral("late_max_rss_mb"), lateMaxMb},
            {QStringLiteral("rss_mb"), samplesMb},
            {QStringLiteral("load"), load.toJson()}};
}

Result<MemoryFigures> measureBigFileEpoch(RunConfig config, const MemoryBenchOptions &options,
                                          const std::function<void(const QString &)> &progress)
{
    auto say = [&](const QString &text) {
        if (progress)
            progress(text);
    };
    if (!(options.fileGb > 0) || options.fileGb > 64)
        return Status(ErrorKind::InvalidArgument,
                      QStringLiteral("--big-file-gb must be in (0, 64] (got %1)").arg(options.fileGb));
    const QString base = options.dir.isEmpty() ? QDir::tempPath() : options.dir;
    QTemporaryDir dir(QDir(base).filePath(QStringLiteral("queuescope-bench-XXXXXX")));
    if (!dir.isValid())
        return Status(
            ErrorKind::PermissionDenied,
            QStringLiteral("cannot make a temporary folder in %1: %2").arg(base, dir.errorString()));

    BenchDatasetOptions data;
    data.imageSize = options.imageSize;
    data.distinct = 64;
    data = withTotalBytes(data, qint64(options.fileGb * 1e9));
    const QString path = dir.filePath(QStringLiteral("big.tfrecords"));
    say(QStringLiteral("writing %1 records of %2x%2 (%3 GB) to %4")
            .arg(data.count)
            .arg(data.imageSize)
            .arg(options.fileGb, 0, 'f', 2)
            .arg(path));
    QElapsedTimer timer;
    timer.start();
    Result<BenchDatasetInfo> written = writeBenchDataset(path, data);
    if (!written)
        return written.status();

    MemoryFigures f;
    f.writeSeconds = double(timer.nsecsElapsed()) / 1e9;
    f.fileBytes = written->bytes;
    f.records = written->records;

    config.pipeline.files = {path};
    config.pipeline.numEpochs = 1;
    config.trainer.minSteps = 0; // exactly one epoch
    config.pipeline.imageWidth = config.pipeline.imageHeight = 8;
    config.pipeline.inputFollowsData = false;
    config.trainer.hidden = 8;
    config.trainer.evalEvery = 0;
    config.trainer.evalFraction = 0;
    config.trainer.evalFile.clear();
    config.trainer.maxSteps = 0;
    config.trainer.stopAfterS = 0;
    config.trainer.speed = 1;
    f.rssBeforeMb = mb(currentRssBytes());
    Result<std::unique_ptr<Pipeline>> made = Pipeline::create(config);
    if (!made)
        return made.status();
    Pipeline &p = **made;
    say(QStringLiteral("one epoch through the pipeline (%1 reader threads)")
            .arg(config.pipeline.readerThreads));
    f.peakBeforeMb = mb(peakRssBytes());
    f.highWaterReset = resetRssHighWater();
    timer.restart();
    if (Status s = p.start(); !s.isOk())
        return s;
    const auto every = std::chrono::milliseconds(std::max<qint64>(1, qint64(options.sampleEveryS * 1000)));
    do {
        f.rssMb << mb(currentRssBytes());
    } while (!p.waitFinished(every));
    f.epochSeconds = double(timer.nsecsElapsed()) / 1e9;
    f.rssMb << mb(currentRssBytes());
    f.peakRssMb = mb(peakRssBytes());
    f.load = LoadAverage::now();
    const RunSummary summary = p.summary();
    if (summary.how == EndHow::Error)
        return summary.error;
    f.samples = summary.samples;
    const qsizetype quarter = std::max<qsizetype>(1, f.rssMb.size() / 4);
    f.earlyMaxMb = *std::max_element(f.rssMb.cbegin(), f.rssMb.cbegin() + quarter);
    // The kernel raises its high-water mark lazily, so a sample may have seen more.
    f.peakRssMb = std::max(f.peakRssMb, *std::max_element(f.rssMb.cbegin(), f.rssMb.cend()));
    f.lateMaxMb = *std::max_element(f.rssMb.cend() - quarter, f.rssMb.cend());
    return f;
}

} // namespace qs
