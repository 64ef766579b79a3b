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
};

// Decides the diagram's columns from what a snapshot holds, TensorFlow's shape when it is there:
// files -> producers -> filename queue -> readers -> example queue(s) -> trainers. Queues are
// taken in snapshot order except that one named like a filename queue ("filename",
// "input_producer") goes first. Empty thread groups are left out; threads of other roles
// (watcher, worker, main) are listed apart by otherThreads().
class PipelineLayout {
public:
    static QList<PipelineStage> stages(const Snapshot &snap);
    static QList<int> otherThreads(const Snapshot &snap);
    static QList<int> orderedQueues(const Snapshot &snap);
    static bool looksLikeFilenameQueue(const QString &name);
};

} // namespace qs
