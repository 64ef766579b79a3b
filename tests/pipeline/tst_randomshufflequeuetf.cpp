// Ports of TensorFlow's tensorflow/python/kernel_tests/random_shuffle_queue_test.py: every case
// about queue semantics, not graphs, dtypes, shapes or shared queues. Each slot is named after the
// TensorFlow test it ports; where TensorFlow sleeps "until the other thread has blocked", these
// wait for the queue's waiter counts. Orders are compared as multisets, as TF's assertItemsEqual.
#include "tfport.h"

#include <QRandomGenerator>

using namespace qs;
using namespace qs::test;

namespace {

using Pair = std::pair<int, double>;
using Batch = Result<std::vector<int>>;

std::vector<int> concat(std::vector<int> a, const std::vector<int> &b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

} // namespace

class TestRandomShuffleQueueTF : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { QTRY_COMPARE_WITH_TIMEOUT(CoordinatedThread::liveCount(), 0, kLongMs); }

    // testEnqueue
    void enqueue()
    {
        auto q = shuffled(10, 5);
        QVERIFY(q->enqueue(10).isOk());
        QCOMPARE(q->size(), 1);
    }

    // testParallelEnqueue
    void parallelEnqueue()
    {
        auto q = shuffled(10, 0);
        const std::vector<int> elems = iota(10, 10, 10);
        {
            std::vector<std::unique_ptr<Async<Status>>> threads;
            for (int e : elems)
                threads.push_back(std::make_unique<Async<Status>>([q, e] { return q->enqueue(e); }));
            for (auto &t : threads)
                QVERIFY(t->finished() && t->result().isOk());
        }
        std::vector<int> results;
        for (size_t i = 0; i < elems.size(); ++i)
            results.push_back(*q->dequeue());
        QCOMPARE(sorted(results), elems);
    }

    // testParallelDequeue
    void parallelDequeue()
    {
        auto q = shuffled(10, 0);
        const std::vector<int> elems = iota(10, 10, 10);
        QVERIFY(q->enqueueMany(elems).isOk());
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
        auto q = shuffled(10, 0);
        QVERIFY(q->enqueueMany({10, 20, 30}).isOk());
        std::vector<int> results;
        for (int i = 0; i < 3; ++i)
            results.push_back(*q->dequeue());
        QCOMPARE(sorted(results), (std::vector<int>{10, 20, 30}));
    }

    // testEnqueueAndBlockingDequeue
    void enqueueAndBlockingDequeue()
    {
        auto q = shuffled(3, 0);
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
        QCOMPARE(sorted(consumer.result()), (std::vector<int>{10, 20, 30}));
    }

    // testMultiEnqueueAndDequeue
    void multiEnqueueAndDequeue()
    {
        auto q = *RandomShuffleQueue<Pair>::create(QStringLiteral("q"), 10, 0);
        std::vector<Pair> elems{{5, 10.0}, {10, 20.0}, {15, 30.0}};
        for (const Pair &e : elems)
            QVERIFY(q->enqueue(e).isOk());
        std::vector<Pair> results;
        for (size_t i = 0; i < elems.size(); ++i)
            results.push_back(*q->dequeue());
        std::sort(results.begin(), results.end());
        QCOMPARE(results, elems); // the components stay together
    }

    // testQueueSizeEmpty
    void queueSizeEmpty() { QCOMPARE(shuffled(10, 5)->size(), 0); }

    // testQueueSizeAfterEnqueueAndDequeue
    void queueSizeAfterEnqueueAndDequeue()
    {
        auto q = shuffled(10, 0);
        QCOMPARE(q->size(), 0);
        QVERIFY(q->enqueue(10).isOk());
        QCOMPARE(q->size(), 1);
        QVERIFY(q->dequeue().isOk());
        QCOMPARE(q->size(), 0);
    }

    // testEnqueueMany
    void enqueueMany()
    {
        auto q = shuffled(10, 0);
        QVERIFY(q->enqueueMany({10, 20, 30, 40}).isOk());
        QVERIFY(q->enqueueMany({10, 20, 30, 40}).isOk());
        std::vector<int> results;
        for (int i = 0; i < 8; ++i)
            results.push_back(*q->dequeue());
        QCOMPARE(sorted(results), (std::vector<int>{10, 10, 20, 20, 30, 30, 40, 40}));
    }

