// Ports of TensorFlow's tensorflow/python/training/coordinator_test.py (CoordinatorTest and
// LooperTest). Each slot is named after the TensorFlow test it ports. Where TensorFlow orders
// its threads with sleeps ("First" raised after 0.01 s, "Too late" after 0.05 s), these order
// them with flags.
#include "pipeline/coordinator.h"
#include "pipeline/looperthread.h"
#include "pipeline/statuserror.h"

#include "testsupport.h"

#include <QTest>

#include <atomic>
#include <stdexcept>

using namespace qs;
using namespace qs::test;

namespace {

ThreadHandle started(const QString &name, std::function<Status()> body)
{
    auto t = std::make_shared<CoordinatedThread>(name, ThreadRole::Worker, std::move(body));
    t->start();
    return t;
}

// StopOnEvent: waits for `go`, requests stop, then sets `stopped`.
ThreadHandle stopOnEvent(Coordinator coord, const Flag &go, Flag &stopped)
{
    return started(QStringLiteral("stop_on_event"), [coord, &go, &stopped]() mutable {
        go.wait();
        coord.requestStop();
        stopped.set();
        return Status();
    });
}

// RaiseInN: waits for `go`, "raises" `error` and reports it with request_stop, then sets `done`.
ThreadHandle raiseOnEvent(Coordinator coord, const Flag *go, Flag *done, Status error)
{
    return started(QStringLiteral("raiser"), [coord, go, done, error]() mutable {
        if (go)
            go->wait();
        coord.requestStop(error);
        if (done)
            done->set();
        return Status();
    });
}

// RaiseInNUsingContextHandler: the error escapes as an exception into stop_on_exception.
ThreadHandle raiseUsingHandler(Coordinator coord, const Flag *go, Flag *done, Status error)
{
    return started(QStringLiteral("raiser"), [coord, go, done, error]() mutable {
        if (go)
            go->wait();
        coord.stopOnException([&] { throw StatusError(error); });
        if (done)
            done->set();
        return Status();
    });
}

// SleepABit, optionally registering itself with the coordinator (from the thread, as TF does).
ThreadHandle sleepABit(const Flag &release, Coordinator *coord = nullptr)
{
    auto t = std::make_shared<CoordinatedThread>(QStringLiteral("sleeper"), ThreadRole::Worker, [&release] {
        release.wait();
        return Status();
    });
    if (coord)
        coord->registerThread(t);
    t->start();
    return t;
}

Status runtimeError(const char *what)
{
    return Status(ErrorKind::Unknown, QString::fromLatin1(what));
}

// _StopAt0 of LooperTest: counts n down to 0, then requests stop.
void stopAt0(Coordinator &coord, std::atomic<int> &n)
{
    if (n.load() == 0)
        coord.requestStop();
    else
        n.fetch_sub(1);
}

} // namespace

