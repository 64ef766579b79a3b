#include "bench/benchsuite.h"

#include "bench/queuebench.h"
#include "bench/samplebench.h"
#include "bench/stageinputs.h"
#include "bench/targetbench.h"
#include "bench/trainbench.h"
#include "demo/bundleddata.h"
#include "record/inputfiles.h"
#include "run/pipeline.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryDir>

#include <algorithm>
#include <memory>

namespace qs {

namespace {

constexpr double kSnapshotHz = 30; // the GUI's timer

QString specText(const FeatureSpec &spec, int classes)
{
    QString text;
    if (spec.image) {
        const ImageSpec &i = *spec.image;
        text = QStringLiteral("image '%1' %2").arg(i.key, imageEncodingName(i.encoding));
        if (i.height > 0 && i.width > 0)
            text += QStringLiteral(" %1x%2x%3").arg(i.height).arg(i.width).arg(i.channels);
    }
    if (spec.label)
        text += QStringLiteral(", label '%1' (%2 classes)").arg(spec.label->key).arg(classes);
    return text;
}

// The stages, each alone, on the first records of the data.
Result<StageFigures> measureStages(const RunConfig &config, const StageInputs &in, const BenchOptions &o)
{
    auto say = [&](const QString &t) {
        if (o.progress)
            o.progress(t);
    };
    StageFigures s;
    say(QStringLiteral("record scan vs plain read()"));
    Result<ScanComparison> scan = compareScanToRead(config.pipeline.files, o.seconds);
    if (!scan)
        return scan.status();
    s.scan = *scan;

    say(QStringLiteral("parsing, decoding, preprocessing"));
    const std::pair<SampleWork, StageRate *> works[] = {{SampleWork::Parse, &s.parse},
                                                        {SampleWork::DecodePreprocess, &s.decode},
                                                        {SampleWork::ReaderBody, &s.readerBody}};
    for (const auto &[work, out] : works) {
        Result<StageRate> r = measureSampleWork(work, in.records, in.maker, o.seconds, 1);
        if (!r)
            return r.status();
        *out = *r;
    }
    s.allThreads = std::max(2, MachineInfo::current().cores);
    Result<StageRate> all =
        measureSampleWork(SampleWork::ReaderBody, in.records, in.maker, o.seconds, s.allThreads);
    if (!all)
        return all.status();
    s.readerBodyAll = *all;

    say(QStringLiteral("queue hand-off"));
    const PipelineConfig &pc = config.pipeline;
    QueueBenchOptions q;
    q.kind = pc.useShuffleQueue ? QueueKind::RandomShuffle : QueueKind::Fifo;
    q.payload = QueuePayload::Sample;
    q.capacity = pc.exampleCapacity;
    q.minAfterDequeue = pc.useShuffleQueue ? pc.minAfterDequeue : 0;
    q.dequeueMany = pc.batchSize;
    q.elements = std::max<qint64>(20000, qint64(1e6 * o.seconds));
    q.observed = true;
    Result<StageRate> queue = measureQueue(q);
    if (!queue)
        return queue.status();
    s.queue = *queue;

    say(QStringLiteral("training step"));
    Result<StageRate> train =
        measureTrainStep(in.model, in.trainInputs, in.trainLabels, in.batchSize, o.seconds);
    if (!train)
        return train.status();
    s.trainStep = *train;
    s.batchSize = in.batchSize;
    s.load = LoadAverage::now();
    return s;
}

} // namespace

Status BenchOptions::validate() const
{
    auto bad = [](const QString &m) {
        return Status(ErrorKind::InvalidArgument, QStringLiteral("bench: ") + m);
    };
    if (!(seconds >= 0.01 && seconds <= 600))
        return bad(QStringLiteral("--seconds must be in [0.01, 600] (got %1)").arg(seconds));
    if (maxReaders < 0 || maxReaders > 64)
        return bad(QStringLiteral("--readers must be in [1, 64] (got %1)").arg(maxReaders));
    if (repeats < 1 || repeats > 100)
        return bad(QStringLiteral("--repeat must be in [1, 100] (got %1)").arg(repeats));
    if (bigFileGb < 0 || bigFileGb > 64)
        return bad(QStringLiteral("--big-file-gb must be in (0, 64] (got %1)").arg(bigFileGb));
    return {};
}

RunConfig benchRunConfig(RunConfig config)
{
    config.pipeline.numEpochs = 0;
    config.pipeline.inputFollowsData = false; // the stage measures' image_width x image_height x 3
    config.pipeline.readerDelayMs = 0;
    config.pipeline.decodeDelayMs = 0;
    config.pipeline.trainerDelayMs = 0;
    config.trainer.feed = FeedMode::ShuffleBatch;
    config.trainer.maxSteps = 0;
    config.trainer.stopAfterS = 0;
    config.trainer.evalEvery = 0;
    config.trainer.evalFraction = 0;
    config.trainer.evalFile.clear();
    config.trainer.speed = 1;
    config.trainer.startQueueRunners = true;
    return config;
}

Result<BenchReport> runBench(RunConfig config, const BenchOptions &options)
{
    if (Status s = options.validate(); !s.isOk())
        return s;
    auto say = [&](const QString &t) {
        if (options.progress)
            options.progress(t);
    };
    QElapsedTimer clock;
    clock.start();
    BenchReport report;
    report.machine = MachineInfo::current();
    report.loadStart = LoadAverage::now();

    if (options.bigFileGb > 0) { // first, so the process's peak RSS is the epoch's
        MemoryBenchOptions m;
        m.fileGb = options.bigFileGb;
        m.dir = options.tempDir;
        Result<MemoryFigures> memory = measureBigFileEpoch(config, m, options.progress);
        if (!memory)
            return memory.status();
        report.memory = *memory;
    }

    std::unique_ptr<QTemporaryDir> demoDir;
    if (config.pipeline.files.isEmpty()) { // the bundled demo dataset, or a copy written for the bench
        if (const BundledDemo demo = bundledDemo(); demo.isFound())
            config.pipeline.files = {demo.trainFile};
        report.demoData = true;
    }
    if (config.pipeline.files.isEmpty()) {
        demoDir = std::make_unique<QTemporaryDir>(
            QDir(options.tempDir.isEmpty() ? QDir::tempPath() : options.tempDir)
                .filePath(QStringLiteral("queuescope-bench-XXXXXX")));
        if (!demoDir->isValid())
            return Status(ErrorKind::PermissionDenied,
                          QStringLiteral("cannot make a temporary folder: %1").arg(demoDir->errorString()));
        say(QStringLiteral("the bundled demo dataset is not installed: writing it"));
        if (Status s = writeBundledDemo(demoDir->path()); !s.isOk())
            return s;
        config.pipeline.files = {demoDir->filePath(QLatin1String(kBundledDemoTrainFile))};
        report.demoWritten = true;
    }
    Result<QStringList> files = expandInputs(config.pipeline.files);
    if (!files)
        return files.status();
    config.pipeline.files = *files;
    RunConfig runConfig = benchRunConfig(config);
    Result<StageInputs> inputs = StageInputs::load(runConfig);
    if (!inputs)
        return inputs.status();
    report.spec = specText(inputs->spec, inputs->classes);
    report.files = config.pipeline.files;
    for (const QString &f : report.files)
        report.bytes += QFileInfo(f).size();

    Result<StageFigures> stages = measureStages(runConfig, *inputs, options);
    if (!stages)
        return stages.status();
    report.stages = *stages;
    report.records = report.stages.scan.scan.records;

    const double readUs = report.stages.scan.scan.records > 0 ? report.stages.scan.scan.seconds * 1e6 /
                                                                    double(report.stages.scan.scan.records)
                                                              : 0;
    const int n = options.maxReaders > 0 ? options.maxReaders
                                         : std::max(config.pipeline.readerThreads, report.machine.cores);
    for (int k = 1; k <= n; ++k) {
        say(QStringLiteral("pipeline with %1 reader thread%2").arg(k).arg(k == 1 ? "" : "s"));
        runConfig.pipeline.readerThreads = k;
        Result<SlowestStage> bound =
            timeSlowestStage(*inputs, k, readUs, report.stages.queue.perSecond(), options.seconds);
        if (!bound)
            return bound.status();
        PipelineWindow w;
        w.warmupS = 0.5 * options.seconds;
        w.windowS = 2 * options.seconds;
        w.snapshotHz = k == n ? kSnapshotHz : 0;
        Result<PipelineFigures> f = measurePipeline(runConfig, w);
        if (!f)
            return f.status();
        report.sweep << *f;
        report.slowestStage << bound->perSecond;
        report.efficiency << (bound->perSecond > 0 ? f->samplesPerSecond() / bound->perSecond : 0);
    }
    report.config = runConfig;

    VerdictInput in;
    in.cores = report.machine.cores;
    in.readUsPerRecord = readUs;
    in.makeUsPerRecord = report.stages.readerBody.microsecondsPerItem();
    in.queueUsPerSample = report.stages.queue.microsecondsPerItem();
    in.trainUsPerSample = report.stages.trainStep.microsecondsPerItem();
    in.sweep = report.sweep;
    in.hidden = config.trainer.hidden;
    in.imageWidth = config.pipeline.imageWidth;
    in.imageHeight = config.pipeline.imageHeight;
    report.verdict = Verdict::judge(in);

    if (options.targets) {
        Result<QList<TargetFigure>> targets = measureTargets(report, *inputs, runConfig, options);
        if (!targets)
            return targets.status();
        report.targets = *targets;
    }
    if (report.memory)
        report.targets << memoryTarget(*report.memory);
    report.loadEnd = LoadAverage::now();
    report.seconds = double(clock.nsecsElapsed()) / 1e9;
    return report;
}

} // namespace qs
