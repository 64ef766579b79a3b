#pragma once

#include "observe/snapshot.h"

#include <QList>

namespace qs {

// One column of the pipeline diagram, left to right in the direction the data flows.
struct PipelineStage {
    enum class Kind { Files, Threads, Queue };
    Kind kind = Kind::Files;
    ThreadRole role = ThreadRole::Worker; // for Threads
    QList<int> threads;                   // indices into Snapshot::threads
    int queue = -1;                       // index into Snapshot::queues
    friend bool operator==(const PipelineStage &, const PipelineStage &) = default;
};

// Decides the diagram's columns from the snapshot's topology (the run's own account of its
// shape, never the names): files (when the run reads any) -> producers -> the filename queue ->
// readers -> the example queue (and any other queue) -> trainers. Empty thread groups are left
// out; threads of other roles (watcher, worker, main) are listed apart by otherThreads(), except
// the worker demo's workers (a run that reads no files), which are its one column.
// Without a topology the queues keep their snapshot order.
class PipelineLayout {
public:
    static QList<PipelineStage> stages(const Snapshot &snap);
    static QList<int> otherThreads(const Snapshot &snap);
    static QList<int> orderedQueues(const Snapshot &snap); // the filename queue first
};

} // namespace qs
