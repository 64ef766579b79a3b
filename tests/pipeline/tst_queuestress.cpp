// A randomized stress of the queues alone: in each round several workers hammer one queue (FIFO
// or shuffle, random capacity and floor) with random enqueue / enqueueMany / dequeue /
// dequeueMany / dequeueUpTo calls, timeouts (0-2 ms, or 30 ms and cancellable), cancellation of
// each other's calls, and closes of both kinds (a plain close waits behind the enqueues). It checks that
//  - every call ends with one of TensorFlow's statuses for it (ok, DeadlineExceeded "Timed out
//    waiting for notification", Cancelled "... operation was cancelled" / "is closed." /
//    "is already closed.", OutOfRange "is closed and has insufficient elements" only once
//    closed), and batches have the sizes TF promises;
//  - every element that entered the queue (enqueued, or the part of a failed enqueueMany that
//    got in) is dequeued exactly once or is still in the queue at the end: never lost, never
//    duplicated, and nothing comes out that never went in.
// QS_QUEUE_STRESS_OPS sets the number of calls (default 100000); QS_QUEUE_STRESS_SEED the seed.
#include "tfport.h"

#include <QRandomGenerator>

#include <mutex>
#include <unordered_set>

using namespace qs;
using namespace qs::test;

namespace {

using Id = qint64;
constexpr Timeout kLongWait{30};

int envInt(const char *name, int fallback)
{
    bool ok = false;
    const int v = qEnvironmentVariableIntValue(name, &ok);
    return ok && v > 0 ? v : fallback;
}

// The call a worker has in progress, so that other workers can cancel it.
struct Slot {
    std::mutex mu;
    std::shared_ptr<CancellationManager> current; // guarded by mu
};

struct WorkerResult {
    std::vector<Id> in;  // elements that entered the queue
    std::vector<Id> out; // elements handed out
    QString error;       // the first unexpected status, if any
    qint64 calls = 0;
    qint64 timedOut = 0, cancelled = 0, outOfRange = 0;
};

class Round {
public:
    Round(std::shared_ptr<Queue<Id>> q, int workers, quint64 seed)
        : m_q(std::move(q))
        , m_slots(size_t(workers))
        , m_seed(seed)
    {}

