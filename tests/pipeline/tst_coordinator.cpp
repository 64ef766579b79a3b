#include "observe/recorder.h"
#include "pipeline/coordinator.h"
#include "pipeline/statuserror.h"

#include "testsupport.h"

#include <QElapsedTimer>
#include <QTest>

#include <stdexcept>

using namespace qs;
using namespace qs::test;

namespace {

ThreadHandle startThread(const QString &name, std::function<Status()> body)
{
    auto t = std::make_shared<CoordinatedThread>(name, ThreadRole::Worker, std::move(body));
    t->start();
    return t;
}

// TensorFlow's coordinator_test helpers, with events instead of sleeps.
ThreadHandle stopOnEvent(Coordinator coord, const Flag &ev, const QString &name)
{
    return startThread(name, [coord, &ev]() mutable {
        ev.wait();
        coord.requestStop();
        return Status();
    });
}

ThreadHandle raiseOnEvent(Coordinator coord, const Flag &in, Flag *out, Status error, const QString &name)
{
    return startThread(name, [coord, &in, out, error]() mutable {
        in.wait();
        coord.requestStop(error);
        if (out)
            out->set();
        return Status();
    });
}

// A thread that ignores stop requests until the test lets it go.
ThreadHandle stuck(const Flag &release, const QString &name)
{
    return startThread(name, [&release] {
        release.wait();
        return Status();
    });
}

Status dataLoss(const char *m)
{
    return Status(ErrorKind::DataLoss, QString::fromLatin1(m));
}

} // namespace

