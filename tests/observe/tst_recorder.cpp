#include "observe/recorder.h"

#include <QTest>

#include <atomic>
#include <memory>

using namespace qs;

namespace {
// A hand-driven clock so spans and totals are exact.
struct FakeClock {
    std::shared_ptr<std::atomic<qint64>> t = std::make_shared<std::atomic<qint64>>(0);
    void set(qint64 us) { t->store(us); }
    RecorderOptions options(RecorderOptions o = {}) const
    {
        auto p = t;
        o.clockUs = [p] { return p->load(); };
        return o;
    }
};
} // namespace

class TestRecorder : public QObject {
    Q_OBJECT
private slots:
    void spansAndTotals()
    {
        FakeClock clock;
        Recorder rec(clock.options());
        clock.set(10);
        const int id = rec.registerThread(QStringLiteral("reader_0"), ThreadRole::Reader);
        QCOMPARE(id, 0);
        clock.set(30);
        rec.setState(id, ThreadState::Running, Activity::Reading);
        clock.set(100);
        rec.setState(id, ThreadState::BlockedFull, Activity::None, QStringLiteral("example_queue"));
        clock.set(160);
        rec.setState(id, ThreadState::Running, Activity::Decoding);
        clock.set(200);

        const SnapshotPtr snap = rec.snapshot(0);
        QCOMPARE(snap->threads.size(), 1);
        const ThreadInfo &t = snap->threads.first();
        QCOMPARE(t.name, QStringLiteral("reader_0"));
        QCOMPARE(t.role, ThreadRole::Reader);
        QCOMPARE(t.state, ThreadState::Running);
        QCOMPARE(t.activity, Activity::Decoding);
        QCOMPARE(t.stateSinceUs, qint64(160));
        QCOMPARE(t.usIn[size_t(ThreadState::Starting)], qint64(20));
        QCOMPARE(t.usIn[size_t(ThreadState::Running)], qint64(70 + 40));
        QCOMPARE(t.usIn[size_t(ThreadState::BlockedFull)], qint64(60));
        QCOMPARE(t.spans.size(), 4);
        QCOMPARE(t.spans[2].detail, QStringLiteral("example_queue"));
        QCOMPARE(t.spans[2].startUs, qint64(100));
        QCOMPARE(t.spans[2].endUs, qint64(160));
        QCOMPARE(t.spans.last().endUs, qint64(-1));

        QCOMPARE(snap->events.size(), 1);
        QCOMPARE(snap->events.first().kind, EventKind::ThreadStart);
        QCOMPARE(snap->events.first().details.value(QStringLiteral("role")).toString(),
                 QStringLiteral("reader"));
        QCOMPARE(snap->nextEventSeq, qint64(1));
    }

    void observedThreadBindsAndRestores()
    {
        QVERIFY(!ObservedThread::currentRecorder());
        ObservedThread::setState(ThreadState::Running); // unbound: a no-op
        Recorder rec;
        {
            ObservedThread outer(&rec, QStringLiteral("outer"), ThreadRole::Main);
            QCOMPARE(ObservedThread::currentId(), 0);
            {
                ObservedThread inner(&rec, QStringLiteral("inner"), ThreadRole::Worker);
                QCOMPARE(ObservedThread::currentName(), QStringLiteral("inner"));
                ObservedThread::setState(ThreadState::Waiting);
            }
            QCOMPARE(ObservedThread::currentName(), QStringLiteral("outer"));
            ObservedThread::setState(ThreadState::Running, Activity::Training);
        }
        QCOMPARE(ObservedThread::currentId(), -1);
        const QList<ThreadInfo> threads = rec.threads();
        QCOMPARE(threads.size(), 2);
        QCOMPARE(threads[0].state, ThreadState::Running);
        QCOMPARE(threads[1].state, ThreadState::Waiting);
    }

    void queueLatestAndHistory()
    {
        FakeClock clock;
        Recorder rec(clock.options());
        const int q = rec.registerQueue(QStringLiteral("example_queue"), QStringLiteral("FIFOQueue"), 8, 0);
        clock.set(5000);
        rec.queueChanged(q, 1, 1, 0, false);
        clock.set(5100);
        rec.queueChanged(q, 2, 2, 0, false);
        const SnapshotPtr snap = rec.snapshot(0);
        QCOMPARE(snap->queues.size(), 1);
        const QueueInfo &info = snap->queues.first();
        QCOMPARE(info.size, 2);
        QCOMPARE(info.enqueued, qint64(2));
        QCOMPARE(info.capacity, 8);
        QCOMPARE(info.history.size(), 2); // one throttled sample plus the exact latest
        QCOMPARE(info.history.last().size, 2);
    }
};

QTEST_GUILESS_MAIN(TestRecorder)
#include "tst_recorder.moc"
