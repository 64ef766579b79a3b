#include "dataset/iteratorcontext.h"

#include "dataset/autotuner.h"
#include "observe/recorder.h"

namespace qs {

IteratorContext::IteratorContext(Recorder *recorder, std::shared_ptr<Autotuner> tuner)
    : m_recorder(recorder)
    , m_tuner(std::move(tuner))
{
    m_topology.readsFiles = true;
}

int IteratorContext::queueId(const QString &name, const QString &type, int capacity)
{
    if (!m_recorder)
        return -1;
    std::lock_guard lock(m_mu);
    auto it = m_queueIds.find(name);
    if (it != m_queueIds.end())
        return *it;
    const int id = m_recorder->registerQueue(name, type, capacity, 0);
    m_queueIds.insert(name, id);
    return id;
}

void IteratorContext::queueChanged(int id, int size, qint64 enqueued, qint64 dequeued, bool closed) const
{
    if (m_recorder && id >= 0)
        m_recorder->queueChanged(id, size, enqueued, dequeued, closed);
}

void IteratorContext::addQueue(const QString &name, const QString &label)
{
    std::lock_guard lock(m_mu);
    if (!m_topology.queue(name))
        m_topology.queues.append(TopologyQueue{name, QueueRole::Other, label});
}

void IteratorContext::addThread(TopologyThread thread)
{
    std::lock_guard lock(m_mu);
    if (!m_topology.thread(thread.name))
        m_topology.threads.append(std::move(thread));
}

void IteratorContext::publish()
{
    if (!m_recorder)
        return;
    Topology copy = topology();
    m_recorder->setTopology(std::move(copy));
}

void IteratorContext::threadExited(const QString &thread) const
{
    if (!m_recorder)
        return;
    ObservedThread::setState(ThreadState::Stopped);
    m_recorder->recordEvent(EventKind::ThreadExit, thread,
                            QJsonObject{{QStringLiteral("how"), QStringLiteral("clean")}});
}

void IteratorContext::setTrailingThreads(QList<TopologyThread> threads)
{
    std::lock_guard lock(m_mu);
    m_trailing = std::move(threads);
}

Topology IteratorContext::topology() const
{
    std::lock_guard lock(m_mu);
    Topology t = m_topology;
    t.threads.append(m_trailing);
    return t;
}

} // namespace qs
