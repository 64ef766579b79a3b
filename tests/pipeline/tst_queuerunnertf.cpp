// Ports of TensorFlow's tensorflow/python/training/queue_runner_test.py. Each slot is named after
// the TensorFlow test it ports. TF's count_up_to(n) variable becomes a Counter whose body counts
// up and reports OutOfRange at n; TF's enqueue ops of one runner become the thread indices of one
// body. Not ported: testMultipleSessions (per-session threads; QueueScope has no sessions) and the
// graph/proto cases.
#include "pipeline/coordinator.h"
#include "pipeline/fifoqueue.h"
#include "pipeline/queuerunner.h"
#include "pipeline/queuerunnerregistry.h"

#include "testsupport.h"

#include <QTest>

#include <atomic>

using namespace qs;
using namespace qs::test;

namespace {

std::shared_ptr<FIFOQueue<int>> makeQueue(int capacity, const QString &name = QStringLiteral("q"))
{
    return *FIFOQueue<int>::create(name, capacity);
}

// A variable with count_up_to(limit): each call adds one, or fails OutOfRange at the limit.
struct CountUpTo {
    explicit CountUpTo(int l)
        : limit(l)
    {}
    std::atomic<int> value{0};
    const int limit;
    Status operator()()
    {
        int v = value.load();
        while (v < limit) {
            if (value.compare_exchange_weak(v, v + 1))
                return {};
        }
        return Status(ErrorKind::OutOfRange, QStringLiteral("Reached limit of %1").arg(limit));
    }
};

Status notAnOp()
{
    return Status(ErrorKind::InvalidArgument, QStringLiteral("Operation not in the graph"));
}

void joinAll(const QList<ThreadHandle> &threads)
{
    for (const ThreadHandle &t : threads)
        QS_CHECK(t->wait(kLong));
}

} // namespace

