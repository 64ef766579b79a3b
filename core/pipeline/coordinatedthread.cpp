#include "pipeline/coordinatedthread.h"

#include "observe/recorder.h"
#include "pipeline/statuserror.h"

#include <QDebug>
#include <QJsonObject>
#include <QThread>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <vector>

namespace qs {

QString exitHowKey(ExitHow how)
{
    switch (how) {
    case ExitHow::Clean:
        return QStringLiteral("clean");
    case ExitHow::Error:
        return QStringLiteral("error");
    case ExitHow::Cancelled:
        return QStringLiteral("cancelled");
    }
    return QStringLiteral("error");
}

ExitHow exitHowFor(const Status &exit)
{
    if (exit.isOk())
        return ExitHow::Clean;
    return exit.kind() == ErrorKind::Cancelled ? ExitHow::Cancelled : ExitHow::Error;
}

struct CoordinatedThread::State {
    std::mutex mu;
    std::condition_variable cv;                         // notified once, when finished turns true
    bool started = false;                               // guarded by mu
    bool finished = false;                              // guarded by mu
    Status exit;                                        // guarded by mu
    std::vector<std::weak_ptr<ExitListener>> listeners; // guarded by mu; emptied at exit
};

namespace {

std::atomic<int> g_live{0};
thread_local QString t_name;

// Parked QThreads of detached threads. Leaked on purpose: a thread that never ends must never
// see its QThread deleted, not even by static destruction at process exit.
struct Parking {
    std::mutex mu;
    struct Entry {
        QThread *thread;
        std::function<bool()> finished; // holds the thread's State
    };
    std::vector<Entry> parked; // guarded by mu
};
Parking &parking()
{
    static Parking *p = new Parking;
    return *p;
}

} // namespace

// The QThread. Its run() ends right after the body wrapper: nothing of ours is touched after the
// State is marked finished, so the handle may delete it once QThread::wait() says Qt is done.
class CoordinatedThread::Worker final : public QThread {
public:
    explicit Worker(std::function<void()> fn)
        : m_fn(std::move(fn))
    {}

protected:
    void run() override { m_fn(); }

private:
    std::function<void()> m_fn; // moved from, and emptied, by the thread itself
};

// The whole life of one thread. Everything it needs is passed in by value, so after it marks the
// State finished it touches nothing but its own stack and that State (which it co-owns).
void CoordinatedThread::run(std::shared_ptr<State> state, QString name, ThreadRole role, Recorder *recorder,
                            Body body)
{
    t_name = name;
    Status exit;
    {
        std::optional<ObservedThread> observed;
        if (recorder)
            observed.emplace(recorder, name, role);
        ObservedThread::setState(ThreadState::Running);
        exit = callCatching(body);
        if (!exit.isOk() && exit.thread().isEmpty())
            exit = exit.withThread(name);
        const ExitHow how = exitHowFor(exit);
        const ThreadState final = how == ExitHow::Clean       ? ThreadState::Stopped
                                  : how == ExitHow::Cancelled ? ThreadState::Cancelled
                                                              : ThreadState::Failed;
        QJsonObject details{{QStringLiteral("how"), exitHowKey(how)}};
        if (!exit.isOk())
            details.insert(QStringLiteral("error"), exit.toString());
        // Step mode holds the thread before it exits (a held thread is alive, and paused); its
        // final state and its thread_exit come together once the step releases it.
        if (recorder)
            recorder->awaitGate(EventKind::ThreadExit, name, details);
        ObservedThread::setState(final, Activity::None, exit.isOk() ? QString() : exit.toString());
        if (recorder)
            recorder->recordEvent(EventKind::ThreadExit, name, details);
    }
    // The body's captures die now: after the thread's last use of the Recorder (which they may
    // co-own, as a run's threads co-own its RunContext) and before the thread is marked finished.
    body = nullptr;
    t_name.clear();
    std::vector<std::shared_ptr<ExitListener>> listeners;
    {
        std::lock_guard lock(state->mu);
        state->finished = true;
        state->exit = exit;
        for (const auto &weak : state->listeners) {
            if (auto l = weak.lock())
                listeners.push_back(std::move(l));
        }
        state->listeners.clear();
        // Inside the lock, so whoever sees this thread finished also sees it uncounted.
        g_live.fetch_sub(1, std::memory_order_acq_rel);
    }
    state->cv.notify_all();
    for (const auto &l : listeners)
        l->threadExited();
}

CoordinatedThread::CoordinatedThread(QString name, ThreadRole role, Body body, Recorder *recorder)
    : m_name(std::move(name))
    , m_role(role)
    , m_state(std::make_shared<State>())
{
    // The lambda hands its captures over to run() by move and touches nothing after it returns.
    auto fn = [state = m_state, name = m_name, role, recorder, body = std::move(body)]() mutable {
        run(std::move(state), std::move(name), role, recorder, std::move(body));
    };
    m_thread = new Worker(std::move(fn));
    m_thread->setObjectName(m_name);
}

CoordinatedThread::~CoordinatedThread()
{
    bool started = false;
    bool finished = false;
    {
        std::lock_guard lock(m_state->mu);
        started = m_state->started;
        finished = m_state->finished;
    }
    if (!m_thread)
        return;
    if (!started) {
        delete m_thread;
        return;
    }
    if (finished && QThread::currentThread() != m_thread) {
        m_thread->wait();
        delete m_thread;
        return;
    }
    detach();
}

void CoordinatedThread::start()
{
    {
        std::lock_guard lock(m_state->mu);
        if (m_state->started || !m_thread)
            return;
        m_state->started = true;
    }
    g_live.fetch_add(1, std::memory_order_acq_rel);
    m_thread->start();
    reapDetached(); // frees parked threads that have ended since
}

bool CoordinatedThread::isStarted() const
{
    std::lock_guard lock(m_state->mu);
    return m_state->started;
}

bool CoordinatedThread::isAlive() const
{
    std::lock_guard lock(m_state->mu);
    return m_state->started && !m_state->finished;
}

bool CoordinatedThread::isFinished() const
{
    std::lock_guard lock(m_state->mu);
    return m_state->finished;
}

bool CoordinatedThread::wait(std::chrono::milliseconds timeout) const
{
    std::unique_lock lock(m_state->mu);
    auto done = [this] { return !m_state->started || m_state->finished; };
    if (timeout.count() < 0) {
        m_state->cv.wait(lock, done);
        return true;
    }
    return m_state->cv.wait_for(lock, timeout, done);
}

Status CoordinatedThread::exitStatus() const
{
    std::lock_guard lock(m_state->mu);
    return m_state->exit;
}

bool CoordinatedThread::addExitListener(std::weak_ptr<ExitListener> listener)
{
    std::lock_guard lock(m_state->mu);
    if (m_state->finished)
        return false;
    for (const auto &known : m_state->listeners) {
        if (!known.owner_before(listener) && !listener.owner_before(known))
            return true; // already registered (join() called again on the same thread)
    }
    m_state->listeners.push_back(std::move(listener));
    return true;
}

void CoordinatedThread::detach()
{
    QThread *thread = nullptr;
    {
        std::lock_guard lock(m_state->mu);
        if (!m_state->started || !m_thread)
            return;
        thread = m_thread;
        m_thread = nullptr;
    }
    reapDetached();
    if (!isFinished())
        qWarning().noquote() << "CoordinatedThread" << m_name << "detached while still running; left running";
    Parking &p = parking();
    std::lock_guard lock(p.mu);
    p.parked.push_back({thread, [state = m_state] {
                            std::lock_guard l(state->mu);
                            return state->finished;
                        }});
}

QString CoordinatedThread::currentName()
{
    if (!t_name.isEmpty())
        return t_name;
    return ObservedThread::currentName();
}

int CoordinatedThread::liveCount()
{
    return g_live.load(std::memory_order_acquire);
}

int CoordinatedThread::parkedCount()
{
    Parking &p = parking();
    std::lock_guard lock(p.mu);
    return int(p.parked.size());
}

void CoordinatedThread::reapDetached()
{
    std::vector<QThread *> done;
    {
        Parking &p = parking();
        std::lock_guard lock(p.mu);
        for (auto it = p.parked.begin(); it != p.parked.end();) {
            if (it->finished() && QThread::currentThread() != it->thread) {
                done.push_back(it->thread);
                it = p.parked.erase(it);
            } else {
                ++it;
            }
        }
    }
    for (QThread *t : done) {
        t->wait();
        delete t;
    }
}

} // namespace qs
