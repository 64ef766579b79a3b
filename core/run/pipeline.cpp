#include "run/pipeline.h"

#include "demo/bundleddata.h"
#include "observe/chrometrace.h"
#include "observe/jsonlexport.h"
#include "pipeline/batching.h"
#include "pipeline/inputproducer.h"
#include "record/inputfiles.h"
#include "run/batchsource.h"
#include "run/datasetprobe.h"
#include "run/naivefeed.h"
#include "run/readerstage.h"
#include "run/runcontext.h"
#include "run/scenariofaults.h"
#include "run/trainer.h"
#include "run/watchdog.h"
#include "run/workersdemo.h"
#include "train/annmlpmodel.h"

#include <QDebug>
#include <QDir>
#include <QFileInfo>

#include <condition_variable>
#include <mutex>

namespace qs {

// The stuck_worker fault's condition: nobody signals it while the run lives; the destructor
// does, so the process can exit.
struct Pipeline::StuckWorker {
    std::mutex mu;
    std::condition_variable cv;
    bool released = false; // guarded by mu

    void release()
    {
        {
            std::lock_guard lock(mu);
            released = true;
        }
        cv.notify_all();
    }
};

namespace {

// Keeps the shared state of runs whose threads outlived their Pipeline (see ~Pipeline).
void leak(std::shared_ptr<RunContext> context)
{
    static std::mutex mu;
    static auto *kept = new std::vector<std::shared_ptr<RunContext>>;
    std::lock_guard lock(mu);
    kept->push_back(std::move(context));
}

} // namespace

QStringList Pipeline::defaultDemoFiles()
{
    const QString dir = bundledDemoDir();
    if (dir.isEmpty())
        return {};
    return {QDir(dir).filePath(QLatin1String(kBundledDemoTrainFile))};
}

QString Pipeline::defaultDemoEvalFile()
{
    const QString dir = bundledDemoDir();
    const QString eval = dir.isEmpty() ? QString() : QDir(dir).filePath(QLatin1String(kBundledDemoEvalFile));
    return QFileInfo::exists(eval) ? eval : QString();
}

Result<std::unique_ptr<Pipeline>> Pipeline::create(RunConfig config, std::optional<Scenario> scenario)
{
    std::unique_ptr<Pipeline> p(new Pipeline);
    p->m_workersMode = scenario && scenario->mode == QLatin1String("workers");
    if (Status s = p->m_workersMode ? config.trainer.validate() : config.validate(); !s.isOk())
        return s;
    auto ctx = std::make_shared<RunContext>();
    ctx->pacer.setSpeed(config.trainer.speed);

    if (!p->m_workersMode) {
        Result<QStringList> files = expandInputs(config.pipeline.files);
        if (!files)
            return files.status();
        config.pipeline.files = *files;
        if (!config.trainer.evalFile.isEmpty()) {
            Result<QStringList> eval = expandInputs({config.trainer.evalFile});
            if (!eval)
                return eval.status();
            if (eval->size() != 1)
                return invalidArgument(QStringLiteral("eval_file '%1' names %2 files; give one")
                                           .arg(config.trainer.evalFile)
                                           .arg(eval->size()));
            config.trainer.evalFile = eval->first();
        }
    }
    ctx->config = config;
    if (scenario) {
        if (Status s = applyScenarioFaults(*ctx, *scenario); !s.isOk())
            return s;
    }

    if (!p->m_workersMode) {
        const TrainerConfig &t = ctx->config.trainer;
        Result<DatasetProbe> probe = DatasetProbe::run(ctx->config.pipeline.files, t);
        if (!probe)
            return probe.status();
        AnnMlpOptions options;
        options.input = InputSpec{ctx->config.pipeline.imageWidth, ctx->config.pipeline.imageHeight, 3};
        options.classes = probe->numClasses;
        options.hidden = t.hidden;
        Result<std::unique_ptr<AnnMlpModel>> model = AnnMlpModel::create(options);
        if (!model)
            return model.status();
        p->m_model = std::move(*model);
        ctx->maker = SampleMaker(probe->spec, options.input);
        ctx->numClasses = probe->numClasses;
        const QStringList demo = defaultDemoFiles();
        const bool demoData = ctx->config.pipeline.files.size() == 1 && !demo.isEmpty() &&
                              QFileInfo(ctx->config.pipeline.files.first()) == QFileInfo(demo.first());
        if (demoData && bundledDemoClassNames().size() == probe->numClasses)
            ctx->classNames = bundledDemoClassNames();
        else
            for (int i = 0; i < probe->numClasses; ++i)
                ctx->classNames << QString::number(i);
        ctx->holdOut = t.evalFile.isEmpty() ? HoldOut::forFraction(t.evalFraction) : HoldOut{};
    }
    p->m_context = std::move(ctx);
    p->m_scenario = std::move(scenario);
    return p;
}

Pipeline::~Pipeline()
{
    if (!m_context)
        return;
    RunContext &ctx = *m_context;
    ctx.gate.release();
    if (m_stuck)
        m_stuck->release();
    if (!m_main)
        return;
    ctx.coord.requestStop();
    ctx.pacer.interrupt();
    using Clock = std::chrono::steady_clock;
    const auto deadline =
        Clock::now() + std::chrono::milliseconds(qint64(ctx.config.trainer.gracePeriodS * 1000) + 5000);
    bool allDone = true;
    auto waitFor = [&](const QList<ThreadHandle> &threads) {
        for (const ThreadHandle &t : threads) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
            if (!t->wait(std::max(left, std::chrono::milliseconds(0))))
                allDone = false;
        }
    };
    waitFor(m_threads);
    // Once the main thread has ended, the list of threads it started itself is complete.
    const QList<ThreadHandle> adopted = ctx.adoptedThreads();
    waitFor(adopted);
    const QList<ThreadHandle> threads = m_threads + adopted;
    if (!allDone) {
        QStringList alive;
        for (const ThreadHandle &t : threads) {
            if (t->isAlive())
                alive << t->name();
        }
        qWarning().noquote() << "Pipeline destroyed while threads still run:" << alive.join(QLatin1Char(' '))
                             << "- their shared state is kept alive for them";
        leak(m_context);
    }
}