    // testEmptyEnqueueMany
    void emptyEnqueueMany()
    {
        auto q = shuffled(10, 5);
        QVERIFY(q->enqueueMany({}).isOk());
        QCOMPARE(q->size(), 0);
    }

    // testEmptyDequeueMany
    void emptyDequeueMany()
    {
        auto q = shuffled(10, 0);
        QCOMPARE(*q->dequeueMany(0), std::vector<int>{});
        QVERIFY(q->enqueue(10).isOk());
        QCOMPARE(*q->dequeueMany(0), std::vector<int>{});
    }

    // testEmptyDequeueUpTo
    void emptyDequeueUpTo()
    {
        auto q = shuffled(10, 0);
        QCOMPARE(*q->dequeueUpTo(0), std::vector<int>{});
        QVERIFY(q->enqueue(10).isOk());
        QCOMPARE(*q->dequeueUpTo(0), std::vector<int>{});
    }

    // testMultiEnqueueMany
    void multiEnqueueMany()
    {
        auto q = *RandomShuffleQueue<Pair>::create(QStringLiteral("q"), 10, 0);
        const std::vector<Pair> elems{{1, 10.0}, {3, 20.0}, {5, 30.0}, {7, 40.0}};
        QVERIFY(q->enqueueMany(elems).isOk());
        QVERIFY(q->enqueueMany(elems).isOk());
        std::vector<Pair> results;
        for (int i = 0; i < 8; ++i)
            results.push_back(*q->dequeue());
        std::sort(results.begin(), results.end());
        std::vector<Pair> expected;
        for (const Pair &e : elems)
            expected.insert(expected.end(), 2, e);
        QCOMPARE(results, expected);
    }

    // testDequeueMany
    void dequeueMany()
    {
        auto q = shuffled(10, 0);
        const std::vector<int> elems = iota(10, 10, 10);
        QVERIFY(q->enqueueMany(elems).isOk());
        const std::vector<int> results = concat(*q->dequeueMany(5), *q->dequeueMany(5));
        QCOMPARE(sorted(results), elems);
    }

    // testDequeueUpToNoBlocking
    void dequeueUpToNoBlocking()
    {
        auto q = shuffled(10, 0);
        const std::vector<int> elems = iota(10, 10, 10);
        QVERIFY(q->enqueueMany(elems).isOk());
        const std::vector<int> results = concat(*q->dequeueUpTo(5), *q->dequeueUpTo(5));
        QCOMPARE(sorted(results), elems);
    }

    // testMultiDequeueMany
    void multiDequeueMany()
    {
        auto q = *RandomShuffleQueue<Pair>::create(QStringLiteral("q"), 10, 0);
        std::vector<Pair> elems;
        for (int i = 0; i < 10; ++i)
            elems.push_back({i, 10.0 * i});
        QVERIFY(q->enqueueMany(elems).isOk());
        std::vector<Pair> results = *q->dequeueMany(5);
        const std::vector<Pair> more = *q->dequeueMany(5);
        results.insert(results.end(), more.begin(), more.end());
        std::sort(results.begin(), results.end());
        QCOMPARE(results, elems);
    }

    // testMultiDequeueUpToNoBlocking
    void multiDequeueUpToNoBlocking()
    {
        auto q = *RandomShuffleQueue<Pair>::create(QStringLiteral("q"), 10, 0);
        std::vector<Pair> elems;
        for (int i = 0; i < 10; ++i)
            elems.push_back({i, 10.0 * i});
        QVERIFY(q->enqueueMany(elems).isOk());
        std::vector<Pair> results = *q->dequeueUpTo(5);
        const std::vector<Pair> more = *q->dequeueUpTo(5);
        results.insert(results.end(), more.begin(), more.end());
        std::sort(results.begin(), results.end());
        QCOMPARE(results, elems);
    }

    // testParallelEnqueueMany
    void parallelEnqueueMany()
    {
        auto q = shuffled(1000, 0);
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
            expected = concat(expected, elems);
        QCOMPARE(sorted(*q->dequeueMany(1000)), sorted(expected));
    }

