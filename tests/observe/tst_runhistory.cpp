// The run "as it was at t" (RunHistory) against the test's own truth, from a live Recorder and
// from the same record saved and read back; and the bounded batch preview history.

#include "fakeclock.h"
#include "observe/previewhistory.h"
#include "observe/recorder.h"
#include "observe/runfilereader.h"
#include "observe/runfilewriter.h"
#include "observe/runhistory.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace qs;

namespace {

struct Change {
    qint64 tUs;
    int value; // a ThreadState or a queue size
};

// The last change at or before t; `none` before the first.
int valueAt(const QList<Change> &changes, qint64 t, int none)
{
    int v = none;
    for (const Change &c : changes)
        if (c.tUs <= t)
            v = c.value;
    return v;
}

// Time per state over [0, t) from the changes (registration first), the last one open.
std::array<qint64, kThreadStateCount> usInTo(const QList<Change> &changes, qint64 t)
{
    std::array<qint64, kThreadStateCount> us{};
    for (int i = 0; i < changes.size(); ++i) {
        const qint64 a = changes[i].tUs, b = i + 1 < changes.size() ? changes[i + 1].tUs : t;
        const qint64 in = std::min(b, t) - a;
        if (in > 0)
            us[size_t(changes[i].value)] += in;
    }
    return us;
}

// A deterministic run: three threads, one queue, state and size changes at uneven times at
// least 2.5 ms apart (wider than the queue's sample interval), a shutdown and an end event.
struct DrivenRun {
    FakeClock clock;
    Recorder rec{clock.options()};
    QStringList names{QStringLiteral("producer"), QStringLiteral("reader_0"), QStringLiteral("trainer")};
    QList<QList<Change>> states{{}, {}, {}};
    QList<qint64> registeredUs;
    QList<Change> sizes;
    qint64 closeUs = -1;
    qint64 stopUs = -1;
    qint64 endUs = -1;
    QList<qint64> stepUs; // the time step i + 1 was set

    DrivenRun()
    {
        quint32 seed = 12345;
        auto next = [&](quint32 n) {
            seed = seed * 1103515245u + 12345u;
            return (seed >> 16) % n;
        };
        const int q = rec.registerQueue(QStringLiteral("example_queue"), QStringLiteral("FIFOQueue"), 8, 0);
        const ThreadRole roles[] = {ThreadRole::Producer, ThreadRole::Reader, ThreadRole::Trainer};
        for (int i = 0; i < 3; ++i) {
            clock.set(qint64(i) * 3000);
            registeredUs.append(clock.t->load());
            rec.registerThread(names[i], roles[i]);
            states[i].append({registeredUs[i], int(ThreadState::Starting)});
        }
        const ThreadState pick[] = {ThreadState::Running, ThreadState::BlockedFull, ThreadState::BlockedEmpty,
                                    ThreadState::Waiting};
        qint64 enq = 0, deq = 0;
        int size = 0;
        rec.queueChanged(q, 0, 0, 0, false);
        sizes.append({clock.t->load(), 0});
        for (int step = 0; step < 150; ++step) {
            clock.advance(2500 + next(3000));
            const qint64 now = clock.t->load();
            const int th = int(next(3));
            const ThreadState s = pick[next(4)];
            rec.setState(th, s, s == ThreadState::Running ? Activity::Working : Activity::None);
            if (ThreadState(states[th].last().value) != s)
                states[th].append({now, int(s)});
            if (next(2) == 0) {
                const int newSize = int(next(9));
                (newSize > size ? enq : deq) += std::abs(newSize - size);
                size = newSize;
                rec.queueChanged(q, size, enq, deq, false);
                if (sizes.last().value != size)
                    sizes.append({now, size});
            }
            if (step % 10 == 9) {
                rec.setSteps(step / 10 + 1);
                stepUs.append(now);
                MetricPoint m;
                m.step = step / 10 + 1;
                m.tUs = now;
                m.loss = 1.0 / m.step;
                rec.metric(m);
                Thumbnail thumb;
                thumb.width = thumb.height = 1;
                thumb.channels = 1;
                thumb.pixels = QByteArray(1, char(step));
                thumb.label = int(m.step);
                rec.setBatchPreview({thumb});
            }
        }
        clock.advance(4000);
        stopUs = clock.t->load();
        rec.event(EventKind::RequestStop, names[2], {{QStringLiteral("first"), true}});
        clock.advance(4000);
        closeUs = clock.t->load();
        rec.queueChanged(q, size, enq, deq, true);
        rec.event(EventKind::QueueClose, names[0],
                  {{QStringLiteral("queue"), QStringLiteral("example_queue")}});
        for (int th = 0; th < 3; ++th) {
            clock.advance(3000);
            rec.setState(th, ThreadState::Stopped);
            states[th].append({clock.t->load(), int(ThreadState::Stopped)});
            rec.event(EventKind::ThreadExit, names[th], {{QStringLiteral("how"), QStringLiteral("clean")}});
        }
        clock.advance(3000);
        endUs = clock.t->load();
        rec.setRunState(RunState::Finished, EndHow::Stopped);
        rec.event(EventKind::End, QString(), {{QStringLiteral("how"), QStringLiteral("stopped")}});
        clock.advance(1000);
    }

