#include "fakeclock.h"
#include "observe/recorder.h"

#include <QJsonArray>
#include <QTest>

using namespace qs;

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
        QCOMPARE(snap->tUs, qint64(200));
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
        QCOMPARE(t.usIn[size_t(ThreadState::BlockedEmpty)], qint64(0));
        QCOMPARE(t.spans.size(), 4);
        const qint64 starts[] = {10, 30, 100, 160};
        const qint64 ends[] = {30, 100, 160, -1};
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(t.spans[i].startUs, starts[i]);
            QCOMPARE(t.spans[i].endUs, ends[i]);
        }
        QCOMPARE(t.spans[0].state, ThreadState::Starting);
        QCOMPARE(t.spans[2].state, ThreadState::BlockedFull);
        QCOMPARE(t.spans[2].detail, QStringLiteral("example_queue"));

        QCOMPARE(snap->events.size(), 1);
        QCOMPARE(snap->events.first().kind, EventKind::ThreadStart);
        QCOMPARE(snap->events.first().thread, QStringLiteral("reader_0"));
        QCOMPARE(snap->events.first().details.value(QStringLiteral("role")).toString(),
                 QStringLiteral("reader"));
        QCOMPARE(snap->nextEventSeq, qint64(1));
    }

    void realClockIsOrdered()
    {
        Recorder rec;
        const int id = rec.registerThread(QStringLiteral("t"), ThreadRole::Worker);
        for (int i = 0; i < 50; ++i)
            rec.setState(id, i % 2 ? ThreadState::Running : ThreadState::BlockedEmpty);
        const ThreadInfo t = rec.threads().first();
        QCOMPARE(t.spans.size(), 51);
        qint64 sum = 0;
        for (int i = 0; i < t.spans.size(); ++i) {
            QVERIFY(t.spans[i].startUs >= 0);
            if (i + 1 < t.spans.size()) {
                QVERIFY(t.spans[i].endUs >= t.spans[i].startUs);
                QCOMPARE(t.spans[i + 1].startUs, t.spans[i].endUs);
            }
        }
        for (qint64 us : t.usIn) {
            QVERIFY(us >= 0);
            sum += us;
        }
        QVERIFY(sum >= t.spans.last().startUs - t.spans.first().startUs);
    }

    void sameStateCoalesces_data()
    {
        QTest::addColumn<int>("state");
        QTest::addColumn<int>("activity");
        QTest::addColumn<QString>("detail");
        QTest::addColumn<int>("spans");
        QTest::addRow("identical") << int(ThreadState::BlockedEmpty) << int(Activity::Dequeuing) << "q" << 2;
        QTest::addRow("other detail")
            << int(ThreadState::BlockedEmpty) << int(Activity::Dequeuing) << "r" << 3;
        QTest::addRow("other activity") << int(ThreadState::BlockedEmpty) << int(Activity::None) << "q" << 3;
        QTest::addRow("other state") << int(ThreadState::BlockedFull) << int(Activity::Dequeuing) << "q" << 3;
    }
    void sameStateCoalesces()
    {
        QFETCH(int, state);
        QFETCH(int, activity);
        QFETCH(QString, detail);
        QFETCH(int, spans);
        FakeClock clock;
        Recorder rec(clock.options());
        const int id = rec.registerThread(QStringLiteral("trainer"), ThreadRole::Trainer);
        clock.set(5);
        rec.setState(id, ThreadState::BlockedEmpty, Activity::Dequeuing, QStringLiteral("q"));
        clock.set(9);
        rec.setState(id, ThreadState(state), Activity(activity), detail);
        clock.set(12);
        const ThreadInfo t = rec.threads().first();
        QCOMPARE(t.spans.size(), spans);
        if (spans == 2) // the state still began at 5
            QCOMPARE(t.stateSinceUs, qint64(5));
        else
            QCOMPARE(t.stateSinceUs, qint64(9));
    }

    void disabledKeepsFinalStatesAndLatestSizes()
    {
        FakeClock clock;
        Recorder rec(clock.options());
        const int id = rec.registerThread(QStringLiteral("r"), ThreadRole::Reader);
        const int q = rec.registerQueue(QStringLiteral("q"), QStringLiteral("FIFOQueue"), 4, 0);
        rec.setEnabled(false);
        QVERIFY(!rec.isEnabled());
        clock.set(10);
        rec.setState(id, ThreadState::Running, Activity::Reading);
        rec.queueChanged(q, 3, 3, 0, false);
        clock.set(20);
        rec.setState(id, ThreadState::Stopped);
        const SnapshotPtr snap = rec.snapshot(0);
        QCOMPARE(snap->threads.first().spans.size(), 2); // starting, then stopped
        QCOMPARE(snap->threads.first().state, ThreadState::Stopped);
        QCOMPARE(snap->queues.first().size, 3);
        QCOMPARE(snap->queues.first().enqueued, qint64(3));
        QCOMPARE(snap->queues.first().history.size(), 1); // its registration, no change since
        QCOMPARE(snap->queues.first().history.first().size, 0);
        QCOMPARE(snap->queues.first().enqueuePerSec, 0.0);
        rec.event(EventKind::Note, QStringLiteral("r"));
        QCOMPARE(rec.events().size(), 2); // events are always recorded
    }

    void unknownIdsAreIgnored()
    {
        Recorder rec;
        rec.setState(-1, ThreadState::Running);
        rec.setState(3, ThreadState::Running);
        rec.queueChanged(-1, 1, 1, 0, false);
        rec.queueChanged(7, 1, 1, 0, false);
        QCOMPARE(rec.threadName(5), QString());
        const SnapshotPtr snap = rec.snapshot(0);
        QVERIFY(snap->threads.isEmpty());
        QVERIFY(snap->queues.isEmpty());
    }

    void ringsStayBounded()
    {
        RecorderOptions o;
        o.spanBudget = 8; // two chunks of exact spans, plus the one being filled
        o.spanChunk = 4;
        o.eventCapacity = 16;
        o.queueHistory = 8;
        o.queueSampleUs = 0;
        o.metricCapacity = 4;
        o.metricTail = 6;
        o.snapshotSpanLimit = 5;
        o.snapshotEventLimit = 100;
        Recorder rec(o);
        const int id = rec.registerThread(QStringLiteral("t"), ThreadRole::Worker);
        const int q = rec.registerQueue(QStringLiteral("q"), QStringLiteral("FIFOQueue"), 1000, 0);
        for (int i = 0; i < 1000; ++i) {
            rec.setState(id, i % 2 ? ThreadState::Running : ThreadState::BlockedFull, Activity::None,
                         QString::number(i));
            rec.queueChanged(q, i, i, 0, false);
            rec.event(EventKind::Note, QStringLiteral("t"), {{QStringLiteral("i"), i}});
            rec.metric(MetricPoint{i, 0, 0, 0, -1, 0});
        }
        const ThreadInfo full = rec.threads().first();
        QCOMPARE(full.spans.size(), 8 + 1); // the budget plus the open span
        QCOMPARE(rec.heldSpans(), qint64(8));
        QCOMPARE(full.spans.last().detail, QStringLiteral("999"));
        QCOMPARE(full.spans.first().detail, QStringLiteral("991"));
        const QList<Event> events = rec.events();
        QCOMPARE(events.size(), 16);
        QCOMPARE(events.last().seq, qint64(1000)); // seq 0 is thread_start
        QCOMPARE(events.first().seq, qint64(985));
        const SnapshotPtr snap = rec.snapshot(0);
        QCOMPARE(snap->threads.first().spans.size(), 5);
        QCOMPARE(snap->threads.first().spans.last().detail, QStringLiteral("999"));
        QCOMPARE(snap->events.size(), 16);
        QCOMPARE(snap->queues.first().history.size(), 8);
        QCOMPARE(snap->queues.first().history.last().size, 999);
        // The metrics span the whole run, thinned to groups of `stride` steps (each kept point
        // the newest of its group), the newest step kept as it is.
        const MetricLane &steps = snap->metrics.steps();
        QVERIFY(steps.size() <= 4);
        QCOMPARE(steps.constLast().step, qint64(999));
        QVERIFY(steps.stride() * steps.size() >= 1000);
        QVERIFY(steps.stride() * (steps.size() - 1) < 1000);
        for (int i = 0; i + 1 < steps.size(); ++i)
            QCOMPARE(steps.at(i).step, (i + 1) * steps.stride() - 1);
        // The exact tail for a draining reader is a ring of metricTail points.
        const RecordTail<MetricPoint> tail = rec.metricsSince(0);
        QCOMPARE(tail.first, qint64(1000 - o.metricTail));
        QCOMPARE(tail.items.size(), o.metricTail);
    }

    void eventCursor_data()
    {
        QTest::addColumn<qint64>("cursor");
        QTest::addColumn<qint64>("firstSeq"); // -1: none
        QTest::addColumn<int>("count");
        QTest::addColumn<qint64>("next");
        // 30 events, seq 0..29; the ring keeps the last 20 (10..29); a snapshot returns at most 8.
        QTest::addRow("from zero, dropped ones skipped") << qint64(0) << qint64(10) << 8 << qint64(18);
        QTest::addRow("inside the ring") << qint64(15) << qint64(15) << 8 << qint64(23);
        QTest::addRow("near the end") << qint64(27) << qint64(27) << 3 << qint64(30);
        QTest::addRow("caught up") << qint64(30) << qint64(-1) << 0 << qint64(30);
        QTest::addRow("beyond the end") << qint64(99) << qint64(-1) << 0 << qint64(30);
        QTest::addRow("negative") << qint64(-5) << qint64(10) << 8 << qint64(18);
    }
    void eventCursor()
    {
        QFETCH(qint64, cursor);
        QFETCH(qint64, firstSeq);
        QFETCH(int, count);
        QFETCH(qint64, next);
        RecorderOptions o;
        o.eventCapacity = 20;
        o.snapshotEventLimit = 8;
        Recorder rec(o);
        for (int i = 0; i < 30; ++i)
            QCOMPARE(rec.event(EventKind::Step, QStringLiteral("main"), {{QStringLiteral("i"), i}}),
                     qint64(i));
        const SnapshotPtr snap = rec.snapshot(cursor);
        QCOMPARE(snap->events.size(), count);
        QCOMPARE(snap->nextEventSeq, next);
        for (int i = 0; i < count; ++i) {
            QCOMPARE(snap->events[i].seq, firstSeq + i);
            QCOMPARE(snap->events[i].details.value(QStringLiteral("i")).toInt(), int(firstSeq + i));
            if (i > 0)
                QVERIFY(snap->events[i].tUs >= snap->events[i - 1].tUs);
        }
    }

    void cursorCatchesUpWithoutLoss()
    {
        RecorderOptions o;
        o.snapshotEventLimit = 7;
        Recorder rec(o);
        for (int i = 0; i < 50; ++i)
            rec.event(EventKind::Note, QString());
        qint64 cursor = 0;
        QList<qint64> seen;
        for (int round = 0; round < 10; ++round) {
            const SnapshotPtr snap = rec.snapshot(cursor);
            for (const Event &ev : snap->events)
                seen.append(ev.seq);
            cursor = snap->nextEventSeq;
        }
        QCOMPARE(seen.size(), 50);
        for (int i = 0; i < 50; ++i)
            QCOMPARE(seen[i], qint64(i));
    }

    void queueSamplesAreThrottled()
    {
        FakeClock clock;
        RecorderOptions o;
        o.queueSampleUs = 1000;
        Recorder rec(clock.options(o));
        const int q =
            rec.registerQueue(QStringLiteral("example_queue"), QStringLiteral("RandomShuffleQueue"), 8, 2);
        // Changes every 300 us: a sample at 0, 1200, 2400 (>= 1000 after the previous one).
        for (int i = 0; i < 10; ++i) {
            clock.set(i * 300);
            rec.queueChanged(q, i % 5, i + 1, i / 2, false);
        }
        clock.set(2800);
        rec.queueChanged(q, 3, 11, 5, true); // closing is always sampled
        clock.set(2900);
        rec.queueChanged(q, 2, 11, 6, true); // throttled, but shown as the exact latest
        const QueueInfo info = rec.snapshot(0)->queues.first();
        QCOMPARE(info.type, QStringLiteral("RandomShuffleQueue"));
        QCOMPARE(info.minAfterDequeue, 2);
        QCOMPARE(info.size, 2);
        QVERIFY(info.closed);
        QCOMPARE(info.enqueued, qint64(11));
        QCOMPARE(info.dequeued, qint64(6));
        const QList<qint64> times{0, 1200, 2400, 2800, 2900};
        QCOMPARE(info.history.size(), times.size());
        for (int i = 0; i < times.size(); ++i)
            QCOMPARE(info.history[i].tUs, times[i]);
        QCOMPARE(info.history[1].size, 4 % 5);
        QCOMPARE(info.history.last().size, 2);
    }

    void queueRatesOverTheLastSecond()
    {
        FakeClock clock;
        Recorder rec(clock.options());
        const int q = rec.registerQueue(QStringLiteral("q"), QStringLiteral("FIFOQueue"), 100, 0);
        // 3 s at 200 enqueues/s and 100 dequeues/s, one change every 5 ms.
        qint64 enq = 0;
        qint64 deq = 0;
        for (qint64 t = 5000; t <= 3000000; t += 5000) {
            clock.set(t);
            enq += 1;
            deq += (t / 5000) % 2;
            rec.queueChanged(q, int(enq - deq), enq, deq, false);
        }
        QueueInfo info = rec.snapshot(0)->queues.first();
        QVERIFY2(qAbs(info.enqueuePerSec - 200) < 10, qPrintable(QString::number(info.enqueuePerSec)));
        QVERIFY2(qAbs(info.dequeuePerSec - 100) < 10, qPrintable(QString::number(info.dequeuePerSec)));
        clock.set(5000000); // two idle seconds later
        info = rec.snapshot(0)->queues.first();
        QCOMPARE(info.enqueuePerSec, 0.0);
        QCOMPARE(info.dequeuePerSec, 0.0);
        QCOMPARE(info.enqueued, qint64(600));
    }

    void samplesPerSecondAndRunFacts()
    {
        FakeClock clock;
        Recorder rec(clock.options());
        for (int i = 1; i <= 40; ++i) {
            clock.set(i * 50000); // a batch of 32 every 50 ms: 640 samples/s
            rec.addSamples(32);
            rec.setSteps(i);
        }
        Thumbnail thumb;
        thumb.width = 2;
        thumb.height = 1;
        thumb.channels = 1;
        thumb.pixels = QByteArray("\x01\x02", 2);
        thumb.label = 1;
        rec.setBatchPreview({thumb}, {QStringLiteral("cat"), QStringLiteral("dog")});
        rec.setBatchPreview({thumb, thumb});
        rec.metric(MetricPoint{40, clock.t->load(), 0.5, 0.75, 0.7, 640});
        rec.setRunState(RunState::Finished, EndHow::Error,
                        dataLoss(QStringLiteral("bad")).withThread("reader_1"));
        const SnapshotPtr snap = rec.snapshot(0);
        QCOMPARE(snap->samples, qint64(40 * 32));
        QCOMPARE(snap->steps, qint64(40));
        QVERIFY2(qAbs(snap->samplesPerSec - 640) < 40, qPrintable(QString::number(snap->samplesPerSec)));
        QCOMPARE(snap->batch.size(), 2);
        QCOMPARE(snap->batch.first().pixels, thumb.pixels);
        QCOMPARE(snap->classNames, QStringList({QStringLiteral("cat"), QStringLiteral("dog")}));
        QCOMPARE(snap->metrics.size(), 1);
        QCOMPARE(snap->metrics.constFirst().evalAccuracy, 0.7);
        QCOMPARE(snap->metrics.evaluations().size(), 1);
        QCOMPARE(snap->run, RunState::Finished);
        QCOMPARE(snap->how, EndHow::Error);
        QCOMPARE(snap->error.kind(), ErrorKind::DataLoss);
        QCOMPARE(snap->error.thread(), QStringLiteral("reader_1"));
    }

    void gateRunsBeforeRecordingOutsideLocks()
    {
        Recorder rec;
        const int id = rec.registerThread(QStringLiteral("main"), ThreadRole::Main);
        const int q = rec.registerQueue(QStringLiteral("q"), QStringLiteral("FIFOQueue"), 2, 0);
        QList<EventKind> gated;
        int notYetLogged = 0;
        rec.setGate([&](const Event &ev) {
            gated.append(ev.kind);
            QCOMPARE(ev.seq, qint64(-1)); // the event to come: not recorded yet
            // Re-entering every part of the recorder from the gate must not deadlock.
            const SnapshotPtr snap = rec.snapshot(0);
            if (std::none_of(snap->events.begin(), snap->events.end(),
                             [&](const Event &e) { return e.kind == ev.kind; }))
                ++notYetLogged;
            rec.setState(id, ThreadState::Paused);
            rec.queueChanged(q, 1, 1, 0, false);
            rec.metric({});
            rec.setRunState(RunState::Running);
            (void)rec.events();
            (void)rec.threads();
            if (ev.kind != EventKind::Note)
                rec.event(EventKind::Note, QStringLiteral("main"),
                          {{QStringLiteral("from"), QStringLiteral("gate")}});
        });
        const qint64 seq =
            rec.event(EventKind::RequestStop, QStringLiteral("main"),
                      {{QStringLiteral("error"), QJsonValue::Null}, {QStringLiteral("first"), true}});
        // The gate ran first: the note it emitted took seq 1, the request_stop came after it.
        QCOMPARE(seq, qint64(2));
        QCOMPARE(gated, QList<EventKind>({EventKind::RequestStop, EventKind::Note}));
        QCOMPARE(notYetLogged, 2);
        const QList<Event> log = rec.events();
        QCOMPARE(log.last().kind, EventKind::RequestStop);
        QCOMPARE(log.at(log.size() - 2).kind, EventKind::Note);
        QCOMPARE(rec.threads().first().state, ThreadState::Paused);
        rec.setGate({});
        rec.event(EventKind::End, QString());
        QCOMPARE(gated.size(), 2);
    }

    void snapshotCopiesAreIndependent()
    {
        Recorder rec;
        const int id = rec.registerThread(QStringLiteral("t"), ThreadRole::Worker);
        const SnapshotPtr before = rec.snapshot(0);
        rec.setState(id, ThreadState::Failed, Activity::None, QStringLiteral("DataLoss: x"));
        rec.event(EventKind::Error, QStringLiteral("t"));
        QCOMPARE(before->threads.first().state, ThreadState::Starting);
        QCOMPARE(before->events.size(), 1);
        Snapshot reused = *before;
        rec.fillSnapshot(&reused, before->nextEventSeq);
        QCOMPARE(reused.threads.size(), 1);
        QCOMPARE(reused.threads.first().state, ThreadState::Failed);
        QCOMPARE(reused.events.size(), 1);
        QCOMPARE(reused.events.first().kind, EventKind::Error);
    }

    void observedThreadBindsAndRestores()
    {
        QVERIFY(!ObservedThread::currentRecorder());
        QCOMPARE(ObservedThread::currentId(), -1);
        QCOMPARE(ObservedThread::currentName(), QString());
        ObservedThread::setState(ThreadState::Running); // unbound: a no-op
        Recorder rec;
        {
            ObservedThread outer(&rec, QStringLiteral("outer"), ThreadRole::Main);
            QCOMPARE(outer.id(), 0);
            QCOMPARE(ObservedThread::currentRecorder(), &rec);
            {
                ObservedThread inner(&rec, QStringLiteral("inner"), ThreadRole::Worker);
                QCOMPARE(ObservedThread::currentName(), QStringLiteral("inner"));
                ObservedThread::setState(ThreadState::Waiting);
                {
                    ObservedThread none(nullptr, QStringLiteral("unobserved"), ThreadRole::Worker);
                    QVERIFY(!ObservedThread::currentRecorder());
                    ObservedThread::setState(ThreadState::Failed); // dropped
                }
                QCOMPARE(ObservedThread::currentId(), 1);
            }
            QCOMPARE(ObservedThread::currentName(), QStringLiteral("outer"));
            ObservedThread::setState(ThreadState::Running, Activity::Training);
        }
        QVERIFY(!ObservedThread::currentRecorder());
        const QList<ThreadInfo> threads = rec.threads();
        QCOMPARE(threads.size(), 2);
        QCOMPARE(threads[0].state, ThreadState::Running);
        QCOMPARE(threads[0].activity, Activity::Training);
        QCOMPARE(threads[1].state, ThreadState::Waiting); // unbinding leaves the state alone
    }

    void registrationLimit()
    {
        Recorder rec;
        for (int i = 0; i < 1024; ++i)
            QCOMPARE(rec.registerThread(QString::number(i), ThreadRole::Worker), i);
        QTest::ignoreMessage(QtWarningMsg,
                             "Recorder: more than 1024 threads registered; 'extra' is not observed");
        QCOMPARE(rec.registerThread(QStringLiteral("extra"), ThreadRole::Worker), -1);
        QCOMPARE(rec.snapshot(0)->threads.size(), 1024);
    }
};

QTEST_GUILESS_MAIN(TestRecorder)
#include "tst_recorder.moc"
