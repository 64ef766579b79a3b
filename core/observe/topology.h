#pragma once

#include "observe/threadstate.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <memory>

namespace qs {

// The shape of one run's pipeline as data: which queues it has and what each is for, which
// threads it runs, what each does, which queues it enqueues into and dequeues from, which
// watcher closes which queue, and which part of the equivalent TensorFlow program it executes.
// The run that builds the pipeline writes it (Recorder::setTopology); every view and command
// reads it from the snapshot, so none of them derives a role from a thread's or a queue's name.
// Names here are the exact names the threads and queues are registered with.

enum class QueueRole : quint8 {
    Filenames, // string_input_producer's FIFOQueue of file names
    Examples,  // the example queue the reader threads fill (shuffle_batch's or batch's)
    Other,
};
QString queueRoleKey(QueueRole role); // "filenames", "examples", "other"

// The part of the TensorFlow 1.x program a thread stands for, which the TF code panel
// highlights (with the thread's state and activity picking the line within it).
enum class CodeRole : quint8 {
    None,            // no counterpart in the TF program (the watchdog, an injected stuck thread)
    InputProducer,   // string_input_producer's enqueue thread
    Reader,          // an example-queue runner thread: read, parse, decode, enqueue
    CloseOnStop,     // a QueueRunner's close-on-stop watcher (a tf.data run's cancel_on_stop)
    Trainer,         // the script's main thread: the training loop
    WorkerLoop,      // a thread of the Coordinator's worker demo
    CoordinatorMain, // the worker demo's main thread: start the workers, coord.join
    DatasetRead,     // a tf.data interleave worker: reads its files' TFRecordDatasets
    DatasetMap,      // a tf.data map worker: parses and decodes
    DatasetPrefetch, // a tf.data prefetch thread: pulls batches (shuffle, batch) into its buffer
};
inline constexpr int kCodeRoleCount = 10;
QString codeRoleKey(CodeRole role);

struct TopologyQueue {
    QString name;
    QueueRole role = QueueRole::Other;
    QString label; // a short label for views ("filename queue")

    friend bool operator==(const TopologyQueue &, const TopologyQueue &) = default;
};

struct TopologyThread {
    QString name;
    ThreadRole role = ThreadRole::Worker;
    CodeRole code = CodeRole::None;
    QString label;            // a short label for views ("reader 1", "close_on_stop")
    QStringList enqueuesInto; // queue names
    QStringList dequeuesFrom;
    QString closes; // the queue a close-on-stop watcher closes

    friend bool operator==(const TopologyThread &, const TopologyThread &) = default;
};

// Threads are listed in pipeline order, the order the timeline's lanes keep: producers, the
// filename queue's watchers, readers, the example queue's watchers, the trainer, other threads.
struct Topology {
    bool readsFiles = true; // false for the worker demo, which reads no files
    QList<TopologyQueue> queues;
    QList<TopologyThread> threads;

    const TopologyThread *thread(const QString &name) const;
    const TopologyQueue *queue(const QString &name) const;
    const TopologyQueue *queueOf(QueueRole role) const; // the first queue with that role
    int laneOrder(const QString &threadName) const;     // index in `threads`; past the end when absent

    friend bool operator==(const Topology &, const Topology &) = default;
};

using TopologyPtr = std::shared_ptr<const Topology>;

} // namespace qs
