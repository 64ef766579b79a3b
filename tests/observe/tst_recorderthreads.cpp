#include "observe/chrometrace.h"
#include "observe/jsonlexport.h"
#include "observe/recorder.h"
#include "observe/threadpriority.h"

#include <QTemporaryDir>

#include <QTest>

#include <array>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

using namespace qs;

// Several writers against one recorder while another thread builds snapshots. Run it under the
// tsan preset too: it is the test that shows the synchronisation is visible to ThreadSanitizer.
class TestRecorderThreads : public QObject {
    Q_OBJECT
private slots:
    void hammer()
    {
        constexpr int kWriters = 4;
        constexpr int kIterations = 20000;
        constexpr int kEventEvery = 50;
        RecorderOptions o;
        o.spanBudget = 4 * 256;
        o.spanChunk = 64;
        o.queueHistory = 64;
        o.queueSampleUs = 0;
        o.eventCapacity = 64;
        o.metricCapacity = 32;
        o.snapshotSpanLimit = 100;
        o.snapshotEventLimit = 16;
        Recorder rec(o);
        std::atomic<int> gated{0};
        rec.setGate([&](const Event &ev) {
            if (ev.kind == EventKind::Note)
                gated.fetch_add(1, std::memory_order_relaxed);
        });
        const int queue =
            rec.registerQueue(QStringLiteral("example_queue"), QStringLiteral("FIFOQueue"), 100, 0);
        std::mutex queueMu; // the queue's own lock, under which it reports changes
        qint64 enqueued = 0;

        std::atomic<int> finished{0};
        std::vector<std::thread> writers;
        for (int w = 0; w < kWriters; ++w) {
            writers.emplace_back([&, w] {
                ObservedThread self(&rec, QStringLiteral("writer_%1").arg(w), ThreadRole::Worker);
                for (int i = 0; i < kIterations; ++i) {
                    const QString n = QString::number(i);
                    ObservedThread::setState(ThreadState::BlockedFull, Activity::None, n);
                    {
                        std::lock_guard lock(queueMu);
                        ++enqueued;
                        rec.queueChanged(queue, int(enqueued % 100), enqueued, enqueued / 2, false);
                    }
                    ObservedThread::setState(ThreadState::Running, Activity::Working, n);
                    if (i % kEventEvery == 0)
                        rec.event(EventKind::Note, ObservedThread::currentName(), {{QStringLiteral("i"), i}});
                    if (w == 0 && i % 100 == 0) {
                        rec.addSamples(32);
                        rec.metric(MetricPoint{i, rec.nowUs(), 1.0, 0.5, -1, 0});
                        rec.setBatchPreview({Thumbnail{}});
                        rec.setSteps(i);
                    }
                }
                ObservedThread::setState(ThreadState::Stopped);
                finished.fetch_add(1, std::memory_order_release);
            });
        }

        int snapshots = 0;
        qint64 cursor = 0;
        qint64 lastSeq = -1;
        QString failure;
        auto check = [&](const Snapshot &s) {
            for (const Event &ev : s.events) {
                if (ev.seq <= lastSeq)
                    return QStringLiteral("event seq went back: %1 after %2").arg(ev.seq).arg(lastSeq);
                lastSeq = ev.seq;
                if (ev.kind != EventKind::Note)
                    continue;
                // The ordering promise: the writer's state before its event is visible with it.
                const int i = ev.details.value(QStringLiteral("i")).toInt();
                for (const ThreadInfo &t : s.threads) {
                    if (t.name == ev.thread && !isFinalState(t.state) && t.detail.toInt() < i)
                        return QStringLiteral("%1 shows detail %2 with its event %3")
                            .arg(t.name, t.detail)
                            .arg(i);
                }
            }
            for (const ThreadInfo &t : s.threads) {
                if (t.spans.size() > o.snapshotSpanLimit || t.spans.isEmpty())
                    return QStringLiteral("%1 has %2 spans").arg(t.name).arg(t.spans.size());
                for (int k = 0; k + 1 < t.spans.size(); ++k) {
                    if (t.spans[k].endUs < t.spans[k].startUs || t.spans[k + 1].startUs != t.spans[k].endUs)
                        return QStringLiteral("%1 has disordered spans").arg(t.name);
                }
                for (qint64 us : t.usIn) {
                    if (us < 0)
                        return QStringLiteral("negative total");
                }
            }
            for (const QueueInfo &q : s.queues) {
                if (q.history.size() > o.queueHistory)
                    return QStringLiteral("history over its bound");
            }
            if (s.events.size() > o.snapshotEventLimit || s.metrics.size() > o.metricCapacity)
                return QStringLiteral("snapshot over its bounds");
            return QString();
        };
        // Exports read the same histories; write them once while the writers are (likely) busy.
        QTemporaryDir dir;
        QVERIFY(writeChromeTrace(rec, dir.filePath(QStringLiteral("trace.json"))).isOk());
        QVERIFY(writeEventsJsonl(rec, dir.filePath(QStringLiteral("events.jsonl"))).isOk());
        bool more = true;
        while (more && failure.isEmpty()) {
            more = finished.load(std::memory_order_acquire) < kWriters; // one last round after
            const SnapshotPtr s = rec.snapshot(cursor);
            cursor = s->nextEventSeq;
            failure = check(*s);
            ++snapshots;
        }
        for (std::thread &t : writers)
            t.join();
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        QVERIFY(snapshots > 0);

        const SnapshotPtr last = rec.snapshot(0);
        QCOMPARE(last->threads.size(), kWriters);
        for (const ThreadInfo &t : last->threads)
            QCOMPARE(t.state, ThreadState::Stopped);
        QCOMPARE(last->queues.first().enqueued, qint64(kWriters) * kIterations);
        QCOMPARE(gated.load(), kWriters * (kIterations / kEventEvery));
        QCOMPARE(rec.events().size(), o.eventCapacity);
        QCOMPARE(rec.events().last().seq, qint64(kWriters + kWriters * (kIterations / kEventEvery) - 1));
        QCOMPARE(last->samples, qint64(32) * (kIterations / 100));
        // A thread keeps its newest full chunk whatever the others hold.
        QVERIFY(rec.heldSpans() <= o.spanBudget + kWriters * o.spanChunk);
        for (const ThreadInfo &t : rec.threads()) // its share, the chunk being filled, the open span
            QVERIFY2(t.spans.size() <= o.spanBudget + o.spanChunk + 1, qPrintable(t.name));
    }

