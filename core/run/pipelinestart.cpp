// Pipeline's assembly of a run's threads: the TF 1.x graph of queues and runners (or the
// workers demo), the watchdog and the trainer, and the topology they are declared with.
#include "run/pipeline.h"
#include "run/pipeline_p.h"

#include "feed/batchsource.h"
#include "feed/heldoutset.h"
#include "feed/naivefeed.h"
#include "feed/readerstage.h"
#include "feed/readoptions.h"
#include "pipeline/batching.h"
#include "pipeline/inputproducer.h"
#include "pipeline/statuserror.h"
#include "run/runcontext.h"
#include "run/runplan.h"
#include "run/watchdog.h"
#include "run/workersdemo.h"
#include "train/model.h"
#include "train/trainer.h"

namespace qs {

void Pipeline::startWatchdog(const std::shared_ptr<QueueBase> &watched, const QList<ThreadHandle> &feeders,
                             const QList<std::shared_ptr<QueueBase>> &orphans)
{
    Watchdog::Options options{m_config.trainer.hangSeconds, m_config.trainer.stopAfterS};
    auto watchdog = std::make_shared<Watchdog>(m_context, options, m_trainerId, watched, feeders, orphans);
    m_threads << m_context->coord.startThread(QStringLiteral("watchdog"), ThreadRole::Watcher,
                                              [watchdog] { return watchdog->run(); });
}

void Pipeline::startMain(const QString &name, ThreadRole role, std::function<Status()> body)
{
    m_main = std::make_shared<CoordinatedThread>(name, role, std::move(body), m_context->recorder.get());
    m_threads << m_main;
    m_main->start();
}

Status Pipeline::startWorkers()
{
    RunContext &ctx = *m_context;
    const TrainerConfig &t = m_config.trainer;
    Topology topology;
    topology.readsFiles = false;
    topology.threads << TopologyThread{QStringLiteral("coordinator"),
                                       ThreadRole::Main,
                                       CodeRole::CoordinatorMain,
                                       QStringLiteral("coordinator"),
                                       {},
                                       {},
                                       {}};
    for (int i = 0; i < t.workers; ++i)
        topology.threads << TopologyThread{WorkersDemo::workerName(i),
                                           ThreadRole::Worker,
                                           CodeRole::WorkerLoop,
                                           QStringLiteral("worker %1").arg(i),
                                           {},
                                           {},
                                           {}};
    if (t.stopAfterS > 0)
        topology.threads << TopologyThread{QStringLiteral("watchdog"),
                                           ThreadRole::Watcher,
                                           CodeRole::None,
                                           QStringLiteral("watchdog"),
                                           {},
                                           {},
                                           {}};
    ctx.recorder->setTopology(topology);
    if (t.stopAfterS > 0)
        startWatchdog(nullptr, {}, {});
    WorkersDemo::Options options{t.workers, std::chrono::milliseconds(t.workerStepMs), t.stopProbability,
                                 std::chrono::milliseconds(qint64(t.gracePeriodS * 1000))};
    auto demo = std::make_shared<WorkersDemo>(m_context, options);
    startMain(QStringLiteral("coordinator"), ThreadRole::Main, [demo] { return demo->run(); });
    return {};
}

namespace {

// The topology entries of one QueueRunner's threads: its enqueue threads (the first
// `enqueueThreads` handles) and its close-on-stop watcher (the one after them).
void addRunner(Topology *topology, const QList<ThreadHandle> &threads, int enqueueThreads, ThreadRole role,
               CodeRole code, const QString &label, const QString &queue, const QString &from)
{
    for (int i = 0; i < threads.size(); ++i) {
        TopologyThread t;
        t.name = threads[i]->name();
        if (i < enqueueThreads) {
            t.role = role;
            t.code = code;
            t.label = enqueueThreads > 1 ? QStringLiteral("%1 %2").arg(label).arg(i) : label;
            t.enqueuesInto = {queue};
            if (!from.isEmpty())
                t.dequeuesFrom = {from};
        } else {
            t.role = ThreadRole::Watcher;
            t.code = CodeRole::CloseOnStop;
            t.label = QStringLiteral("close_on_stop");
            t.closes = queue;
        }
        topology->threads << t;
    }
}

} // namespace

Status Pipeline::startPipeline()
{
    RunContext &ctx = *m_context;
    const PipelineConfig &pc = m_config.pipeline;
    const TrainerConfig &tc = m_config.trainer;
    const bool startRunners = tc.startQueueRunners;
    std::unique_ptr<BatchSource> source;
    std::shared_ptr<QueueBase> examples;
    QList<ThreadHandle> feeders;
    QList<std::shared_ptr<QueueBase>> orphans;
    Topology topology;
    ReadOptions read{m_holdOut,
                     pc.skipCorrupt,
                     compressionOf(pc),
                     std::chrono::milliseconds(pc.readerDelayMs),
                     std::chrono::milliseconds(pc.decodeDelayMs),
                     m_slowFile};
    Recorder *recorder = ctx.recorder.get();
    SkipReport onSkipped = [recorder](const Status &skipped) {
        recorder->recordSkipped(skipped, ObservedThread::currentName());
    };

    if (tc.feed == FeedMode::Naive) {
        NaiveFeed::Options o{pc.files,    pc.numEpochs, pc.shuffleFiles,
                             pc.fileSeed, pc.batchSize, pc.allowSmallerFinalBatch,
                             read};
        Coordinator *coord = &ctx.coord;
        source = std::make_unique<NaiveFeed>(
            ctx.maker, ctx.pacer, o, [coord] { return coord->shouldStop(); }, onSkipped);
    } else {
        InputProducerOptions po;
        po.numEpochs = pc.numEpochs;
        po.shuffle = pc.shuffleFiles;
        po.seed = pc.fileSeed;
        po.capacity = pc.filenameCapacity;
        po.recorder = recorder;
        Result<InputProducer> producer = stringInputProducer(pc.files, po);
        if (!producer)
            return producer.status();

        auto reader = std::make_shared<ReaderStage>(ctx.maker, ctx.pacer, read, producer->queue,
                                                    pc.readerThreads, onSkipped, m_readerThrowAfter);
        // The body keeps the run's shared parts alive for the reader, which refers to them.
        EnqueueBody<Sample> body = [reader, run = m_context](Queue<Sample> &q, int i) {
            return (*reader)(q, i);
        };
        auto fill = [&](BatchOptions &o, const QString &name) {
            o.name = name;
            o.numThreads = pc.readerThreads;
            o.capacity = pc.exampleCapacity;
            o.batchSize = pc.batchSize;
            o.allowSmallerFinalBatch = pc.allowSmallerFinalBatch;
            o.role = ThreadRole::Reader;
            o.recorder = recorder;
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
        const QString filenames = producer->queue->name();
        examples = batcher->queue();
        topology.queues << TopologyQueue{filenames, QueueRole::Filenames, QStringLiteral("filename queue")}
                        << TopologyQueue{examples->name(), QueueRole::Examples,
                                         QStringLiteral("example queue")};
        const QList<ThreadHandle> producers = producer->runner->createThreads(ctx.coord, startRunners);
        m_threads << producers;
        addRunner(&topology, producers, 1, ThreadRole::Producer, CodeRole::InputProducer,
                  QStringLiteral("input producer"), filenames, {});
        const QList<ThreadHandle> readers = batcher->runner()->createThreads(ctx.coord, startRunners);
        m_threads << readers;
        addRunner(&topology, readers, pc.readerThreads, ThreadRole::Reader, CodeRole::Reader,
                  QStringLiteral("reader"), examples->name(), filenames);
        feeders = readers.mid(0, pc.readerThreads); // the last one is the close-on-stop watcher
        if (!startRunners)
            orphans = {producer->queue, examples};
        source = std::make_unique<QueueBatchSource>(*batcher, &ctx.pacer);
    }
    topology.threads << runThreads(examples ? examples->name() : QString());
    ctx.recorder->setTopology(topology);
    startWatchdog(examples, feeders, orphans);
    startTrainer(std::move(source), {});
    return {};
}

QList<TopologyThread> Pipeline::runThreads(const QString &trainerQueue) const
{
    QList<TopologyThread> threads;
    TopologyThread trainerNode{QStringLiteral("trainer"),
                               ThreadRole::Trainer,
                               CodeRole::Trainer,
                               QStringLiteral("trainer"),
                               {},
                               {},
                               {}};
    if (!trainerQueue.isEmpty())
        trainerNode.dequeuesFrom = {trainerQueue};
    threads << trainerNode;
    threads << TopologyThread{QStringLiteral("watchdog"),
                              ThreadRole::Watcher,
                              CodeRole::None,
                              QStringLiteral("watchdog"),
                              {},
                              {},
                              {}};
    if (m_stuckWorker)
        threads << TopologyThread{QStringLiteral("stuck-worker"),
                                  ThreadRole::Worker,
                                  CodeRole::None,
                                  QStringLiteral("stuck worker"),
                                  {},
                                  {},
                                  {}};
    return threads;
}

void Pipeline::startTrainer(std::unique_ptr<BatchSource> source, std::function<void()> afterTrain)
{
    RunContext &ctx = *m_context;
    const PipelineConfig &pc = m_config.pipeline;
    const TrainerConfig &tc = m_config.trainer;
    if (m_stuckWorker) {
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

    Trainer::Options options;
    options.maxSteps = tc.maxSteps;
    options.evalEvery = tc.evalEvery;
    options.previewCount = tc.previewCount;
    options.stepDelay = std::chrono::milliseconds(pc.trainerDelayMs);
    options.throwAtStep = m_trainerThrowAt;
    options.classNames = m_classNames;
    options.inputOnly = m_plan.inputOnly;
    options.heldOutFrom = tc.evalFile.isEmpty()
                              ? QStringLiteral("every %1th training record").arg(m_holdOut.every)
                              : tc.evalFile;
    const HeldOutSet::Source heldOut{tc.evalFile, pc.files, m_holdOut, tc.evalMaxSamples, compressionOf(pc)};
    const SampleMaker *maker = &ctx.maker;
    Trainer::HeldOutLoader loader; // none without a label: there is nothing to evaluate
    if (!m_plan.inputOnly)
        loader = [heldOut, maker](const std::function<bool()> &stop) {
            return HeldOutSet::load(heldOut, *maker, stop);
        };
    auto trainer = std::make_shared<Trainer>(options, *ctx.recorder, ctx.coord, ctx.pacer, std::move(source),
                                             std::move(m_model), std::move(loader));
    const auto grace = std::chrono::milliseconds(qint64(tc.gracePeriodS * 1000));
    // The script's main thread: train, then (finally) request_stop, join and the end.
    startMain(QStringLiteral("trainer"), ThreadRole::Trainer,
              [trainer, run = m_context, id = m_trainerId, grace, plan = m_plan.toJson(),
               afterTrain = std::move(afterTrain)] {
                  RunContext &shared = *run;
                  id->store(ObservedThread::currentId(), std::memory_order_release);
                  // The run plan, for RunSummary and the window: after the threads' starts.
                  shared.recorder->event(EventKind::Note, ObservedThread::currentName(), plan);
                  shared.recorder->setRunState(RunState::Running);
                  bool endOfData = false;
                  Status own = callCatching([&] { return trainer->train(&endOfData); });
                  if (afterTrain)
                      afterTrain(); // the dataset's threads end with the training loop
                  const Coordinator::EndClass end = shared.coord.classify(own);
                  if (end == Coordinator::EndClass::Clean)
                      own = Status(); // an OutOfRange that escaped: still the end of the data
                  if (end == Coordinator::EndClass::Error) {
                      if (own.thread().isEmpty())
                          own = own.withThread(CoordinatedThread::currentName());
                      shared.coord.requestStop(own); // stop_on_exception: the first real error wins
                  }
                  // finally:
                  shared.recorder->setRunState(RunState::Stopping);
                  shared.coord.requestStop();
                  shared.pacer.interrupt();
                  const Status joined = joinRunThreads(shared, {}, grace);
                  const EndHow how = !joined.isOk() ? EndHow::Error
                                     : endOfData    ? EndHow::EndOfData
                                                    : EndHow::Stopped;
                  finishRun(shared, how, joined);
                  return own;
              });
}

} // namespace qs
