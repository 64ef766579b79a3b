#pragma once

#include "example/featurespec.h"
#include "observe/threadstate.h"
#include "observe/topology.h"
#include "run/runconfig.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace qs {

// Which of the three programs a configuration corresponds to.
enum class TfVariant : quint8 {
    Queues,  // string_input_producer -> reader threads -> shuffle_batch (or batch) -> training loop
    Naive,   // the training loop reads, decodes and feeds sample by sample (feed: "naive")
    Workers, // the Coordinator's worker-thread demo (scenario mode "workers")
    Dataset, // the tf.data program of a `pipeline: dataset` run (DatasetRecipe's stages)
};

// The lines of the generated program that a thread can be "at". Several variants share an id
// where the line plays the same part (the naive loop's record iterator is its ReaderRead).
enum class CodeLine : quint8 {
    None,
    InputProducer,     // tf.train.string_input_producer(...)
    ReaderRead,        // reader.read(filename_queue) / tf_record_iterator(...)
    Decode,            // decode_raw / decode_jpeg / ...
    BatchEnqueue,      // tf.train.shuffle_batch(...) / tf.train.batch(...): its enqueue
    Session,           // with tf.Session() as sess:
    StartThreads,      // tf.train.start_queue_runners(...) / t.start()
    WaitForStop,       // coord.wait_for_stop(...) (close_on_stop threads; a worker's step)
    CloseOnStop,       // queue.close(cancel_pending_enqueues=True)
    ShouldStop,        // while not coord.should_stop():  (the training loop)
    DequeueBatch,      // sess.run([image_batch, label_batch]): dequeue_many(batch_size)
    TrainStep,         // sess.run([train_op, loss], ...)
    Evaluate,          // sess.run(accuracy, ...) on the held-out set
    OutOfRange,        // except tf.errors.OutOfRangeError:
    RequestStop,       // coord.request_stop() in the finally clause
    Join,              // coord.join(threads, ...)
    WorkerLoop,        // while not coord.should_stop():  (a worker's loop)
    WorkerStep,        // the worker's coin toss after its step
    WorkerRequestStop, // the worker that decides to stop everyone
    DatasetInterleave, // files.interleave(...): a read worker waiting on the cycle's buffer
    DatasetMap,        // dataset.map(parse_and_decode, ...): a map worker between elements
    DatasetPrefetch,   // dataset.prefetch(...): the thread that fills the prefetch buffer
};

// A generated TensorFlow 1.x Python program and which line plays which part.
struct TfProgram {
    TfVariant variant = TfVariant::Queues;
    QStringList lines;
    QList<CodeLine> tags; // one per line, CodeLine::None for most

    int lineOf(CodeLine id) const; // 0-based index of the first line tagged `id`, -1 when absent
    QString text() const;          // the lines joined with '\n'
};

// What the program is generated from: the run's configuration, the scenario's mode ("pipeline"
// or "workers"; empty means pipeline) and, when a run has looked at the data, the detected
// feature spec (else generic keys: an encoded 'image' and an int64 'label') and class count.
struct TfCodeInput {
    RunConfig config;
    RunMode mode = RunMode::Pipeline;
    std::optional<FeatureSpec> spec;
    int numClasses = 0; // 0: not known yet
};

TfVariant tfVariant(const TfCodeInput &input);

// The equivalent TensorFlow 1.x program, in plain Python, for people to read beside the run.
// A pure function: the same input gives the same text.
TfProgram generateTfProgram(const TfCodeInput &input);

// The line a thread is executing given what the snapshot says of it; CodeLine::None for threads
// that have ended. Pure and variant-free: a line the program lacks resolves to -1 through
// TfProgram::lineOf.
CodeLine codeLineFor(ThreadRole role, ThreadState state, Activity activity);
// The same for a thread whose topology names its part: a tf.data stage's threads (CodeRole
// DatasetRead, DatasetMap, DatasetPrefetch) have lines of their own; others go by their role.
CodeLine codeLineFor(CodeRole code, ThreadRole role, ThreadState state, Activity activity);

// Whether a thread plays a part of the TensorFlow program: QueueScope's own helpers (the hang
// watchdog, a scenario's stuck worker outside the workers demo) have no line.
// Whether a thread stands for a part of the TF program (its topology CodeRole is not None;
// without a topology every thread does).
bool hasTfCounterpart(const Topology *topology, const QString &threadName);

} // namespace qs
