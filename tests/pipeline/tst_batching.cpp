#include "pipeline/batching.h"
#include "pipeline/coordinator.h"

#include "testsupport.h"

#include <QTest>

#include <algorithm>
#include <atomic>
#include <numeric>

using namespace qs;
using namespace qs::test;

namespace {

// An example source shared by the enqueue threads: 0..limit-1, then OutOfRange.
EnqueueBody<int> counting(std::shared_ptr<std::atomic<int>> next, int limit)
{
    return [next, limit](Queue<int> &q, int) {
        const int v = next->fetch_add(1);
        if (v >= limit)
            return Status(ErrorKind::OutOfRange, QStringLiteral("no more examples"));
        return q.enqueue(v);
    };
}

} // namespace

class TestBatching : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { QTRY_COMPARE_WITH_TIMEOUT(CoordinatedThread::liveCount(), 0, kLongMs); }

    void validation_data()
    {
        QTest::addColumn<bool>("shuffle");
        QTest::addColumn<int>("batchSize");
        QTest::addColumn<int>("numThreads");
        QTest::addColumn<int>("capacity");
        QTest::addColumn<int>("minAfterDequeue");
        QTest::addColumn<QString>("message");
        QTest::addRow("batch_size") << false << 0 << 1 << 32 << 0
                                    << "batch: batch_size must be at least 1 (got 0)";
        QTest::addRow("num_threads") << false << 4 << 0 << 32 << 0
                                     << "batch: num_threads must be at least 1 (got 0)";
        QTest::addRow("capacity") << false << 4 << 1 << 0 << 0
                                  << "batch: capacity must be at least 1 (got 0)";
        QTest::addRow("capacity_equals_mad")
            << true << 4 << 1 << 10 << 10 << "capacity 10 must be bigger than min_after_dequeue 10.";
        QTest::addRow("capacity_below_mad")
            << true << 4 << 1 << 10 << 20 << "capacity 10 must be bigger than min_after_dequeue 20.";
        QTest::addRow("negative_mad")
            << true << 4 << 1 << 10 << -1 << "shuffle_batch: min_after_dequeue must be at least 0 (got -1)";
        QTest::addRow("shuffle_batch_size")
            << true << 0 << 1 << 10 << 2 << "shuffle_batch: batch_size must be at least 1 (got 0)";
    }
    void validation()
    {
        QFETCH(bool, shuffle);
        QFETCH(int, batchSize);
        QFETCH(int, numThreads);
        QFETCH(int, capacity);
        QFETCH(int, minAfterDequeue);
        QFETCH(QString, message);
        auto body = counting(std::make_shared<std::atomic<int>>(0), 1);
        Status s;
        if (shuffle) {
            ShuffleBatchOptions o;
            o.batchSize = batchSize;
            o.numThreads = numThreads;
            o.capacity = capacity;
            o.minAfterDequeue = minAfterDequeue;
            s = shuffleBatch<int>(o, body).status();
        } else {
            BatchOptions o;
            o.batchSize = batchSize;
            o.numThreads = numThreads;
            o.capacity = capacity;
            s = batch<int>(o, body).status();
        }
        QCOMPARE(s.kind(), ErrorKind::InvalidArgument);
        QCOMPARE(s.message(), message);
    }

    void batchesUntilTheInputRunsOut_data()
    {
        QTest::addColumn<bool>("shuffle");
        QTest::addColumn<bool>("allowSmaller");
        QTest::addRow("fifo_drop_remainder") << false << false;
        QTest::addRow("fifo_smaller_final") << false << true;
        QTest::addRow("shuffle_drop_remainder") << true << false;
        QTest::addRow("shuffle_smaller_final") << true << true;
    }
    void batchesUntilTheInputRunsOut()
    {
        QFETCH(bool, shuffle);
        QFETCH(bool, allowSmaller);
        constexpr int kExamples = 103;
        constexpr int kBatch = 10;
        QueueRunnerRegistry registry;
        auto body = counting(std::make_shared<std::atomic<int>>(0), kExamples);
        Result<Batcher<int>> made = invalidArgument(QStringLiteral("unset"));
        if (shuffle) {
            ShuffleBatchOptions o;
            o.numThreads = 3;
            o.capacity = 40;
            o.minAfterDequeue = 15;
            o.batchSize = kBatch;
            o.allowSmallerFinalBatch = allowSmaller;
            o.seed = 7;
            o.registry = &registry;
            made = shuffleBatch<int>(o, body);
        } else {
            BatchOptions o;
            o.numThreads = 3;
            o.capacity = 16;
            o.batchSize = kBatch;
            o.allowSmallerFinalBatch = allowSmaller;
            o.registry = &registry;
            made = batch<int>(o, body);
        }
        QVERIFY(made.isOk());
        const Batcher<int> batcher = *made;
        QCOMPARE(registry.queueRunners().size(), 1);
        Coordinator coord;
        const QList<ThreadHandle> threads = registry.startQueueRunners(coord);
        QCOMPARE(threads.size(), 4);

        std::vector<int> seen;
        QList<int> sizes;
        for (;;) {
            auto b = batcher.next(kLong);
            if (!b) {
                QCOMPARE(b.status().kind(), ErrorKind::OutOfRange);
                break;
            }
            sizes << int(b->size());
            seen.insert(seen.end(), b->begin(), b->end());
        }
        coord.requestStop(); // what the trainer does at the end of data
        QVERIFY(coord.join(threads).isOk());

        QCOMPARE(sizes.size(), allowSmaller ? 11 : 10);
        QVERIFY(std::all_of(sizes.begin(), sizes.begin() + 10, [](int n) { return n == kBatch; }));
        if (allowSmaller)
            QCOMPARE(sizes.last(), 3);
        // Without smaller final batches the remainder stays in the queue, unread.
        QCOMPARE(batcher.queue()->size(), allowSmaller ? 0 : 3);
        std::vector<int> all = seen;
        if (!allowSmaller) {
            const std::vector<int> rest = *batcher.queue()->dequeueUpTo(kBatch, 0ms);
            all.insert(all.end(), rest.begin(), rest.end());
        }
        std::sort(all.begin(), all.end());
        std::vector<int> expected(kExamples);
        std::iota(expected.begin(), expected.end(), 0);
        QCOMPARE(all, expected);
        if (shuffle)
            QVERIFY(!std::is_sorted(seen.begin(), seen.end()));
    }

    void fillFigures()
    {
        BatchOptions b;
        b.capacity = 20;
        auto fifo = *batch<int>(b, counting(std::make_shared<std::atomic<int>>(0), 0));
        QCOMPARE(fifo.fillFigureName(), QStringLiteral("fraction_of_20_full"));
        ShuffleBatchOptions s;
        s.capacity = 32;
        s.minAfterDequeue = 8;
        auto shuffled = *shuffleBatch<int>(s, counting(std::make_shared<std::atomic<int>>(0), 0));
        QCOMPARE(shuffled.fillFigureName(), QStringLiteral("fraction_over_8_of_24_full"));
        for (int i = 0; i < 5; ++i) {
            QVERIFY(fifo.queue()->enqueue(i).isOk());
            QVERIFY(shuffled.queue()->enqueue(i).isOk());
        }
        QCOMPARE(fifo.fillFraction(), 0.25);
        QCOMPARE(shuffled.fillFraction(), 0.0); // below min_after_dequeue
        for (int i = 0; i < 15; ++i)
            QVERIFY(shuffled.queue()->enqueue(i).isOk());
        QCOMPARE(shuffled.fillFraction(), 0.5); // (20 - 8) / 24
    }
};

QTEST_GUILESS_MAIN(TestBatching)
#include "tst_batching.moc"
