#pragma once

#include "base/result.h"
#include "pipeline/fifoqueue.h"

#include <QStringList>

#include <memory>

namespace qs {

class QueueRunner;
class QueueRunnerRegistry;

struct InputProducerOptions {
    int numEpochs = 0; // 0: cycle forever
    bool shuffle = true;
    quint64 seed = 0; // 0: a random seed (InputProducer::seed tells which)
    int capacity = 32;
    QString name = QStringLiteral("input_producer");
    Recorder *recorder = nullptr;
    QueueRunnerRegistry *registry = nullptr; // when set, the runner is added to it
};

struct InputProducer {
    std::shared_ptr<FIFOQueue<QString>> queue;
    std::shared_ptr<QueueRunner> runner; // one thread, role Producer
    quint64 seed = 0;                    // the seed the shuffles use
};

// TensorFlow's tf.train.string_input_producer: a FIFOQueue of strings (file names) kept filled by
// a one-thread QueueRunner. Each epoch enqueues every string once, in a fresh permutation when
// shuffling (deterministic for a seed: the same seed gives the same sequence of epochs). After
// numEpochs epochs the body returns OutOfRange, so the runner ends and closes the queue, and
// readers see OutOfRange once they have drained it. Fails InvalidArgument for an empty list
// ("string_input_producer requires a non-empty list of files"), numEpochs < 0 or capacity < 1.
// The fill figure is the queue's: "fraction_of_<capacity>_full".
Result<InputProducer> stringInputProducer(const QStringList &strings,
                                          const InputProducerOptions &options = {});

} // namespace qs
