#include "pipeline/coordinator.h"
#include "pipeline/fifoqueue.h"
#include "pipeline/inputproducer.h"
#include "pipeline/queuerunner.h"
#include "pipeline/queuerunnerregistry.h"

#include "testsupport.h"

#include <QTest>

#include <atomic>
#include <stdexcept>
#include <thread>

using namespace qs;
using namespace qs::test;

namespace {

std::shared_ptr<FIFOQueue<int>> makeQueue(int capacity, const QString &name = QStringLiteral("q"))
{
    return *FIFOQueue<int>::create(name, capacity);
}

// An enqueue body that counts 0..limit-1 into the queue across all threads, then reports
// OutOfRange (its input ran out), as TensorFlow's counting tests do with a variable.
struct Counter {
    std::atomic<int> next{0};
    int limit = 0;
    QueueRunner::Body body(std::shared_ptr<FIFOQueue<int>> q)
    {
        return [this, q](int) {
            const int v = next.fetch_add(1);
            if (v >= limit)
                return Status(ErrorKind::OutOfRange, QStringLiteral("counter exhausted"));
            return q->enqueue(v);
        };
    }
};

std::vector<int> drainUntilClosed(Queue<int> &q)
{
    std::vector<int> got;
    for (;;) {
        auto v = q.dequeue(kLong);
        if (!v)
            return got;
        got.push_back(*v);
    }
}

} // namespace

