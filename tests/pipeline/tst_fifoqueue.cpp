#include "pipeline/fifoqueue.h"

#include "testsupport.h"

#include <QTest>

#include <algorithm>
#include <numeric>

using namespace qs;
using namespace qs::test;

namespace {

std::shared_ptr<FIFOQueue<int>> makeQueue(int capacity, const QString &name = QStringLiteral("q"))
{
    auto q = FIFOQueue<int>::create(name, capacity);
    QS_CHECK(q.isOk());
    return *q;
}

void fill(Queue<int> &q, std::initializer_list<int> values)
{
    for (int v : values)
        QVERIFY(q.enqueue(v).isOk());
}

std::vector<int> drain(Queue<int> &q)
{
    std::vector<int> out;
    while (q.size() > 0)
        out.push_back(*q.dequeue(0ms));
    return out;
}

} // namespace

class TestFIFOQueue : public QObject {
    Q_OBJECT
private slots:
    void createRejectsBadCapacity()
    {
        auto q = FIFOQueue<int>::create(QStringLiteral("q"), 0);
        QVERIFY(!q.isOk());
        QCOMPARE(q.status().kind(), ErrorKind::InvalidArgument);
        QCOMPARE(q.status().message(), QStringLiteral("FIFOQueue 'q': capacity must be at least 1 (got 0)"));
    }

    void elementsLeaveInOrder()
    {
        auto q = makeQueue(10);
        QVERIFY(q->enqueueMany({1, 2, 3}).isOk());
        fill(*q, {4, 5});
        QCOMPARE(q->size(), 5);
        QCOMPARE(*q->dequeue(), 1);
        QCOMPARE(*q->dequeueMany(2), (std::vector<int>{2, 3}));
        const QueueCounters c = q->counters();
        QCOMPARE(c.enqueued, 5);
        QCOMPARE(c.size, 2);
        QCOMPARE(c.dequeued, 3);
    }

    void dequeueUpToWaitsForAllWhileOpen()
    {
        auto q = makeQueue(10);
        fill(*q, {1, 2});
        auto r = q->dequeueUpTo(3, 20ms);
        QCOMPARE(r.status().kind(), ErrorKind::DeadlineExceeded);
        QCOMPARE(drain(*q), (std::vector<int>{1, 2})); // given back, in order
    }

    void zeroAndNegativeCounts()
    {
        auto q = makeQueue(2);
        QVERIFY(q->dequeueMany(0)->empty());
        QCOMPARE(q->dequeueMany(-1).status().kind(), ErrorKind::InvalidArgument);
        QVERIFY(q->enqueueMany({}).isOk());
        QCOMPARE(q->counters().enqueued, 0);
    }

    void enqueueToClosedQueueFails_data()
    {
        QTest::addColumn<bool>("cancel");
        QTest::addRow("close") << false;
        QTest::addRow("close_cancel") << true;
    }
    void enqueueToClosedQueueFails()
    {
        QFETCH(bool, cancel);
        auto q = makeQueue(4, QStringLiteral("fifo_queue"));
        q->close(cancel);
        QVERIFY(q->isClosed());
        for (const Status &s : {q->enqueue(1), q->enqueueMany({1, 2})}) {
            QCOMPARE(s.kind(), ErrorKind::Cancelled);
            QCOMPARE(s.message(), QStringLiteral("FIFOQueue 'fifo_queue' is closed."));
        }
    }

    void dequeueFromClosedEmptyQueueFails()
    {
        auto q = makeQueue(4);
        q->close();
        const auto r = q->dequeue();
        QCOMPARE(r.status().kind(), ErrorKind::OutOfRange);
        QCOMPARE(r.status().message(),
                 QStringLiteral(
                     "FIFOQueue 'q' is closed and has insufficient elements (requested 1, current size 0)"));
    }

    void closedQueueStillDrains()
    {
        auto q = makeQueue(4);
        fill(*q, {1, 2, 3});
        q->close();
        QCOMPARE(*q->dequeue(), 1);
        QCOMPARE(*q->dequeueMany(2), (std::vector<int>{2, 3}));
        QCOMPARE(q->dequeue().status().kind(), ErrorKind::OutOfRange);
    }