class TestCoordinatorTF : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { QTRY_COMPARE_WITH_TIMEOUT(CoordinatedThread::liveCount(), 0, kLongMs); }

    // testStopAPI
    void stopAPI()
    {
        Coordinator coord;
        QVERIFY(!coord.shouldStop());
        QVERIFY(!coord.waitForStop(std::chrono::milliseconds(10)));
        coord.requestStop();
        QVERIFY(coord.shouldStop());
        QVERIFY(coord.waitForStop(std::chrono::milliseconds(10)));
    }

    // testStopAsync
    void stopAsync()
    {
        Coordinator coord;
        QVERIFY(!coord.shouldStop());
        QVERIFY(!coord.waitForStop(std::chrono::milliseconds(100)));
        Flag go, stopped;
        ThreadHandle t = stopOnEvent(coord, go, stopped);
        QVERIFY(!coord.shouldStop());
        QVERIFY(!coord.waitForStop(std::chrono::milliseconds(10)));
        go.set();
        QVERIFY(stopped.wait());
        QVERIFY(coord.waitForStop(std::chrono::milliseconds(50)));
        QVERIFY(coord.shouldStop());
        QVERIFY(t->wait(kLong));
    }

    // testJoin
    void join()
    {
        Coordinator coord;
        Flag release;
        const QList<ThreadHandle> threads{sleepABit(release), sleepABit(release), sleepABit(release)};
        release.set();
        QVERIFY(coord.join(threads).isOk());
        for (const ThreadHandle &t : threads)
            QVERIFY(!t->isAlive());
    }

    // testJoinAllRegistered
    void joinAllRegistered()
    {
        Coordinator coord;
        Flag release;
        const QList<ThreadHandle> threads{sleepABit(release, &coord), sleepABit(release, &coord),
                                          sleepABit(release, &coord)};
        QCOMPARE(coord.registeredThreads().size(), 3);
        release.set();
        QVERIFY(coord.join().isOk());
        for (const ThreadHandle &t : threads)
            QVERIFY(!t->isAlive());
    }

    // testJoinSomeRegistered
    void joinSomeRegistered()
    {
        Coordinator coord;
        Flag release;
        const QList<ThreadHandle> threads{sleepABit(release, &coord), sleepABit(release),
                                          sleepABit(release, &coord)};
        QCOMPARE(coord.registeredThreads().size(), 2);
        release.set();
        QVERIFY(coord.join({threads[1]}).isOk()); // threads[1] is not registered: passed in
        for (const ThreadHandle &t : threads)
            QVERIFY(!t->isAlive());
    }

    // testJoinGraceExpires
    void joinGraceExpires_data()
    {
        QTest::addColumn<int>("graceMs");
        QTest::addRow("1e-10 s") << 0;
        QTest::addRow("0.002 s") << 2;
        QTest::addRow("1 s") << 1000;
    }
    void joinGraceExpires()
    {
        QFETCH(int, graceMs);
        Coordinator coord;
        Flag go, stopped, release;
        const QList<ThreadHandle> threads{stopOnEvent(coord, go, stopped), sleepABit(release)};
        go.set();
        QVERIFY(stopped.wait());
        const Status s = coord.join(threads, std::chrono::milliseconds(graceMs));
        release.set();
        // The straggler still waits on `release`, a local: it must be gone before the flag is.
        QTRY_COMPARE_WITH_TIMEOUT(CoordinatedThread::liveCount(), 0, kLongMs);
        QCOMPARE(s.kind(), ErrorKind::DeadlineExceeded);
        QVERIFY2(s.message().contains(QStringLiteral("threads still running")), qPrintable(s.toString()));
    }

    // testJoinWithoutGraceExpires (the sleeping thread ends within the grace period)
    void joinWithoutGraceExpires()
    {
        Coordinator coord;
        Flag go, stopped, release;
        const QList<ThreadHandle> threads{stopOnEvent(coord, go, stopped), sleepABit(release)};
        go.set();
        QVERIFY(stopped.wait());
        release.set();
        QVERIFY(coord.join(threads, std::chrono::seconds(20)).isOk());
    }

    // testJoinRaiseReportExcInfo (exc_info: the error as an exception caught and passed on)
    void joinRaiseReportExcInfo()
    {
        Coordinator coord;
        Flag firstDone;
        const QList<ThreadHandle> threads{started(QStringLiteral("first"),
                                                  [coord, &firstDone]() mutable {
                                                      try {
                                                          throw StatusError(runtimeError("First"));
                                                      } catch (const StatusError &e) {
                                                          coord.requestStop(e.status());
                                                      }
                                                      firstDone.set();
                                                      return Status();
                                                  }),
                                          raiseOnEvent(coord, &firstDone, nullptr, runtimeError("Too late"))};
        const Status s = coord.join(threads);
        QCOMPARE(s.message(), QStringLiteral("First"));
    }

    // testJoinRaiseReportException
    void joinRaiseReportException()
    {
        Coordinator coord;
        Flag firstDone;
        const QList<ThreadHandle> threads{raiseOnEvent(coord, nullptr, &firstDone, runtimeError("First")),
                                          raiseOnEvent(coord, &firstDone, nullptr, runtimeError("Too late"))};
        QCOMPARE(coord.join(threads).message(), QStringLiteral("First"));
    }

    // testJoinIgnoresOutOfRange
    void joinIgnoresOutOfRange()
    {
        Coordinator coord;
        const QList<ThreadHandle> threads{
            raiseOnEvent(coord, nullptr, nullptr, Status(ErrorKind::OutOfRange, QStringLiteral("First")))};
        QVERIFY(coord.join(threads).isOk());
    }

    // testJoinIgnoresMyExceptionType
    void joinIgnoresMyExceptionType()
    {
        Coordinator coord(nullptr, {ErrorKind::InvalidArgument}); // clean_stop_exception_types=(ValueError,)
        const QList<ThreadHandle> threads{raiseOnEvent(
            coord, nullptr, nullptr, Status(ErrorKind::InvalidArgument, QStringLiteral("Clean stop")))};
        QVERIFY(coord.join(threads).isOk());
    }

    // testJoinRaiseReportExceptionUsingHandler
    void joinRaiseReportExceptionUsingHandler()
    {
        Coordinator coord;
        Flag firstDone;
        const QList<ThreadHandle> threads{
            raiseUsingHandler(coord, nullptr, &firstDone, runtimeError("First")),
            raiseUsingHandler(coord, &firstDone, nullptr, runtimeError("Too late"))};
        QCOMPARE(coord.join(threads).message(), QStringLiteral("First"));
    }

    // testClearStopClearsExceptionToo
    void clearStopClearsExceptionToo()
    {
        Coordinator coord;
        QCOMPARE(coord.join({raiseOnEvent(coord, nullptr, nullptr, runtimeError("First"))}).message(),
                 QStringLiteral("First"));
        coord.clearStop();
        QCOMPARE(coord.join({raiseOnEvent(coord, nullptr, nullptr, runtimeError("Second"))}).message(),
                 QStringLiteral("Second"));
    }

    // testRequestStopRaisesIfJoined
    void requestStopRaisesIfJoined()
    {
        Coordinator coord;
        QVERIFY(coord.join({}).isOk());
        const Status raised = coord.requestStop(runtimeError("Too late"));
        QCOMPARE(raised.message(), QStringLiteral("Too late"));
        coord.clearStop();
        QVERIFY(coord.requestStop(runtimeError("After clear")).isOk());
        QCOMPARE(coord.join({}).message(), QStringLiteral("After clear"));
    }

    // testRequestStopRaisesIfJoined_ExcInfo
    void requestStopRaisesIfJoined_ExcInfo()
    {
        Coordinator coord;
        QVERIFY(coord.join({}).isOk());
        Status raised;
        try {
            throw StatusError(runtimeError("Too late"));
        } catch (const StatusError &e) {
            raised = coord.requestStop(e.status());
        }
        QCOMPARE(raised.message(), QStringLiteral("Too late"));
        coord.clearStop();
        try {
            throw StatusError(runtimeError("After clear"));
        } catch (const StatusError &e) {
            QVERIFY(coord.requestStop(e.status()).isOk());
        }
        QCOMPARE(coord.join({}).message(), QStringLiteral("After clear"));
    }

    // LooperTest.testTargetArgs (LooperThread.loop(coord, 0, target=_StopAt0, args=(coord, n)))
    void targetArgs()
    {
        std::atomic<int> n{3};
        Coordinator coord;
        ThreadHandle t = LooperThread::loop(coord, std::chrono::milliseconds(0),
                                            [coord, &n]() mutable { stopAt0(coord, n); });
        QVERIFY(coord.join({t}).isOk());
        QCOMPARE(n.load(), 0);
    }

    // LooperTest.testTargetKwargs (in C++ arguments are bound into the target either way)
    void targetKwargs()
    {
        std::atomic<int> n{3};
        Coordinator coord;
        auto target = std::bind(stopAt0, coord, std::ref(n));
        ThreadHandle t = LooperThread::loop(coord, std::chrono::milliseconds(0), target);
        QVERIFY(coord.join({t}).isOk());
        QCOMPARE(n.load(), 0);
    }

    // LooperTest.testTargetMixedArgs
    void targetMixedArgs()
    {
        std::atomic<int> n{3};
        Coordinator coord;
        auto target = [c = coord](std::atomic<int> &count) mutable { stopAt0(c, count); };
        ThreadHandle t =
            LooperThread::loop(coord, std::chrono::milliseconds(0), [target, &n]() mutable { target(n); });
        QVERIFY(coord.join({t}).isOk());
        QCOMPARE(n.load(), 0);
    }

    // --- QueueScope's own LooperThread cases ---

    void looperWithoutTimerRunsUntilStop()
    {
        std::atomic<int> calls{0};
        Coordinator coord;
        ThreadHandle t = LooperThread::loop(coord, std::nullopt, [coord, &calls]() mutable {
            if (calls.fetch_add(1) + 1 == 5)
                coord.requestStop();
        });
        QVERIFY(coord.join().isOk()); // registered: join() without arguments waits for it
        QCOMPARE(calls.load(), 5);
        QVERIFY(!t->isAlive());
    }

    void looperOnATimerStopsWhenAsked()
    {
        std::atomic<int> calls{0};
        Flag twice;
        Coordinator coord;
        ThreadHandle t = LooperThread::loop(coord, std::chrono::milliseconds(5), [&] {
            if (calls.fetch_add(1) + 1 == 2)
                twice.set();
        });
        QVERIFY(twice.wait());
        coord.requestStop();
        QVERIFY(coord.join().isOk());
        QVERIFY(calls.load() >= 2);
    }

    void looperReportsAnExceptionToTheCoordinator()
    {
        Coordinator coord;
        ThreadHandle t = LooperThread::create(
            coord, std::nullopt, [] { throw std::runtime_error("looper failed"); }, QStringLiteral("looper"));
        QVERIFY(!t->isStarted());
        t->start();
        const Status s = coord.join();
        QCOMPARE(s.kind(), ErrorKind::Unknown);
        QCOMPARE(s.message(), QStringLiteral("looper failed"));
        QCOMPARE(s.thread(), QStringLiteral("looper"));
        QCOMPARE(t->exitStatus().kind(), ErrorKind::Unknown);
    }
};

QTEST_GUILESS_MAIN(TestCoordinatorTF)
#include "tst_coordinatortf.moc"