    // testParallelDequeueMany
    void parallelDequeueMany()
    {
        auto q = shuffled(1000, 0);
        const std::vector<int> elems = iota(0, 1000, 10);
        QVERIFY(q->enqueueMany(elems).isOk());
        std::vector<std::unique_ptr<Async<Batch>>> threads;
        for (int i = 0; i < 10; ++i)
            threads.push_back(std::make_unique<Async<Batch>>([q] { return q->dequeueMany(100); }));
        std::vector<int> got;
        for (auto &t : threads) {
            QVERIFY(t->finished());
            got = concat(got, *t->result());
        }
        QCOMPARE(sorted(got), elems);
    }

    // testParallelDequeueUpTo
    void parallelDequeueUpTo()
    {
        auto q = shuffled(1000, 0);
        const std::vector<int> elems = iota(0, 1000, 10);
        QVERIFY(q->enqueueMany(elems).isOk());
        QVERIFY(q->close().isOk());
        std::vector<std::unique_ptr<Async<Batch>>> threads;
        for (int i = 0; i < 10; ++i)
            threads.push_back(std::make_unique<Async<Batch>>([q] { return q->dequeueUpTo(101); }));
        std::vector<int> got;
        for (auto &t : threads) {
            QVERIFY(t->finished());
            QVERIFY(t->result().isOk());
            got = concat(got, *t->result());
        }
        QCOMPARE(sorted(got), elems);
    }

    // testParallelDequeueUpToRandomPartition
    void parallelDequeueUpToRandomPartition()
    {
        auto q = shuffled(1000, 0);
        const std::vector<int> elems = iota(0, 1000, 10);
        std::vector<int> sizes;
        for (int left = 1000; left > 0;) {
            const int n = std::min(left, QRandomGenerator::global()->bounded(1, 101));
            sizes.push_back(n);
            left -= n;
        }
        QVERIFY(q->enqueueMany(elems).isOk());
        QVERIFY(q->close().isOk());
        std::vector<std::unique_ptr<Async<Batch>>> threads;
        for (int n : sizes)
            threads.push_back(std::make_unique<Async<Batch>>([q, n] { return q->dequeueUpTo(n); }));
        std::vector<int> got;
        for (auto &t : threads) {
            QVERIFY(t->finished());
            QVERIFY(t->result().isOk());
            got = concat(got, *t->result());
        }
        QCOMPARE(sorted(got), elems);
    }

    // testBlockingDequeueMany
    void blockingDequeueMany()
    {
        auto q = shuffled(10, 0);
        Async<Batch> consumer([q] { return q->dequeueMany(4); });
        QVERIFY(dequeuersWaiting(*q, 1));
        QVERIFY(q->enqueueMany({10, 20, 30, 40}).isOk());
        QVERIFY(consumer.finished());
        QCOMPARE(sorted(*consumer.result()), (std::vector<int>{10, 20, 30, 40}));
    }

    // testBlockingDequeueUpTo
    void blockingDequeueUpTo()
    {
        auto q = shuffled(10, 0);
        Async<Batch> consumer([q] { return q->dequeueUpTo(4); });
        QVERIFY(dequeuersWaiting(*q, 1));
        QVERIFY(q->enqueueMany({10, 20, 30, 40}).isOk());
        QVERIFY(consumer.finished());
        QCOMPARE(sorted(*consumer.result()), (std::vector<int>{10, 20, 30, 40}));
    }

    // testDequeueManyWithTensorParameter / testDequeueUpToWithTensorParameter
    void dequeueManyWithTensorParameter_data()
    {
        QTest::addColumn<bool>("upTo");
        QTest::addRow("testDequeueManyWithTensorParameter") << false;
        QTest::addRow("testDequeueUpToWithTensorParameter") << true;
    }
    void dequeueManyWithTensorParameter()
    {
        QFETCH(bool, upTo);
        auto counts = shuffled(100, 0, 0, QStringLiteral("counts"));
        std::vector<int> n;
        for (int i = 0; i < 100; ++i)
            n.push_back(QRandomGenerator::global()->bounded(1, 11));
        const int total = std::accumulate(n.begin(), n.end(), 0);
        QVERIFY(counts->enqueueMany(n).isOk());
        auto q = shuffled(total, 0);
        std::vector<int> elems;
        for (int i = 0; i < total; ++i)
            elems.push_back(QRandomGenerator::global()->bounded(0, 101));
        QVERIFY(q->enqueueMany(elems).isOk());
        std::vector<int> got;
        for (size_t i = 0; i < n.size(); ++i) {
            const int k = *counts->dequeue();
            got = concat(got, upTo ? *q->dequeueUpTo(k) : *q->dequeueMany(k));
        }
        QCOMPARE(sorted(got), sorted(elems));
    }