    // A viewer's snapshot never shows an effect without its cause: once it shows a step, it
    // shows the run running and the trainer that set the step. (Probabilistic: each round races
    // a viewer thread against a run that starts, registers its trainer and trains.)
    void threadsTakeTheRecordersNiceAsTheyBind()
    {
#ifndef Q_OS_LINUX
        QSKIP("a nice value per thread is Linux's");
#else
        const int base = ThreadPriority::current();
        if (base >= 19)
            QSKIP("this process already runs at the lowest priority");
        Recorder rec;
        QVERIFY(!rec.threadNice().has_value());
        auto niceOfABoundThread = [&rec](const QString &name) {
            int before = 0, bound = 0, nested = 0;
            std::thread t([&] {
                before = ThreadPriority::current();
                ObservedThread self(&rec, name, ThreadRole::Reader);
                bound = ThreadPriority::current();
                {
                    ObservedThread again(&rec, name + QStringLiteral("_inner"), ThreadRole::Reader);
                    nested = ThreadPriority::current();
                }
            });
            t.join();
            return std::array<int, 3>{before, bound, nested};
        };
        // Unset: a thread keeps the priority it was born with.
        QCOMPARE(niceOfABoundThread(QStringLiteral("plain")), (std::array<int, 3>{base, base, base}));
        // Set: it lowers its own priority as it binds, once (a nested binding changes nothing),
        // and the thread that set it (here the test's, in the app the window's) keeps its own.
        const int nicer = std::min(19, base + 10);
        rec.setThreadNice(nicer);
        QCOMPARE(rec.threadNice(), std::optional<int>(nicer));
        QCOMPARE(niceOfABoundThread(QStringLiteral("nice")), (std::array<int, 3>{base, nicer, nicer}));
        QCOMPARE(ThreadPriority::current(), base);
        // Never raised: a recorder asking for less than the thread has leaves it as it is.
        rec.setThreadNice(base - 5);
        QCOMPARE(niceOfABoundThread(QStringLiteral("keeps")), (std::array<int, 3>{base, base, base}));
#endif
    }

    void aSnapshotNeverShowsStepsWithoutTheirRun()
    {
        for (int round = 0; round < 300; ++round) {
            Recorder rec;
            std::atomic<bool> viewing{false};
            std::atomic<bool> done{false};
            QString problem;
            std::thread viewer([&] {
                Snapshot snap;
                viewing.store(true);
                while (!done.load() && problem.isEmpty()) {
                    rec.fillSnapshot(&snap, 0);
                    if (snap.steps > 0 && (snap.run != RunState::Running || snap.threads.isEmpty()))
                        problem = QStringLiteral("steps %1 with run state %2 and %3 thread(s)")
                                      .arg(snap.steps)
                                      .arg(int(snap.run))
                                      .arg(snap.threads.size());
                }
            });
            while (!viewing.load())
                std::this_thread::yield();
            std::thread trainer([&] {
                ObservedThread bound(&rec, QStringLiteral("trainer"), ThreadRole::Trainer);
                rec.setRunState(RunState::Running);
                for (int step = 1; step <= 50; ++step)
                    rec.setSteps(step);
                done.store(true);
            });
            trainer.join();
            viewer.join();
            QVERIFY2(problem.isEmpty(), qPrintable(QStringLiteral("round %1: ").arg(round) + problem));
        }
    }

    void gateHoldsTheEmittingThread()
    {
        // A step-mode-like gate: the emitting thread waits until the main thread lets it go,
        // while the main thread keeps reading the recorder.
        Recorder rec;
        std::mutex mu;
        std::condition_variable cv;
        bool atGate = false;
        bool released = false;
        rec.setGate([&](const Event &ev) {
            if (ev.kind != EventKind::RequestStop)
                return;
            ObservedThread::setState(ThreadState::Paused);
            std::unique_lock lock(mu);
            atGate = true;
            cv.notify_all();
            cv.wait(lock, [&] { return released; });
        });
        std::thread worker([&] {
            ObservedThread self(&rec, QStringLiteral("worker"), ThreadRole::Worker);
            rec.event(EventKind::RequestStop, ObservedThread::currentName());
            ObservedThread::setState(ThreadState::Stopped);
        });
        {
            std::unique_lock lock(mu);
            cv.wait(lock, [&] { return atGate; });
        }
        const SnapshotPtr held = rec.snapshot(0);
        QCOMPARE(held->threads.first().state, ThreadState::Paused);
        QCOMPARE(held->events.last().kind, EventKind::ThreadStart); // the held stop is not logged yet
        {
            std::lock_guard lock(mu);
            released = true;
        }
        cv.notify_all();
        worker.join();
        QCOMPARE(rec.events().last().kind, EventKind::RequestStop);
        QCOMPARE(rec.threads().first().state, ThreadState::Stopped);
    }
};

QTEST_GUILESS_MAIN(TestRecorderThreads)
#include "tst_recorderthreads.moc"