    // Instants to check: every change, just before and after it, and between changes.
    QList<qint64> instants() const
    {
        QList<qint64> ts{0, endUs + 500};
        for (const QList<Change> &lane : states)
            for (const Change &c : lane)
                ts << c.tUs << c.tUs + 1 << c.tUs + 1200 << std::max<qint64>(0, c.tUs - 1);
        ts << stopUs << closeUs << closeUs - 1 << endUs << endUs - 1;
        return ts;
    }
    // Whether t is far enough from every size change for the finest queue bucket to hold one size.
    bool sizeStableAt(qint64 t) const
    {
        for (const Change &c : sizes)
            if (std::abs(c.tUs - t) < 600)
                return false;
        return true;
    }
};

// `previews`: the history kept batch previews (a saved run of version 1 has none).
void compareWithTruth(const DrivenRun &run, const RunHistory &h, bool previews = true)
{
    for (qint64 t : run.instants()) {
        const SnapshotPtr s = h.at(t);
        const qint64 clamped = std::min(t, h.endUs());
        QCOMPARE(s->tUs, clamped);
        for (int th = 0; th < 3; ++th) {
            const bool registered = run.registeredUs[th] <= clamped;
            auto it = std::find_if(s->threads.begin(), s->threads.end(),
                                   [&](const ThreadInfo &i) { return i.name == run.names[th]; });
            QCOMPARE(it != s->threads.end(), registered);
            if (!registered)
                continue;
            // At the record's very end the state is the one held just before it.
            const qint64 at = std::min(clamped, h.endUs() - 1);
            const auto want = ThreadState(valueAt(run.states[th], at, int(ThreadState::Starting)));
            QCOMPARE(it->state, want);
            QCOMPARE(it->usIn, usInTo(run.states[th], clamped));
        }
        QCOMPARE(s->queues.size(), 1);
        const QueueInfo &q = s->queues.first();
        QCOMPARE(q.closed, clamped >= run.closeUs);
        if (run.sizeStableAt(clamped))
            QCOMPARE(q.size, valueAt(run.sizes, clamped, 0));
        QVERIFY(!q.history.isEmpty());
        const RunState want = clamped >= run.endUs    ? RunState::Finished
                              : clamped >= run.stopUs ? RunState::Stopping
                                                      : RunState::Running;
        QCOMPARE(s->run, want);
        int steps = 0;
        for (qint64 u : run.stepUs)
            steps += u <= clamped ? 1 : 0;
        QCOMPARE(s->steps, qint64(steps));
        QCOMPARE(s->metrics.size(), steps);
        if (!previews) {
            QVERIFY(s->batch.isEmpty() || clamped >= h.endUs());
        } else if (steps > 0) {
            QCOMPARE(s->batch.size(), 1);
            QCOMPARE(s->batch.first().label, steps);
        } else {
            QVERIFY(s->batch.isEmpty());
        }
        for (const Event &e : s->events)
            QVERIFY(e.tUs <= clamped);
        QCOMPARE(s->events.size(), h.eventBefore(clamped) + 1);
    }
}

} // namespace