    // testDequeueFromClosedQueue
    void dequeueFromClosedQueue()
    {
        auto q = shuffled(10, 2);
        QVERIFY(q->enqueueMany({10, 20, 30, 40}).isOk());
        QVERIFY(q->close().isOk());
        std::vector<int> results;
        for (int i = 0; i < 4; ++i)
            results.push_back(*q->dequeue());
        QCOMPARE(sorted(results), (std::vector<int>{10, 20, 30, 40}));
        const Status s = q->dequeue().status();
        QCOMPARE(s.kind(), ErrorKind::OutOfRange);
        QVERIFY(s.message().contains(QStringLiteral("is closed and has insufficient")));
    }

    // testBlockingDequeueFromClosedQueue
    void blockingDequeueFromClosedQueue()
    {
        auto q = shuffled(10, 2);
        QVERIFY(q->enqueueMany({10, 20, 30, 40}).isOk());
        std::vector<int> results{*q->dequeue(), *q->dequeue()}; // down to min_after_dequeue
        Async<std::pair<std::vector<int>, Status>> consumer([q] {
            std::vector<int> got{*q->dequeue(), *q->dequeue()};
            return std::make_pair(got, q->dequeue().status());
        });
        QVERIFY(dequeuersWaiting(*q, 1)); // blocked at the min_after_dequeue floor
        QCOMPARE(q->size(), 2);
        QVERIFY(q->close().isOk()); // lifts the floor
        QVERIFY(consumer.finished());
        results = concat(results, consumer.result().first);
        QCOMPARE(sorted(results), (std::vector<int>{10, 20, 30, 40}));
        QCOMPARE(consumer.result().second.kind(), ErrorKind::OutOfRange);
        QVERIFY(
            consumer.result().second.message().contains(QStringLiteral("is closed and has insufficient")));
    }

    // testBlockingDequeueFromClosedEmptyQueue
    void blockingDequeueFromClosedEmptyQueue()
    {
        auto q = shuffled(10, 0);
        Async<Status> consumer([q] { return q->dequeue().status(); });
        QVERIFY(dequeuersWaiting(*q, 1));
        QVERIFY(!consumer.finished(std::chrono::milliseconds(0)));
        QVERIFY(q->close().isOk());
        QVERIFY(consumer.finished());
        QCOMPARE(consumer.result().kind(), ErrorKind::OutOfRange);
        QVERIFY(consumer.result().message().contains(QStringLiteral("is closed and has insufficient")));
    }

    // testBlockingDequeueManyFromClosedQueue
    void blockingDequeueManyFromClosedQueue()
    {
        auto q = shuffled(10, 0);
        QVERIFY(q->enqueueMany({10, 20, 30, 40}).isOk());
        Async<std::pair<Batch, Status>> consumer([q] {
            auto first = q->dequeueMany(4);
            return std::make_pair(first, q->dequeueMany(4).status());
        });
        QVERIFY(dequeuersWaiting(*q, 1)); // the first call done, the second waiting
        QVERIFY(q->close().isOk());
        QVERIFY(consumer.finished());
        QCOMPARE(sorted(*consumer.result().first), (std::vector<int>{10, 20, 30, 40}));
        QCOMPARE(consumer.result().second.kind(), ErrorKind::OutOfRange);
    }

