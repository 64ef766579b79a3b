#pragma once

#include "base/status.h"
#include "pipeline/coordinatedthread.h"

#include <QList>
#include <QSet>

#include <chrono>
#include <functional>
#include <memory>

namespace qs {

class Recorder;

// TensorFlow 1.x's tf.train.Coordinator: threads ask shouldStop(), anyone may requestStop(),
// one thread join()s them all.
//
// Contract:
//  - A Coordinator is a handle: copies share one state (threads capture a copy, so the state
//    outlives whoever made it). Every method is thread-safe.
//  - requestStop(error): the first call turns stop on; later calls change nothing. An error whose
//    kind is a clean-stop kind (OutOfRange unless told otherwise) counts as a stop with no error.
//    A real error is kept only if it arrives with the call that turns stop on: as in TensorFlow,
//    an error reported after stop was requested (say, a reader failing while the user's stop
//    closes the queues) is ignored, recorded as an `error` event with "kept": false. An error
//    without a thread name gets the caller's (CoordinatedThread::currentName()).
//  - After join() has run, a requestStop with a real error hands that error back: TensorFlow
//    re-raises it in the caller; here requestStop returns it (else requestStop returns ok).
//  - join(threads, grace, ignoreLive) waits while any of `threads` or of the registered threads is
//    alive and stop has not been requested; once stop is requested it waits at most `grace` more
//    for them to end. Then it reports, in this order: the kept error; else, if threads are still
//    alive, DeadlineExceeded "Coordinator stopped with threads still running: <names>" (names
//    separated by a space; TensorFlow raises RuntimeError here) unless ignoreLiveThreads; else ok.
//    Threads still alive are left running (see CoordinatedThread's Lifetime). join forgets the
//    registered threads and marks the coordinator joined. With no stop request and a thread
//    that never ends, join waits forever, as in TensorFlow.
//  - clearStop() turns stop off and clears the kept error and the joined mark.
//  - Ordering: shouldStop() == true happens-after the requestStop that turned it on (acquire /
//    release). join()'s return happens-after the exit of every thread it saw end.
//  - Observation (with a Recorder): events request_stop {error, first}, error {kind, message,
//    kept}, join {result, still_running}; the caller of waitForStop is marked Waiting and the
//    caller of join Joining while they wait, Running after. requestStop logs its events
//    before the stop becomes visible to anyone, so nothing the stop sets off is logged before
//    it; the Recorder's step gate may then hold the caller, after every lock is released, and
//    waitForStop's waiters are woken once it lets the caller go. A UI thread that requests a
//    stop in step mode should release the gate first.
//
// Example (the trainer thread of a run):
//   Coordinator coord(&recorder);
//   QList<ThreadHandle> threads = registry.startQueueRunners(coord);
//   while (!coord.shouldStop()) { auto batch = examples->dequeueMany(32); if (!batch) {
//   coord.requestStop(batch.status()); break; } ... } Status result = coord.join(threads,
//   std::chrono::seconds(10));
class Coordinator {
public:
    explicit Coordinator(Recorder *recorder = nullptr,
                         QSet<ErrorKind> cleanStopKinds = {ErrorKind::OutOfRange});

    Recorder *recorder() const;
    bool isCleanStop(const Status &status) const; // ok, or a clean-stop kind

    // The one classification of how a thread's work ended, used by every thread the run
    // coordinates (Coordinator::startThread, QueueRunner, the trainer): Clean (ok, or a
    // clean-stop kind such as OutOfRange: the data ran out), CancelledByStop (Cancelled after a
    // stop was requested: the close-on-stop cancelled it, not an error of its own) or Error (a
    // real error, which goes to requestStop).
    enum class EndClass : quint8 { Clean, CancelledByStop, Error };
    EndClass classify(const Status &status) const;

    Status requestStop(Status error = Status::ok());
    bool shouldStop() const;
    // Waits until stop is requested; returns shouldStop(). A negative timeout waits forever.
    bool waitForStop(std::chrono::milliseconds timeout = std::chrono::milliseconds(-1)) const;
    void clearStop();
    Status keptError() const;
    bool isJoined() const;

    void registerThread(ThreadHandle thread);
    QList<ThreadHandle> registeredThreads() const;
    // holdGrace, when given, is asked (without the coordinator's lock, every 50 ms at most)
    // while the grace period runs: while it says true the grace period starts again. Step
    // mode uses it so that threads held at the step gate do not turn a clean shutdown into a
    // timeout.
    Status join(QList<ThreadHandle> threads = {},
                std::chrono::milliseconds gracePeriod = std::chrono::seconds(120),
                bool ignoreLiveThreads = false, const std::function<bool()> &holdGrace = {});
    QStringList lastStragglers() const; // the names join found still alive, last time it ran

    // Runs body; an exception escaping it is reported with requestStop (a StatusError with its
    // own Status, any other as Unknown with what()). Returns what was reported, else ok.
    Status stopOnException(const std::function<void()> &body);

    // Creates, registers and starts a thread whose body runs under this coordinator: an error
    // it returns or throws is reported with requestStop (a clean-stop kind as a clean stop, a
    // Cancelled while stopping not at all); the thread ends Stopped/Failed/Cancelled accordingly.
    ThreadHandle startThread(const QString &name, ThreadRole role, std::function<Status()> body);

private:
    struct Core;
    std::shared_ptr<Core> d;
};

} // namespace qs
