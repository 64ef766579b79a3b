#include "observe/recorder.h"
#include "scenario/stepgate.h"

#include <QTest>

#include <atomic>
#include <thread>
#include <vector>

using namespace qs;

namespace {
Event eventOf(EventKind kind)
{
    Event e;
    e.kind = kind;
    return e;
}
} // namespace

class TestStepGate : public QObject {
    Q_OBJECT
private slots:
    void unboundThreadIsNeverHeld()
    {
        StepGate gate;
        gate.setEnabled(true);
        gate.pass(eventOf(EventKind::RequestStop)); // the test's own thread: the "UI" thread
        QCOMPARE(gate.heldCount(), 0);
    }
    void disabledGateNeverHolds()
    {
        StepGate gate;
        gate.pass(eventOf(EventKind::RequestStop)); // returns at once
        QCOMPARE(gate.heldCount(), 0);
    }
    void stateEventsPassEvenWhenEnabled()
    {
        StepGate gate;
        gate.setEnabled(true);
        gate.pass(eventOf(EventKind::State));
        gate.pass(eventOf(EventKind::Note));
        QCOMPARE(gate.heldCount(), 0);
    }
    void eachGrantReleasesOneThreadInArrivalOrder()
    {
        Recorder recorder;
        StepGate gate;
        gate.setEnabled(true);
        std::vector<int> order;
        std::mutex orderMu;
        std::vector<std::thread> threads;
        for (int i = 0; i < 3; ++i) {
            // Arrive one at a time so the arrival order is known.
            threads.emplace_back([&, i] {
                ObservedThread bound(&recorder, QStringLiteral("t%1").arg(i), ThreadRole::Worker);
                gate.pass(eventOf(EventKind::ThreadExit));
                std::lock_guard lock(orderMu);
                order.push_back(i);
            });
            QTRY_COMPARE_WITH_TIMEOUT(gate.heldCount(), i + 1, 5000);
        }
        const auto recorded = [&] {
            std::lock_guard lock(orderMu);
            return int(order.size());
        };
        for (int released = 1; released <= 3; ++released) {
            gate.grant();
            QTRY_COMPARE_WITH_TIMEOUT(gate.passedCount(), qint64(released), 5000);
            QCOMPARE(gate.heldCount(), 3 - released);
            // The released thread records itself after leaving pass(): let it before the next
            // grant, or the next one may record first.
            QTRY_COMPARE_WITH_TIMEOUT(recorded(), released, 5000);
        }
        for (auto &t : threads)
            t.join();
        QCOMPARE(order, (std::vector<int>{0, 1, 2}));
    }
    void heldThreadIsMarkedPaused()
    {
        Recorder recorder;
        StepGate gate;
        gate.setEnabled(true);
        std::thread t([&] {
            ObservedThread bound(&recorder, QStringLiteral("worker"), ThreadRole::Worker);
            ObservedThread::setState(ThreadState::Joining);
            gate.pass(eventOf(EventKind::RequestStop));
        });
        QTRY_COMPARE_WITH_TIMEOUT(gate.heldCount(), 1, 5000);
        QTRY_VERIFY_WITH_TIMEOUT(recorder.snapshot(0)->threads.value(0).state == ThreadState::Paused, 5000);
        QCOMPARE(recorder.snapshot(0)->threads.value(0).detail, QStringLiteral("request_stop"));
        gate.grant();
        t.join();
        QCOMPARE(recorder.snapshot(0)->threads.value(0).state, ThreadState::Joining);
    }
    void grantsAreNotBanked()
    {
        StepGate gate;
        gate.setEnabled(true);
        gate.grant(5); // nobody is held: nothing to spend them on
        Recorder recorder;
        std::thread t([&] {
            ObservedThread bound(&recorder, QStringLiteral("joiner"), ThreadRole::Main);
            gate.pass(eventOf(EventKind::Join));
        });
        QTRY_COMPARE_WITH_TIMEOUT(gate.heldCount(), 1, 5000);
        QCOMPARE(gate.passedCount(), qint64(0));
        gate.grant();
        t.join();
        QCOMPARE(gate.passedCount(), qint64(1));
    }
    void leavingStepModeReleasesEveryone()
    {
        StepGate gate;
        gate.setEnabled(true);
        Recorder recorder;
        std::vector<std::thread> threads;
        for (int i = 0; i < 4; ++i) {
            threads.emplace_back([&, i] {
                ObservedThread bound(&recorder, QStringLiteral("t%1").arg(i), ThreadRole::Worker);
                gate.pass(eventOf(EventKind::QueueClose));
            });
        }
        QTRY_COMPARE_WITH_TIMEOUT(gate.heldCount(), 4, 5000);
        gate.setEnabled(false);
        for (auto &t : threads)
            t.join();
        QCOMPARE(gate.heldCount(), 0);
    }
    void releaseIsFinal()
    {
        StepGate gate;
        gate.setEnabled(true);
        Recorder recorder;
        std::thread t([&] {
            ObservedThread bound(&recorder, QStringLiteral("trainer"), ThreadRole::Trainer);
            gate.pass(eventOf(EventKind::End));
        });
        QTRY_COMPARE_WITH_TIMEOUT(gate.heldCount(), 1, 5000);
        gate.release();
        t.join();
        gate.setEnabled(true); // a released gate stays open
        QVERIFY(!gate.isEnabled());
        gate.pass(eventOf(EventKind::End));
    }
};

QTEST_GUILESS_MAIN(TestStepGate)
#include "tst_stepgate.moc"