    // testBlockingDequeueUpToFromClosedQueueReturnsRemainder
    void blockingDequeueUpToFromClosedQueueReturnsRemainder()
    {
        auto q = shuffled(10, 0);
        QVERIFY(q->enqueueMany({10, 20, 30, 40}).isOk());
        Async<std::pair<Batch, Batch>> consumer([q] {
            auto first = q->dequeueUpTo(3);
            return std::make_pair(first, q->dequeueUpTo(3));
        });
        QVERIFY(dequeuersWaiting(*q, 1));
        QVERIFY(q->close().isOk());
        QVERIFY(consumer.finished());
        QCOMPARE(consumer.result().first->size(), size_t(3));
        QCOMPARE(consumer.result().second->size(), size_t(1));
        QCOMPARE(sorted(concat(*consumer.result().first, *consumer.result().second)),
                 (std::vector<int>{10, 20, 30, 40}));
    }

    // testBlockingDequeueUpToSmallerThanMinAfterDequeue
    void blockingDequeueUpToSmallerThanMinAfterDequeue()
    {
        auto q = shuffled(10, 2);
        QVERIFY(q->enqueueMany({10, 20, 30, 40}).isOk());
        Async<std::pair<Batch, Batch>> consumer([q] {
            auto first = q->dequeueUpTo(3); // takes 2 above the floor, waits for the third
            return std::make_pair(first, q->dequeueUpTo(3));
        });
        QVERIFY(dequeuersWaiting(*q, 1));
        QVERIFY(q->close().isOk());
        QVERIFY(consumer.finished());
        QCOMPARE(consumer.result().first->size(), size_t(3));
        QCOMPARE(consumer.result().second->size(), size_t(1)); // only the remaining one
        QCOMPARE(sorted(concat(*consumer.result().first, *consumer.result().second)),
                 (std::vector<int>{10, 20, 30, 40}));
    }

    // testBlockingDequeueManyFromClosedQueueWithElementsRemaining
    void blockingDequeueManyFromClosedQueueWithElementsRemaining()
    {
        auto q = shuffled(10, 0);
        QVERIFY(q->enqueueMany({10, 20, 30, 40}).isOk());
        Async<std::pair<Batch, Status>> consumer([q] {
            auto first = q->dequeueMany(3);
            return std::make_pair(first, q->dequeueMany(3).status());
        });
        QVERIFY(dequeuersWaiting(*q, 1));
        QVERIFY(q->close().isOk());
        QVERIFY(consumer.finished());
        QCOMPARE(consumer.result().first->size(), size_t(3));
        QCOMPARE(consumer.result().second.kind(), ErrorKind::OutOfRange);
        // The failed call gave back what it had reserved: one element remains.
        const Batch cleanup = q->dequeueMany(q->size());
        QCOMPARE(cleanup->size(), size_t(1));
        QCOMPARE(sorted(concat(*consumer.result().first, *cleanup)), (std::vector<int>{10, 20, 30, 40}));
    }

    // testBlockingDequeueManyFromClosedEmptyQueue / testBlockingDequeueUpToFromClosedEmptyQueue
    void blockingDequeueManyFromClosedEmptyQueue_data()
    {
        QTest::addColumn<bool>("upTo");
        QTest::addRow("testBlockingDequeueManyFromClosedEmptyQueue") << false;
        QTest::addRow("testBlockingDequeueUpToFromClosedEmptyQueue") << true;
    }
    void blockingDequeueManyFromClosedEmptyQueue()
    {
        QFETCH(bool, upTo);
        auto q = shuffled(10, 5);
        Async<Status> consumer([q, upTo] { return (upTo ? q->dequeueUpTo(4) : q->dequeueMany(4)).status(); });
        QVERIFY(dequeuersWaiting(*q, 1));
        QVERIFY(q->close().isOk());
        QVERIFY(consumer.finished());
        QCOMPARE(consumer.result().kind(), ErrorKind::OutOfRange);
        QVERIFY(consumer.result().message().contains(QStringLiteral("is closed and has insufficient")));
    }

    // testEnqueueToClosedQueue / testEnqueueManyToClosedQueue
    void enqueueToClosedQueue()
    {
        auto q = shuffled(10, 4);
        QVERIFY(q->enqueue(10).isOk());
        QVERIFY(q->close().isOk());
        for (const Status &s : {q->enqueue(10), q->enqueueMany({10, 20, 30, 40})}) {
            QCOMPARE(s.kind(), ErrorKind::Cancelled);
            QVERIFY(s.message().contains(QStringLiteral("is closed")));
        }
    }

