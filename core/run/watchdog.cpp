#include "run/watchdog.h"

#include "pipeline/queuebase.h"
#include "run/runcontext.h"

namespace qs {

Watchdog::Watchdog(std::shared_ptr<RunContext> context, Options options,
                   std::shared_ptr<const std::atomic<int>> trainerId, std::shared_ptr<QueueBase> watched,
                   QList<ThreadHandle> feeders, QList<std::shared_ptr<QueueBase>> orphans)
    : m_context(std::move(context))
    , m_options(options)
    , m_trainerId(std::move(trainerId))
    , m_watched(std::move(watched))
    , m_feeders(std::move(feeders))
    , m_orphans(std::move(orphans))
{}

bool Watchdog::hangDetected(double *waitedS) const
{
    RunContext &ctx = *m_context;
    const int trainer = m_trainerId->load(std::memory_order_acquire);
    if (!m_watched || trainer < 0)
        return false;
    const StateSpan span = ctx.recorder->currentSpan(trainer);
    if (span.state != ThreadState::BlockedEmpty || span.detail != m_watched->name())
        return false;
    *waitedS = double(ctx.recorder->nowUs() - span.startUs) / 1e6;
    if (*waitedS <= m_options.hangSeconds)
        return false;
    for (const ThreadHandle &t : m_feeders) {
        if (t->isAlive())
            return false;
    }
    return true;
}

Status Watchdog::run()
{
    RunContext &ctx = *m_context;
    const auto started = std::chrono::steady_clock::now();
    const double stopAfter = m_options.stopAfterS;
    while (!ctx.coord.waitForStop(kTick)) {
        const double elapsed =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        if (stopAfter > 0 && elapsed >= stopAfter) {
            ctx.recorder->event(EventKind::Note, CoordinatedThread::currentName(),
                                {{QStringLiteral("what"), QStringLiteral("stop_after")},
                                 {QStringLiteral("seconds"), stopAfter}});
            ctx.coord.requestStop();
            break;
        }
        double waited = 0;
        if (hangDetected(&waited)) {
            ctx.coord.requestStop(Status(
                ErrorKind::FailedPrecondition,
                QStringLiteral("the trainer has waited %1 s on '%2', which no live thread feeds: were the "
                               "queue runners started (tf.train.start_queue_runners)?")
                    .arg(waited, 0, 'f', 1)
                    .arg(m_watched->name())));
            break;
        }
    }
    ctx.pacer.interrupt();
    for (const auto &q : std::as_const(m_orphans))
        q->close(true);
    return {};
}

} // namespace qs
