#pragma once

#include "base/result.h"
#include "bench/stagerate.h"
#include "pipeline/queuebase.h"

namespace qs {

// What goes through the queue: a small value (an int) or the pipeline's own element (a
// Sample sharing one decoded image, as a reader's enqueue and the trainer's batch move them).
enum class QueuePayload : quint8 { Int, Sample };

struct QueueBenchOptions {
    QueueKind kind = QueueKind::Fifo;
    QueuePayload payload = QueuePayload::Int;
    int capacity = 1024;
    int minAfterDequeue = 0; // RandomShuffle only
    int producers = 1;       // each enqueue()s one element at a time, as a reader thread does
    int dequeueMany = 1;     // the one consumer: 1 dequeue()s one at a time, n dequeueUpTo(n)s
    qint64 elements = 2000000;
    bool observed = false; // a Recorder observes the queue and its threads, as in a run
};

// Moves `elements` elements from the producers to the consumer (CoordinatedThreads, as a
// run's threads are) and times it from the first start to the consumer's end. Items are
// elements handed off.
Result<StageRate> measureQueue(const QueueBenchOptions &options);

} // namespace qs