const RunConfig &Pipeline::config() const
{
    return m_context->config;
}

FeatureSpec Pipeline::featureSpec() const
{
    return m_context->maker.spec();
}

int Pipeline::numClasses() const
{
    return m_context->numClasses;
}

QStringList Pipeline::classNames() const
{
    return m_context->classNames;
}

void Pipeline::setClassNames(const QStringList &names)
{
    if (!m_main)
        m_context->classNames = names;
}

Status Pipeline::start()
{
    if (m_main)
        return Status(ErrorKind::FailedPrecondition, QStringLiteral("the run was already started"));
    RunContext &ctx = *m_context;
    // Only the run's own threads wait at the gate: the GUI or CLI thread that calls
    // requestStop() must never be held there.
    StepGate *gate = &ctx.gate;
    ctx.recorder->setGate([gate](const Event &e) {
        if (ObservedThread::currentId() >= 0)
            gate->pass(e);
    });
    return m_workersMode ? startWorkers() : startPipeline();
}

void Pipeline::startWatchdog(const std::shared_ptr<QueueBase> &watched, const QList<ThreadHandle> &feeders,
                             const QList<std::shared_ptr<QueueBase>> &orphans)
{
    auto watchdog = std::make_shared<Watchdog>(m_context, watched, feeders, orphans);
    m_threads << m_context->coord.startThread(QStringLiteral("watchdog"), ThreadRole::Watcher,
                                              [watchdog] { return watchdog->run(); });
}

Status Pipeline::startWorkers()
{
    RunContext &ctx = *m_context;
    if (ctx.config.trainer.stopAfterS > 0)
        startWatchdog(nullptr, {}, {});
    auto demo = std::make_shared<WorkersDemo>(m_context);
    m_main = std::make_shared<CoordinatedThread>(
        QStringLiteral("coordinator"), ThreadRole::Main, [demo] { return demo->run(); }, ctx.recorder.get());
    m_threads << m_main;
    m_main->start();
    return {};
}

