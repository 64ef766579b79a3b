#include "rundata.h"

#include "run/pipeline.h"
#include "scenario/scenario.h"

#include <QTemporaryDir>
#include <QTest>

using namespace qs;
using namespace std::chrono_literals;

// Step mode never shows an event before its release: a held event is pending, not logged, and
// has not taken effect (its queue is open, its thread alive and paused, the run not finished);
// once the step releases it, it enters the log. An exited thread is never paused.
namespace {

bool samePending(const Event &a, const Event &b)
{
    return a.kind == b.kind && a.thread == b.thread && a.tUs == b.tUs && a.details == b.details;
}

bool contains(const QList<Event> &list, const Event &e)
{
    return std::any_of(list.begin(), list.end(), [&](const Event &o) { return samePending(o, e); });
}

const QueueInfo *queueNamed(const Snapshot &s, const QString &name)
{
    for (const QueueInfo &q : s.queues)
        if (q.name == name)
            return &q;
    return nullptr;
}

const ThreadInfo *threadNamed(const Snapshot &s, const QString &name)
{
    for (const ThreadInfo &t : s.threads)
        if (t.name == name)
            return &t;
    return nullptr;
}

bool logged(const Snapshot &s, EventKind kind, const QString &thread)
{
    return std::any_of(s.events.begin(), s.events.end(),
                       [&](const Event &e) { return e.kind == kind && e.thread == thread; });
}

// What a snapshot may not show about an event held through the whole of its making. Empty: none.
QString contradiction(const Snapshot &s, const Event &held)
{
    if (held.seq != -1)
        return QStringLiteral("a pending event with a sequence number");
    switch (held.kind) {
    case EventKind::ThreadExit: {
        if (logged(s, EventKind::ThreadExit, held.thread))
            return QStringLiteral("%1's held exit is already in the log").arg(held.thread);
        const ThreadInfo *t = threadNamed(s, held.thread);
        if (!t || t->state != ThreadState::Paused)
            return QStringLiteral("%1 is held at its exit but not shown paused").arg(held.thread);
        break;
    }
    case EventKind::QueueClose: {
        const QString name = held.details.value(QStringLiteral("queue")).toString();
        const QueueInfo *q = queueNamed(s, name);
        const bool closedBefore = std::any_of(s.events.begin(), s.events.end(), [&](const Event &e) {
            return e.kind == EventKind::QueueClose &&
                   e.details.value(QStringLiteral("queue")).toString() == name;
        });
        if (q && q->closed && !closedBefore)
            return QStringLiteral("%1 shows closed before its held close").arg(name);
        break;
    }
    case EventKind::End:
        if (logged(s, EventKind::End, held.thread) || s.run == RunState::Finished)
            return QStringLiteral("the run shows finished before its held end");
        break;
    default:
        break;
    }
    return {};
}

} // namespace

class TestStepMode : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_files = test::writeDemoFiles(m_dir.path(), QStringLiteral("train"), 3, 40);
    }

    void neverShowsAnEventBeforeItsRelease_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<bool>("userStop");
        QTest::addRow("stopped by the user") << QString() << true;
        QTest::addRow("end of data") << QString() << false;
        QTest::addRow("a reader raises") << QStringLiteral("reader-exception") << false;
    }

    void neverShowsAnEventBeforeItsRelease()
    {
        QFETCH(QString, scenario);
        QFETCH(bool, userStop);
        RunConfig c = test::smallConfig(m_files);
        if (userStop)
            c.pipeline.numEpochs = 0;
        std::optional<Scenario> sc;
        if (!scenario.isEmpty()) {
            auto loaded = Scenario::load(scenario);
            QVERIFY2(loaded.isOk(), qPrintable(loaded.status().toString()));
            sc = *loaded;
        }
        auto p = sc ? Pipeline::create(c, *sc) : Pipeline::create(c);
        QVERIFY2(p.isOk(), qPrintable(p.status().toString()));
        Pipeline &run = **p;
        run.setStepMode(true);
        QVERIFY(run.start().isOk());
        if (userStop) {
            QTRY_VERIFY_WITH_TIMEOUT(run.snapshot(0)->steps > 2 || run.snapshot(0)->threadsAtGate > 0, 20000);
            run.requestStop();
        }
        int released = 0;
        while (!run.isFinished()) {
            QVERIFY2(released < 400, "stepping never finished the run");
            // Wait until someone is held (or the run is over), then look twice: what was held in
            // the first look and still is in the second was held through the whole second one.
            QTRY_VERIFY_WITH_TIMEOUT(run.snapshot(0)->threadsAtGate > 0 || run.isFinished(), 20000);
            const SnapshotPtr first = run.snapshot(0);
            const SnapshotPtr second = run.snapshot(0);
            for (const ThreadInfo &t : second->threads) {
                if (logged(*second, EventKind::ThreadExit, t.name))
                    QVERIFY2(t.state != ThreadState::Paused, qPrintable(t.name + " exited but shows paused"));
            }
            for (const Event &held : second->pendingEvents) {
                if (!contains(first->pendingEvents, held))
                    continue;
                const QString why = contradiction(*second, held);
                QVERIFY2(why.isEmpty(), qPrintable(why));
            }
            if (second->pendingEvents.isEmpty())
                continue;
            // The step releases the first held event, and it enters the log.
            const Event next = second->pendingEvents.first();
            const qint64 passed = run.stepsPassed();
            run.nextStep();
            QTRY_COMPARE_WITH_TIMEOUT(run.stepsPassed(), passed + 1, 20000);
            const auto releasedIsLogged = [&] {
                const SnapshotPtr now = run.snapshot(0);
                return std::any_of(now->events.begin(), now->events.end(), [&](const Event &e) {
                    return e.kind == next.kind && e.thread == next.thread && e.tUs >= next.tUs &&
                           e.seq >= second->nextEventSeq;
                });
            };
            QTRY_VERIFY_WITH_TIMEOUT(releasedIsLogged(), 20000);
            ++released;
        }
        QVERIFY(run.waitFinished(20s));
        QVERIFY(released > 0);
        const SnapshotPtr last = run.snapshot(0);
        QCOMPARE(last->run, RunState::Finished);
        QVERIFY(last->pendingEvents.isEmpty());
        for (const ThreadInfo &t : last->threads)
            QVERIFY2(t.state != ThreadState::Paused, qPrintable(t.name + " ends paused"));
    }

private:
    QTemporaryDir m_dir;
    QStringList m_files;
};

QTEST_GUILESS_MAIN(TestStepMode)
#include "tst_stepmode.moc"