class TestQueueRunner : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { QTRY_COMPARE_WITH_TIMEOUT(CoordinatedThread::liveCount(), 0, kLongMs); }

    // TensorFlow: testBasic / testTwoOps, and "the last runner closes the queue".
    void threadsFillTheQueueAndTheLastClosesIt()
    {
        auto q = makeQueue(5);
        Counter counter;
        counter.limit = 100;
        QueueRunner runner(q, counter.body(q), {3});
        Coordinator coord;
        const QList<ThreadHandle> threads = runner.createThreads(coord);
        QCOMPARE(threads.size(), 4); // three enqueue threads and the close-on-stop watcher
        QCOMPARE(threads[0]->name(), QStringLiteral("QueueRunnerThread-q-q_enqueue"));
        QCOMPARE(threads[2]->name(), QStringLiteral("QueueRunnerThread-q-q_enqueue_2"));
        QCOMPARE(threads[3]->name(), QStringLiteral("QueueRunnerThread-q-close_on_stop"));
        QCOMPARE(threads[3]->role(), ThreadRole::Watcher);
        std::vector<int> got = drainUntilClosed(*q);
        std::sort(got.begin(), got.end());
        QCOMPARE(int(got.size()), 100);
        QCOMPARE(got.back(), 99);
        QVERIFY(q->isClosed());
        QCOMPARE(runner.activeThreads(), 0);
        for (int i = 0; i < 3; ++i) {
            QVERIFY(threads[i]->wait(kLong));
            QCOMPARE(exitHowFor(threads[i]->exitStatus()), ExitHow::Clean);
        }
        coord.requestStop(); // end of data: the trainer's request releases the watcher
        QVERIFY(coord.join(threads).isOk());
    }

    void queueStaysOpenUntilTheLastThreadEnds()
    {
        auto q = makeQueue(5);
        Flag release;
        QueueRunner runner(q,
                           [&release](int i) {
                               if (i == 1)
                                   release.wait();
                               return Status(ErrorKind::OutOfRange, QStringLiteral("done"));
                           },
                           {2});
        Coordinator coord;
        const QList<ThreadHandle> threads = runner.createThreads(coord);
        QVERIFY(threads[0]->wait(kLong));
        QCOMPARE(runner.activeThreads(), 1);
        QVERIFY(!q->isClosed());
        release.set();
        QTRY_VERIFY_WITH_TIMEOUT(q->isClosed(), kLongMs);
        QCOMPARE(q->counters().cancelled, false); // a plain close: pending enqueues may finish
        coord.requestStop();
        QVERIFY(coord.join(threads).isOk());
    }

    // TensorFlow: testRespectCoordShouldStop.
    void respectsShouldStop()
    {
        auto q = makeQueue(5);
        std::atomic<int> calls{0};
        QueueRunner runner(q, [&calls](int) {
            ++calls;
            return Status();
        });
        Coordinator coord;
        coord.requestStop();
        const QList<ThreadHandle> threads = runner.createThreads(coord);
        QVERIFY(coord.join(threads).isOk());
        QCOMPARE(calls.load(), 0);
        QVERIFY(q->isClosed()); // by the watcher
        QCOMPARE(q->counters().cancelled, true);
    }

    // TensorFlow: testRequestStopOnException.
    void errorsStopTheCoordinator_data()
    {
        QTest::addColumn<bool>("throws");
        QTest::addRow("returned") << false;
        QTest::addRow("thrown") << true;
    }
    void errorsStopTheCoordinator()
    {
        QFETCH(bool, throws);
        auto q = makeQueue(5);
        QueueRunner runner(q, [throws](int) -> Status {
            if (throws)
                throw std::runtime_error("reader exploded");
            return Status(ErrorKind::DataLoss, QStringLiteral("corrupted record"));
        });
        Coordinator coord;
        const QList<ThreadHandle> threads = runner.createThreads(coord);
        const Status s = coord.join(threads);
        QCOMPARE(s.kind(), throws ? ErrorKind::Unknown : ErrorKind::DataLoss);
        QCOMPARE(s.message(),
                 throws ? QStringLiteral("reader exploded") : QStringLiteral("corrupted record"));
        QCOMPARE(s.thread(), QStringLiteral("QueueRunnerThread-q-q_enqueue"));
        QCOMPARE(exitHowFor(threads[0]->exitStatus()), ExitHow::Error);
        QVERIFY(q->isClosed());
    }

    // A runner thread that fails requests stop before it stops counting as active, as
    // queue_runner_impl.py does: the other thread, which waits until it is the only one left and
    // then ends at the end of its input (closing the queue as the last one out), must find the
    // stop already requested, so the consumer's end-of-data cannot come before the error.
    void anErrorIsRequestedBeforeTheThreadLeaves()
    {
        auto q = makeQueue(5);
        std::atomic<bool> stoppedWhenAlone{false};
        std::atomic<bool> entered{false}; // thread 1 is in its body (before any stop)
        QueueRunner *self = nullptr;
        Coordinator coord;
        QueueRunner::Options options;
        options.numThreads = 2;
        QueueRunner runner(
            q,
            [&](int i) -> Status {
                if (i == 0) {
                    while (!entered)
                        std::this_thread::yield();
                    return Status(ErrorKind::DataLoss, QStringLiteral("corrupted record"));
                }
                entered = true;
                while (self->activeThreads() > 1) // until thread 0 has left
                    std::this_thread::yield();
                stoppedWhenAlone = coord.shouldStop();
                return Status(ErrorKind::OutOfRange, QStringLiteral("input exhausted"));
            },
            options);
        self = &runner;
        const Status s = coord.join(runner.createThreads(coord));
        QCOMPARE(s.kind(), ErrorKind::DataLoss);
        QVERIFY(stoppedWhenAlone.load());
    }

    void closeOnStopCancelsBlockedEnqueues()
    {
        auto q = makeQueue(2);
        QueueRunner runner(q, [q](int i) { return q->enqueue(i); }, {2});
        Coordinator coord;
        const QList<ThreadHandle> threads = runner.createThreads(coord);
        QTRY_COMPARE_WITH_TIMEOUT(q->counters().waitingEnqueuers, 2, kLongMs); // backpressure
        coord.requestStop();
        QVERIFY(coord.join(threads, 5s).isOk());
        QVERIFY(q->counters().cancelled);
        for (int i = 0; i < 2; ++i)
            QCOMPARE(exitHowFor(threads[i]->exitStatus()), ExitHow::Cancelled);
        QCOMPARE(exitHowFor(threads[2]->exitStatus()), ExitHow::Clean);
    }

    void cancelledWithoutAStopIsAnError()
    {
        auto q = makeQueue(2);
        q->close(); // someone closed the queue under a running runner: TensorFlow reports it
        QueueRunner runner(q, [q](int) { return q->enqueue(1); });
        Coordinator coord;
        const Status s = coord.join(runner.createThreads(coord));
        QCOMPARE(s.kind(), ErrorKind::Cancelled);
        QCOMPARE(s.message(), QStringLiteral("FIFOQueue 'q' is closed."));
    }

    void startingTwiceStartsNothingNew()
    {
        auto q = makeQueue(1);
        QueueRunnerRegistry registry;
        auto runner = std::make_shared<QueueRunner>(
            q, [q](int i) { return q->enqueue(i); }, QueueRunner::Options{2});
        registry.addQueueRunner(runner);
        registry.addQueueRunner(runner);
        QCOMPARE(registry.queueRunners().size(), 1);
        Coordinator coord;
        const QList<ThreadHandle> first = registry.startQueueRunners(coord);
        QCOMPARE(first.size(), 3);
        QVERIFY(registry.startQueueRunners(coord).isEmpty());
        QCOMPARE(coord.registeredThreads().size(), 3);
        coord.requestStop();
        QVERIFY(coord.join().isOk()); // the registered threads
        for (const ThreadHandle &t : first)
            QVERIFY(t->isFinished());
    }

    void createWithoutStarting()
    {
        auto q = makeQueue(4);
        Counter counter;
        counter.limit = 3;
        QueueRunner runner(q, counter.body(q));
        Coordinator coord;
        const QList<ThreadHandle> threads = runner.createThreads(coord, false);
        QVERIFY(!threads[0]->isStarted());
        QCOMPARE(q->size(), 0);
        for (const ThreadHandle &t : threads)
            t->start();
        QCOMPARE(drainUntilClosed(*q), (std::vector<int>{0, 1, 2}));
        coord.requestStop();
        QVERIFY(coord.join(threads).isOk());
    }

    // producer -> filename queue -> runner threads -> example queue -> consumer: the producer's
    // end of data closes the filename queue, the readers' OutOfRange closes the example queue.
    void closingUpstreamClosesDownstream()
    {
        QueueRunnerRegistry registry;
        InputProducerOptions po;
        po.numEpochs = 2;
        po.shuffle = false;
        po.capacity = 2;
        po.registry = &registry;
        const QStringList files{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
        InputProducer producer = *stringInputProducer(files, po);
        auto examples = *FIFOQueue<QString>::create(QStringLiteral("examples"), 3);
        auto readers = std::make_shared<QueueRunner>(
            examples,
            [filenames = producer.queue, examples](int) -> Status {
                auto file = filenames->dequeue();
                if (!file)
                    return file.status(); // OutOfRange once the filename queue is closed and drained
                return examples->enqueue(*file + QStringLiteral(".example"));
            },
            QueueRunner::Options{2});
        registry.addQueueRunner(readers);

        Coordinator coord;
        const QList<ThreadHandle> threads = registry.startQueueRunners(coord);
        QCOMPARE(threads.size(), 2 + 3);
        QStringList got;
        for (;;) {
            auto e = examples->dequeue(kLong);
            if (!e) {
                QCOMPARE(e.status().kind(), ErrorKind::OutOfRange);
                break;
            }
            got << *e;
        }
        got.sort();
        QCOMPARE(got,
                 (QStringList{"a.example", "a.example", "b.example", "b.example", "c.example", "c.example"}));
        QVERIFY(producer.queue->isClosed());
        QVERIFY(examples->isClosed());
        QVERIFY(!examples->counters().cancelled);
        coord.requestStop(Status(ErrorKind::OutOfRange, QStringLiteral("done")));
        QVERIFY(coord.join(threads).isOk());
    }
};

QTEST_GUILESS_MAIN(TestQueueRunner)
#include "tst_queuerunner.moc"