class TestCoordinator : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { QTRY_COMPARE_WITH_TIMEOUT(CoordinatedThread::liveCount(), 0, kLongMs); }

    void stopApi()
    {
        Coordinator coord;
        QVERIFY(!coord.shouldStop());
        QVERIFY(!coord.waitForStop(10ms));
        QVERIFY(coord.requestStop().isOk());
        QVERIFY(coord.shouldStop());
        QVERIFY(coord.waitForStop(0ms));
        coord.clearStop();
        QVERIFY(!coord.shouldStop());
    }

    void copiesShareState()
    {
        Coordinator a;
        Coordinator b = a;
        b.requestStop();
        QVERIFY(a.shouldStop());
    }

    void waitForStopWakesOnRequest()
    {
        Coordinator coord;
        Async<bool> waiter([coord] { return coord.waitForStop(); });
        coord.requestStop();
        QVERIFY(waiter.finished());
        QVERIFY(waiter.result());
    }

    void joinWaitsForThreadsThatEndOnTheirOwn()
    {
        Coordinator coord;
        Flag a, b;
        QList<ThreadHandle> threads{stuck(a, QStringLiteral("a")), stuck(b, QStringLiteral("b"))};
        Async<Status> joiner([coord, threads]() mutable { return coord.join(threads, 10ms); });
        a.set();
        QVERIFY(!joiner.finished(50ms)); // no stop requested: the 10 ms grace has not started
        b.set();
        QVERIFY(joiner.finished());
        QVERIFY(joiner.result().isOk());
        QVERIFY(coord.isJoined());
    }

    void joinIncludesRegisteredThreads()
    {
        Coordinator coord;
        Flag ev;
        coord.registerThread(stopOnEvent(coord, ev, QStringLiteral("stopper")));
        coord.registerThread(coord.registeredThreads().first()); // registering twice keeps one
        QCOMPARE(coord.registeredThreads().size(), 1);
        ev.set();
        QVERIFY(coord.join().isOk());
        QVERIFY(coord.registeredThreads().isEmpty());
    }

    // TensorFlow: testJoinRaiseReportExceptionUsingHandler ("First" wins over "Too late").
    void firstErrorWins()
    {
        Coordinator coord;
        Flag ev1, ev2;
        QList<ThreadHandle> threads{
            raiseOnEvent(coord, ev1, &ev2, dataLoss("First"), QStringLiteral("first")),
            raiseOnEvent(coord, ev2, nullptr, dataLoss("Too late"), QStringLiteral("late"))};
        QVERIFY(!coord.shouldStop());
        ev1.set();
        const Status s = coord.join(threads);
        QCOMPARE(s.kind(), ErrorKind::DataLoss);
        QCOMPARE(s.message(), QStringLiteral("First"));
        QCOMPARE(s.thread(), QStringLiteral("first"));
    }

    void errorAfterACleanStopIsIgnored()
    {
        Coordinator coord;
        coord.requestStop();
        coord.requestStop(dataLoss("after the stop"));
        QVERIFY(coord.keptError().isOk());
        QVERIFY(coord.join().isOk());
    }

    void joinIgnoresCleanStopKinds_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QList<int>>("cleanKinds");
        QTest::addColumn<bool>("clean");
        QTest::addRow("out_of_range_default") << int(ErrorKind::OutOfRange) << QList<int>{} << true;
        QTest::addRow("data_loss_default") << int(ErrorKind::DataLoss) << QList<int>{} << false;
        QTest::addRow("my_kind") << int(ErrorKind::DataLoss) << QList<int>{int(ErrorKind::DataLoss)} << true;
        QTest::addRow("out_of_range_not_mine")
            << int(ErrorKind::OutOfRange) << QList<int>{int(ErrorKind::DataLoss)} << false;
    }
    void joinIgnoresCleanStopKinds()
    {
        QFETCH(int, kind);
        QFETCH(QList<int>, cleanKinds);
        QFETCH(bool, clean);
        QSet<ErrorKind> kinds{ErrorKind::OutOfRange};
        if (!cleanKinds.isEmpty()) {
            kinds.clear();
            for (int k : cleanKinds)
                kinds.insert(ErrorKind(k));
        }
        Coordinator coord(nullptr, kinds);
        Flag go;
        QList<ThreadHandle> threads{raiseOnEvent(
            coord, go, nullptr, Status(ErrorKind(kind), QStringLiteral("stop")), QStringLiteral("t"))};
        go.set();
        const Status s = coord.join(threads);
        QCOMPARE(s.isOk(), clean);
        QVERIFY(coord.shouldStop());
    }

    void requestStopAfterJoinHandsTheErrorBack()
    {
        Coordinator coord;
        coord.requestStop();
        QVERIFY(coord.join().isOk());
        const Status s = coord.requestStop(dataLoss("late"));
        QCOMPARE(s.kind(), ErrorKind::DataLoss);
        QCOMPARE(s.message(), QStringLiteral("late"));
        QVERIFY(coord.requestStop().isOk());
        QVERIFY(coord.requestStop(Status(ErrorKind::OutOfRange, QStringLiteral("done"))).isOk());
    }

    void clearStopClearsErrorAndJoin()
    {
        Coordinator coord;
        coord.requestStop(dataLoss("boom"));
        QCOMPARE(coord.join().kind(), ErrorKind::DataLoss);
        coord.clearStop();
        QVERIFY(!coord.shouldStop());
        QVERIFY(!coord.isJoined());
        QVERIFY(coord.keptError().isOk());
        QVERIFY(coord.requestStop(dataLoss("again")).isOk()); // not joined any more: kept, not returned
        QCOMPARE(coord.join().message(), QStringLiteral("again"));
    }

    void graceExpiryNamesLiveThreads_data()
    {
        QTest::addColumn<int>("stuckThreads");
        QTest::addColumn<bool>("ignoreLive");
        QTest::addRow("one") << 1 << false;
        QTest::addRow("two") << 2 << false;
        QTest::addRow("ignored") << 2 << true;
    }
    void graceExpiryNamesLiveThreads()
    {
        QFETCH(int, stuckThreads);
        QFETCH(bool, ignoreLive);
        Coordinator coord;
        Flag release;
        QList<ThreadHandle> threads;
        QStringList names;
        for (int i = 0; i < stuckThreads; ++i) {
            names << QStringLiteral("stuck-%1").arg(i);
            threads << stuck(release, names.last());
        }
        Flag done; // one more that does end when asked
        threads << stopOnEvent(coord, done, QStringLiteral("polite"));
        done.set();
        QElapsedTimer timer;
        timer.start();
        const Status s = coord.join(threads, 30ms, ignoreLive);
        QVERIFY(timer.elapsed() >= 30);
        QCOMPARE(coord.lastStragglers(), names);
        if (ignoreLive) {
            QVERIFY(s.isOk());
        } else {
            QCOMPARE(s.kind(), ErrorKind::DeadlineExceeded);
            QCOMPARE(s.message(),
                     QStringLiteral("Coordinator stopped with threads still running: ") + names.join(' '));
        }
        release.set();
        for (const ThreadHandle &t : threads)
            QVERIFY(t->wait(kLong));
    }

    void keptErrorIsReportedBeforeStragglers()
    {
        Coordinator coord;
        Flag release;
        QList<ThreadHandle> threads{stuck(release, QStringLiteral("stuck"))};
        coord.requestStop(dataLoss("real"));
        QCOMPARE(coord.join(threads, 1ms).message(), QStringLiteral("real"));
        QCOMPARE(coord.lastStragglers(), QStringList{QStringLiteral("stuck")});
        release.set();
        QVERIFY(threads.first()->wait(kLong));
    }

    void stopOnExceptionReports_data()
    {
        QTest::addColumn<int>("what");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("message");
        QTest::addRow("std_exception") << 0 << int(ErrorKind::Unknown) << "boom";
        QTest::addRow("status_error") << 1 << int(ErrorKind::DataLoss) << "bad record";
        QTest::addRow("other") << 2 << int(ErrorKind::Unknown) << "unknown exception";
        QTest::addRow("out_of_range_is_clean") << 3 << int(ErrorKind::Ok) << "";
        QTest::addRow("nothing_thrown") << 4 << int(ErrorKind::Ok) << "";
    }
    void stopOnExceptionReports()
    {
        QFETCH(int, what);
        QFETCH(int, kind);
        QFETCH(QString, message);
        Coordinator coord;
        ThreadHandle t = startThread(QStringLiteral("worker"), [coord, what]() mutable {
            coord.stopOnException([what] {
                if (what == 0)
                    throw std::runtime_error("boom");
                if (what == 1)
                    throw StatusError(Status(ErrorKind::DataLoss, QStringLiteral("bad record")));
                if (what == 2)
                    throw 42;
                if (what == 3)
                    throw StatusError(Status(ErrorKind::OutOfRange, QStringLiteral("end")));
            });
            return Status();
        });
        QVERIFY(t->wait(kLong));
        QCOMPARE(coord.shouldStop(), what != 4);
        const Status s = coord.join({t});
        QCOMPARE(int(s.kind()), kind);
        QCOMPARE(s.message(), message);
        if (!s.isOk())
            QCOMPARE(s.thread(), QStringLiteral("worker"));
    }

    void startThreadReportsWhatTheBodyReturns_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<bool>("stops");
        QTest::addColumn<bool>("error");
        QTest::addRow("ok") << int(ErrorKind::Ok) << false << false;
        QTest::addRow("out_of_range") << int(ErrorKind::OutOfRange) << true << false;
        QTest::addRow("data_loss") << int(ErrorKind::DataLoss) << true << true;
    }
    void startThreadReportsWhatTheBodyReturns()
    {
        QFETCH(int, kind);
        QFETCH(bool, stops);
        QFETCH(bool, error);
        Coordinator coord;
        ThreadHandle t = coord.startThread(QStringLiteral("trainer"), ThreadRole::Trainer, [kind] {
            return kind ? Status(ErrorKind(kind), QStringLiteral("x")) : Status();
        });
        QVERIFY(t->wait(kLong));
        QCOMPARE(coord.shouldStop(), stops);
        QCOMPARE(exitHowFor(t->exitStatus()), error ? ExitHow::Error : ExitHow::Clean);
        QCOMPARE(coord.keptError().isOk(), !error);
        if (error)
            QCOMPARE(coord.keptError().thread(), QStringLiteral("trainer"));
        coord.requestStop();
        QCOMPARE(coord.join().isOk(), !error);
    }

    void threadNameIsFilledIn()
    {
        Coordinator coord;
        ThreadHandle t = startThread(QStringLiteral("reader-3"), [coord]() mutable {
            coord.requestStop(dataLoss("crc"));
            return Status();
        });
        QCOMPARE(coord.join({t}).thread(), QStringLiteral("reader-3"));
    }

    void detachedThreadIsLeftRunningAndReaped()
    {
        Flag release;
        {
            ThreadHandle t = stuck(release, QStringLiteral("never-ends"));
            QVERIFY(t->isAlive());
        } // the handle goes while the thread runs: parked, not destroyed
        QCOMPARE(CoordinatedThread::parkedCount(), 1);
        QCOMPARE(CoordinatedThread::liveCount(), 1);
        release.set();
        QTRY_COMPARE_WITH_TIMEOUT(CoordinatedThread::liveCount(), 0, kLongMs);
        CoordinatedThread::reapDetached();
        QCOMPARE(CoordinatedThread::parkedCount(), 0);
    }

    // A run's threads co-own its shared state, Recorder included, and may hold the last
    // reference to it: the thread records its exit before its body's captures die, so that last
    // reference goes only after the thread's last use of the Recorder (never a use after free).
    void aBodyMayCoOwnItsRecorder()
    {
        struct Owned {
            Recorder recorder;
            bool *exitSeen = nullptr;
            ~Owned()
            {
                for (const Event &e : recorder.events())
                    *exitSeen |= e.kind == EventKind::ThreadExit && e.thread == QLatin1String("last-owner");
            }
        };
        bool exitSeen = false;
        Flag go;
        auto owned = std::make_shared<Owned>();
        owned->exitSeen = &exitSeen;
        auto t = std::make_shared<CoordinatedThread>(
            QStringLiteral("last-owner"), ThreadRole::Worker,
            [owned, &go] {
                go.wait();
                return Status();
            },
            &owned->recorder);
        t->start();
        owned.reset(); // the thread's body now holds the only reference
        go.set();
        QVERIFY(t->wait(kLong));
        QVERIFY(exitSeen); // the exit was recorded while the Recorder was alive
    }

    void threadExitStatusAndStates()
    {
        auto t = std::make_shared<CoordinatedThread>(QStringLiteral("t"), ThreadRole::Worker, [] {
            throw std::runtime_error("escaped");
            return Status();
        });
        QVERIFY(!t->isAlive());
        QVERIFY(t->wait(0ms)); // never started: nothing to wait for
        t->start();
        QVERIFY(t->wait(kLong));
        QVERIFY(t->isFinished());
        QCOMPARE(t->exitStatus().kind(), ErrorKind::Unknown);
        QCOMPARE(t->exitStatus().message(), QStringLiteral("escaped"));
        QCOMPARE(t->exitStatus().thread(), QStringLiteral("t"));
        QVERIFY(!t->addExitListener({}));
    }
};

QTEST_GUILESS_MAIN(TestCoordinator)
#include "tst_coordinator.moc"