class TestRunHistory : public QObject {
    Q_OBJECT

private slots:
    void liveRecordMatchesTruth()
    {
        DrivenRun run;
        const RunHistory h = RunHistory::fromRecorder(run.rec);
        QCOMPARE(h.endUs(), run.endUs + 1000);
        compareWithTruth(run, h);
    }

    void savedRunMatchesLive()
    {
        DrivenRun run;
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("run.qsrun"));
        auto w = RunFileWriter::start(path, run.rec);
        QVERIFY2(w, qPrintable(w.status().toString()));
        QVERIFY((*w)->finish().isOk());
        auto saved = RunFileReader::read(path);
        QVERIFY2(saved, qPrintable(saved.status().toString()));
        const RunHistory fromFile = RunHistory::fromSavedRun(*saved);
        const RunHistory live = RunHistory::fromRecorder(run.rec);
        QCOMPARE(fromFile.endUs(), live.endUs());
        compareWithTruth(run, fromFile);
        QCOMPARE(fromFile.events().size(), live.events().size());
        // Everything must agree with the live record, the batch previews at each instant too.
        for (qint64 t : run.instants()) {
            const SnapshotPtr a = live.at(t), b = fromFile.at(t);
            QCOMPARE(b->batch.size(), a->batch.size());
            for (int i = 0; i < a->batch.size(); ++i) {
                QCOMPARE(b->batch[i].label, a->batch[i].label);
                QCOMPARE(b->batch[i].pixels, a->batch[i].pixels);
            }
            QCOMPARE(b->run, a->run);
            QCOMPARE(b->steps, a->steps);
            QCOMPARE(b->events.size(), a->events.size());
            QCOMPARE(b->threads.size(), a->threads.size());
            for (int i = 0; i < a->threads.size(); ++i) {
                QCOMPARE(b->threads[i].name, a->threads[i].name);
                QCOMPARE(b->threads[i].state, a->threads[i].state);
                QCOMPARE(b->threads[i].usIn, a->threads[i].usIn);
            }
            QCOMPARE(b->queues.first().closed, a->queues.first().closed);
            if (run.sizeStableAt(std::min(t, live.endUs())))
                QCOMPARE(b->queues.first().size, a->queues.first().size);
        }
    }

    void previewHistoryIsBoundedAndSpread_data()
    {
        QTest::addColumn<int>("count");
        QTest::addRow("few") << 10;
        QTest::addRow("full") << 256;
        QTest::addRow("many") << 5000;
        QTest::addRow("very many") << 100000;
    }
    void previewHistoryIsBoundedAndSpread()
    {
        QFETCH(int, count);
        PreviewHistory h(256);
        for (int i = 0; i < count; ++i)
            h.add({qint64(i) * 1000, i, {}});
        const QList<BatchPreview> &kept = *h.list();
        QVERIFY(kept.size() <= 257);
        QCOMPARE(kept.first().tUs, 0);
        QCOMPARE(kept.last().step, count - 1); // the latest is always there
        if (count <= 256)
            QCOMPARE(kept.size(), count);
        else
            QVERIFY(kept.size() >= 100);
        // Spread: no gap between kept previews wider than a few times the even spread.
        const qint64 even = qint64(count) * 1000 / kept.size();
        for (int i = 1; i < kept.size(); ++i)
            QVERIFY2(kept[i].tUs - kept[i - 1].tUs <= 4 * even + 1000, qPrintable(QString::number(i)));
        QCOMPARE(PreviewHistory::at(kept, -1), nullptr);
        QCOMPARE(PreviewHistory::at(kept, qint64(count) * 1000)->step, count - 1);
    }
};

QTEST_GUILESS_MAIN(TestRunHistory)
#include "tst_runhistory.moc"