    WorkerResult work(int index, int calls)
    {
        WorkerResult r;
        QRandomGenerator rng(quint32(m_seed * 7919 + quint64(index)));
        Id next = (Id(index) << 32);
        for (int c = 0; c < calls && r.error.isEmpty(); ++c, ++r.calls) {
            if (rng.bounded(100) < 3)
                cancelSomeone(rng);
            auto cm = rng.bounded(4) == 0 ? std::make_shared<CancellationManager>() : nullptr;
            // A long wait only for cancellable calls; never forever, or all workers could end up
            // waiting on each other (all enqueuing into a full queue) with nobody left to cancel.
            const Timeout timeout = cm && rng.bounded(2) ? kLongWait : Timeout(rng.bounded(3));
            {
                std::lock_guard lock(m_slots[size_t(index)].mu);
                m_slots[size_t(index)].current = cm;
            }
            const int op = rng.bounded(10000); // a close about twice a round
            if (op < 2500) {
                const Id id = next++;
                check(r, "enqueue", m_q->enqueue(id, timeout, cm.get()), true);
                if (lastOk)
                    r.in.push_back(id);
            } else if (op < 4500) {
                std::vector<Id> items;
                const int n = rng.bounded(6);
                for (int i = 0; i < n; ++i)
                    items.push_back(next++);
                int entered = -1;
                const std::vector<Id> copy = items;
                check(r, "enqueueMany", m_q->enqueueMany(std::move(items), timeout, &entered, cm.get()),
                      true);
                if (entered < 0 || entered > n || (lastOk && entered != n))
                    fail(r, QStringLiteral("enqueueMany of %1 reported %2 in").arg(n).arg(entered));
                r.in.insert(r.in.end(), copy.begin(), copy.begin() + std::max(0, entered));
            } else if (op < 7000) {
                Result<Id> v = m_q->dequeue(timeout, cm.get());
                check(r, "dequeue", v.isOk() ? Status() : v.status(), false);
                if (v)
                    r.out.push_back(*v);
            } else if (op < 9997) {
                const bool upTo = op >= 8500;
                const int n = rng.bounded(1, 6);
                auto b =
                    upTo ? m_q->dequeueUpTo(n, timeout, cm.get()) : m_q->dequeueMany(n, timeout, cm.get());
                check(r, upTo ? "dequeueUpTo" : "dequeueMany", b.isOk() ? Status() : b.status(), false);
                if (b) {
                    const int got = int(b->size());
                    if (upTo ? (got < 1 || got > n) : got != n)
                        fail(r, QStringLiteral("asked %1, got %2").arg(n).arg(got));
                    if (upTo && got < n && !m_q->isClosed())
                        fail(r, QStringLiteral("a short dequeueUpTo from an open queue"));
                    r.out.insert(r.out.end(), b->begin(), b->end());
                }
            } else {
                const bool cancel = rng.bounded(2) == 0;
                const Status s = m_q->close(cancel);
                const bool fine =
                    s.isOk() || (!cancel && s.kind() == ErrorKind::Cancelled &&
                                 (s.message().endsWith(QStringLiteral("is already closed.")) ||
                                  s.message() == QStringLiteral("Enqueue operation was cancelled")));
                if (!fine)
                    fail(r, QStringLiteral("close(%1): %2").arg(cancel).arg(s.toString()));
            }
            std::lock_guard lock(m_slots[size_t(index)].mu);
            m_slots[size_t(index)].current.reset();
        }
        return r;
    }

private:
    void cancelSomeone(QRandomGenerator &rng)
    {
        std::shared_ptr<CancellationManager> victim;
        {
            Slot &s = m_slots[size_t(rng.bounded(int(m_slots.size())))];
            std::lock_guard lock(s.mu);
            victim = s.current;
        }
        if (victim)
            victim->startCancel(); // outside the slot's lock: the cancelled call takes its own locks
    }

    static void fail(WorkerResult &r, const QString &what)
    {
        if (r.error.isEmpty())
            r.error = what;
    }

    void check(WorkerResult &r, const char *op, const Status &s, bool enqueue)
    {
        lastOk = s.isOk();
        if (s.isOk())
            return;
        const QString &m = s.message();
        r.timedOut += s.kind() == ErrorKind::DeadlineExceeded;
        r.cancelled += m.endsWith(QStringLiteral("operation was cancelled"));
        r.outOfRange += s.kind() == ErrorKind::OutOfRange;
        bool fine = false;
        switch (s.kind()) {
        case ErrorKind::DeadlineExceeded:
            fine = m.startsWith(QStringLiteral("Timed out waiting for notification"));
            break;
        case ErrorKind::Cancelled:
            fine = enqueue ? (m == QStringLiteral("Enqueue operation was cancelled") ||
                              m.endsWith(QStringLiteral("is closed.")))
                           : m == QStringLiteral("Dequeue operation was cancelled");
            break;
        case ErrorKind::OutOfRange:
            fine = !enqueue && m.contains(QStringLiteral("is closed and has insufficient elements")) &&
                   m_q->isClosed();
            break;
        default:
            break;
        }
        if (!fine)
            fail(r, QStringLiteral("%1: %2").arg(QLatin1String(op), s.toString()));
    }

    static thread_local bool lastOk;
    std::shared_ptr<Queue<Id>> m_q;
    std::vector<Slot> m_slots;
    const quint64 m_seed;
};

thread_local bool Round::lastOk = false;

} // namespace

