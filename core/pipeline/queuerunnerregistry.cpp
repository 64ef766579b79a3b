#include "pipeline/queuerunnerregistry.h"

#include "pipeline/queuerunner.h"

namespace qs {

void QueueRunnerRegistry::addQueueRunner(std::shared_ptr<QueueRunner> runner)
{
    std::lock_guard lock(m_mu);
    if (runner && !m_runners.contains(runner))
        m_runners.append(std::move(runner));
}

QList<std::shared_ptr<QueueRunner>> QueueRunnerRegistry::queueRunners() const
{
    std::lock_guard lock(m_mu);
    return m_runners;
}

QList<ThreadHandle> QueueRunnerRegistry::startQueueRunners(const Coordinator &coord, bool start)
{
    QList<ThreadHandle> threads;
    for (const auto &runner : queueRunners())
        threads << runner->createThreads(coord, start);
    return threads;
}

} // namespace qs
