#include "diagram/pipelinelayout.h"

#include <algorithm>

namespace qs {

bool PipelineLayout::looksLikeFilenameQueue(const QString &name)
{
    return name.contains(QLatin1String("filename"), Qt::CaseInsensitive) ||
           name.contains(QLatin1String("input_producer"), Qt::CaseInsensitive);
}

QList<int> PipelineLayout::orderedQueues(const Snapshot &snap)
{
    QList<int> order;
    for (int i = 0; i < snap.queues.size(); ++i)
        order.append(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return looksLikeFilenameQueue(snap.queues[a].name) && !looksLikeFilenameQueue(snap.queues[b].name);
    });
    return order;
}

QList<int> PipelineLayout::otherThreads(const Snapshot &snap)
{
    QList<int> list;
    for (int i = 0; i < snap.threads.size(); ++i) {
        const ThreadRole r = snap.threads[i].role;
        if (r != ThreadRole::Producer && r != ThreadRole::Reader && r != ThreadRole::Trainer)
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

    QList<PipelineStage> stages{PipelineStage{}};
    const QList<int> queues = orderedQueues(snap);
    stages.append(group(ThreadRole::Producer));
    if (!queues.isEmpty())
        stages.append(queue(queues.first()));
    stages.append(group(ThreadRole::Reader));
    for (int i = 1; i < queues.size(); ++i)
        stages.append(queue(queues[i]));
    stages.append(group(ThreadRole::Trainer));
    stages.erase(std::remove_if(stages.begin(), stages.end(),
                                [](const PipelineStage &s) {
                                    return s.kind == PipelineStage::Kind::Threads && s.threads.isEmpty();
                                }),
                 stages.end());
    return stages;
}

} // namespace qs
