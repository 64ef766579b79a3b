#pragma once

#include "pipeline/coordinatedthread.h"

#include <atomic>

#include <QList>

#include <memory>

namespace qs {

class QueueBase;
struct RunContext;

// The run's watchdog thread (role Watcher, name "watchdog"). Every kTick until stop:
//  - the hang check: when the trainer has been blocked_empty on `watched` for longer than hang_s
//    and no live thread feeds that queue (none of `feeders` is started and unfinished), it
//    calls request_stop(FailedPrecondition "the trainer has waited N s on '<queue>', which no
//    live thread feeds: were the queue runners started (tf.train.start_queue_runners)?");
//  - stop_after_s (headless runs): request_stop once that long has passed since it started.
// Once stop is requested it cuts slow motion short (Pacer::interrupt) and closes `orphans`
// with cancel_pending_enqueues: the queues whose close-on-stop watchers were never started
// (start_queue_runners = false), which nobody else would close, so the trainer blocked on them
// wakes up and the run can end.
class Watchdog {
public:
    static constexpr std::chrono::milliseconds kTick{50};

    struct Options {
        double hangSeconds = 3; // hang_s
        double stopAfterS = 0;  // stop_after_s (0: never)
    };
    // `trainerId` is the trainer's Recorder id once its thread has started (-1 before).
    Watchdog(std::shared_ptr<RunContext> context, Options options,
             std::shared_ptr<const std::atomic<int>> trainerId, std::shared_ptr<QueueBase> watched,
             QList<ThreadHandle> feeders, QList<std::shared_ptr<QueueBase>> orphans);
    Status run(); // the thread's body

private:
    bool hangDetected(double *waitedS) const;

    std::shared_ptr<RunContext> m_context;
    Options m_options;
    std::shared_ptr<const std::atomic<int>> m_trainerId;
    std::shared_ptr<QueueBase> m_watched; // may be null (naive feed)
    QList<ThreadHandle> m_feeders;
    QList<std::shared_ptr<QueueBase>> m_orphans;
};

} // namespace qs
