// Ports of TensorFlow's tensorflow/python/training/input_test.py for string_input_producer,
// batch, shuffle_batch, batch_join and shuffle_batch_join (StringInputProducerTest, BatchTest,
// ShuffleBatchTest, BatchJoinTest, ShuffleBatchJoinTest): the cases about what comes out and
// when the data ends, not shapes, sparse tensors or graph names. TF's count_up_to variable is a
// shared counter; its "string" component rides along in a pair. Slots are named
// <TF class minus "Test">_<test>.
#include "pipeline/batching.h"
#include "pipeline/coordinator.h"
#include "pipeline/inputproducer.h"

#include "testsupport.h"

#include <QTest>

#include <algorithm>
#include <atomic>
#include <map>
#include <numeric>

using namespace qs;
using namespace qs::test;

namespace {

using Example = std::pair<int, QString>;

// count_up_to(limit) as an enqueue body: each call enqueues the next count, with `tag`.
EnqueueBody<Example> countUpTo(std::shared_ptr<std::atomic<int>> next, int limit,
                               QString tag = QStringLiteral("string"))
{
    return [next, limit, tag](Queue<Example> &q, int) {
        const int v = next->fetch_add(1);
        if (v >= limit)
            return Status(ErrorKind::OutOfRange, QStringLiteral("Reached limit of %1").arg(limit));
        return q.enqueue({v, tag});
    };
}

// A body that enqueues `value` `times` times (TF's second, constant tensor list of batch_join).
EnqueueBody<Example> repeated(int value, int times, QString tag)
{
    auto left = std::make_shared<std::atomic<int>>(times);
    return [left, value, tag](Queue<Example> &q, int) {
        if (left->fetch_sub(1) <= 0)
            return Status(ErrorKind::OutOfRange, QStringLiteral("done"));
        return q.enqueue({value, tag});
    };
}

std::vector<int> counts(const std::vector<Example> &batch)
{
    std::vector<int> out;
    for (const Example &e : batch)
        out.push_back(e.first);
    return out;
}

std::vector<int> range(int from, int to)
{
    std::vector<int> v(static_cast<size_t>(to - from));
    std::iota(v.begin(), v.end(), from);
    return v;
}

// Runs the registry's runners under a coordinator for one test, and stops and joins them.
class Run {
public:
    explicit Run(QueueRunnerRegistry &registry)
        : m_threads(registry.startQueueRunners(m_coord))
    {}
    Status finish()
    {
        m_coord.requestStop();
        return m_coord.join(m_threads, kLong);
    }

private:
    Coordinator m_coord;
    QList<ThreadHandle> m_threads;
};

} // namespace