class TestQueueRunnerTF : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { QTRY_COMPARE_WITH_TIMEOUT(CoordinatedThread::liveCount(), 0, kLongMs); }

    // testBasic
    void basic()
    {
        auto q = makeQueue(10);
        CountUpTo var(3);
        QueueRunner qr(q, [&var](int) { return var(); });
        const QList<ThreadHandle> threads = qr.createThreads();
        QCOMPARE(threads.size(), 1); // no close-on-stop watcher without a coordinator
        joinAll(threads);
        QCOMPARE(qr.exceptionsRaised().size(), 0);
        QCOMPARE(var.value.load(), 3);
    }

    // testTwoOps
    void twoOps()
    {
        auto q = makeQueue(10);
        CountUpTo var0(3), var1(30);
        QueueRunner qr(
            q, [&](int i) { return i == 0 ? var0() : var1(); }, QueueRunner::Options{2});
        joinAll(qr.createThreads());
        QCOMPARE(qr.exceptionsRaised().size(), 0);
        QCOMPARE(var0.value.load(), 3);
        QCOMPARE(var1.value.load(), 30);
    }

    // testExceptionsCaptured
    void exceptionsCaptured()
    {
        auto q = makeQueue(10);
        QueueRunner qr(
            q, [](int) { return notAnOp(); }, QueueRunner::Options{2});
        const QList<ThreadHandle> threads = qr.createThreads();
        joinAll(threads);
        const QList<Status> exceptions = qr.exceptionsRaised();
        QCOMPARE(exceptions.size(), 2);
        for (const Status &e : exceptions)
            QVERIFY(e.message().contains(QStringLiteral("Operation not in the graph")));
        for (const ThreadHandle &t : threads) // re-raised in the thread
            QCOMPARE(t->exitStatus().kind(), ErrorKind::InvalidArgument);
    }

    // testRealDequeueEnqueue
    void realDequeueEnqueue()
    {
        auto q0 = makeQueue(3, QStringLiteral("q0"));
        auto q1 = makeQueue(30, QStringLiteral("q1"));
        QueueRunner qr(q1, [q0, q1](int) -> Status {
            auto v = q0->dequeue();
            if (!v)
                return v.status();
            return q1->enqueue(*v);
        });
        const QList<ThreadHandle> threads = qr.createThreads();
        QVERIFY(q0->enqueue(10).isOk());
        QVERIFY(q0->enqueue(10).isOk());
        QVERIFY(q0->close().isOk());
        joinAll(threads);
        QCOMPARE(qr.exceptionsRaised().size(), 0);
        QCOMPARE(*q1->dequeue(), 10);
        QCOMPARE(*q1->dequeue(), 10);
        const Status s = q1->dequeue().status(); // the runner closed q1 when q0 ran out
        QCOMPARE(s.kind(), ErrorKind::OutOfRange);
        QVERIFY(s.message().contains(QStringLiteral("is closed")));
    }

    // testRespectCoordShouldStop
    void respectCoordShouldStop()
    {
        auto q = makeQueue(10);
        CountUpTo var(3);
        QueueRunner qr(q, [&var](int) { return var(); });
        Coordinator coord;
        coord.requestStop();
        const QList<ThreadHandle> threads = qr.createThreads(coord);
        QVERIFY(coord.join(threads).isOk());
        QCOMPARE(qr.exceptionsRaised().size(), 0);
        QCOMPARE(var.value.load(), 0);
    }

    // testRequestStopOnException
    void requestStopOnException()
    {
        auto q = makeQueue(10);
        QueueRunner qr(q, [](int) { return notAnOp(); });
        Coordinator coord;
        const Status s = coord.join(qr.createThreads(coord)); // re-raised when joining
        QCOMPARE(s.kind(), ErrorKind::InvalidArgument);
        QVERIFY(s.message().contains(QStringLiteral("Operation not in the graph")));
    }

    // testGracePeriod
    void gracePeriod()
    {
        auto q = makeQueue(2);
        QueueRunner qr(q, [q](int) { return q->enqueue(10); });
        Coordinator coord;
        const QList<ThreadHandle> threads = qr.createThreads(coord);
        QVERIFY(q->dequeue().isOk());
        QTRY_COMPARE_WITH_TIMEOUT(q->counters().waitingEnqueuers, 1, kLongMs); // the enqueue blocks again
        coord.requestStop();
        // The stop closes the queue (cancelling the pending enqueue), so the threads end in time.
        QVERIFY(coord.join(threads, kLong).isOk());
    }

    // testIgnoreMultiStarts
    void ignoreMultiStarts()
    {
        auto q = makeQueue(10);
        Flag release;
        QueueRunner qr(q, [&release](int) {
            release.wait();
            return Status(ErrorKind::OutOfRange, QStringLiteral("done"));
        });
        Coordinator coord;
        QList<ThreadHandle> threads = qr.createThreads(coord);
        QCOMPARE(threads.size(), 2);
        QVERIFY(qr.createThreads(coord).isEmpty()); // already running: nothing new
        release.set();
        coord.requestStop();
        QVERIFY(coord.join(threads, kLong).isOk());
    }

    // testThreads
    void threads()
    {
        CountUpTo var(3);
        auto q = makeQueue(10);
        QueueRunner qr(
            q, [&var](int i) { return i == 0 ? var() : notAnOp(); }, QueueRunner::Options{2});
        for (int round = 0; round < 2; ++round) { // started twice: exceptions_raised starts afresh
            joinAll(qr.createThreads());
            const QList<Status> exceptions = qr.exceptionsRaised();
            QCOMPARE(exceptions.size(), 1);
            QVERIFY(exceptions[0].message().contains(QStringLiteral("Operation not in the graph")));
        }
    }

    // testName
    void name()
    {
        auto q = makeQueue(10, QStringLiteral("scope/queue"));
        auto qr = std::make_shared<QueueRunner>(q, [](int) { return Status(); });
        QCOMPARE(qr->name(), QStringLiteral("scope/queue"));
        QueueRunnerRegistry registry;
        registry.addQueueRunner(qr);
        QCOMPARE(registry.queueRunners().size(), 1);
    }

    // testStartQueueRunners
    void startQueueRunners()
    {
        auto q = makeQueue(10);
        CountUpTo var(3);
        QueueRunnerRegistry registry;
        registry.addQueueRunner(std::make_shared<QueueRunner>(q, [&var](int) { return var(); }));
        Coordinator coord;
        const QList<ThreadHandle> threads = registry.startQueueRunners(coord);
        // The enqueue thread ends at the limit; the close-on-stop watcher needs a stop.
        QVERIFY(threads.first()->wait(kLong));
        coord.requestStop();
        QVERIFY(coord.join(threads, kLong).isOk());
        QCOMPARE(var.value.load(), 3);
    }
};

QTEST_GUILESS_MAIN(TestQueueRunnerTF)
#include "tst_queuerunnertf.moc"
