#include "run/runcontext.h"

#include "pipeline/coordinatedthread.h"

#include <algorithm>

namespace qs {

void RunContext::reportSkipped(const Status &skipped)
{
    skippedRecords.fetch_add(1, std::memory_order_relaxed);
    QJsonObject details{{QStringLiteral("what"), QStringLiteral("skipped_record")},
                        {QStringLiteral("kind"), errorKindKey(skipped.kind())},
                        {QStringLiteral("message"), skipped.message()}};
    if (!skipped.where().file.isEmpty())
        details.insert(QStringLiteral("file"), skipped.where().file);
    if (skipped.where().record >= 0)
        details.insert(QStringLiteral("record"), skipped.where().record);
    if (skipped.where().offset >= 0)
        details.insert(QStringLiteral("offset"), skipped.where().offset);
    recorder->event(EventKind::Note, CoordinatedThread::currentName(), details);
}

QString endHowKey(EndHow how)
{
    switch (how) {
    case EndHow::EndOfData:
        return QStringLiteral("end_of_data");
    case EndHow::Stopped:
        return QStringLiteral("stopped");
    case EndHow::Error:
        return QStringLiteral("error");
    case EndHow::None:
        break;
    }
    return {};
}

QJsonValue statusJson(const Status &error, KindStyle style)
{
    if (error.isOk())
        return QJsonValue();
    QJsonObject o{{QStringLiteral("kind"),
                   style == KindStyle::Name ? errorKindName(error.kind()) : errorKindKey(error.kind())},
                  {QStringLiteral("message"), error.message()},
                  {QStringLiteral("thread"), error.thread()}};
    if (!error.where().file.isEmpty())
        o.insert(QStringLiteral("file"), error.where().file);
    if (error.where().record >= 0)
        o.insert(QStringLiteral("record"), error.where().record);
    if (error.where().offset >= 0)
        o.insert(QStringLiteral("offset"), error.where().offset);
    return o;
}

Status RunContext::joinThreads(QList<ThreadHandle> threads)
{
    using Clock = std::chrono::steady_clock;
    for (const ThreadHandle &t : coord.registeredThreads()) {
        if (!threads.contains(t))
            threads.append(t);
    }
    const auto grace = std::chrono::milliseconds(qint64(config.trainer.gracePeriodS * 1000));
    ObservedThread::setState(ThreadState::Joining);
    // Like Coordinator::join: no limit until stop is requested (or every thread is done)...
    for (;;) {
        auto alive = std::find_if(threads.cbegin(), threads.cend(),
                                  [](const ThreadHandle &t) { return t && t->isAlive(); });
        if (alive == threads.cend() || coord.shouldStop())
            break;
        (*alive)->wait(std::chrono::milliseconds(50));
    }
    // ...then the grace period.
    auto deadline = Clock::now() + grace;
    bool timedOut = false;
    for (const ThreadHandle &t : std::as_const(threads)) {
        while (!timedOut && t && t->isAlive()) {
            const auto now = Clock::now();
            if (gate.heldCount() > 0)
                deadline = std::max(deadline, now + grace);
            if (now >= deadline) {
                timedOut = true;
                break;
            }
            // Short slices only so a thread held at the gate can push the deadline back.
            t->wait(std::min(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now),
                             std::chrono::milliseconds(50)));
        }
    }
    return coord.join(threads, std::chrono::milliseconds(0));
}

void RunContext::finish(EndHow how, const Status &error)
{
    {
        std::lock_guard lock(m_mu);
        m_outcome.how = how;
        m_outcome.error = error;
    }
    recorder->event(EventKind::End, CoordinatedThread::currentName(),
                    {{QStringLiteral("how"), endHowKey(how)},
                     {QStringLiteral("error"), statusJson(error, KindStyle::Key)}});
    recorder->setRunState(RunState::Finished, how, error);
    std::lock_guard lock(m_mu);
    m_outcome.finished = true;
}

void RunContext::publish(const RunOutcome &outcome)
{
    std::lock_guard lock(m_mu);
    const bool finished = m_outcome.finished;
    const EndHow how = m_outcome.how;
    const Status error = m_outcome.error;
    m_outcome = outcome;
    m_outcome.finished = finished;
    m_outcome.how = how;
    m_outcome.error = error;
}

RunOutcome RunContext::outcome() const
{
    std::lock_guard lock(m_mu);
    return m_outcome;
}

void RunContext::adoptThreads(const QList<ThreadHandle> &threads)
{
    std::lock_guard lock(m_mu);
    m_adopted << threads;
}

QList<ThreadHandle> RunContext::adoptedThreads() const
{
    std::lock_guard lock(m_mu);
    return m_adopted;
}

} // namespace qs