    void blockedDequeueWakesWithOutOfRangeOnClose_data()
    {
        QTest::addColumn<bool>("cancel");
        QTest::addRow("close") << false;
        QTest::addRow("close_cancel") << true;
    }
    void blockedDequeueWakesWithOutOfRangeOnClose()
    {
        QFETCH(bool, cancel);
        auto q = makeQueue(4);
        Async<Result<int>> consumer([q] { return q->dequeue(); });
        QTRY_COMPARE_WITH_TIMEOUT(q->counters().waitingDequeuers, 1, kLongMs);
        q->close(cancel);
        QVERIFY(consumer.finished());
        QCOMPARE(consumer.result().status().kind(), ErrorKind::OutOfRange);
        QCOMPARE(q->counters().waitingDequeuers, 0);
    }

    // TensorFlow: testClosedBlockingDequeueManyRestoresPartialBatch.
    void dequeueManyOnCloseRestoresPartialBatchInOrder()
    {
        auto q = makeQueue(4);
        fill(*q, {1, 2, 3});
        Async<Result<std::vector<int>>> consumer([q] { return q->dequeueMany(4); });
        // The blocked dequeueMany holds the three elements while it waits for the fourth.
        QTRY_COMPARE_WITH_TIMEOUT(q->counters().waitingDequeuers, 1, kLongMs);
        QTRY_COMPARE_WITH_TIMEOUT(q->size(), 0, kLongMs);
        q->close();
        QVERIFY(consumer.finished());
        QCOMPARE(consumer.result().status().kind(), ErrorKind::OutOfRange);
        QCOMPARE(consumer.result().status().message(),
                 QStringLiteral(
                     "FIFOQueue 'q' is closed and has insufficient elements (requested 4, current size 3)"));
        QCOMPARE(drain(*q), (std::vector<int>{1, 2, 3}));
        QCOMPARE(q->counters().dequeued, 3); // the failed dequeueMany handed nothing out
    }

    void dequeueManyOnClosedQueueLeavesElements()
    {
        auto q = makeQueue(4);
        fill(*q, {1, 2, 3});
        q->close();
        QCOMPARE(q->dequeueMany(4).status().kind(), ErrorKind::OutOfRange);
        QCOMPARE(*q->dequeueUpTo(4), (std::vector<int>{1, 2, 3}));
        QCOMPARE(q->dequeueUpTo(4).status().kind(), ErrorKind::OutOfRange);
    }

    void blockedDequeueUpToReturnsRemainderOnClose()
    {
        auto q = makeQueue(4);
        fill(*q, {7, 8});
        Async<Result<std::vector<int>>> consumer([q] { return q->dequeueUpTo(3); });
        QTRY_COMPARE_WITH_TIMEOUT(q->counters().waitingDequeuers, 1, kLongMs);
        q->close();
        QVERIFY(consumer.finished());
        QVERIFY(consumer.result().isOk());
        QCOMPARE(*consumer.result(), (std::vector<int>{7, 8}));
    }

    // TensorFlow: testBlockingEnqueueBeforeClose.
    void blockingEnqueueBeforeCloseSucceedsAfterDequeue()
    {
        auto q = makeQueue(1);
        fill(*q, {1});
        Async<Status> producer([q] { return q->enqueue(2); });
        QTRY_COMPARE_WITH_TIMEOUT(q->counters().waitingEnqueuers, 1, kLongMs);
        // A plain close waits behind the pending enqueue, and lets it finish.
        Async<Status> closer([q] { return q->close(); }, QStringLiteral("closer"));
        QTRY_COMPARE_WITH_TIMEOUT(q->counters().pendingCloses, 1, kLongMs);
        QVERIFY(!q->isClosed());
        QCOMPARE(*q->dequeue(), 1);
        QVERIFY(producer.finished());
        QVERIFY(producer.result().isOk());
        QVERIFY(closer.finished());
        QVERIFY(closer.result().isOk());
        QCOMPARE(*q->dequeue(), 2);
        QCOMPARE(q->dequeue().status().kind(), ErrorKind::OutOfRange);
    }

