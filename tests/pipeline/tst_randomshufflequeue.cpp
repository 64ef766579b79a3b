#include "pipeline/randomshufflequeue.h"

#include "testsupport.h"

#include <QTest>

#include <algorithm>
#include <numeric>

using namespace qs;
using namespace qs::test;

namespace {

std::shared_ptr<RandomShuffleQueue<int>> makeQueue(int capacity, int minAfterDequeue, quint64 seed = 0)
{
    auto q = RandomShuffleQueue<int>::create(QStringLiteral("q"), capacity, minAfterDequeue, seed);
    QS_CHECK(q.isOk());
    return *q;
}

std::vector<int> range(int n)
{
    std::vector<int> v(n);
    std::iota(v.begin(), v.end(), 0);
    return v;
}

// Enqueues 0..n-1, closes, and dequeues everything: the order the seed produces.
std::vector<int> orderFor(quint64 seed, int n = 100)
{
    auto q = makeQueue(n, 0, seed);
    QS_CHECK(q->enqueueMany(range(n)).isOk());
    q->close();
    return *q->dequeueMany(n);
}

} // namespace

class TestRandomShuffleQueue : public QObject {
    Q_OBJECT
private slots:
    void createValidates_data()
    {
        QTest::addColumn<int>("capacity");
        QTest::addColumn<int>("minAfterDequeue");
        QTest::addColumn<QString>("message");
        QTest::addRow("mad_equals_capacity") << 10 << 10
                                             << "RandomShuffleQueue 'q': min_after_dequeue (10) must be at "
                                                "least 0 and less than capacity (10)";
        QTest::addRow("mad_negative") << 10 << -1
                                      << "RandomShuffleQueue 'q': min_after_dequeue (-1) must be at least 0 "
                                         "and less than capacity (10)";
        QTest::addRow("capacity_zero")
            << 0 << 0 << "RandomShuffleQueue 'q': capacity must be at least 1 (got 0)";
    }
    void createValidates()
    {
        QFETCH(int, capacity);
        QFETCH(int, minAfterDequeue);
        QFETCH(QString, message);
        auto q = RandomShuffleQueue<int>::create(QStringLiteral("q"), capacity, minAfterDequeue);
        QVERIFY(!q.isOk());
        QCOMPARE(q.status().kind(), ErrorKind::InvalidArgument);
        QCOMPARE(q.status().message(), message);
    }

    void everyElementComesOutOnce()
    {
        std::vector<int> order = orderFor(7);
        QVERIFY(order != range(100)); // shuffled (the chance of the identity is 1 / 100!)
        std::sort(order.begin(), order.end());
        QCOMPARE(order, range(100));
    }

    void sameSeedSameOrder()
    {
        QCOMPARE(orderFor(42), orderFor(42));
        QVERIFY(orderFor(42) != orderFor(43));
    }

    void seedZeroDrawsARandomSeed()
    {
        auto a = makeQueue(4, 0, 0);
        auto b = makeQueue(4, 0, 0);
        QVERIFY(a->seed() != 0);
        QVERIFY(a->seed() != b->seed());
        QVERIFY(a->seed() < (quint64(1) << 53));
        QVERIFY(orderFor(0) != orderFor(0));
        QCOMPARE(makeQueue(4, 0, 99)->seed(), quint64(99));
    }

