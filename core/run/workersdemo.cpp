#include "run/workersdemo.h"

#include "run/runcontext.h"

#include <random>

namespace qs {

WorkersDemo::WorkersDemo(std::shared_ptr<RunContext> context)
    : m_context(std::move(context))
{}

Status WorkersDemo::work(RunContext &ctx, const QString &name, quint64 seed)
{
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> coin(0, 1);
    const auto step = std::chrono::milliseconds(ctx.config.trainer.workerStepMs);
    while (!ctx.coord.shouldStop()) {
        const auto extra = std::chrono::duration_cast<std::chrono::milliseconds>(ctx.pacer.extraPerStage());
        if (ctx.coord.waitForStop(step + extra))
            break;
        ObservedThread::setState(ThreadState::Running, Activity::Working);
        if (coin(rng) < ctx.config.trainer.stopProbability) {
            ctx.recorder->event(EventKind::Note, name,
                                {{QStringLiteral("what"), QStringLiteral("worker_requests_stop")},
                                 {QStringLiteral("worker"), name}});
            ctx.coord.requestStop();
            break;
        }
    }
    return {};
}

Status WorkersDemo::run()
{
    RunContext &ctx = *m_context;
    ctx.recorder->setRunState(RunState::Running);
    std::random_device entropy;
    const quint64 seed = (quint64(entropy()) << 32) ^ entropy();
    QList<ThreadHandle> workers;
    for (int i = 0; i < ctx.config.trainer.workers; ++i) {
        const QString name = QStringLiteral("worker-%1").arg(i);
        workers << ctx.coord.startThread(
            name, ThreadRole::Worker,
            [context = m_context, name, s = seed + quint64(i)] { return work(*context, name, s); });
    }
    ctx.adoptThreads(workers); // the Pipeline's teardown waits for them too
    const Status joined = ctx.joinThreads(workers);
    ctx.pacer.interrupt();
    ctx.finish(joined.isOk() ? EndHow::Stopped : EndHow::Error, joined);
    return {};
}

} // namespace qs