    // TensorFlow: testBlockingEnqueueToClosedQueue with cancel_pending_enqueues.
    void cancelFailsPendingEnqueues()
    {
        auto q = makeQueue(1);
        fill(*q, {1});
        Async<Status> one([q] { return q->enqueue(2); }, QStringLiteral("one"));
        QTRY_COMPARE_WITH_TIMEOUT(q->counters().waitingEnqueuers, 1, kLongMs);
        Async<Status> two([q] { return q->enqueueMany({3, 4}); }, QStringLiteral("two"));
        QTRY_COMPARE_WITH_TIMEOUT(q->counters().waitingEnqueuers, 2, kLongMs);
        q->close(true);
        QVERIFY(one.finished() && two.finished());
        for (const Status &s : {one.result(), two.result()}) {
            QCOMPARE(s.kind(), ErrorKind::Cancelled);
            QCOMPARE(s.message(), QStringLiteral("Enqueue operation was cancelled"));
        }
        QCOMPARE(q->counters().cancelled, true);
        QCOMPARE(drain(*q), (std::vector<int>{1}));
    }

    void cancelKeepsWhatEnqueueManyAlreadyAdded()
    {
        auto q = makeQueue(2);
        int enqueued = -1;
        Async<Status> producer([q, &enqueued] {
            return q->enqueueMany({1, 2, 3, 4}, kWaitForever, &enqueued);
        });
        QTRY_COMPARE_WITH_TIMEOUT(q->counters().waitingEnqueuers, 1, kLongMs);
        QCOMPARE(q->size(), 2);
        q->close(true);
        QVERIFY(producer.finished());
        QCOMPARE(producer.result().kind(), ErrorKind::Cancelled);
        QCOMPARE(enqueued, 2);
        QCOMPARE(drain(*q), (std::vector<int>{1, 2}));
    }

    void timeoutsLeaveTheQueueUsable_data()
    {
        QTest::addColumn<int>("timeoutMs");
        QTest::addRow("no_wait") << 0;
        QTest::addRow("20ms") << 20;
    }
    void timeoutsLeaveTheQueueUsable()
    {
        QFETCH(int, timeoutMs);
        const Timeout t(timeoutMs);
        auto q = makeQueue(2);
        const auto empty = q->dequeue(t);
        QCOMPARE(empty.status().kind(), ErrorKind::DeadlineExceeded);
        QVERIFY(empty.status().message().startsWith(
            QStringLiteral("Timed out waiting for notification (FIFOQueue 'q' timed out after")));
        fill(*q, {1, 2});
        int enqueued = -1;
        const Status full = q->enqueueMany({3, 4}, t, &enqueued);
        QCOMPARE(full.kind(), ErrorKind::DeadlineExceeded);
        QCOMPARE(enqueued, 0);
        QCOMPARE(q->dequeueMany(3, t).status().kind(), ErrorKind::DeadlineExceeded);
        const QueueCounters c = q->counters();
        QCOMPARE(c.size, 2);
        QCOMPARE(c.waitingDequeuers + c.waitingEnqueuers, 0);
        QCOMPARE(*q->dequeueMany(2, t), (std::vector<int>{1, 2}));
        QVERIFY(q->enqueue(5, t).isOk());
        QCOMPARE(*q->dequeue(t), 5);
    }

    void timedOutHeadGivesWayToTheNext()
    {
        auto q = makeQueue(4);
        fill(*q, {1, 2});
        Async<Result<std::vector<int>>> head([q] { return q->dequeueMany(3, 1000ms); },
                                             QStringLiteral("head"));
        QTRY_COMPARE_WITH_TIMEOUT(q->counters().waitingDequeuers, 1, kLongMs);
        Async<Result<int>> next([q] { return q->dequeue(); }, QStringLiteral("next"));
        QTRY_COMPARE_WITH_TIMEOUT(q->counters().waitingDequeuers, 2, kLongMs);
        QCOMPARE(q->size(), 0); // the head holds both elements
        QVERIFY(head.finished());
        QCOMPARE(head.result().status().kind(), ErrorKind::DeadlineExceeded);
        QVERIFY(next.finished()); // served at once with the first element given back
        QCOMPARE(*next.result(), 1);
        QCOMPARE(drain(*q), (std::vector<int>{2}));
    }

