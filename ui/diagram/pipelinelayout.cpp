#include "diagram/pipelinelayout.h"

#include <algorithm>

namespace qs {

QList<int> PipelineLayout::orderedQueues(const Snapshot &snap)
{
    auto isFilenames = [&](int i) {
        const TopologyQueue *q = snap.topology ? snap.topology->queue(snap.queues[i].name) : nullptr;
        return q && q->role == QueueRole::Filenames;
    };
    QList<int> order;
    for (int i = 0; i < snap.queues.size(); ++i)
        order.append(i);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return isFilenames(a) && !isFilenames(b); });
    return order;
}

namespace {
// The worker demo reads no files and has no queues: its workers are the picture.
bool workersAreTheFlow(const Snapshot &snap)
{
    return snap.topology && !snap.topology->readsFiles;
}
} // namespace

QList<int> PipelineLayout::otherThreads(const Snapshot &snap)
{
    const bool workers = workersAreTheFlow(snap);
    QList<int> list;
    for (int i = 0; i < snap.threads.size(); ++i) {
        const ThreadRole r = snap.threads[i].role;
        if (r != ThreadRole::Producer && r != ThreadRole::Reader && r != ThreadRole::Trainer &&
            !(workers && r == ThreadRole::Worker))
            list.append(i);
    }
    return list;
}

QList<PipelineStage> PipelineLayout::stages(const Snapshot &snap)
{
    auto group = [&](ThreadRole role) {
        PipelineStage stage{PipelineStage::Kind::Threads, role, {}, -1};
        for (int i = 0; i < snap.threads.size(); ++i)
            if (snap.threads[i].role == role)
                stage.threads.append(i);
        return stage;
    };
    auto queue = [](int q) { return PipelineStage{PipelineStage::Kind::Queue, ThreadRole::Worker, {}, q}; };

    QList<PipelineStage> stages;
    if (!snap.topology || snap.topology->readsFiles)
        stages.append(PipelineStage{});
    const QList<int> queues = orderedQueues(snap);
    stages.append(group(ThreadRole::Producer));
    if (!queues.isEmpty())
        stages.append(queue(queues.first()));
    stages.append(group(ThreadRole::Reader));
    for (int i = 1; i < queues.size(); ++i)
        stages.append(queue(queues[i]));
    stages.append(group(ThreadRole::Trainer));
    if (workersAreTheFlow(snap))
        stages.append(group(ThreadRole::Worker));
    stages.erase(std::remove_if(stages.begin(), stages.end(),
                                [](const PipelineStage &s) {
                                    return s.kind == PipelineStage::Kind::Threads && s.threads.isEmpty();
                                }),
                 stages.end());
    return stages;
}

} // namespace qs