class TestInputTF : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { QTRY_COMPARE_WITH_TIMEOUT(CoordinatedThread::liveCount(), 0, kLongMs); }

    // StringInputProducerTest.testNoShuffle
    void StringInputProducer_noShuffle()
    {
        const QStringList strings{"to", "be", "or", "not", "to", "be"};
        QueueRunnerRegistry registry;
        InputProducerOptions o;
        o.numEpochs = 3;
        o.shuffle = false;
        o.registry = &registry;
        auto producer = stringInputProducer(strings, o);
        QVERIFY(producer.isOk());
        Run run(registry);
        const auto output = producer->queue->dequeueMany(int(strings.size()) * 3);
        QVERIFY(output.isOk());
        QCOMPARE(QStringList(output->begin(), output->end()), strings + strings + strings);
        QCOMPARE(producer->queue->dequeue().status().kind(), ErrorKind::OutOfRange); // reached the limit
        QVERIFY(run.finish().isOk());
    }

    // StringInputProducerTest.testShuffle
    void StringInputProducer_shuffle()
    {
        const QStringList strings{"a", "b", "c"};
        constexpr int kEpochs = 600;
        QueueRunnerRegistry registry;
        InputProducerOptions o;
        o.numEpochs = kEpochs;
        o.shuffle = true;
        o.seed = 271828;
        o.registry = &registry;
        auto producer = stringInputProducer(strings, o);
        QVERIFY(producer.isOk());
        Run run(registry);
        const QStringList expected{"abc", "acb", "bac", "bca", "cab", "cba"};
        std::map<QString, int> frequency;
        for (int i = 0; i < kEpochs; ++i) {
            const auto output = producer->queue->dequeueMany(3);
            QVERIFY(output.isOk());
            const QString key = QStringList(output->begin(), output->end()).join(QString());
            QVERIFY2(expected.contains(key), qPrintable(key)); // shuffled only within an epoch
            ++frequency[key];
        }
        const double each = double(kEpochs) / expected.size();
        for (const QString &e : expected) {
            QVERIFY2(frequency[e] > each * 0.6 && frequency[e] < each * 1.4, qPrintable(e));
        }
        QCOMPARE(producer->queue->dequeue().status().kind(), ErrorKind::OutOfRange);
        QVERIFY(run.finish().isOk());
    }

    // StringInputProducerTest.testNullStringPython (and testNullString: the same check)
    void StringInputProducer_nullStringPython()
    {
        const auto producer = stringInputProducer({});
        QCOMPARE(producer.status().kind(), ErrorKind::InvalidArgument);
        QVERIFY(producer.status().message().contains(QStringLiteral("requires a non-empty")));
    }

    // BatchTest.testOneThread / testManyThreads and their ...SmallerBatch variants;
    // ShuffleBatchTest the same; the rows name the TF test.
    void oneSourceBatches_data()
    {
        QTest::addColumn<bool>("shuffle");
        QTest::addColumn<int>("threads");
        QTest::addColumn<int>("extra");
        QTest::addRow("BatchTest.testOneThread") << false << 1 << 0;
        QTest::addRow("BatchTest.testManyThreads") << false << 4 << 0;
        QTest::addRow("BatchTest.testOneThreadSmallerBatch") << false << 1 << 5;
        QTest::addRow("BatchTest.testManyThreadsSmallerBatch") << false << 4 << 5;
        QTest::addRow("ShuffleBatchTest.testOneThread") << true << 1 << 0;
        QTest::addRow("ShuffleBatchTest.testManyThreads") << true << 4 << 0;
        QTest::addRow("ShuffleBatchTest.testOneThreadSmallerBatch") << true << 1 << 5;
        QTest::addRow("ShuffleBatchTest.testManyThreadsSmallerBatch") << true << 4 << 5;
    }
    void oneSourceBatches()
    {
        QFETCH(bool, shuffle);
        QFETCH(int, threads);
        QFETCH(int, extra);
        constexpr int kBatch = 10;
        constexpr int kBatches = 3;
        const int total = kBatch * kBatches + extra;
        QueueRunnerRegistry registry;
        auto body = countUpTo(std::make_shared<std::atomic<int>>(0), total);
        Result<Batcher<Example>> made = Status(ErrorKind::Internal, QStringLiteral("unset"));
        if (shuffle) {
            ShuffleBatchOptions o;
            o.batchSize = kBatch;
            o.numThreads = threads;
            o.capacity = 32;
            o.minAfterDequeue = 16;
            o.seed = 141421;
            o.allowSmallerFinalBatch = extra > 0;
            o.registry = &registry;
            made = shuffleBatch<Example>(o, body);
        } else {
            BatchOptions o;
            o.batchSize = kBatch;
            o.numThreads = threads;
            o.allowSmallerFinalBatch = extra > 0;
            o.registry = &registry;
            made = batch<Example>(o, body);
        }
        QVERIFY(made.isOk());
        Run run(registry);
        std::vector<int> all;
        for (int i = 0; i < kBatches; ++i) {
            const auto b = made->next(kLong);
            QVERIFY2(b.isOk(), qPrintable(b.status().toString()));
            QCOMPARE(int(b->size()), kBatch);
            for (const Example &e : *b)
                QCOMPARE(e.second, QStringLiteral("string"));
            if (!shuffle && threads == 1)
                QCOMPARE(counts(*b), range(i * kBatch, (i + 1) * kBatch)); // one thread: in order
            const std::vector<int> c = counts(*b);
            all.insert(all.end(), c.begin(), c.end());
        }
        if (extra > 0) {
            const auto last = made->next(kLong);
            QVERIFY(last.isOk());
            QCOMPARE(int(last->size()), extra);
            const std::vector<int> c = counts(*last);
            all.insert(all.end(), c.begin(), c.end());
        }
        if (shuffle)
            QVERIFY(all != range(0, total)); // shuffled
        std::sort(all.begin(), all.end());
        QCOMPARE(all, range(0, total));
        QCOMPARE(made->next(kLong).status().kind(), ErrorKind::OutOfRange); // reached the limit
        QVERIFY(run.finish().isOk());
    }

    // BatchTest.testOneThreadBigBatch: a batch larger than the queue's capacity still comes out
    // whole (the dequeue_many holds what it has taken while it waits for the rest).
    void Batch_oneThreadBigBatch()
    {
        constexpr int kBatch = 33;
        QueueRunnerRegistry registry;
        BatchOptions o;
        o.batchSize = kBatch;
        o.capacity = 32;
        o.registry = &registry;
        auto made = batch<Example>(o, countUpTo(std::make_shared<std::atomic<int>>(0), 3 * kBatch));
        QVERIFY(made.isOk());
        Run run(registry);
        for (int i = 0; i < 3; ++i) {
            const auto b = made->next(kLong);
            QVERIFY2(b.isOk(), qPrintable(b.status().toString()));
            QCOMPARE(counts(*b), range(i * kBatch, (i + 1) * kBatch));
        }
        QCOMPARE(made->next(kLong).status().kind(), ErrorKind::OutOfRange);
        QVERIFY(run.finish().isOk());
    }

    // BatchTest.testOneThreadEnqueueMany: batches of 2 re-batched with enqueue_many=True.
    void Batch_oneThreadEnqueueMany()
    {
        constexpr int kBatch = 10;
        constexpr int kBatches = 3;
        QueueRunnerRegistry registry;
        BatchOptions pre;
        pre.name = QStringLiteral("pre_batch");
        pre.batchSize = 2;
        pre.registry = &registry;
        auto preBatched =
            batch<Example>(pre, countUpTo(std::make_shared<std::atomic<int>>(0), kBatch * kBatches));
        QVERIFY(preBatched.isOk());
        BatchOptions o;
        o.batchSize = kBatch;
        o.registry = &registry;
        const Batcher<Example> source = *preBatched;
        auto made = batch<Example>(o, [source](Queue<Example> &q, int) -> Status {
            auto two = source.next();
            if (!two)
                return two.status(); // OutOfRange once the first stage has run out
            return q.enqueueMany(std::move(*two));
        });
        QVERIFY(made.isOk());
        Run run(registry);
        for (int i = 0; i < kBatches; ++i) {
            const auto b = made->next(kLong);
            QVERIFY2(b.isOk(), qPrintable(b.status().toString()));
            QCOMPARE(counts(*b), range(i * kBatch, (i + 1) * kBatch));
        }
        QCOMPARE(made->next(kLong).status().kind(), ErrorKind::OutOfRange);
        QVERIFY(run.finish().isOk());
    }

    // BatchJoinTest.testTwoThreads / testTwoThreadsSmallerBatch and the ShuffleBatchJoinTest
    // ones: two sources, one thread each; source a counts 0.., source b repeats -1.
    void twoSourceBatches_data()
    {
        QTest::addColumn<bool>("shuffle");
        QTest::addColumn<int>("extra");
        QTest::addRow("BatchJoinTest.testTwoThreads") << false << 0;
        QTest::addRow("BatchJoinTest.testTwoThreadsSmallerBatch") << false << 2;
        QTest::addRow("ShuffleBatchJoinTest.testTwoThreads") << true << 0;
        QTest::addRow("ShuffleBatchJoinTest.testTwoThreadsSmallerBatch") << true << 2;
    }
    void twoSourceBatches()
    {
        QFETCH(bool, shuffle);
        QFETCH(int, extra);
        constexpr int kBatch = 10;
        const int numA = 3 * kBatch + extra; // the final batch is smaller by 10 - extra
        const int numB = 5 * kBatch;
        const int total = numA + numB;
        QueueRunnerRegistry registry;
        QList<EnqueueBody<Example>> bodies{
            countUpTo(std::make_shared<std::atomic<int>>(0), numA, QStringLiteral("a")),
            repeated(-1, numB, QStringLiteral("b"))};
        Result<Batcher<Example>> made = Status(ErrorKind::Internal, QStringLiteral("unset"));
        if (shuffle) {
            ShuffleBatchOptions o;
            o.batchSize = kBatch;
            o.capacity = 32;
            o.minAfterDequeue = 16;
            o.seed = 223607;
            o.allowSmallerFinalBatch = extra > 0;
            o.registry = &registry;
            made = shuffleBatchJoin<Example>(o, bodies);
        } else {
            BatchOptions o;
            o.batchSize = kBatch;
            o.allowSmallerFinalBatch = extra > 0;
            o.registry = &registry;
            made = batchJoin<Example>(o, bodies);
        }
        QVERIFY(made.isOk());
        QCOMPARE(made->runner()->options().numThreads, 2);
        Run run(registry);
        std::vector<int> seenA;
        int seenB = 0;
        int batches = 0;
        for (int got = 0; got < total;) {
            const auto b = made->next(kLong);
            QVERIFY2(b.isOk(), qPrintable(b.status().toString()));
            ++batches;
            const bool last = got + int(b->size()) == total;
            QCOMPARE(int(b->size()), last && extra > 0 ? total % kBatch : kBatch);
            for (const Example &e : *b) {
                QCOMPARE(e.second, e.first >= 0 ? QStringLiteral("a") : QStringLiteral("b"));
                if (e.first >= 0)
                    seenA.push_back(e.first);
                else
                    ++seenB;
            }
            got += int(b->size());
        }
        QCOMPARE(batches, (total + kBatch - 1) / kBatch);
        if (!shuffle)
            QVERIFY(std::is_sorted(seenA.begin(), seenA.end())); // one thread per source keeps its order
        std::sort(seenA.begin(), seenA.end());
        QCOMPARE(seenA, range(0, numA));
        QCOMPARE(seenB, numB);
        QCOMPARE(made->next(kLong).status().kind(), ErrorKind::OutOfRange); // reached the limit
        QVERIFY(run.finish().isOk());
    }

    void batchJoinNeedsASource()
    {
        QCOMPARE(batchJoin<Example>({}, {}).status().kind(), ErrorKind::InvalidArgument);
    }
};

QTEST_GUILESS_MAIN(TestInputTF)
#include "tst_inputtf.moc"
