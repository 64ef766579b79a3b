#pragma once

#include "base/status.h"

#include <QString>

#include <chrono>

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
// "worker-<i>" (role Worker), each looping while not should_stop: one step of work is
// worker_step_ms of running (slowed down by the run's Pacer, cut short when a stop interrupts
// it; a worker's own stop request lets the others finish their step), after which, with probability
// stop_probability, the worker calls request_stop() and records a `note` {what:
// "worker_requests_stop", worker} first. The coordinator thread then joins them (grace
// period as configured) and ends the run: "stopped", or "error" when join reports one.
class WorkersDemo {
public:
    struct Options {
        int workers = 5;
        std::chrono::milliseconds step{50};
        double stopProbability = 0.05;
        std::chrono::milliseconds grace{5000};
    };
    WorkersDemo(std::shared_ptr<RunContext> context, Options options);
    Status run();
    static QString workerName(int i); // "worker-<i>"

private:
    static Status work(RunContext &ctx, const Options &options, const QString &name, quint64 seed);
    std::shared_ptr<RunContext> m_context;
    Options m_options;
};

} // namespace qs
