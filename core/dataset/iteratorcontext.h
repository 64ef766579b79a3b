#pragma once

#include "observe/topology.h"

#include <QHash>
#include <QString>

#include <atomic>
#include <memory>
#include <mutex>

namespace qs {

class Autotuner;
class Recorder;

// What every stage of one running pipeline shares: the Recorder it reports to (may be null),
// its Autotuner, the count of errors ignore_errors() skipped, and the topology being built as
// stages start.
//
// Contract: thread-safe; one std::mutex guards the topology and the queue ids. queueId()
// registers a buffer with the Recorder once per name (a stage re-created by repeat() reports
// to the same gauge). addThread/addQueue keep the first entry of a name. publish() sets the
// topology on the Recorder; stages call it after adding their entries.
class IteratorContext {
public:
    IteratorContext(Recorder *recorder, std::shared_ptr<Autotuner> tuner);

    Recorder *recorder() const { return m_recorder; }
    Autotuner *tuner() const { return m_tuner.get(); }

    int queueId(const QString &name, const QString &type, int capacity);
    void queueChanged(int id, int size, qint64 enqueued, qint64 dequeued, bool closed) const;
    void addQueue(const QString &name, const QString &label);
    void addThread(TopologyThread thread);
    // Threads of the run around the pipeline (its consumer, watchers), listed after the stages'.
    void setTrailingThreads(QList<TopologyThread> threads);
    void publish();
    Topology topology() const;

    // A stage thread's last word: on destruction (declare it after the thread's ObservedThread)
    // the thread turns stopped and its thread_exit event is recorded, as a coordinated thread's.
    struct ExitNote {
        const IteratorContext *context;
        QString thread;
        ~ExitNote() { context->threadExited(thread); }
    };
    void threadExited(const QString &thread) const;

    void countIgnored() { m_ignored.fetch_add(1, std::memory_order_relaxed); }
    qint64 ignoredErrors() const { return m_ignored.load(std::memory_order_relaxed); }

private:
    Recorder *m_recorder;
    std::shared_ptr<Autotuner> m_tuner;
    std::atomic<qint64> m_ignored{0};
    mutable std::mutex m_mu;
    QHash<QString, int> m_queueIds;   // guarded by m_mu
    Topology m_topology;              // guarded by m_mu
    QList<TopologyThread> m_trailing; // guarded by m_mu
};

} // namespace qs