    // testBlockingEnqueueToFullQueue
    void blockingEnqueueToFullQueue()
    {
        auto q = shuffled(4, 0);
        QVERIFY(q->enqueueMany({10, 20, 30, 40}).isOk());
        Async<Status> producer([q] { return q->enqueue(50); });
        QVERIFY(enqueuersWaiting(*q, 1));
        std::vector<int> results;
        for (int i = 0; i < 5; ++i)
            results.push_back(*q->dequeue());
        QCOMPARE(sorted(results), (std::vector<int>{10, 20, 30, 40, 50}));
        QVERIFY(results[0] != 50); // there was no room for 50 when the first was dequeued
        QVERIFY(producer.finished() && producer.result().isOk());
    }

    // testBlockingEnqueueManyToFullQueue
    void blockingEnqueueManyToFullQueue()
    {
        auto q = shuffled(4, 0);
        QVERIFY(q->enqueueMany({10, 20, 30, 40}).isOk());
        Async<Status> producer([q] { return q->enqueueMany({50, 60}); });
        QVERIFY(enqueuersWaiting(*q, 1));
        std::vector<int> results;
        for (int i = 0; i < 6; ++i)
            results.push_back(*q->dequeue());
        QCOMPARE(sorted(results), (std::vector<int>{10, 20, 30, 40, 50, 60}));
        QVERIFY(results[0] != 50 && results[0] != 60);
        QVERIFY(results[1] != 60);
        QVERIFY(producer.finished() && producer.result().isOk());
    }

    // testBlockingEnqueueToClosedQueue
    void blockingEnqueueToClosedQueue()
    {
        auto q = shuffled(4, 0);
        QVERIFY(q->enqueueMany({10, 20, 30, 40}).isOk());
        Flag closed;
        Async<std::pair<Status, Status>> producer([q, &closed] {
            const Status first = q->enqueue(50); // completes before the close
            closed.wait();
            return std::make_pair(first, q->enqueue(50));
        });
        QVERIFY(enqueuersWaiting(*q, 1));
        Async<Status> closer([q] { return q->close(); });
        QVERIFY(closesPending(*q, 1));
        const int first = *q->dequeue(); // unblocks the enqueue, then the close completes
        QVERIFY(first >= 10 && first <= 40);
        QVERIFY(closer.finished() && closer.result().isOk());
        closed.set();
        QVERIFY(producer.finished());
        QVERIFY(producer.result().first.isOk());
        QCOMPARE(producer.result().second.kind(), ErrorKind::Cancelled);
        QVERIFY(producer.result().second.message().contains(QStringLiteral("closed")));
    }

    // testBlockingEnqueueManyToClosedQueue
    void blockingEnqueueManyToClosedQueue()
    {
        auto q = shuffled(4, 0);
        QVERIFY(q->enqueueMany({10, 20, 30}).isOk());
        QCOMPARE(q->size(), 3);
        Async<Status> producer([q] { return q->enqueueMany({50, 60}); });
        QVERIFY(enqueuersWaiting(*q, 1));
        QCOMPARE(q->size(), 4); // 1 of 2 in, waiting for room for the other
        Async<Status> closer([q] { return q->close(); });
        QVERIFY(closesPending(*q, 1));
        QVERIFY(q->dequeue().isOk());
        QVERIFY(closer.finished() && closer.result().isOk());
        QVERIFY(producer.finished() && producer.result().isOk());
        const Status late = q->enqueueMany({50, 60});
        QCOMPARE(late.kind(), ErrorKind::Cancelled);
        QVERIFY(late.message().contains(QStringLiteral("closed")));
    }

    // testResetOfBlockingOperation
    void resetOfBlockingOperation()
    {
        auto empty = shuffled(5, 0, 0, QStringLiteral("q_empty"));
        auto full = shuffled(5, 0, 0, QStringLiteral("q_full"));
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
        for (Async<Status> *t : {&deq, &deqMany, &deqUpTo, &enq, &enqMany}) {
            QVERIFY(t->finished());
            QCOMPARE(t->result().kind(), ErrorKind::Cancelled);
            QVERIFY(t->result().message().contains(QStringLiteral("was cancelled")));
        }
        QCOMPARE(full->size(), 5);
    }

