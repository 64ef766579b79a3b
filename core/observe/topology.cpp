#include "observe/topology.h"

namespace qs {

QString queueRoleKey(QueueRole role)
{
    switch (role) {
    case QueueRole::Filenames:
        return QStringLiteral("filenames");
    case QueueRole::Examples:
        return QStringLiteral("examples");
    case QueueRole::Other:
        break;
    }
    return QStringLiteral("other");
}

QString codeRoleKey(CodeRole role)
{
    switch (role) {
    case CodeRole::None:
        return QStringLiteral("none");
    case CodeRole::InputProducer:
        return QStringLiteral("input_producer");
    case CodeRole::Reader:
        return QStringLiteral("reader");
    case CodeRole::CloseOnStop:
        return QStringLiteral("close_on_stop");
    case CodeRole::Trainer:
        return QStringLiteral("trainer");
    case CodeRole::WorkerLoop:
        return QStringLiteral("worker");
    case CodeRole::CoordinatorMain:
        return QStringLiteral("coordinator");
    case CodeRole::DatasetRead:
        return QStringLiteral("dataset_read");
    case CodeRole::DatasetMap:
        return QStringLiteral("dataset_map");
    case CodeRole::DatasetPrefetch:
        return QStringLiteral("dataset_prefetch");
    }
    return {};
}

const TopologyThread *Topology::thread(const QString &name) const
{
    for (const TopologyThread &t : threads) {
        if (t.name == name)
            return &t;
    }
    return nullptr;
}

const TopologyQueue *Topology::queue(const QString &name) const
{
    for (const TopologyQueue &q : queues) {
        if (q.name == name)
            return &q;
    }
    return nullptr;
}

const TopologyQueue *Topology::queueOf(QueueRole role) const
{
    for (const TopologyQueue &q : queues) {
        if (q.role == role)
            return &q;
    }
    return nullptr;
}

int Topology::laneOrder(const QString &threadName) const
{
    for (int i = 0; i < threads.size(); ++i) {
        if (threads[i].name == threadName)
            return i;
    }
    return int(threads.size());
}

} // namespace qs
