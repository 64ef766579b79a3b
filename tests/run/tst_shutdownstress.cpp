#include "rundata.h"

#include "pipeline/coordinatedthread.h"
#include "run/pipeline.h"
#include "scenario/scenario.h"

#include <QMap>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <chrono>

using namespace qs;
using namespace std::chrono_literals;

// Shutdown under stress (issue 7): many real runs, one after another in one process, each with
// a random scenario (faults included), thread counts and queue sizes, stopped at a random moment
// while step mode is toggled, steps granted, the speed and observation changed, or destroyed
// while still running. Every run must end within its grace period, end the way its events say,
// and leave no thread behind. Under the asan preset LeakSanitizer checks that nothing leaks.
//
// QS_STRESS_CYCLES (default 40) and QS_STRESS_SEED (default: random, printed) make a longer or
// a repeated run: `QS_STRESS_CYCLES=2000 QS_STRESS_SEED=42 build/asan/tests/run/tst_shutdownstress`.

namespace {

int envInt(const char *name, int fallback)
{
    bool ok = false;
    const int v = qEnvironmentVariableIntValue(name, &ok);
    return ok ? v : fallback;
}

// What one cycle did, for a failure's message.
struct Cycle {
    quint32 seed = 0; // the run's QS_STRESS_SEED
    int index = 0;
    QString scenario;
    QStringList actions;

    QString describe() const
    {
        return QStringLiteral("QS_STRESS_SEED=%1 cycle %2, scenario '%3': %4")
            .arg(seed)
            .arg(index)
            .arg(scenario.isEmpty() ? QStringLiteral("none") : scenario, actions.join(QStringLiteral(", ")));
    }
};

QList<Event> eventsOf(const Snapshot &s, EventKind kind)
{
    QList<Event> out;
    for (const Event &e : s.events) {
        if (e.kind == kind)
            out << e;
    }
    return out;
}

} // namespace

class TestShutdownStress : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_files = test::writeDemoFiles(m_dir.path(), QStringLiteral("stress"), 3, 40, 5, 0, 16);
        m_scenarios << QString(); // no scenario: a plain pipeline run
        m_scenarios << Scenario::builtinNames();
        QVERIFY(m_scenarios.size() > 10);
        m_baseline = CoordinatedThread::liveCount();
    }

    void randomizedRunsShutDownCleanly()
    {
        const int cycles = envInt("QS_STRESS_CYCLES", 40);
        quint32 seed = quint32(envInt("QS_STRESS_SEED", 0));
        if (seed == 0)
            seed = QRandomGenerator::global()->generate() | 1u;
        qInfo("shutdown stress: %d cycles, QS_STRESS_SEED=%u", cycles, seed);
        QRandomGenerator rng(seed);

        for (int i = 0; i < cycles; ++i) {
            Cycle cycle;
            cycle.seed = seed;
            cycle.index = i;
            cycle.scenario = m_scenarios.at(rng.bounded(int(m_scenarios.size())));
            runCycle(rng, cycle);
            if (QTest::currentTestFailed())
                return;
        }
        QStringList tally;
        for (auto it = m_endings.cbegin(); it != m_endings.cend(); ++it)
            tally << QStringLiteral("%1 %2").arg(it.value()).arg(it.key());
        qInfo("%d cycles: %s; %lld training steps in all", cycles,
              qPrintable(tally.join(QStringLiteral(", "))), m_steps);
        QVERIFY(m_steps > 0); // the runs did train before they were stopped
        if (!m_unchecked.isEmpty())
            QSKIP(qPrintable(
                QStringLiteral("the event ring overflowed, so the shutdown order went unchecked in: ") +
                m_unchecked.join(QStringLiteral("; "))));
    }

