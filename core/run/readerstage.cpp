#include "run/readerstage.h"

#include "example/exampleparser.h"
#include "run/runcontext.h"

#include <stdexcept>

namespace qs {

struct ReaderStage::PerThread {
    PerThread(RecordStream::NextFile next, RecordStream::Options options, RecordStream::SkipReport skip)
        : stream(std::move(next), options, std::move(skip))
    {}
    RecordStream stream;
    ExampleParser parser;
    qint64 records = 0; // records this thread has read
};

ReaderStage::ReaderStage(std::shared_ptr<RunContext> context, std::shared_ptr<FIFOQueue<QString>> filenames,
                         int threads)
    : m_context(std::move(context))
    , m_filenames(std::move(filenames))
{
    RunContext *ctx = m_context.get();
    RecordStream::Options options;
    options.select = RecordStream::Select::Training;
    options.holdOut = ctx->holdOut;
    options.skipCorrupt = ctx->config.pipeline.skipCorrupt;
    options.readDelay = std::chrono::milliseconds(ctx->config.pipeline.readerDelayMs);
    options.pacer = &ctx->pacer;
    for (int i = 0; i < threads; ++i) {
        auto next = [ctx, q = m_filenames.get()]() -> Result<QString> {
            ctx->pacer.stage();
            return q->dequeue();
        };
        m_threads.push_back(std::make_unique<PerThread>(
            next, options, [ctx](const Status &skipped) { ctx->reportSkipped(skipped); }));
    }
}

ReaderStage::~ReaderStage() = default;

Status ReaderStage::operator()(Queue<Sample> &examples, int threadIndex)
{
    RunContext &ctx = *m_context;
    PerThread &self = *m_threads.at(size_t(threadIndex));

    QByteArray record;
    Location where;
    if (Status s = self.stream.next(&record, &where); !s.isOk())
        return s;
    ++self.records;
    if (threadIndex == 0 && ctx.faults.readerThrowAfter >= 0 && self.records > ctx.faults.readerThrowAfter) {
        throw std::runtime_error(
            QStringLiteral("injected fault: the reader threw after %1 records (at %2 #%3)")
                .arg(ctx.faults.readerThrowAfter)
                .arg(where.file)
                .arg(where.record)
                .toStdString());
    }

    ObservedThread::setState(ThreadState::Running, Activity::Decoding);
    ctx.pacer.stage(std::chrono::milliseconds(ctx.config.pipeline.decodeDelayMs));
    Result<Sample> sample = ctx.maker.make(self.parser, record, where);
    if (!sample)
        return sample.status();

    ObservedThread::setState(ThreadState::Running, Activity::Enqueuing, examples.name());
    ctx.pacer.stage();
    return examples.enqueue(std::move(*sample));
}

} // namespace qs
