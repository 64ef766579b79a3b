#pragma once

#include "base/result.h"
#include "pipeline/fifoqueue.h"
#include "pipeline/queuerunner.h"
#include "pipeline/queuerunnerregistry.h"
#include "pipeline/randomshufflequeue.h"

#include <QList>

#include <functional>
#include <memory>

namespace qs {

struct BatchOptions {
    QString name = QStringLiteral("batch");
    int numThreads = 1;
    int capacity = 32;
    int batchSize = 1;
    bool allowSmallerFinalBatch = false;
    ThreadRole role = ThreadRole::Reader; // of the enqueue threads
    Recorder *recorder = nullptr;
    QueueRunnerRegistry *registry = nullptr; // when set, the runner is added to it
};

struct ShuffleBatchOptions : BatchOptions {
    ShuffleBatchOptions() { name = QStringLiteral("shuffle_batch"); }
    int minAfterDequeue = 0;
    quint64 seed = 0; // 0: random
};

// InvalidArgument naming the first bad knob, in TensorFlow's words where it has them:
// "capacity 10 must be bigger than min_after_dequeue 10."
Status checkBatchOptions(const BatchOptions &options);
Status checkShuffleBatchOptions(const ShuffleBatchOptions &options);

// The result of tf.train.batch / shuffle_batch: an example queue, the QueueRunner that fills it,
// and the dequeue that *is* the batch: next() = dequeueMany(batchSize), or dequeueUpTo(batchSize)
// when smaller final batches are allowed. OutOfRange from next() means the data is exhausted.
// A value type; copies share the queue and the runner. next() is thread-safe (it is the queue's).
template<typename T> class Batcher {
public:
    Batcher(std::shared_ptr<Queue<T>> queue, std::shared_ptr<QueueRunner> runner, int batchSize,
            bool allowSmaller)
        : m_queue(std::move(queue))
        , m_runner(std::move(runner))
        , m_batchSize(batchSize)
        , m_allowSmaller(allowSmaller)
    {}

    Result<std::vector<T>> next(Timeout timeout = kWaitForever) const
    {
        return m_allowSmaller ? m_queue->dequeueUpTo(m_batchSize, timeout)
                              : m_queue->dequeueMany(m_batchSize, timeout);
    }

    const std::shared_ptr<Queue<T>> &queue() const { return m_queue; }
    const std::shared_ptr<QueueRunner> &runner() const { return m_runner; }
    int batchSize() const { return m_batchSize; }
    QString fillFigureName() const { return m_queue->fillFigureName(); }
    double fillFraction() const { return m_queue->fillFraction(); }

private:
    std::shared_ptr<Queue<T>> m_queue;
    std::shared_ptr<QueueRunner> m_runner;
    int m_batchSize;
    bool m_allowSmaller;
};

// The body each enqueue thread runs in a loop: make an example and enqueue it into `queue`
// (later: read, parse, decode). Returning OutOfRange ends the thread quietly (its input ran out).
template<typename T> using EnqueueBody = std::function<Status(Queue<T> &queue, int threadIndex)>;

namespace detail {
template<typename T>
Batcher<T> makeBatcher(std::shared_ptr<Queue<T>> queue, const BatchOptions &options, EnqueueBody<T> body)
{
    auto runner = std::make_shared<QueueRunner>(
        queue, [q = queue, body = std::move(body)](int i) { return body(*q, i); },
        QueueRunner::Options{options.numThreads, options.role, {ErrorKind::OutOfRange}});
    if (options.registry)
        options.registry->addQueueRunner(runner);
    return Batcher<T>(std::move(queue), std::move(runner), options.batchSize, options.allowSmallerFinalBatch);
}

// One thread per body (tf.train.batch_join's one enqueue op per tensor list).
template<typename T>
Batcher<T> makeJoinBatcher(std::shared_ptr<Queue<T>> queue, BatchOptions options,
                           QList<EnqueueBody<T>> bodies)
{
    options.numThreads = int(bodies.size());
    return makeBatcher<T>(std::move(queue), options,
                          [bodies = std::move(bodies)](Queue<T> &q, int i) { return bodies[i](q, i); });
}

inline Status checkJoinBodies(qsizetype count)
{
    if (count < 1)
        return Status(ErrorKind::InvalidArgument,
                      QStringLiteral("batch_join needs at least one tensor list"));
    return {};
}
} // namespace detail

// tf.train.batch: a FIFOQueue(capacity) filled by numThreads threads running `body`.
template<typename T> Result<Batcher<T>> batch(const BatchOptions &options, EnqueueBody<T> body)
{
    if (Status s = checkBatchOptions(options); !s.isOk())
        return s;
    auto queue = FIFOQueue<T>::create(options.name, options.capacity, options.recorder);
    if (!queue)
        return queue.status();
    return detail::makeBatcher<T>(*queue, options, std::move(body));
}

// tf.train.shuffle_batch: the same over a RandomShuffleQueue(capacity, minAfterDequeue, seed).
template<typename T> Result<Batcher<T>> shuffleBatch(const ShuffleBatchOptions &options, EnqueueBody<T> body)
{
    if (Status s = checkShuffleBatchOptions(options); !s.isOk())
        return s;
    auto queue = RandomShuffleQueue<T>::create(options.name, options.capacity, options.minAfterDequeue,
                                               options.seed, options.recorder);
    if (!queue)
        return queue.status();
    return detail::makeBatcher<T>(*queue, options, std::move(body));
}

// tf.train.batch_join: like batch, but with one enqueue thread per body (each its own source, as
// each tensor list of batch_join); options.numThreads is ignored.
template<typename T> Result<Batcher<T>> batchJoin(BatchOptions options, QList<EnqueueBody<T>> bodies)
{
    options.numThreads = 1;
    if (Status s = checkBatchOptions(options); !s.isOk())
        return s;
    if (Status s = detail::checkJoinBodies(bodies.size()); !s.isOk())
        return s;
    auto queue = FIFOQueue<T>::create(options.name, options.capacity, options.recorder);
    if (!queue)
        return queue.status();
    return detail::makeJoinBatcher<T>(*queue, options, std::move(bodies));
}

// tf.train.shuffle_batch_join: shuffleBatch with one enqueue thread per body.
template<typename T>
Result<Batcher<T>> shuffleBatchJoin(ShuffleBatchOptions options, QList<EnqueueBody<T>> bodies)
{
    options.numThreads = 1;
    if (Status s = checkShuffleBatchOptions(options); !s.isOk())
        return s;
    if (Status s = detail::checkJoinBodies(bodies.size()); !s.isOk())
        return s;
    auto queue = RandomShuffleQueue<T>::create(options.name, options.capacity, options.minAfterDequeue,
                                               options.seed, options.recorder);
    if (!queue)
        return queue.status();
    return detail::makeJoinBatcher<T>(*queue, options, std::move(bodies));
}

} // namespace qs
