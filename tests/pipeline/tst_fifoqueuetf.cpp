// Ports of TensorFlow's tensorflow/python/kernel_tests/fifo_queue_test.py (FIFOQueueTest and
// FIFOQueueWithTimeoutTest): every case about queue semantics, not graphs, dtypes or shapes.
// Each slot is named after the TensorFlow test it ports; where TensorFlow sleeps "until the
// other thread has blocked", these wait for the queue's waiter counts. Cases after the TF ones
// are QueueScope's own regressions for the same semantics.
#include "tfport.h"

#include <QRandomGenerator>

#include <mutex>

using namespace qs;
using namespace qs::test;

namespace {

using Pair = std::pair<int, double>; // a two-component element (TF's (int32, float32) tuples)

Result<std::vector<int>> dequeueN(Queue<int> &q, int n)
{
    return q.dequeueMany(n);
}

} // namespace

class TestFIFOQueueTF : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { QTRY_COMPARE_WITH_TIMEOUT(CoordinatedThread::liveCount(), 0, kLongMs); }

    // testEnqueue
    void enqueue() { QVERIFY(fifo(10)->enqueue(10).isOk()); }

    // testParallelEnqueue
    void parallelEnqueue()
    {
        auto q = fifo(10);
        const std::vector<int> elems = iota(10, 10, 10);
        {
            std::vector<std::unique_ptr<Async<Status>>> threads;
            for (int e : elems)
                threads.push_back(std::make_unique<Async<Status>>([q, e] { return q->enqueue(e); }));
            for (auto &t : threads) {
                QVERIFY(t->finished());
                QVERIFY(t->result().isOk());
            }
        }
        std::vector<int> results;
        for (size_t i = 0; i < elems.size(); ++i)
            results.push_back(*q->dequeue());
        QCOMPARE(sorted(results), elems);
    }

    // testParallelDequeue
    void parallelDequeue()
    {
        auto q = fifo(10);
        const std::vector<int> elems = iota(10, 10, 10);
        for (int e : elems)
            QVERIFY(q->enqueue(e).isOk());
        std::vector<std::unique_ptr<Async<Result<int>>>> threads;
        for (size_t i = 0; i < elems.size(); ++i)
            threads.push_back(std::make_unique<Async<Result<int>>>([q] { return q->dequeue(); }));
        std::vector<int> results;
        for (auto &t : threads) {
            QVERIFY(t->finished());
            results.push_back(*t->result());
        }
        QCOMPARE(sorted(results), elems);
    }

    // testDequeue
    void dequeue()
    {
        auto q = fifo(10);
        for (int e : {10, 20, 30})
            QVERIFY(q->enqueue(e).isOk());
        for (int e : {10, 20, 30})
            QCOMPARE(*q->dequeue(), e);
    }

    // testEnqueueAndBlockingDequeue
    void enqueueAndBlockingDequeue()
    {
        auto q = fifo(3);
        Async<std::vector<int>> consumer([q] {
            std::vector<int> got;
            for (int i = 0; i < 3; ++i)
                got.push_back(*q->dequeue());
            return got;
        });
        QVERIFY(dequeuersWaiting(*q, 1));
        for (int e : {10, 20, 30})
            QVERIFY(q->enqueue(e).isOk());
        QVERIFY(consumer.finished());
        QCOMPARE(consumer.result(), (std::vector<int>{10, 20, 30}));
    }

    // testMultiEnqueueAndDequeue
    void multiEnqueueAndDequeue()
    {
        auto q = *FIFOQueue<Pair>::create(QStringLiteral("q"), 10);
        const std::vector<Pair> elems{{5, 10.0}, {10, 20.0}, {15, 30.0}};
        for (const Pair &e : elems)
            QVERIFY(q->enqueue(e).isOk());
        for (const Pair &e : elems)
            QCOMPARE(*q->dequeue(), e);
    }

    // testQueueSizeEmpty
    void queueSizeEmpty() { QCOMPARE(fifo(10)->size(), 0); }

    // testQueueSizeAfterEnqueueAndDequeue
    void queueSizeAfterEnqueueAndDequeue()
    {
        auto q = fifo(10);
        QVERIFY(q->enqueue(10).isOk());
        QCOMPARE(q->size(), 1);
        QVERIFY(q->dequeue().isOk());
        QCOMPARE(q->size(), 0);
    }

    // testEnqueueMany
    void enqueueMany()
    {
        auto q = fifo(10);
        const std::vector<int> elems{10, 20, 30, 40};
        QVERIFY(q->enqueueMany(elems).isOk());
        QVERIFY(q->enqueueMany(elems).isOk());
        for (int i = 0; i < 8; ++i)
            QCOMPARE(*q->dequeue(), elems[size_t(i % 4)]);
    }

    // testEmptyEnqueueMany
    void emptyEnqueueMany()
    {
        auto q = fifo(10);
        QCOMPARE(q->size(), 0);
        QVERIFY(q->enqueueMany({}).isOk());
        QCOMPARE(q->size(), 0);
    }

    // testEmptyDequeueMany
    void emptyDequeueMany()
    {
        auto q = fifo(10);
        QCOMPARE(*q->dequeueMany(0), std::vector<int>{});
        QVERIFY(q->enqueue(10).isOk());
        QCOMPARE(*q->dequeueMany(0), std::vector<int>{});
    }

    // testEmptyDequeueUpTo
    void emptyDequeueUpTo()
    {
        auto q = fifo(10);
        QCOMPARE(*q->dequeueUpTo(0), std::vector<int>{});
        QVERIFY(q->enqueue(10).isOk());
        QCOMPARE(*q->dequeueUpTo(0), std::vector<int>{});
    }

    // testMultiEnqueueMany
    void multiEnqueueMany()
    {
        auto q = *FIFOQueue<Pair>::create(QStringLiteral("q"), 10);
        const std::vector<Pair> elems{{1, 10.0}, {3, 20.0}, {5, 30.0}, {7, 40.0}};
        QVERIFY(q->enqueueMany(elems).isOk());
        QVERIFY(q->enqueueMany(elems).isOk());
        for (int i = 0; i < 8; ++i)
            QCOMPARE(*q->dequeue(), elems[size_t(i % 4)]);
    }

    // testDequeueMany
    void dequeueMany()
    {
        auto q = fifo(10);
        const std::vector<int> elems = iota(10, 10, 10);
        QVERIFY(q->enqueueMany(elems).isOk());
        QCOMPARE(*q->dequeueMany(4), std::vector<int>(elems.begin(), elems.begin() + 4));
        QCOMPARE(*q->dequeueMany(4), std::vector<int>(elems.begin() + 4, elems.begin() + 8));
    }

    // testDequeueUpToNoBlocking
    void dequeueUpToNoBlocking()
    {
        auto q = fifo(10);
        const std::vector<int> elems = iota(10, 10, 10);
        QVERIFY(q->enqueueMany(elems).isOk());
        QCOMPARE(*q->dequeueUpTo(4), std::vector<int>(elems.begin(), elems.begin() + 4));
        QCOMPARE(*q->dequeueUpTo(4), std::vector<int>(elems.begin() + 4, elems.begin() + 8));
    }

    // testMultiDequeueMany
    void multiDequeueMany()
    {
        auto q = *FIFOQueue<Pair>::create(QStringLiteral("q"), 10);
        std::vector<Pair> elems;
        for (int i = 0; i < 10; ++i)
            elems.push_back({2 * i + 1, 10.0 * (i + 1)});
        QVERIFY(q->enqueueMany(elems).isOk());
        QCOMPARE(*q->dequeueMany(4), std::vector<Pair>(elems.begin(), elems.begin() + 4));
        QCOMPARE(*q->dequeueMany(4), std::vector<Pair>(elems.begin() + 4, elems.begin() + 8));
        QCOMPARE(*q->dequeue(), elems[8]);
    }

    // testMultiDequeueUpToNoBlocking
    void multiDequeueUpToNoBlocking()
    {
        auto q = *FIFOQueue<Pair>::create(QStringLiteral("q"), 10);
        std::vector<Pair> elems;
        for (int i = 0; i < 10; ++i)
            elems.push_back({2 * i + 1, 10.0 * (i + 1)});
        QVERIFY(q->enqueueMany(elems).isOk());
        QCOMPARE(*q->dequeueUpTo(4), std::vector<Pair>(elems.begin(), elems.begin() + 4));
        QCOMPARE(*q->dequeueUpTo(4), std::vector<Pair>(elems.begin() + 4, elems.begin() + 8));
    }

    // testParallelEnqueueMany
    void parallelEnqueueMany()
    {
        auto q = fifo(1000);
        const std::vector<int> elems = iota(0, 100, 10);
        {
            std::vector<std::unique_ptr<Async<Status>>> threads;
            for (int i = 0; i < 10; ++i)
                threads.push_back(
                    std::make_unique<Async<Status>>([q, elems] { return q->enqueueMany(elems); }));
            for (auto &t : threads)
                QVERIFY(t->finished() && t->result().isOk());
        }
        std::vector<int> expected;
        for (int i = 0; i < 10; ++i)
            expected.insert(expected.end(), elems.begin(), elems.end());
        QCOMPARE(sorted(*q->dequeueMany(1000)), sorted(expected));
    }

    // testParallelDequeueMany
    void parallelDequeueMany()
    {
        auto q = fifo(1000);
        const std::vector<int> elems = iota(0, 1000, 10);
        QVERIFY(q->enqueueMany(elems).isOk());
        std::vector<std::unique_ptr<Async<Result<std::vector<int>>>>> threads;
        for (int i = 0; i < 10; ++i)
            threads.push_back(
                std::make_unique<Async<Result<std::vector<int>>>>([q] { return q->dequeueMany(100); }));
        std::vector<int> got;
        for (auto &t : threads) {
            QVERIFY(t->finished());
            QCOMPARE(t->result()->size(), size_t(100));
            got.insert(got.end(), t->result()->begin(), t->result()->end());
        }
        QCOMPARE(sorted(got), elems);
    }

    // testParallelDequeueUpTo
    void parallelDequeueUpTo()
    {
        auto q = fifo(1000);
        const std::vector<int> elems = iota(0, 1000, 10);
        QVERIFY(q->enqueueMany(elems).isOk());
        QVERIFY(q->close().isOk());
        std::vector<std::unique_ptr<Async<Result<std::vector<int>>>>> threads;
        for (int i = 0; i < 10; ++i)
            threads.push_back(
                std::make_unique<Async<Result<std::vector<int>>>>([q] { return q->dequeueUpTo(101); }));
        std::vector<int> got;
        for (auto &t : threads) {
            QVERIFY(t->finished());
            QVERIFY(t->result().isOk());
            got.insert(got.end(), t->result()->begin(), t->result()->end());
        }
        QCOMPARE(sorted(got), elems); // nine get 101, one gets the last 91
    }

    // testParallelDequeueUpToRandomPartition
    void parallelDequeueUpToRandomPartition()
    {
        auto q = fifo(1000);
        const std::vector<int> elems = iota(0, 1000, 10);
        std::vector<int> sizes;
        for (int left = 1000; left > 0;) {
            const int n = std::min(left, QRandomGenerator::global()->bounded(1, 101));
            sizes.push_back(n);
            left -= n;
        }
        QVERIFY(q->enqueueMany(elems).isOk());
        QVERIFY(q->close().isOk());
        std::vector<std::unique_ptr<Async<Result<std::vector<int>>>>> threads;
        for (int n : sizes)
            threads.push_back(
                std::make_unique<Async<Result<std::vector<int>>>>([q, n] { return q->dequeueUpTo(n); }));
        std::vector<int> got;
        for (auto &t : threads) {
            QVERIFY(t->finished());
            QVERIFY(t->result().isOk());
            got.insert(got.end(), t->result()->begin(), t->result()->end());
        }
        QCOMPARE(sorted(got), elems);
    }

    // testParallelEnqueueAndDequeue
    void parallelEnqueueAndDequeue()
    {
        auto q = fifo(50);
        QVERIFY(q->enqueueMany(std::vector<int>(49, 10)).isOk());
        std::vector<std::unique_ptr<Async<bool>>> threads;
        for (int i = 0; i < 10; ++i) {
            threads.push_back(std::make_unique<Async<bool>>([q] {
                for (int k = 0; k < 100; ++k) {
                    if (!q->enqueue(20).isOk())
                        return false;
                }
                return true;
            }));
            threads.push_back(std::make_unique<Async<bool>>([q] {
                for (int k = 0; k < 100; ++k) {
                    const Result<int> v = q->dequeue();
                    if (!v || (*v != 10 && *v != 20))
                        return false;
                }
                return true;
            }));
        }
        for (auto &t : threads)
            QVERIFY(t->finished() && t->result());
        const auto rest = q->dequeueMany(49);
        QVERIFY(rest.isOk());
        for (int v : *rest)
            QVERIFY(v == 10 || v == 20);
    }

    // testMixtureOfEnqueueAndEnqueueMany
    void mixtureOfEnqueueAndEnqueueMany()
    {
        auto q = fifo(10);
        Async<bool> consumer([q] {
            for (int i = 0; i < 250; ++i) {
                const Result<int> v = q->dequeue();
                if (!v || *v != i)
                    return false;
            }
            return true;
        });
        auto *rng = QRandomGenerator::global();
        for (int enqueued = 0; enqueued < 250;) {
            if (rng->bounded(2) == 0) {
                QVERIFY(q->enqueue(enqueued).isOk());
                ++enqueued;
            } else {
                const int count = rng->bounded(0, std::min(20, 250 - enqueued) + 1);
                QVERIFY(q->enqueueMany(iota(enqueued, count)).isOk());
                enqueued += count;
            }
        }
        QVERIFY(q->close().isOk());
        QVERIFY(consumer.finished() && consumer.result());
        QCOMPARE(q->size(), 0);
    }

    // testMixtureOfDequeueAndDequeueMany
    void mixtureOfDequeueAndDequeueMany()
    {
        auto q = fifo(10);
        Async<Status> producer([q] { return q->enqueueMany(iota(0, 250)); });
        auto *rng = QRandomGenerator::global();
        for (int dequeued = 0; dequeued < 250;) {
            if (rng->bounded(2) == 0) {
                QCOMPARE(*q->dequeue(), dequeued);
                ++dequeued;
            } else {
                const int count = rng->bounded(0, std::min(20, 250 - dequeued) + 1);
                QCOMPARE(*q->dequeueMany(count), iota(dequeued, count));
                dequeued += count;
            }
        }
        QVERIFY(q->close().isOk());
        QVERIFY(producer.finished() && producer.result().isOk());
        QCOMPARE(q->size(), 0);
    }

    // testBlockingDequeueMany
    void blockingDequeueMany()
    {
        auto q = fifo(10);
        Async<Result<std::vector<int>>> consumer([q] { return q->dequeueMany(4); });
        QVERIFY(dequeuersWaiting(*q, 1));
        QVERIFY(q->enqueueMany({10, 20, 30, 40}).isOk());
        QVERIFY(consumer.finished());
        QCOMPARE(*consumer.result(), (std::vector<int>{10, 20, 30, 40}));
    }

    // testBlockingDequeueUpTo
    void blockingDequeueUpTo()
    {
        auto q = fifo(10);
        Async<Result<std::vector<int>>> consumer([q] { return q->dequeueUpTo(4); });
        QVERIFY(dequeuersWaiting(*q, 1));
        QVERIFY(q->enqueueMany({10, 20, 30, 40}).isOk());
        QVERIFY(consumer.finished());
        QCOMPARE(*consumer.result(), (std::vector<int>{10, 20, 30, 40}));
    }

    // testDequeueManyWithTensorParameter
    void dequeueManyWithTensorParameter()
    {
        auto counts = fifo(100, QStringLiteral("counts"));
        std::vector<int> n;
        for (int i = 0; i < 100; ++i)
            n.push_back(QRandomGenerator::global()->bounded(1, 11));
        const int total = std::accumulate(n.begin(), n.end(), 0);
        QVERIFY(counts->enqueueMany(n).isOk());
        auto q = fifo(total);
        std::vector<int> elems;
        for (int i = 0; i < total; ++i)
            elems.push_back(QRandomGenerator::global()->bounded(0, 101));
        QVERIFY(q->enqueueMany(elems).isOk());
        std::vector<int> got;
        for (size_t i = 0; i < n.size(); ++i) {
            const auto batch = dequeueN(*q, *counts->dequeue());
            got.insert(got.end(), batch->begin(), batch->end());
        }
        QCOMPARE(got, elems);
    }

    // testDequeueUpToWithTensorParameter
    void dequeueUpToWithTensorParameter()
    {
        auto counts = fifo(100, QStringLiteral("counts"));
        std::vector<int> n;
        for (int i = 0; i < 100; ++i)
            n.push_back(QRandomGenerator::global()->bounded(1, 11));
        const int total = std::accumulate(n.begin(), n.end(), 0);
        QVERIFY(counts->enqueueMany(n).isOk());
        auto q = fifo(total);
        const std::vector<int> elems = iota(0, total);
        QVERIFY(q->enqueueMany(elems).isOk());
        std::vector<int> got;
        for (size_t i = 0; i < n.size(); ++i) {
            const auto batch = q->dequeueUpTo(*counts->dequeue());
            got.insert(got.end(), batch->begin(), batch->end());
        }
        QCOMPARE(got, elems);
    }

    // testDequeueFromClosedQueue
    void dequeueFromClosedQueue()
    {
        auto q = fifo(10);
        QVERIFY(q->enqueueMany({10, 20, 30, 40}).isOk());
        QVERIFY(q->close().isOk());
        for (int e : {10, 20, 30, 40})
            QCOMPARE(*q->dequeue(), e);
        const auto last = q->dequeue();
        QCOMPARE(last.status().kind(), ErrorKind::OutOfRange);
        QVERIFY(last.status().message().contains(QStringLiteral("is closed and has insufficient")));
    }

    // testBlockingDequeueFromClosedQueue
    void blockingDequeueFromClosedQueue()
    {
        auto q = fifo(10);
        QVERIFY(q->enqueueMany({10, 20, 30, 40}).isOk());
        Async<Status> consumer([q] {
            for (int e : {10, 20, 30, 40}) {
                if (*q->dequeue() != e)
                    return Status(ErrorKind::Internal, QStringLiteral("wrong element"));
            }
            return q->dequeue().status();
        });
        QVERIFY(dequeuersWaiting(*q, 1));
        QVERIFY(q->close().isOk());
        QVERIFY(consumer.finished());
        QCOMPARE(consumer.result().kind(), ErrorKind::OutOfRange);
        QVERIFY(consumer.result().message().contains(QStringLiteral("is closed and has insufficient")));
    }

    // testBlockingDequeueFromClosedEmptyQueue
    void blockingDequeueFromClosedEmptyQueue()
    {
        auto q = fifo(10);
        Async<Status> consumer([q] { return q->dequeue().status(); });
        QVERIFY(dequeuersWaiting(*q, 1));
        QVERIFY(q->close().isOk());
        QVERIFY(consumer.finished());
        QCOMPARE(consumer.result().kind(), ErrorKind::OutOfRange);
        QVERIFY(consumer.result().message().contains(QStringLiteral("is closed and has insufficient")));
    }

    // testBlockingDequeueManyFromClosedQueue
    void blockingDequeueManyFromClosedQueue()
    {
        auto q = fifo(10);
        QVERIFY(q->enqueueMany({10, 20, 30, 40}).isOk());
        Async<std::pair<Result<std::vector<int>>, Status>> consumer([q] {
            auto first = q->dequeueMany(4);
            return std::make_pair(first, q->dequeueMany(4).status());
        });
        QVERIFY(dequeuersWaiting(*q, 1));
        QVERIFY(q->close().isOk());
        QVERIFY(consumer.finished());
        QCOMPARE(*consumer.result().first, (std::vector<int>{10, 20, 30, 40}));
        QCOMPARE(consumer.result().second.kind(), ErrorKind::OutOfRange);
        QVERIFY(
            consumer.result().second.message().contains(QStringLiteral("is closed and has insufficient")));
    }

    // testBlockingDequeueManyButNotAllFromClosedQueue
    void blockingDequeueManyButNotAllFromClosedQueue()
    {
        auto q = fifo(10);
        QVERIFY(q->enqueueMany({10, 20, 30, 40}).isOk());
        Async<std::pair<Result<std::vector<int>>, Status>> consumer([q] {
            auto first = q->dequeueMany(3);
            return std::make_pair(first, q->dequeueMany(3).status());
        });
        QVERIFY(dequeuersWaiting(*q, 1));
        QVERIFY(q->close().isOk());
        QVERIFY(consumer.finished());
        QCOMPARE(*consumer.result().first, (std::vector<int>{10, 20, 30}));
        QCOMPARE(consumer.result().second.kind(), ErrorKind::OutOfRange);
        QCOMPARE(q->size(), 1);
    }

    // testEnqueueManyLargerThanCapacityWithConcurrentDequeueMany
    void enqueueManyLargerThanCapacityWithConcurrentDequeueMany()
    {
        auto q = fifo(4);
        Async<Status> producer([q] { return q->enqueueMany({10, 20, 30, 40}); });
        Async<std::pair<Result<std::vector<int>>, Status>> consumer([q] {
            auto first = q->dequeueMany(3);
            return std::make_pair(first, q->dequeueMany(3).status());
        });
        QVERIFY(producer.finished() && producer.result().isOk());
        QVERIFY(dequeuersWaiting(*q, 1));
        Async<Status> closer([q] { return q->close(); });
        QVERIFY(closer.finished() && closer.result().isOk());
        QVERIFY(consumer.finished());
        QCOMPARE(*consumer.result().first, (std::vector<int>{10, 20, 30}));
        QCOMPARE(consumer.result().second.kind(), ErrorKind::OutOfRange);
        QCOMPARE(*q->dequeue(), 40);
    }

    // testClosedBlockingDequeueManyRestoresPartialBatch
    void closedBlockingDequeueManyRestoresPartialBatch()
    {
        auto q = *FIFOQueue<Pair>::create(QStringLiteral("q"), 4);
        const std::vector<Pair> elems{{1, 10.0}, {2, 20.0}, {3, 30.0}};
        QVERIFY(q->enqueueMany(elems).isOk());
        Async<Status> consumer([q] { return q->dequeueMany(4).status(); });
        QVERIFY(dequeuersWaiting(*q, 1));
        QVERIFY(q->close().isOk());
        QVERIFY(consumer.finished());
        QCOMPARE(consumer.result().kind(), ErrorKind::OutOfRange);
        for (const Pair &e : elems)
            QCOMPARE(*q->dequeue(), e);
        QCOMPARE(q->size(), 0);
    }

    // testBlockingDequeueManyFromClosedEmptyQueue
    void blockingDequeueManyFromClosedEmptyQueue()
    {
        auto q = fifo(10);
        Async<Status> consumer([q] { return q->dequeueMany(4).status(); });
        QVERIFY(dequeuersWaiting(*q, 1));
        QVERIFY(q->close().isOk());
        QVERIFY(consumer.finished());
        QCOMPARE(consumer.result().kind(), ErrorKind::OutOfRange);
        QVERIFY(consumer.result().message().contains(QStringLiteral("is closed and has insufficient")));
    }

    // testBlockingDequeueUpToFromClosedEmptyQueue
    void blockingDequeueUpToFromClosedEmptyQueue()
    {
        auto q = fifo(10);
        Async<Status> consumer([q] { return q->dequeueUpTo(4).status(); });
        QVERIFY(dequeuersWaiting(*q, 1));
        QVERIFY(q->close().isOk());
        QVERIFY(consumer.finished());
        QCOMPARE(consumer.result().kind(), ErrorKind::OutOfRange);
        QVERIFY(consumer.result().message().contains(QStringLiteral("is closed and has insufficient")));
    }

    // testDequeueUpToFromClosedQueueReturnsRemainder
    void dequeueUpToFromClosedQueueReturnsRemainder()
    {
        auto q = fifo(10);
        QVERIFY(q->enqueueMany({10, 20, 30, 40}).isOk());
        Async<std::pair<Result<std::vector<int>>, Result<std::vector<int>>>> consumer([q] {
            auto first = q->dequeueUpTo(3);
            return std::make_pair(first, q->dequeueUpTo(3));
        });
        QVERIFY(dequeuersWaiting(*q, 1));
        QVERIFY(q->close().isOk());
        QVERIFY(consumer.finished());
        QCOMPARE(*consumer.result().first, (std::vector<int>{10, 20, 30}));
        QCOMPARE(*consumer.result().second, (std::vector<int>{40}));
    }

    // testEnqueueToClosedQueue
    void enqueueToClosedQueue()
    {
        auto q = fifo(10);
        QVERIFY(q->enqueue(10).isOk());
        QVERIFY(q->close().isOk());
        const Status s = q->enqueue(10);
        QCOMPARE(s.kind(), ErrorKind::Cancelled);
        QVERIFY(s.message().contains(QStringLiteral("is closed")));
    }

    // testEnqueueManyToClosedQueue
    void enqueueManyToClosedQueue()
    {
        auto q = fifo(10);
        QVERIFY(q->enqueueMany({10, 20, 30, 40}).isOk());
        QVERIFY(q->close().isOk());
        const Status s = q->enqueueMany({10, 20, 30, 40});
        QCOMPARE(s.kind(), ErrorKind::Cancelled);
        QVERIFY(s.message().contains(QStringLiteral("is closed")));
    }

    // testBlockingEnqueueToFullQueue
    void blockingEnqueueToFullQueue()
    {
        auto q = fifo(4);
        QVERIFY(q->enqueueMany({10, 20, 30, 40}).isOk());
        Async<Status> producer([q] { return q->enqueue(50); });
        QVERIFY(enqueuersWaiting(*q, 1));
        for (int e : {10, 20, 30, 40})
            QCOMPARE(*q->dequeue(), e);
        QCOMPARE(*q->dequeue(), 50);
        QVERIFY(producer.finished() && producer.result().isOk());
    }

    // testBlockingEnqueueManyToFullQueue
    void blockingEnqueueManyToFullQueue()
    {
        auto q = fifo(4);
        QVERIFY(q->enqueueMany({10, 20, 30, 40}).isOk());
        Async<Status> producer([q] { return q->enqueueMany({50, 60}); });
        QVERIFY(enqueuersWaiting(*q, 1));
        for (int e : {10, 20, 30, 40, 50, 60})
            QCOMPARE(*q->dequeue(), e);
        QVERIFY(producer.finished() && producer.result().isOk());
    }

    // testBlockingEnqueueBeforeClose
    void blockingEnqueueBeforeClose()
    {
        auto q = fifo(4);
        QVERIFY(q->enqueueMany({10, 20, 30, 40}).isOk());
        Async<Status> producer([q] { return q->enqueue(50); });
        QVERIFY(enqueuersWaiting(*q, 1));
        Async<Status> closer([q] { return q->close(); });
        QVERIFY(closesPending(*q, 1));
        QVERIFY(!q->isClosed());     // the close waits behind the blocked enqueue
        QCOMPARE(*q->dequeue(), 10); // unblocks both
        QVERIFY(producer.finished() && producer.result().isOk());
        QVERIFY(closer.finished() && closer.result().isOk());
        for (int e : {20, 30, 40, 50})
            QCOMPARE(*q->dequeue(), e);
        QCOMPARE(q->size(), 0);
    }

    // testBlockingEnqueueManyBeforeClose
    void blockingEnqueueManyBeforeClose()
    {
        auto q = fifo(4);
        QVERIFY(q->enqueueMany({10, 20, 30}).isOk());
        Async<Status> producer([q] { return q->enqueueMany({50, 60}); });
        QVERIFY(enqueuersWaiting(*q, 1));
        Async<Status> closer([q] { return q->close(); });
        QVERIFY(closesPending(*q, 1));
        QCOMPARE(*q->dequeue(), 10);
        QVERIFY(producer.finished() && producer.result().isOk());
        QVERIFY(closer.finished() && closer.result().isOk());
        for (int e : {20, 30, 50, 60})
            QCOMPARE(*q->dequeue(), e);
    }

    // testBlockingEnqueueToClosedQueue
    void blockingEnqueueToClosedQueue()
    {
        auto q = fifo(4);
        QVERIFY(q->enqueueMany({10, 20, 30, 40}).isOk());
        Flag closeStarted;
        Async<std::pair<Status, Status>> producer([q, &closeStarted] {
            const Status first = q->enqueue(50); // completes before the close takes effect
            closeStarted.wait();
            return std::make_pair(first, q->enqueue(50));
        });
        QVERIFY(enqueuersWaiting(*q, 1));
        Async<Status> closer([q] { return q->close(); });
        QVERIFY(closesPending(*q, 1));
        QCOMPARE(*q->dequeue(), 10);
        QVERIFY(closer.finished() && closer.result().isOk());
        closeStarted.set();
        QVERIFY(producer.finished());
        QVERIFY(producer.result().first.isOk());
        QCOMPARE(producer.result().second.kind(), ErrorKind::Cancelled);
        QVERIFY(producer.result().second.message().contains(QStringLiteral("closed")));
    }

    // testBlockingEnqueueManyToClosedQueue
    void blockingEnqueueManyToClosedQueue()
    {
        auto q = fifo(4);
        QVERIFY(q->enqueueMany({10, 20, 30}).isOk());
        Async<Status> producer([q] { return q->enqueueMany({50, 60}); });
        QVERIFY(enqueuersWaiting(*q, 1));
        QCOMPARE(q->size(), 4); // one of the two is in, the enqueue waits for room for the other
        Async<Status> closer([q] { return q->close(); });
        QVERIFY(closesPending(*q, 1));
        QVERIFY(q->dequeue().isOk());
        QVERIFY(producer.finished() && producer.result().isOk());
        QVERIFY(closer.finished() && closer.result().isOk());
        const Status late = q->enqueueMany({50, 60});
        QCOMPARE(late.kind(), ErrorKind::Cancelled);
        QVERIFY(late.message().contains(QStringLiteral("closed")));
    }

    // testDoesNotLoseValue
    void doesNotLoseValue()
    {
        auto q = fifo(1);
        QVERIFY(q->enqueue(10).isOk());
        for (int i = 0; i < 500; ++i)
            QCOMPARE(q->size(), 1);
    }

    // testResetOfBlockingOperation (sess.close() cancels the session's blocked operations: here
    // the CancellationManager the calls were given).
    void resetOfBlockingOperation()
    {
        auto empty = fifo(5, QStringLiteral("q_empty"));
        auto full = fifo(5, QStringLiteral("q_full"));
        QVERIFY(full->enqueueMany({1, 2, 3, 4, 5}).isOk());
        CancellationManager session;
        Async<Status> deq([&] { return empty->dequeue(kWaitForever, &session).status(); });
        Async<Status> deqMany([&] { return empty->dequeueMany(1, kWaitForever, &session).status(); });
        Async<Status> deqUpTo([&] { return empty->dequeueUpTo(1, kWaitForever, &session).status(); });
        Async<Status> enq([&] { return full->enqueue(6, kWaitForever, &session); });
        Async<Status> enqMany([&] { return full->enqueueMany({6}, kWaitForever, nullptr, &session); });
        QVERIFY(dequeuersWaiting(*empty, 3));
        QVERIFY(enqueuersWaiting(*full, 2));
        session.startCancel();
        for (Async<Status> *t : {&deq, &deqMany, &deqUpTo}) {
            QVERIFY(t->finished());
            QCOMPARE(t->result().kind(), ErrorKind::Cancelled);
            QCOMPARE(t->result().message(), QStringLiteral("Dequeue operation was cancelled"));
        }
        for (Async<Status> *t : {&enq, &enqMany}) {
            QVERIFY(t->finished());
            QCOMPARE(t->result().kind(), ErrorKind::Cancelled);
            QCOMPARE(t->result().message(), QStringLiteral("Enqueue operation was cancelled"));
        }
        // Nothing was closed: both queues keep working.
        QVERIFY(!empty->isClosed() && !full->isClosed());
        QVERIFY(empty->enqueue(7).isOk());
        QCOMPARE(*empty->dequeue(), 7);
        QCOMPARE(*full->dequeueMany(5), (std::vector<int>{1, 2, 3, 4, 5}));
    }

    // testBigEnqueueMany
    void bigEnqueueMany()
    {
        auto q = fifo(5);
        const std::vector<int> elems = iota(1, 10);
        Async<Status> producer([q, elems] { return q->enqueueMany(elems); });
        std::vector<int> results;
        results.push_back(*q->dequeue()); // completes only once the enqueue has started
        QVERIFY(enqueuersWaiting(*q, 1));
        QCOMPARE(q->size(), 5);
        for (int i = 0; i < 3; ++i)
            results.push_back(*q->dequeue());
        QVERIFY(enqueuersWaiting(*q, 1));
        QVERIFY(!producer.finished(std::chrono::milliseconds(0)));
        QCOMPARE(q->size(), 5);
        results.push_back(*q->dequeue()); // this one lets the enqueue finish
        QVERIFY(producer.finished() && producer.result().isOk());
        for (int i = 0; i < 5; ++i) {
            QCOMPARE(q->size(), 5 - i);
            results.push_back(*q->dequeue());
            QCOMPARE(q->size(), 5 - i - 1);
        }
        QCOMPARE(results, elems);
    }

    // testBigDequeueMany
    void bigDequeueMany()
    {
        auto q = fifo(2);
        Async<Result<std::vector<int>>> consumer([q] { return q->dequeueMany(4); });
        QVERIFY(dequeuersWaiting(*q, 1));
        for (int e = 0; e < 4; ++e) {
            QVERIFY(!consumer.finished(std::chrono::milliseconds(0)));
            QVERIFY(q->enqueue(e).isOk());
        }
        QVERIFY(consumer.finished());
        QCOMPARE(*consumer.result(), (std::vector<int>{0, 1, 2, 3}));
    }

    // FIFOQueueWithTimeoutTest.testDequeueWithTimeout
    void dequeueWithTimeout()
    {
        auto q = fifo(10);
        const auto r = q->dequeue(std::chrono::milliseconds(20));
        QCOMPARE(r.status().kind(), ErrorKind::DeadlineExceeded);
        QVERIFY2(r.status().message().contains(QStringLiteral("Timed out waiting for notification")),
                 qPrintable(r.status().toString()));
    }

    // FIFOQueueWithTimeoutTest.testReusableAfterTimeout
    void reusableAfterTimeout()
    {
        auto q = fifo(10);
        for (int i = 0; i < 2; ++i) {
            const auto r = q->dequeue(std::chrono::milliseconds(10));
            QCOMPARE(r.status().kind(), ErrorKind::DeadlineExceeded);
            QVERIFY(r.status().message().contains(QStringLiteral("Timed out waiting for notification")));
        }
        QVERIFY(q->enqueue(37).isOk());
        QVERIFY(q->enqueue(42).isOk());
        QCOMPARE(*q->dequeue(), 37);
        QCOMPARE(*q->dequeue(), 42);
    }

    // --- QueueScope's own regressions for the same semantics ---

    // The element-loss bug: capacity 2 holding [1, 2], enqueue_many([3, 4]) blocked, then
    // close(), then dequeue_many(4): TensorFlow returns [1, 2, 3, 4] (the close waits behind the
    // blocked enqueue); QueueScope used to fail OutOfRange and let 3, 4 in after the close.
    void closeWhileBlockingEnqueueMany()
    {
        auto q = fifo(2);
        QVERIFY(q->enqueueMany({1, 2}).isOk());
        Async<Status> producer([q] { return q->enqueueMany({3, 4}); });
        QVERIFY(enqueuersWaiting(*q, 1));
        Async<Status> closer([q] { return q->close(); });
        QVERIFY(closesPending(*q, 1));
        const auto batch = q->dequeueMany(4);
        QVERIFY2(batch.isOk(), qPrintable(batch.status().toString()));
        QCOMPARE(*batch, (std::vector<int>{1, 2, 3, 4}));
        QVERIFY(producer.finished() && producer.result().isOk());
        QVERIFY(closer.finished() && closer.result().isOk());
        QVERIFY(q->isClosed());
        QCOMPARE(q->dequeue().status().kind(), ErrorKind::OutOfRange);
        const QueueCounters c = q->counters();
        QCOMPARE(c.enqueued, 4);
        QCOMPARE(c.dequeued, 4);
    }

    void emptyEnqueueManyToClosedQueueSucceeds()
    {
        auto q = fifo(2);
        QVERIFY(q->close().isOk());
        QVERIFY(q->enqueueMany({}).isOk());
        QCOMPARE(q->enqueue(1).kind(), ErrorKind::Cancelled);
    }

    void secondPlainCloseIsAnError()
    {
        auto q = fifo(2, QStringLiteral("twice"));
        QVERIFY(q->close().isOk());
        const Status again = q->close();
        QCOMPARE(again.kind(), ErrorKind::Cancelled);
        QCOMPARE(again.message(), QStringLiteral("Queue 'twice' is already closed."));
        QVERIFY(q->close(true).isOk()); // cancel_pending_enqueues never fails
        QVERIFY(q->close(true).isOk());
    }

    void cancellingClosePassesWaitingClose()
    {
        auto q = fifo(1);
        QVERIFY(q->enqueue(1).isOk());
        Async<Status> producer([q] { return q->enqueue(2); });
        QVERIFY(enqueuersWaiting(*q, 1));
        Async<Status> closer([q] { return q->close(); });
        QVERIFY(closesPending(*q, 1));
        QVERIFY(q->close(true).isOk());
        QVERIFY(producer.finished() && closer.finished());
        QCOMPARE(producer.result().message(), QStringLiteral("Enqueue operation was cancelled"));
        QCOMPARE(closer.result().message(), QStringLiteral("Enqueue operation was cancelled"));
        QCOMPARE(*q->dequeue(), 1);
    }

    void cancelOneCallOfMany()
    {
        auto q = fifo(4);
        CancellationManager mine;
        Async<Result<std::vector<int>>> cancelled([&] { return q->dequeueMany(3, kWaitForever, &mine); });
        QVERIFY(dequeuersWaiting(*q, 1));
        Async<Result<std::vector<int>>> other([q] { return q->dequeueMany(2); });
        QVERIFY(dequeuersWaiting(*q, 2));
        QVERIFY(q->enqueue(1).isOk()); // held by the head, given back on cancel
        mine.startCancel();
        QVERIFY(cancelled.finished());
        QCOMPARE(cancelled.result().status().message(), QStringLiteral("Dequeue operation was cancelled"));
        QVERIFY(q->enqueue(2).isOk());
        QVERIFY(other.finished());
        QCOMPARE(*other.result(), (std::vector<int>{1, 2}));
        // A manager that has cancelled fails every later call at once.
        QCOMPARE(q->enqueue(3, kWaitForever, &mine).message(),
                 QStringLiteral("Enqueue operation was cancelled"));
        QCOMPARE(q->size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestFIFOQueueTF)
#include "tst_fifoqueuetf.moc"