class TestQueueStress : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { QTRY_COMPARE_WITH_TIMEOUT(CoordinatedThread::liveCount(), 0, kLongMs); }

    void randomOperationsLoseAndDuplicateNothing()
    {
        const int totalCalls = envInt("QS_QUEUE_STRESS_OPS", 100000);
        const quint64 seed =
            quint64(envInt("QS_QUEUE_STRESS_SEED", int(QRandomGenerator::global()->bounded(1 << 30))));
        qInfo("QS_QUEUE_STRESS_OPS=%d QS_QUEUE_STRESS_SEED=%llu", totalCalls, seed);
        QRandomGenerator rng{quint32(seed)};
        constexpr int kWorkers = 6;
        constexpr int kCallsPerWorkerPerRound = 1250;
        const int rounds = std::max(1, (totalCalls + kWorkers * kCallsPerWorkerPerRound - 1) /
                                           (kWorkers * kCallsPerWorkerPerRound));
        qint64 calls = 0, moved = 0, timedOut = 0, cancelled = 0, outOfRange = 0;
        for (int round = 0; round < rounds; ++round) {
            const int capacity = rng.bounded(1, 17);
            std::shared_ptr<Queue<Id>> q;
            if (rng.bounded(2) == 0)
                q = *FIFOQueue<Id>::create(QStringLiteral("stress"), capacity);
            else
                q = *RandomShuffleQueue<Id>::create(QStringLiteral("stress"), capacity, rng.bounded(capacity),
                                                    seed + quint64(round));
            Round r(q, kWorkers, seed + quint64(round));
            std::vector<std::unique_ptr<Async<WorkerResult>>> workers;
            for (int w = 0; w < kWorkers; ++w) {
                workers.push_back(std::make_unique<Async<WorkerResult>>(
                    [&r, w] { return r.work(w, kCallsPerWorkerPerRound); },
                    QStringLiteral("worker-%1").arg(w)));
            }
            std::vector<Id> in, out;
            for (auto &w : workers) {
                QVERIFY2(w->finished(), "a worker did not finish its calls");
                const WorkerResult &res = w->result();
                QVERIFY2(
                    res.error.isEmpty(),
                    qPrintable(QStringLiteral("round %1 seed %2: %3").arg(round).arg(seed).arg(res.error)));
                in.insert(in.end(), res.in.begin(), res.in.end());
                out.insert(out.end(), res.out.begin(), res.out.end());
                calls += res.calls;
                timedOut += res.timedOut;
                cancelled += res.cancelled;
                outOfRange += res.outOfRange;
            }
            const QueueCounters c = q->counters();
            QCOMPARE(c.waitingEnqueuers + c.waitingDequeuers + c.pendingCloses, 0);
            QVERIFY(q->close(true).isOk());
            for (;;) { // what is still in the queue
                auto rest = q->dequeueUpTo(64, Timeout(0));
                if (!rest) {
                    QCOMPARE(rest.status().kind(), ErrorKind::OutOfRange);
                    break;
                }
                out.insert(out.end(), rest->begin(), rest->end());
            }
            QCOMPARE(q->counters().enqueued, qint64(in.size()));
            std::unordered_set<Id> entered(in.begin(), in.end());
            QCOMPARE(entered.size(), in.size());
            std::unordered_set<Id> seen;
            for (Id id : out) {
                QVERIFY2(entered.count(id) == 1,
                         qPrintable(QStringLiteral("%1 came out, never went in").arg(id)));
                QVERIFY2(seen.insert(id).second, qPrintable(QStringLiteral("%1 came out twice").arg(id)));
            }
            QVERIFY2(seen.size() == entered.size(),
                     qPrintable(QStringLiteral("round %1 seed %2: %3 went in, %4 came out")
                                    .arg(round)
                                    .arg(seed)
                                    .arg(entered.size())
                                    .arg(seen.size())));
            moved += qint64(in.size());
        }
        qInfo("%lld calls over %d rounds, %lld elements moved; %lld timed out, %lld cancelled, %lld out of "
              "range",
              calls, rounds, moved, timedOut, cancelled, outOfRange);
        // The mix reached every way a call can end.
        QVERIFY(timedOut > 0 && cancelled > 0 && outOfRange > 0);
    }
};

QTEST_GUILESS_MAIN(TestQueueStress)
#include "tst_queuestress.moc"