private:
    RunConfig configFor(QRandomGenerator &rng, const std::optional<Scenario> &scenario, Cycle &cycle) const
    {
        RunConfig base = test::smallConfig(m_files);
        base.pipeline.readerThreads = 1 + rng.bounded(4);
        base.pipeline.batchSize = 2 + rng.bounded(12);
        base.pipeline.minAfterDequeue = rng.bounded(16);
        base.pipeline.exampleCapacity =
            base.pipeline.minAfterDequeue + base.pipeline.batchSize + rng.bounded(40);
        base.pipeline.numEpochs = rng.bounded(3); // 0: until stopped
        base.pipeline.filenameCapacity = 1 + rng.bounded(8);
        base.trainer.gracePeriodS = 0.5 + rng.bounded(10) / 10.0;
        base.trainer.hangSeconds = 0.3;
        base.trainer.workers = 1 + rng.bounded(6);
        RunConfig c = base;
        if (scenario) {
            Result<RunConfig> layered = RunConfig::fromJson(scenario->config, base);
            if (!layered)
                qFatal("%s: %s", qPrintable(scenario->name), qPrintable(layered.status().toString()));
            c = *layered;
            // The stress keeps its own thread counts and patience over the scenario's.
            c.pipeline.readerThreads = base.pipeline.readerThreads;
            c.trainer.gracePeriodS = base.trainer.gracePeriodS;
            c.trainer.hangSeconds = base.trainer.hangSeconds;
            if (c.trainer.stopAfterS > 0)
                c.trainer.stopAfterS = 0.2 + rng.bounded(10) / 10.0;
        }
        cycle.actions << QStringLiteral("readers=%1 batch=%2 capacity=%3 mad=%4 epochs=%5 grace=%6")
                             .arg(c.pipeline.readerThreads)
                             .arg(c.pipeline.batchSize)
                             .arg(c.pipeline.exampleCapacity)
                             .arg(c.pipeline.minAfterDequeue)
                             .arg(c.pipeline.numEpochs)
                             .arg(c.trainer.gracePeriodS);
        return c;
    }

    void runCycle(QRandomGenerator &rng, Cycle &cycle)
    {
        std::optional<Scenario> scenario;
        if (!cycle.scenario.isEmpty()) {
            Result<Scenario> s = Scenario::load(cycle.scenario);
            QVERIFY2(s.isOk(), qPrintable(s.status().toString()));
            scenario = *s;
        }
        const RunConfig config = configFor(rng, scenario, cycle);
        const double grace = config.trainer.gracePeriodS;
        Result<std::unique_ptr<Pipeline>> created = Pipeline::create(config, scenario);
        QVERIFY2(created.isOk(),
                 qPrintable(cycle.describe() + QLatin1String(": ") + created.status().toString()));
        std::unique_ptr<Pipeline> p = std::move(*created);

        bool stepMode = rng.bounded(4) == 0;
        p->setStepMode(stepMode);
        if (stepMode)
            cycle.actions << QStringLiteral("starts in step mode");
        QVERIFY2(p->start().isOk(), qPrintable(cycle.describe()));

        const int actions = rng.bounded(7);
        for (int a = 0; a < actions && !p->isFinished(); ++a) {
            switch (rng.bounded(6)) {
            case 0: { // let the run go on a little: until a few more steps or its end
                const qint64 target =
                    p->snapshot(std::numeric_limits<qint64>::max())->steps + 1 + rng.bounded(5);
                cycle.actions << QStringLiteral("run to step %1").arg(target);
                for (int tries = 0; tries < 100 && !p->isFinished(); ++tries) {
                    if (p->snapshot(std::numeric_limits<qint64>::max())->steps >= target ||
                        p->waitFinished(10ms))
                        break;
                }
                break;
            }
            case 1:
                stepMode = !stepMode;
                cycle.actions << (stepMode ? QStringLiteral("step mode on")
                                           : QStringLiteral("step mode off"));
                p->setStepMode(stepMode);
                break;
            case 2: {
                const int steps = 1 + rng.bounded(4);
                cycle.actions << QStringLiteral("next step x%1").arg(steps);
                for (int s = 0; s < steps; ++s)
                    p->nextStep();
                break;
            }
            case 3: {
                const double speed = rng.bounded(2) ? 1.0 : 0.05 + rng.bounded(50) / 100.0;
                cycle.actions << QStringLiteral("speed %1").arg(speed);
                p->setSpeed(speed);
                break;
            }
            case 4: {
                const bool on = rng.bounded(2);
                cycle.actions << (on ? QStringLiteral("observation on") : QStringLiteral("observation off"));
                p->setObservationEnabled(on);
                break;
            }
            case 5: // a late viewer reads everything so far
                cycle.actions << QStringLiteral("snapshot from 0");
                QVERIFY(p->snapshot(0) != nullptr);
                break;
            }
        }

        // The slowest clean shutdown: the stop, then a join whose grace period starts again while
        // step mode holds threads, then the destructor's own wait. Allow each its time, and more
        // for sanitizer builds.
        const auto patience = std::chrono::milliseconds(qint64(grace * 1000) * 4 + 20000);
        switch (rng.bounded(3)) {
        case 0: { // Stop, then step mode off: the run ends by itself
            cycle.actions << QStringLiteral("stop, step mode off, wait");
            p->requestStop();
            if (rng.bounded(2)) {
                p->nextStep(); // a step in between, while the shutdown is held
                p->setStepMode(false);
            } else {
                p->setStepMode(false);
            }
            QVERIFY2(p->waitFinished(patience), qPrintable(cycle.describe()));
            checkEnded(*p, cycle);
            break;
        }
        case 1: { // Stop in step mode, stepping through the whole shutdown one event at a time
            cycle.actions << QStringLiteral("stop, step through the shutdown");
            p->setStepMode(true);
            p->requestStop();
            const auto deadline = std::chrono::steady_clock::now() + patience;
            while (!p->waitFinished(5ms)) {
                QVERIFY2(std::chrono::steady_clock::now() < deadline, qPrintable(cycle.describe()));
                p->nextStep();
            }
            checkEnded(*p, cycle);
            break;
        }
        case 2: // Destroyed while it may still run, held at the gate or not (a window closed mid-run)
            cycle.actions << QStringLiteral("destroyed");
            m_steps += p->summary().steps;
            ++m_endings[p->isFinished() ? QStringLiteral("destroyed after its end")
                                        : QStringLiteral("destroyed while running")];
            break;
        }
        p.reset();
        // The destructor waited for every thread of the run; none may be left.
        QTRY_VERIFY2_WITH_TIMEOUT(CoordinatedThread::liveCount() == m_baseline, qPrintable(cycle.describe()),
                                  5000);
    }

    // The run's own account of its end agrees with itself: one end event, every started thread
    // exited, a join that found no one alive unless the scenario leaves a thread stuck.
    void checkEnded(const Pipeline &p, const Cycle &cycle)
    {
        // A snapshot brings at most snapshotEventLimit events: page through all of them.
        auto snap = std::make_shared<Snapshot>(*p.snapshot(0));
        for (SnapshotPtr more = p.snapshot(snap->nextEventSeq); !more->events.isEmpty();
             more = p.snapshot(more->nextEventSeq))
            snap->events << more->events;
        const QString where = cycle.describe();
        QCOMPARE(snap->run, RunState::Finished);
        if (snap->events.isEmpty() || snap->events.first().seq != 0) {
            m_unchecked << where; // the test skips at its end, naming this cycle
            return;
        }
        QCOMPARE(eventsOf(*snap, EventKind::End).size(), 1);
        const RunSummary summary = p.summary();
        m_steps += summary.steps;
        ++m_endings[summary.howKey()];
        QVERIFY2(summary.finished, qPrintable(where));
        QVERIFY2(summary.how != EndHow::None, qPrintable(where));
        // The log tells the shutdown in the order it happened: the stop comes before the
        // cancelling closes it causes, and a queue's plain close (its input ran out) before its
        // cancelling one (a plain close after a cancelling one changes nothing and is not logged).
        const QList<Event> stops = eventsOf(*snap, EventKind::RequestStop);
        QMap<QString, QList<bool>> closes; // per queue, cancel_pending of each close in log order
        for (const Event &e : eventsOf(*snap, EventKind::QueueClose)) {
            const bool cancel = e.details.value(QStringLiteral("cancel_pending")).toBool();
            closes[e.details.value(QStringLiteral("queue")).toString()] << cancel;
            if (cancel) {
                QVERIFY2(!stops.isEmpty() && stops.first().seq < e.seq,
                         qPrintable(where + QLatin1String(": a cancelling close before any request_stop")));
            }
        }
        for (auto it = closes.cbegin(); it != closes.cend(); ++it) {
            const QList<bool> &c = it.value();
            QVERIFY2(c == QList<bool>{false} || c == QList<bool>{true} || c == (QList<bool>{false, true}),
                     qPrintable(where + QLatin1String(": closes of ") + it.key()));
        }
        const bool stuck = p.scenario() && p.scenario()->name == QLatin1String("stuck-thread");
        if (!stuck) {
            QVERIFY2(summary.stillRunning.isEmpty(),
                     qPrintable(where + QLatin1String(": still running ") + summary.stillRunning.join(u' ')));
            QStringList started, exited;
            for (const Event &e : eventsOf(*snap, EventKind::ThreadStart))
                started << e.thread;
            for (const Event &e : eventsOf(*snap, EventKind::ThreadExit))
                exited << e.thread;
            started.sort();
            exited.sort();
            QVERIFY2(started == exited, qPrintable(where + QLatin1String(": started ") + started.join(u' ') +
                                                   QLatin1String(" / exited ") + exited.join(u' ')));
        }
    }

    QTemporaryDir m_dir;
    QStringList m_files;
    QStringList m_scenarios;
    int m_baseline = 0;
    QMap<QString, int> m_endings; // how the cycles ended
    qint64 m_steps = 0;
    QStringList m_unchecked; // cycles whose events overflowed the ring
};

QTEST_GUILESS_MAIN(TestShutdownStress)
#include "tst_shutdownstress.moc"
