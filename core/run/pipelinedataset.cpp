// Pipeline's assembly of a tf.data run: the DatasetRecipe of the run's knobs, its iterator
// feeding the trainer, the watcher that cancels the iterator on a stop, and the topology of the
// dataset's stages followed by the run's own threads.
#include "run/pipeline.h"
#include "run/pipeline_p.h"

#include "dataset/datasetrecipe.h"
#include "dataset/iterator.h"
#include "example/exampleparser.h"
#include "feed/pacer.h"
#include "feed/samplemaker.h"
#include "observe/recorder.h"
#include "run/datasetbatchsource.h"
#include "run/runcontext.h"
#include "run/runplan.h"

namespace qs {

namespace {

const QString kCancelOnStop = QStringLiteral("dataset/cancel_on_stop");

DatasetRecipe recipeOf(const PipelineConfig &pc)
{
    DatasetRecipe r;
    r.files = pc.files;
    r.shuffleFiles = pc.shuffleFiles;
    r.fileSeed = pc.fileSeed;
    r.numEpochs = pc.numEpochs;
    r.readerThreads = pc.readerThreads;
    r.autotune = pc.datasetAutotune;
    r.skipCorrupt = pc.skipCorrupt;
    r.useShuffleQueue = pc.useShuffleQueue;
    r.exampleCapacity = pc.exampleCapacity;
    r.minAfterDequeue = pc.minAfterDequeue;
    r.shuffleSeed = pc.shuffleSeed;
    r.batchSize = pc.batchSize;
    r.allowSmallerFinalBatch = pc.allowSmallerFinalBatch;
    r.interleaveCalls = pc.datasetInterleaveCalls;
    r.mapCalls = pc.datasetMapCalls;
    r.prefetch = pc.datasetPrefetch;
    r.cache = pc.datasetCache;
    r.deterministic = pc.datasetDeterministic;
    r.mapAfterBatch = pc.datasetMapAfterBatch;
    return r;
}

} // namespace

Status Pipeline::startDataset()
{
    RunContext &ctx = *m_context;
    const PipelineConfig &pc = m_config.pipeline;
    DatasetRecipe recipe = recipeOf(pc);
    recipe.read.compression = compressionOf(pc);
    recipe.read.holdOut = m_holdOut;
    // The run's shared parts outlive every stage: the functions keep them alive.
    const auto readDelay = std::chrono::milliseconds(pc.readerDelayMs);
    recipe.read.beforeRecord = [run = m_context, readDelay, slow = m_slowFile](const QString &file) {
        run->pacer.stage(readDelay + slow.extraFor(file));
    };
    const auto decodeDelay = std::chrono::milliseconds(pc.decodeDelayMs);
    recipe.decode = [run = m_context, decodeDelay](const Element &in, Element *out) -> Status {
        ObservedThread::setState(ThreadState::Running, Activity::Decoding, in.where.file);
        thread_local ExampleParser parser;
        Result<Sample> sample = run->maker.make(parser, in.bytes, in.where);
        if (!sample)
            return sample.status();
        run->pacer.stage(decodeDelay);
        *out = Element{};
        out->sample = std::move(*sample);
        out->where = in.where;
        return {};
    };
    Result<Dataset> dataset = recipe.build(ctx.maker);
    if (!dataset)
        return dataset.status();

    std::shared_ptr<Iterator> iterator =
        dataset->makeIterator(IteratorOptions::observedBy(ctx.recorder.get()));
    QList<TopologyThread> around = runThreads(iterator->outputBuffer());
    TopologyThread cancelNode;
    cancelNode.name = kCancelOnStop;
    cancelNode.role = ThreadRole::Watcher;
    cancelNode.code = CodeRole::CloseOnStop;
    cancelNode.label = QStringLiteral("cancel_on_stop");
    around.insert(1, cancelNode); // after the trainer, with the run's other watchers
    iterator->setTrailingThreads(around);

    // What a QueueRunner's close-on-stop thread does for a queue: a stop cancels the
    // iterator, which wakes the trainer's get_next and every stage's threads.
    std::weak_ptr<Iterator> weak = iterator;
    Coordinator *coord = &ctx.coord;
    m_threads << ctx.coord.startThread(kCancelOnStop, ThreadRole::Watcher, [weak, coord] {
        ObservedThread::setState(ThreadState::Waiting, Activity::None,
                                 QStringLiteral("coord.wait_for_stop()"));
        coord->waitForStop();
        if (std::shared_ptr<Iterator> it = weak.lock())
            it->cancel();
        return Status();
    });
    startWatchdog(nullptr, {}, {});

    auto source = std::make_unique<DatasetBatchSource>(std::move(iterator), &ctx.pacer);
    DatasetBatchSource *closer = source.get(); // lives as long as the trainer that runs afterTrain
    // Stages may be asleep in the pacer (the classroom delays): wake them before the join.
    startTrainer(std::move(source), [closer, run = m_context] {
        run->pacer.interrupt();
        closer->close();
    });
    return {};
}

} // namespace qs
