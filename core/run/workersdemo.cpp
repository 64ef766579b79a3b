#include "run/workersdemo.h"

#include "run/runcontext.h"

#include <random>

namespace qs {

WorkersDemo::WorkersDemo(std::shared_ptr<RunContext> context, Options options)
    : m_context(std::move(context))
    , m_options(options)
{}

QString WorkersDemo::workerName(int i)
{
    return QStringLiteral("worker-%1").arg(i);
}

Status WorkersDemo::work(RunContext &ctx, const Options &options, const QString &name, quint64 seed)
{
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> coin(0, 1);
    while (!ctx.coord.shouldStop()) {
        // A step is work: the thread runs through it (the Pacer keeps the observed state, slows
        // it down with the run and cuts it short once the run is interrupted), then checks
        // should_stop as TensorFlow's worker loop does.
        ObservedThread::setState(ThreadState::Running, Activity::Working);
        ctx.pacer.stage(options.step);
        if (ctx.coord.shouldStop())
            break;
        if (coin(rng) < options.stopProbability) {
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
    for (int i = 0; i < m_options.workers; ++i) {
        const QString name = workerName(i);
        // Registered with the coordinator, so the Pipeline's teardown waits for them too.
        workers << ctx.coord.startThread(name, ThreadRole::Worker,
                                         [context = m_context, o = m_options, name, s = seed + quint64(i)] {
                                             return work(*context, o, name, s);
                                         });
    }
    const Status joined = joinRunThreads(ctx, workers, m_options.grace);
    ctx.pacer.interrupt();
    finishRun(ctx, joined.isOk() ? EndHow::Stopped : EndHow::Error, joined);
    return {};
}

} // namespace qs
