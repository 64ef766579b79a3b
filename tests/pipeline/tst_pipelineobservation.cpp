#include "observe/recorder.h"
#include "pipeline/coordinator.h"
#include "pipeline/fifoqueue.h"
#include "pipeline/queuerunner.h"
#include "pipeline/randomshufflequeue.h"

#include "testsupport.h"

#include <QHash>
#include <QJsonArray>
#include <QTest>

using namespace qs;
using namespace qs::test;

namespace {

ThreadInfo threadNamed(const Recorder &rec, const QString &name)
{
    for (const ThreadInfo &t : rec.threads()) {
        if (t.name == name)
            return t;
    }
    return {};
}

ThreadState stateOf(const Recorder &rec, const QString &name)
{
    return threadNamed(rec, name).state;
}

QList<ThreadState> statesOf(const Recorder &rec, const QString &name)
{
    QList<ThreadState> states;
    for (const StateSpan &s : threadNamed(rec, name).spans) {
        if (states.isEmpty() || states.last() != s.state)
            states << s.state;
    }
    return states;
}

QueueInfo queueNamed(const Recorder &rec, const QString &name)
{
    for (const QueueInfo &q : rec.queues()) {
        if (q.name == name)
            return q;
    }
    return {};
}

QList<Event> eventsOf(const Recorder &rec, EventKind kind)
{
    QList<Event> out;
    for (const Event &e : rec.events()) {
        if (e.kind == kind)
            out << e;
    }
    return out;
}

} // namespace