    void dequeuersServedInArrivalOrder()
    {
        auto q = makeQueue(4);
        Async<Result<int>> a([q] { return q->dequeue(); }, QStringLiteral("a"));
        QTRY_COMPARE_WITH_TIMEOUT(q->counters().waitingDequeuers, 1, kLongMs);
        Async<Result<std::vector<int>>> b([q] { return q->dequeueMany(2); }, QStringLiteral("b"));
        QTRY_COMPARE_WITH_TIMEOUT(q->counters().waitingDequeuers, 2, kLongMs);
        Async<Result<int>> c([q] { return q->dequeue(); }, QStringLiteral("c"));
        QTRY_COMPARE_WITH_TIMEOUT(q->counters().waitingDequeuers, 3, kLongMs);
        fill(*q, {1, 2});
        QVERIFY(a.finished());
        QCOMPARE(*a.result(), 1);
        // b is at the head now, holding 2; c must not overtake it.
        QTRY_COMPARE_WITH_TIMEOUT(q->size(), 0, kLongMs);
        QVERIFY(!c.handle()->isFinished());
        fill(*q, {3, 4});
        QVERIFY(b.finished() && c.finished());
        QCOMPARE(*b.result(), (std::vector<int>{2, 3}));
        QCOMPARE(*c.result(), 4);
    }

    void enqueuersServedInArrivalOrder()
    {
        auto q = makeQueue(1);
        fill(*q, {0});
        Async<Status> a([q] { return q->enqueueMany({1, 2}); }, QStringLiteral("a"));
        QTRY_COMPARE_WITH_TIMEOUT(q->counters().waitingEnqueuers, 1, kLongMs);
        Async<Status> b([q] { return q->enqueue(3); }, QStringLiteral("b"));
        QTRY_COMPARE_WITH_TIMEOUT(q->counters().waitingEnqueuers, 2, kLongMs);
        std::vector<int> got;
        for (int i = 0; i < 4; ++i)
            got.push_back(*q->dequeue(kLong));
        QCOMPARE(got, (std::vector<int>{0, 1, 2, 3}));
        QVERIFY(a.finished() && b.finished());
        QVERIFY(a.result().isOk() && b.result().isOk());
    }

    void manyProducersAndConsumersLoseNothing()
    {
        constexpr int kProducers = 4;
        constexpr int kPerProducer = 2000;
        auto q = makeQueue(8);
        std::vector<std::unique_ptr<Async<Status>>> producers;
        for (int p = 0; p < kProducers; ++p) {
            producers.push_back(std::make_unique<Async<Status>>([q, p] {
                for (int i = 0; i < kPerProducer; ++i) {
                    if (Status s = q->enqueue(p * kPerProducer + i); !s.isOk())
                        return s;
                }
                return Status();
            }));
        }
        std::vector<std::unique_ptr<Async<std::vector<int>>>> consumers;
        for (int c = 0; c < 3; ++c) {
            consumers.push_back(std::make_unique<Async<std::vector<int>>>([q] {
                std::vector<int> got;
                for (;;) {
                    auto batch = q->dequeueUpTo(3);
                    if (!batch)
                        return got;
                    got.insert(got.end(), batch->begin(), batch->end());
                }
            }));
        }
        for (auto &p : producers) {
            QVERIFY(p->finished());
            QVERIFY(p->result().isOk());
        }
        q->close();
        std::vector<int> all;
        for (auto &c : consumers) {
            QVERIFY(c->finished());
            // Each producer's elements reach any one consumer in the order they were enqueued.
            std::vector<int> last(kProducers, -1);
            for (int v : c->result()) {
                QVERIFY(v > last[v / kPerProducer]);
                last[v / kPerProducer] = v;
            }
            all.insert(all.end(), c->result().begin(), c->result().end());
        }
        std::sort(all.begin(), all.end());
        std::vector<int> expected(kProducers * kPerProducer);
        std::iota(expected.begin(), expected.end(), 0);
        QCOMPARE(all, expected);
        QCOMPARE(q->counters().dequeued, qint64(expected.size()));
    }

    void fillFigure()
    {
        auto q = makeQueue(10);
        QCOMPARE(q->fillFigureName(), QStringLiteral("fraction_of_10_full"));
        QCOMPARE(q->fillFraction(), 0.0);
        fill(*q, {1, 2, 3, 4});
        QCOMPARE(q->fillFraction(), 0.4);
        QCOMPARE(q->typeName(), QStringLiteral("FIFOQueue"));
        QCOMPARE(q->minAfterDequeue(), 0);
    }
};

QTEST_GUILESS_MAIN(TestFIFOQueue)
#include "tst_fifoqueue.moc"
