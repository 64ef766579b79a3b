#pragma once

#include "pipeline/coordinatedthread.h"

#include <QList>

#include <memory>
#include <mutex>

namespace qs {

class Coordinator;
class QueueRunner;

// TensorFlow's QUEUE_RUNNERS collection with add_queue_runner / start_queue_runners: builders
// (stringInputProducer, batch, shuffleBatch, the Pipeline) add their runners here, and the run
// starts them all at once.
//
// Contract: thread-safe (one std::mutex, never held while threads are created).
// startQueueRunners(coord) calls createThreads on every runner and returns all the threads for
// join(); a runner whose threads are still running contributes nothing, so starting twice starts
// nothing new.
class QueueRunnerRegistry {
public:
    void addQueueRunner(std::shared_ptr<QueueRunner> runner);
    QList<std::shared_ptr<QueueRunner>> queueRunners() const;
    QList<ThreadHandle> startQueueRunners(const Coordinator &coord, bool start = true);

private:
    mutable std::mutex m_mu;
    QList<std::shared_ptr<QueueRunner>> m_runners; // guarded by m_mu
};

} // namespace qs
