#pragma once

#include "base/status.h"
#include "pipeline/coordinatedthread.h"

#include <QList>
#include <QSet>

#include <functional>
#include <memory>

namespace qs {

class Coordinator;
class QueueBase;

struct QueueRunnerOptions {
    int numThreads = 1;
    ThreadRole role = ThreadRole::Reader;
    QSet<ErrorKind> queueClosedKinds{ErrorKind::OutOfRange}; // kinds that mean "the input ran out"
    QString enqueueOpName{}; // TF's enqueue op name; empty: "<queue name>_enqueue"
};

// TensorFlow 1.x's tf.train.QueueRunner: N threads that each call an enqueue body in a loop to
// keep one queue filled, plus a watcher that closes the queue when the coordinator stops.
//
// Contract:
//  - createThreads(coord) makes numThreads threads named as TensorFlow names them,
//    "QueueRunnerThread-<queue>-<enqueue op>" (role as given), and one watcher
//    "QueueRunnerThread-<queue>-close_on_stop" (role Watcher), registers them all with the
//    coordinator, starts them unless told not to, and returns them for join(). Thread i > 0 runs
//    "<enqueue op>_<i>": in TF the threads of one op share its name, here each gets its own, as
//    TF's uniquified op names of batch_join's ops. While threads of
//    an earlier createThreads are still running it creates nothing and returns an empty list.
//  - Each enqueue thread loops { if coord.shouldStop() end; Status s = body(i); } and ends:
//      · Stopped when stop was requested, or when s has a queue-closed kind (OutOfRange unless
//        told otherwise: its input ran out). The last thread to end that way closes the queue
//        (plain close), so end-of-data flows downstream: closing upstream closes downstream.
//      · Cancelled when s is Cancelled while the coordinator is stopping (the watcher's close).
//      · Failed on any other error, or an exception escaping the body (see StatusError): it
//        reports coord.requestStop(error.withThread(name)) first.
//  - The watcher waits for coord.waitForStop() and then closes the queue with
//    cancelPendingEnqueues, which wakes every blocked caller of the queue.
//  - Without a coordinator (createThreads(start)), the threads never stop on their own accord
//    but on an error: a queue-closed kind ends them as above, any other error is logged with
//    qWarning, appended to exceptionsRaised() and ends the thread Failed.
//  - The body runs on the runner's threads, possibly concurrently (one call per thread at a
//    time); it must be thread-safe across thread indices. The runner and its threads share
//    ownership of the queue and the body, so the runner may be destroyed while they run.
//
// Example:
//   auto runner = std::make_shared<QueueRunner>(examples, [=](int) { return readOne(examples); },
//                                               QueueRunner::Options{.numThreads = 4});
//   QList<ThreadHandle> threads = runner->createThreads(coord);
class QueueRunner {
public:
    using Body = std::function<Status(int threadIndex)>;
    using Options = QueueRunnerOptions;

    QueueRunner(std::shared_ptr<QueueBase> queue, Body body, Options options = {});
    ~QueueRunner();

    const std::shared_ptr<QueueBase> &queue() const;
    QString name() const; // the queue's name (TF's QueueRunner.name)
    const Options &options() const;
    QString threadName(int threadIndex) const;
    int activeThreads() const; // enqueue threads created and not yet ended

    QString closeOnStopName() const;

    QList<ThreadHandle> createThreads(const Coordinator &coord, bool start = true);
    // Without a Coordinator (TensorFlow's create_threads(sess, coord=None)): no close-on-stop
    // watcher, nothing registered; each thread runs until its body fails. An error is logged,
    // kept in exceptionsRaised() and ends the thread Failed with it (re-raised in the thread).
    QList<ThreadHandle> createThreads(bool start = true);
    QList<Status> exceptionsRaised() const; // cleared by each createThreads

private:
    QList<ThreadHandle> create(const Coordinator *coord, bool start);
    struct Shared;
    std::shared_ptr<Shared> d;
};

} // namespace qs
