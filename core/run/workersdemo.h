#pragma once

#include "base/status.h"

#include <QString>

#include <memory>

namespace qs {

struct RunContext;

// The "workers" mode: the Coordinator's own example from TensorFlow's documentation.
//   coord = tf.train.Coordinator()
//   threads = [threading.Thread(target=worker, args=(coord,)) for i in range(5)]
//   for t in threads: t.start()
//   coord.join(threads)
// run() is the body of the "coordinator" thread (role Main): it starts `workers` threads
// "worker-<i>" (role Worker), each looping while not should_stop: one step of work is a
// waitForStop(worker_step_ms) (so a stop is noticed at once), after which, with probability
// stop_probability, the worker calls request_stop() and records a `note` {what:
// "worker_requests_stop", worker} first. The coordinator thread then joins them (grace
// period as configured) and ends the run: "stopped", or "error" when join reports one.
class WorkersDemo {
public:
    explicit WorkersDemo(std::shared_ptr<RunContext> context);
    Status run();

private:
    static Status work(RunContext &ctx, const QString &name, quint64 seed);
    std::shared_ptr<RunContext> m_context;
};

} // namespace qs