class TestPipelineObservation : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { QTRY_COMPARE_WITH_TIMEOUT(CoordinatedThread::liveCount(), 0, kLongMs); }

    void starvedDequeueIsBlockedEmpty()
    {
        Recorder rec;
        auto q = *FIFOQueue<int>::create(QStringLiteral("examples"), 4, &rec);
        Async<Result<int>> trainer([q] { return q->dequeue(); }, QStringLiteral("trainer"), &rec);
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(rec, QStringLiteral("trainer")), ThreadState::BlockedEmpty,
                                  kLongMs);
        const ThreadInfo info = threadNamed(rec, QStringLiteral("trainer"));
        QCOMPARE(info.activity, Activity::Dequeuing);
        QCOMPARE(info.detail, QStringLiteral("examples"));
        QVERIFY(q->enqueue(1).isOk());
        QVERIFY(trainer.finished());
        QCOMPARE(stateOf(rec, QStringLiteral("trainer")), ThreadState::Stopped);
        QCOMPARE(statesOf(rec, QStringLiteral("trainer")),
                 (QList<ThreadState>{ThreadState::Starting, ThreadState::Running, ThreadState::BlockedEmpty,
                                     ThreadState::Running, ThreadState::Stopped}));
    }

    void backpressureIsBlockedFull()
    {
        Recorder rec;
        auto q = *FIFOQueue<int>::create(QStringLiteral("filenames"), 1, &rec);
        QVERIFY(q->enqueue(0).isOk());
        Async<Status> reader([q] { return q->enqueue(1); }, QStringLiteral("reader-0"), &rec);
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(rec, QStringLiteral("reader-0")), ThreadState::BlockedFull,
                                  kLongMs);
        QCOMPARE(threadNamed(rec, QStringLiteral("reader-0")).activity, Activity::Enqueuing);
        QCOMPARE(threadNamed(rec, QStringLiteral("reader-0")).detail, QStringLiteral("filenames"));
        QCOMPARE(*q->dequeue(), 0);
        QVERIFY(reader.finished());
        QVERIFY(reader.result().isOk());
    }

    void queuesReportSizeTotalsAndClosing()
    {
        Recorder rec;
        auto q = *RandomShuffleQueue<int>::create(QStringLiteral("shuffle"), 10, 2, 1, &rec);
        QVERIFY(q->enqueueMany({1, 2, 3, 4}).isOk());
        QVERIFY(q->dequeue().isOk());
        QueueInfo info = queueNamed(rec, QStringLiteral("shuffle"));
        QCOMPARE(info.type, QStringLiteral("RandomShuffleQueue"));
        QCOMPARE(info.capacity, 10);
        QCOMPARE(info.minAfterDequeue, 2);
        QCOMPARE(info.size, 3);
        QCOMPARE(info.enqueued, 4);
        QCOMPARE(info.dequeued, 1);
        QVERIFY(!info.closed);
        q->close(true);
        QVERIFY(queueNamed(rec, QStringLiteral("shuffle")).closed);
        const QList<Event> closes = eventsOf(rec, EventKind::QueueClose);
        QCOMPARE(closes.size(), 1);
        QCOMPARE(closes[0].details.value(QStringLiteral("queue")).toString(), QStringLiteral("shuffle"));
        QCOMPARE(closes[0].details.value(QStringLiteral("cancel_pending")).toBool(), true);
        q->close(true); // nothing changes: no second event
        QCOMPARE(eventsOf(rec, EventKind::QueueClose).size(), 1);
    }

    void coordinatorEvents()
    {
        Recorder rec;
        Coordinator coord(&rec);
        Flag release;
        auto stuck = std::make_shared<CoordinatedThread>(
            QStringLiteral("stuck"), ThreadRole::Reader,
            [&release] {
                release.wait();
                return Status();
            },
            &rec);
        stuck->start();
        Async<bool> failing(
            [coord]() mutable {
                coord.requestStop(Status(ErrorKind::DataLoss, QStringLiteral("bad crc")));
                return true;
            },
            QStringLiteral("reader-1"), &rec);
        QVERIFY(failing.finished());
        coord.requestStop(Status(ErrorKind::Internal, QStringLiteral("second")));
        const Status joined = coord.join({stuck}, 1ms);
        QCOMPARE(joined.message(), QStringLiteral("bad crc"));

        const QList<Event> errors = eventsOf(rec, EventKind::Error);
        QCOMPARE(errors.size(), 2);
        QCOMPARE(errors[0].thread, QStringLiteral("reader-1"));
        QCOMPARE(errors[0].details.value(QStringLiteral("kind")).toString(), QStringLiteral("DataLoss"));
        QCOMPARE(errors[0].details.value(QStringLiteral("message")).toString(), QStringLiteral("bad crc"));
        QCOMPARE(errors[0].details.value(QStringLiteral("kept")).toBool(), true);
        QCOMPARE(errors[1].details.value(QStringLiteral("kept")).toBool(), false);

        const QList<Event> stops = eventsOf(rec, EventKind::RequestStop);
        QCOMPARE(stops.size(), 2);
        QCOMPARE(stops[0].details.value(QStringLiteral("first")).toBool(), true);
        const QJsonObject error = stops[0].details.value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("kind")).toString(), QStringLiteral("DataLoss"));
        QCOMPARE(error.value(QStringLiteral("thread")).toString(), QStringLiteral("reader-1"));
        QCOMPARE(stops[1].details.value(QStringLiteral("first")).toBool(), false);

        const QList<Event> joins = eventsOf(rec, EventKind::Join);
        QCOMPARE(joins.size(), 1);
        QCOMPARE(joins[0].details.value(QStringLiteral("result")).toString(), QStringLiteral("error"));
        QCOMPARE(joins[0].details.value(QStringLiteral("still_running")).toArray(),
                 QJsonArray{QStringLiteral("stuck")});
        release.set();
        QVERIFY(stuck->wait(kLong));

        coord.clearStop();
        coord.requestStop();
        QVERIFY(coord.join().isOk());
        QCOMPARE(eventsOf(rec, EventKind::Join).last().details.value(QStringLiteral("result")).toString(),
                 QStringLiteral("ok"));
    }

    void waitingAndJoiningStates()
    {
        Recorder rec;
        Coordinator coord(&rec);
        Async<bool> watcher([coord] { return coord.waitForStop(); }, QStringLiteral("watcher"), &rec);
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(rec, QStringLiteral("watcher")), ThreadState::Waiting, kLongMs);
        Async<Status> joiner([coord, h = watcher.handle()]() mutable { return coord.join({h}); },
                             QStringLiteral("main"), &rec);
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(rec, QStringLiteral("main")), ThreadState::Joining, kLongMs);
        coord.requestStop();
        QVERIFY(joiner.finished());
        QVERIFY(joiner.result().isOk());
        QCOMPARE(statesOf(rec, QStringLiteral("watcher")),
                 (QList<ThreadState>{ThreadState::Starting, ThreadState::Running, ThreadState::Waiting,
                                     ThreadState::Running, ThreadState::Stopped}));
    }

    void runnerThreadsEndObserved()
    {
        Recorder rec;
        auto q = *FIFOQueue<int>::create(QStringLiteral("q"), 1, &rec);
        Flag fail;
        QueueRunner runner(q,
                           [q, &fail](int i) {
                               if (i == 0)
                                   return q->enqueue(i);
                               fail.wait();
                               return Status(ErrorKind::DataLoss, QStringLiteral("corrupt"));
                           },
                           {2});
        Coordinator coord(&rec);
        const QList<ThreadHandle> threads = runner.createThreads(coord);
        QTRY_COMPARE_WITH_TIMEOUT(q->counters().waitingEnqueuers, 1, kLongMs);
        fail.set();
        QCOMPARE(coord.join(threads).message(), QStringLiteral("corrupt"));
        // Thread 1 failed and stopped the run; the watcher cancelled thread 0's blocked enqueue.
        QCOMPARE(stateOf(rec, QStringLiteral("QueueRunnerThread-q-q_enqueue_1")), ThreadState::Failed);
        QCOMPARE(stateOf(rec, QStringLiteral("QueueRunnerThread-q-q_enqueue")), ThreadState::Cancelled);
        QCOMPARE(stateOf(rec, QStringLiteral("QueueRunnerThread-q-close_on_stop")), ThreadState::Stopped);
        QCOMPARE(threadNamed(rec, QStringLiteral("QueueRunnerThread-q-close_on_stop")).spans.first().state,
                 ThreadState::Starting);
        QHash<QString, QString> how;
        for (const Event &e : eventsOf(rec, EventKind::ThreadExit))
            how.insert(e.thread, e.details.value(QStringLiteral("how")).toString());
        QCOMPARE(how.value(QStringLiteral("QueueRunnerThread-q-q_enqueue")), QStringLiteral("cancelled"));
        QCOMPARE(how.value(QStringLiteral("QueueRunnerThread-q-q_enqueue_1")), QStringLiteral("error"));
        QCOMPARE(how.value(QStringLiteral("QueueRunnerThread-q-close_on_stop")), QStringLiteral("clean"));
        const QList<Event> closes = eventsOf(rec, EventKind::QueueClose);
        QCOMPARE(closes.size(), 1);
        QCOMPARE(closes[0].thread, QStringLiteral("QueueRunnerThread-q-close_on_stop"));
        QCOMPARE(queueNamed(rec, QStringLiteral("q")).closed, true);
    }
};

QTEST_GUILESS_MAIN(TestPipelineObservation)
#include "tst_pipelineobservation.moc"