    // testDequeueManyInDifferentOrders / testDequeueUpToInDifferentOrders /
    // testDequeueInDifferentOrders: seeds 1729 and 87539319 give four different orders.
    void dequeueInDifferentOrders_data()
    {
        QTest::addColumn<int>("how"); // 0: dequeue_many(5), 1: dequeue_up_to(5), 2: dequeue x5
        QTest::addRow("testDequeueManyInDifferentOrders") << 0;
        QTest::addRow("testDequeueUpToInDifferentOrders") << 1;
        QTest::addRow("testDequeueInDifferentOrders") << 2;
    }
    void dequeueInDifferentOrders()
    {
        QFETCH(int, how);
        auto q1 = shuffled(10, 5, 1729);
        auto q2 = shuffled(10, 5, 87539319);
        for (auto &q : {q1, q2}) {
            QVERIFY(q->enqueueMany({1, 2, 3, 4, 5}).isOk());
            QVERIFY(q->enqueueMany({1, 2, 3, 4, 5}).isOk());
        }
        auto take = [how](Queue<int> &q) {
            if (how == 0)
                return *q.dequeueMany(5);
            if (how == 1)
                return *q.dequeueUpTo(5);
            std::vector<int> got;
            for (int i = 0; i < 5; ++i)
                got.push_back(*q.dequeue());
            return got;
        };
        std::vector<std::vector<int>> results{take(*q1), take(*q2)};
        QVERIFY(q1->close().isOk());
        QVERIFY(q2->close().isOk());
        results.push_back(take(*q1));
        results.push_back(take(*q2));
        for (size_t i = 1; i < 4; ++i) {
            for (size_t j = 0; j < i; ++j)
                QVERIFY(results[i] != results[j]);
        }
    }

    // testBigEnqueueMany
    void bigEnqueueMany()
    {
        auto q = shuffled(5, 0);
        const std::vector<int> elems = iota(1, 10);
        Async<Status> producer([q, elems] { return q->enqueueMany(elems); });
        std::vector<int> results{*q->dequeue()};
        QVERIFY(enqueuersWaiting(*q, 1));
        QCOMPARE(q->size(), 5);
        for (int i = 0; i < 3; ++i)
            results.push_back(*q->dequeue());
        QVERIFY(!producer.finished(std::chrono::milliseconds(0)));
        QCOMPARE(q->size(), 5);
        results.push_back(*q->dequeue());
        QVERIFY(producer.finished() && producer.result().isOk());
        for (int i = 0; i < 5; ++i) {
            QCOMPARE(q->size(), 5 - i);
            results.push_back(*q->dequeue());
            QCOMPARE(q->size(), 5 - i - 1);
        }
        QCOMPARE(sorted(results), elems);
    }

    // testBigDequeueMany
    void bigDequeueMany()
    {
        auto q = shuffled(2, 0);
        Async<Batch> consumer([q] { return q->dequeueMany(4); });
        QVERIFY(dequeuersWaiting(*q, 1));
        for (int e = 0; e < 4; ++e) {
            QVERIFY(!consumer.finished(std::chrono::milliseconds(0)));
            QVERIFY(q->enqueue(e).isOk());
        }
        QVERIFY(consumer.finished());
        QCOMPARE(sorted(*consumer.result()), (std::vector<int>{0, 1, 2, 3}));
    }

    // The element-loss regression on a shuffle queue (see tst_fifoqueuetf).
    void closeWhileBlockingEnqueueMany()
    {
        auto q = shuffled(2, 1);
        QVERIFY(q->enqueueMany({1, 2}).isOk());
        Async<Status> producer([q] { return q->enqueueMany({3, 4}); });
        QVERIFY(enqueuersWaiting(*q, 1));
        Async<Status> closer([q] { return q->close(); });
        QVERIFY(closesPending(*q, 1));
        const Batch batch = q->dequeueMany(4);
        QVERIFY2(batch.isOk(), qPrintable(batch.status().toString()));
        QCOMPARE(sorted(*batch), (std::vector<int>{1, 2, 3, 4}));
        QVERIFY(producer.finished() && producer.result().isOk());
        QVERIFY(closer.finished() && closer.result().isOk());
    }
};

QTEST_GUILESS_MAIN(TestRandomShuffleQueueTF)
#include "tst_randomshufflequeuetf.moc"