Status Pipeline::startPipeline()
{
    RunContext &ctx = *m_context;
    const PipelineConfig &pc = ctx.config.pipeline;
    const bool startRunners = ctx.config.trainer.startQueueRunners;
    std::unique_ptr<BatchSource> source;
    std::shared_ptr<QueueBase> examples;
    QList<ThreadHandle> feeders;
    QList<std::shared_ptr<QueueBase>> orphans;

    if (ctx.config.trainer.feed == FeedMode::Naive) {
        source = std::make_unique<NaiveFeed>(m_context);
    } else {
        InputProducerOptions po;
        po.numEpochs = pc.numEpochs;
        po.shuffle = pc.shuffleFiles;
        po.seed = pc.fileSeed;
        po.capacity = pc.filenameCapacity;
        po.recorder = ctx.recorder.get();
        Result<InputProducer> producer = stringInputProducer(pc.files, po);
        if (!producer)
            return producer.status();

        auto reader = std::make_shared<ReaderStage>(m_context, producer->queue, pc.readerThreads);
        EnqueueBody<Sample> body = [reader](Queue<Sample> &q, int i) { return (*reader)(q, i); };
        auto fill = [&](BatchOptions &o, const QString &name) {
            o.name = name;
            o.numThreads = pc.readerThreads;
            o.capacity = pc.exampleCapacity;
            o.batchSize = pc.batchSize;
            o.allowSmallerFinalBatch = pc.allowSmallerFinalBatch;
            o.role = ThreadRole::Reader;
            o.recorder = ctx.recorder.get();
        };
        Result<Batcher<Sample>> batcher = Status(ErrorKind::Internal, QStringLiteral("no batcher"));
        if (pc.useShuffleQueue) { // tf.train.shuffle_batch
            ShuffleBatchOptions o;
            fill(o, QStringLiteral("shuffle_batch/random_shuffle_queue"));
            o.minAfterDequeue = pc.minAfterDequeue;
            o.seed = pc.shuffleSeed;
            batcher = shuffleBatch<Sample>(o, body);
        } else { // tf.train.batch
            BatchOptions o;
            fill(o, QStringLiteral("batch/fifo_queue"));
            batcher = batch<Sample>(o, body);
        }
        if (!batcher)
            return batcher.status();

        // tf.train.start_queue_runners(coord): every runner's threads, registered with the
        // coordinator; with start_queue_runners = false they are made but never started.
        m_threads << producer->runner->createThreads(ctx.coord, startRunners);
        const QList<ThreadHandle> readers = batcher->runner()->createThreads(ctx.coord, startRunners);
        m_threads << readers;
        feeders = readers.mid(0, pc.readerThreads); // the last one is the close-on-stop watcher
        examples = batcher->queue();
        if (!startRunners)
            orphans = {producer->queue, examples};
        source = std::make_unique<QueueBatchSource>(*batcher, &ctx.pacer);
    }
    startWatchdog(examples, feeders, orphans);

    if (ctx.faults.stuckWorker) {
        m_stuck = std::make_shared<StuckWorker>();
        m_threads << ctx.coord.startThread(
            QStringLiteral("stuck-worker"), ThreadRole::Worker, [stuck = m_stuck] {
                ObservedThread::setState(ThreadState::Running, Activity::Working,
                                         QStringLiteral("blocked on a condition with no timeout"));
                std::unique_lock lock(stuck->mu);
                stuck->cv.wait(lock, [&] { return stuck->released; }); // ignores should_stop on purpose
                return Status();
            });
    }

    auto trainer = std::make_shared<Trainer>(m_context, std::move(source), std::move(m_model));
    m_main = std::make_shared<CoordinatedThread>(
        QStringLiteral("trainer"), ThreadRole::Trainer, [trainer] { return trainer->run(); },
        ctx.recorder.get());
    m_threads << m_main;
    m_main->start();
    return {};
}

void Pipeline::requestStop()
{
    if (m_main)
        m_context->coord.requestStop();
}

bool Pipeline::isFinished() const
{
    return m_main && m_main->isFinished();
}

bool Pipeline::waitFinished(std::chrono::milliseconds timeout) const
{
    return m_main && m_main->wait(timeout);
}

SnapshotPtr Pipeline::snapshot(qint64 eventCursor) const
{
    auto snap = std::make_shared<Snapshot>();
    m_context->recorder->fillSnapshot(snap.get(), eventCursor);
    snap->stepMode = m_context->gate.isEnabled();
    snap->threadsAtGate = m_context->gate.heldCount();
    return snap;
}

RunSummary Pipeline::summary() const
{
    return RunSummary::of(*m_context);
}

void Pipeline::setStepMode(bool on)
{
    m_context->gate.setEnabled(on);
}

bool Pipeline::stepMode() const
{
    return m_context->gate.isEnabled();
}

void Pipeline::nextStep()
{
    m_context->gate.grant(1);
}

qint64 Pipeline::stepsPassed() const
{
    return m_context->gate.passedCount();
}

void Pipeline::setSpeed(double speed)
{
    m_context->pacer.setSpeed(speed);
    m_context->recorder->event(EventKind::Note, QString(),
                               {{QStringLiteral("what"), QStringLiteral("speed")},
                                {QStringLiteral("speed"), m_context->pacer.speed()}});
}

double Pipeline::speed() const
{
    return m_context->pacer.speed();
}

void Pipeline::setObservationEnabled(bool on)
{
    m_context->recorder->setEnabled(on);
}

Status Pipeline::writeEvents(const QString &path) const
{
    return writeEventsJsonl(*m_context->recorder, path);
}

Status Pipeline::writeTrace(const QString &path) const
{
    return writeChromeTrace(*m_context->recorder, path);
}

} // namespace qs
