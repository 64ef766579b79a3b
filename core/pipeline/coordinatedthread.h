#pragma once

#include "base/status.h"
#include "observe/threadstate.h"

#include <QString>

#include <chrono>
#include <functional>
#include <memory>

namespace qs {

class Recorder;

enum class ExitHow : quint8 { Clean, Error, Cancelled };
QString exitHowKey(ExitHow how);        // "clean", "error", "cancelled" (the thread_exit event)
ExitHow exitHowFor(const Status &exit); // ok: Clean, Cancelled: Cancelled, else Error

// Told once, on the exiting thread, that a CoordinatedThread has finished (see addExitListener).
class ExitListener {
public:
    virtual void threadExited() = 0;

protected:
    ~ExitListener() = default;
};

// One QThread running one body, with a name and a role, that says when it has finished in a way
// ThreadSanitizer can see.
//
// Contract:
//  - start() runs the body once on a new QThread, bound to the Recorder (if any) as an
//    ObservedThread with this name and role, marked Running. The body returns a Status: ok ends
//    the thread Stopped (thread_exit how "clean"), Cancelled ends it Cancelled, anything else
//    Failed ("error"). An exception escaping the body is caught (see StatusError) and ends it
//    Failed. The final state and the thread_exit event are recorded by the thread itself,
//    and only then are the body's captures destroyed: a body may co-own its Recorder (a run's
//    threads co-own the run's shared state), and the thread never touches the Recorder after.
//  - Ordering: the thread's last act is to mark itself finished under a std::mutex (then it
//    wakes waiters and exit listeners). So isAlive() == false, wait() == true and an exit
//    listener's call happen-after everything the body did, its captures' destruction included.
//    QThread::wait() is never relied on for that (TSan cannot see Qt's own locks); the thread is
//    a small QThread subclass, not QThread::create(), whose std::future is touched after the body.
//  - Lifetime: destroying the handle of a finished thread frees its QThread (waiting only for
//    Qt's teardown of it). Destroying, or detach()ing, the handle of a thread still running
//    leaves that thread running: it is parked with its QThread (a running QThread may not be
//    deleted) and freed once it has ended, by the next start() or reapDetached(). A thread that
//    never ends stays parked until the process exits (nothing joins it, so exit is not held up); it must
//    touch only what it shares ownership of, and the Recorder it was given must outlive it. liveCount()
//    counts it until it ends.
//  - Every method is thread-safe; the destructor must not run on the thread itself (if it does,
//    the handle is parked as if detached).
//
// Example:
//   auto t = std::make_shared<CoordinatedThread>("worker", ThreadRole::Worker,
//                                                 [&] { return doWork(); }, &recorder);
//   t->start();
//   t->wait(std::chrono::seconds(5));
class CoordinatedThread {
public:
    using Body = std::function<Status()>;
    CoordinatedThread(QString name, ThreadRole role, Body body, Recorder *recorder = nullptr);
    ~CoordinatedThread();
    CoordinatedThread(const CoordinatedThread &) = delete;
    CoordinatedThread &operator=(const CoordinatedThread &) = delete;

    const QString &name() const { return m_name; }
    ThreadRole role() const { return m_role; }

    void start(); // once; later calls do nothing
    bool isStarted() const;
    bool isAlive() const;    // started and not yet finished
    bool isFinished() const; // started and finished
    // Waits until the thread is not alive; true unless the timeout (negative: none) expired.
    bool wait(std::chrono::milliseconds timeout = std::chrono::milliseconds(-1)) const;
    Status exitStatus() const; // the body's Status (with this thread's name) once finished

    // Registers a listener called on the exiting thread when it finishes; false (and no call)
    // when the thread has already finished. Held weakly.
    bool addExitListener(std::weak_ptr<ExitListener> listener);

    // Lets go of a thread that may never end (see Lifetime). The handle stays usable.
    void detach();

    static QString currentName(); // this thread's name, or the ObservedThread's, or ""
    static int liveCount();       // CoordinatedThreads started and not yet finished, process-wide
    static int parkedCount();     // detached QThreads not yet freed
    static void reapDetached();   // frees the parked QThreads whose threads have ended

private:
    struct State;
    class Worker;
    static void run(std::shared_ptr<State> state, QString name, ThreadRole role, Recorder *recorder,
                    Body body);
    const QString m_name;
    const ThreadRole m_role;
    std::shared_ptr<State> m_state;
    Worker *m_thread; // owned; parked instead of deleted while it runs
};

using ThreadHandle = std::shared_ptr<CoordinatedThread>;

} // namespace qs