    // TensorFlow: testBlockingDequeueFromClosedQueue with min_after_dequeue.
    void minAfterDequeueHoldsElementsUntilClose()
    {
        auto q = makeQueue(10, 4, 1);
        QVERIFY(q->enqueueMany({1, 2, 3, 4, 5}).isOk());
        QVERIFY(q->dequeue(0ms).isOk()); // 5 > 4: one may go
        QCOMPARE(q->size(), 4);
        QCOMPARE(q->dequeue(0ms).status().kind(), ErrorKind::DeadlineExceeded);

        Async<Result<int>> consumer([q] { return q->dequeue(); });
        QTRY_COMPARE_WITH_TIMEOUT(q->counters().waitingDequeuers, 1, kLongMs);
        QCOMPARE(q->size(), 4);
        q->close(); // lifts the floor
        QVERIFY(consumer.finished());
        QVERIFY(consumer.result().isOk());
        QCOMPARE(q->size(), 3);
        QCOMPARE(q->dequeueMany(4).status().kind(), ErrorKind::OutOfRange);
        QCOMPARE(q->dequeueUpTo(4)->size(), size_t(3));
        const auto last = q->dequeue();
        QCOMPARE(last.status().message(),
                 QStringLiteral("RandomShuffleQueue 'q' is closed and has insufficient elements (requested "
                                "1, current size 0)"));
    }

    void dequeueManyTakesOnlyAboveTheFloor()
    {
        auto q = makeQueue(10, 2, 1);
        QVERIFY(q->enqueueMany({1, 2, 3, 4, 5}).isOk());
        QCOMPARE(q->dequeueMany(3, 0ms)->size(), size_t(3));
        QCOMPARE(q->dequeueMany(1, 0ms).status().kind(), ErrorKind::DeadlineExceeded);
        QCOMPARE(q->size(), 2);

        Async<Result<std::vector<int>>> consumer([q] { return q->dequeueMany(2); });
        QTRY_COMPARE_WITH_TIMEOUT(q->counters().waitingDequeuers, 1, kLongMs);
        QVERIFY(q->enqueue(6).isOk()); // 3 > 2: the blocked batch takes one and waits for more
        QVERIFY(q->enqueue(7).isOk());
        QVERIFY(consumer.finished());
        QCOMPARE(consumer.result()->size(), size_t(2));
        QCOMPARE(q->size(), 2);
    }

    void dequeueManyOnCloseRestoresPartialBatch()
    {
        auto q = makeQueue(4, 0, 5);
        QVERIFY(q->enqueueMany({1, 2, 3}).isOk());
        Async<Result<std::vector<int>>> consumer([q] { return q->dequeueMany(5); });
        QTRY_COMPARE_WITH_TIMEOUT(q->counters().waitingDequeuers, 1, kLongMs);
        QTRY_COMPARE_WITH_TIMEOUT(q->size(), 0, kLongMs);
        q->close();
        QVERIFY(consumer.finished());
        QCOMPARE(consumer.result().status().message(),
                 QStringLiteral("RandomShuffleQueue 'q' is closed and has insufficient elements (requested "
                                "5, current size 3)"));
        auto rest = *q->dequeueUpTo(5);
        std::sort(rest.begin(), rest.end());
        QCOMPARE(rest, (std::vector<int>{1, 2, 3}));
    }

    void enqueueToClosedQueueFails()
    {
        auto q = makeQueue(4, 1);
        q->close();
        QCOMPARE(q->enqueue(1).message(), QStringLiteral("RandomShuffleQueue 'q' is closed."));
    }

    void fillFigure_data()
    {
        QTest::addColumn<int>("size");
        QTest::addColumn<double>("fraction");
        QTest::addRow("below_floor") << 5 << 0.0;
        QTest::addRow("at_floor") << 8 << 0.0;
        QTest::addRow("half") << 20 << 0.5;
        QTest::addRow("full") << 32 << 1.0;
    }
    void fillFigure()
    {
        QFETCH(int, size);
        QFETCH(double, fraction);
        auto q = makeQueue(32, 8);
        QCOMPARE(q->fillFigureName(), QStringLiteral("fraction_over_8_of_24_full"));
        QVERIFY(q->enqueueMany(range(size)).isOk());
        QCOMPARE(q->fillFraction(), fraction);
        QCOMPARE(q->typeName(), QStringLiteral("RandomShuffleQueue"));
    }
};

QTEST_GUILESS_MAIN(TestRandomShuffleQueue)
#include "tst_randomshufflequeue.moc"
