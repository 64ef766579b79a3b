#include "run/naivefeed.h"

#include "pipeline/randomshufflequeue.h"
#include "run/runcontext.h"

#include <algorithm>

namespace qs {

NaiveFeed::NaiveFeed(std::shared_ptr<RunContext> context)
    : m_context(std::move(context))
    , m_rng(detail::resolveSeed(m_context->config.pipeline.fileSeed))
{
    RunContext *ctx = m_context.get();
    RecordStream::Options options;
    options.select = RecordStream::Select::Training;
    options.holdOut = ctx->holdOut;
    options.skipCorrupt = ctx->config.pipeline.skipCorrupt;
    options.readDelay = std::chrono::milliseconds(ctx->config.pipeline.readerDelayMs);
    options.pacer = &ctx->pacer;
    m_stream = std::make_unique<RecordStream>([this] { return nextFile(); }, options,
                                              [ctx](const Status &skipped) { ctx->reportSkipped(skipped); });
}

Result<QString> NaiveFeed::nextFile()
{
    const PipelineConfig &config = m_context->config.pipeline;
    if (m_epochOrder.isEmpty()) {
        if (config.numEpochs > 0 && m_epochsStarted >= config.numEpochs)
            return outOfRange(
                QStringLiteral("naive feed: reached its limit of %1 epoch(s)").arg(config.numEpochs));
        ++m_epochsStarted;
        m_epochOrder = m_context->config.pipeline.files;
        if (config.shuffleFiles)
            std::shuffle(m_epochOrder.begin(), m_epochOrder.end(), m_rng);
    }
    return m_epochOrder.takeFirst();
}

Result<Batch> NaiveFeed::next()
{
    RunContext &ctx = *m_context;
    const int wanted = ctx.config.pipeline.batchSize;
    Batch batch;
    batch.reserve(size_t(wanted));
    QByteArray record;
    Location where;
    while (!m_exhausted && int(batch.size()) < wanted) {
        if (ctx.coord.shouldStop())
            return outOfRange(QStringLiteral("naive feed: stop requested"));
        const Status s = m_stream->next(&record, &where);
        if (s.kind() == ErrorKind::OutOfRange) {
            m_exhausted = true;
            break;
        }
        if (!s.isOk())
            return s;
        ObservedThread::setState(ThreadState::Running, Activity::Decoding);
        ctx.pacer.stage(std::chrono::milliseconds(ctx.config.pipeline.decodeDelayMs));
        Result<Sample> sample = ctx.maker.make(m_parser, record, where);
        if (!sample)
            return sample.status();
        batch.push_back(std::move(*sample));
    }
    if (int(batch.size()) == wanted || (!batch.empty() && ctx.config.pipeline.allowSmallerFinalBatch))
        return batch;
    return outOfRange(QStringLiteral("naive feed: the data ran out (%1 sample(s) left over, batch of %2)")
                          .arg(batch.size())
                          .arg(wanted));
}

} // namespace qs
