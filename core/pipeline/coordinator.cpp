#include "pipeline/coordinator.h"

#include "base/statusjson.h"

#include "observe/recorder.h"
#include "pipeline/statuserror.h"

#include <QJsonArray>
#include <QJsonObject>
#include <algorithm>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <vector>

namespace qs {

struct Coordinator::Core final : ExitListener {
    Core(Recorder *r, QSet<ErrorKind> kinds)
        : recorder(r)
        , cleanKinds(std::move(kinds))
    {}

    // Wakes join() when a thread it watches ends.
    void threadExited() override
    {
        {
            std::lock_guard lock(mu);
            ++exits;
        }
        cv.notify_all();
    }

    Recorder *const recorder;
    const QSet<ErrorKind> cleanKinds;

    mutable std::mutex mu;
    mutable std::condition_variable cv; // stop requested or cleared, or a watched thread ended
    std::atomic<bool> stop{false};      // written under mu; read without it by shouldStop()
    Status error;                       // guarded by mu: the kept error
    bool joined = false;                // guarded by mu
    quint64 exits = 0;                  // guarded by mu
    QList<ThreadHandle> registered;     // guarded by mu
    QStringList stragglers;             // guarded by mu
};

namespace {

bool anyAlive(const QList<ThreadHandle> &threads)
{
    for (const ThreadHandle &t : threads) {
        if (t->isAlive())
            return true;
    }
    return false;
}

} // namespace

Coordinator::Coordinator(Recorder *recorder, QSet<ErrorKind> cleanStopKinds)
    : d(std::make_shared<Core>(recorder, std::move(cleanStopKinds)))
{}

Recorder *Coordinator::recorder() const
{
    return d->recorder;
}

bool Coordinator::isCleanStop(const Status &status) const
{
    return status.isOk() || d->cleanKinds.contains(status.kind());
}

Coordinator::EndClass Coordinator::classify(const Status &status) const
{
    if (isCleanStop(status))
        return EndClass::Clean;
    if (status.kind() == ErrorKind::Cancelled && shouldStop())
        return EndClass::CancelledByStop;
    return EndClass::Error;
}

Status Coordinator::requestStop(Status error)
{
    const bool real = !isCleanStop(error);
    const QString thread = CoordinatedThread::currentName();
    if (real && error.thread().isEmpty())
        error = error.withThread(thread);
    // Step mode holds this thread before the request takes effect, so a held request_stop has
    // stopped nothing and is not in the log yet. After a join there is nothing to hold for.
    if (Recorder *rec = d->recorder; rec && !isJoined()) {
        rec->awaitGate(EventKind::RequestStop, thread,
                       {{QStringLiteral("error"), real ? statusToJson(error) : QJsonValue()}});
    }
    bool first = false;
    bool afterJoin = false;
    {
        std::lock_guard lock(d->mu);
        bool kept = false;
        if (d->joined) {
            afterJoin = true;
        } else if (!d->stop.load(std::memory_order_relaxed)) {
            first = true;
            kept = real;
            if (real)
                d->error = error;
        }
        // The events are logged before the stop becomes visible, so the log shows the first
        // request_stop (and its error) before anything the stop sets off, even on a thread that
        // polls shouldStop() (a queue's cancelling close, a later request_stop).
        if (Recorder *rec = d->recorder) {
            if (real) {
                QJsonObject details = statusToJson(error).toObject();
                details.insert(QStringLiteral("kept"), kept);
                if (afterJoin)
                    details.insert(QStringLiteral("after_join"), true);
                rec->recordEvent(EventKind::Error, thread, details);
            }
            if (!afterJoin) {
                rec->recordEvent(EventKind::RequestStop, thread,
                                 {{QStringLiteral("error"), real ? statusToJson(error) : QJsonValue()},
                                  {QStringLiteral("first"), first}});
            }
        }
        if (first)
            d->stop.store(true, std::memory_order_release);
    }
    if (first)
        d->cv.notify_all();
    return afterJoin && real ? error : Status::ok();
}

bool Coordinator::shouldStop() const
{
    return d->stop.load(std::memory_order_acquire);
}

bool Coordinator::waitForStop(std::chrono::milliseconds timeout) const
{
    if (shouldStop())
        return true;
    ObservedThread::setState(ThreadState::Waiting);
    bool stopped = false;
    {
        std::unique_lock lock(d->mu);
        auto pred = [this] { return d->stop.load(std::memory_order_relaxed); };
        if (timeout.count() < 0) {
            d->cv.wait(lock, pred);
            stopped = true;
        } else {
            stopped = d->cv.wait_for(lock, timeout, pred);
        }
    }
    ObservedThread::setState(ThreadState::Running);
    return stopped;
}

void Coordinator::clearStop()
{
    {
        std::lock_guard lock(d->mu);
        d->joined = false;
        d->error = Status::ok();
        d->stop.store(false, std::memory_order_release);
    }
    d->cv.notify_all();
}

Status Coordinator::keptError() const
{
    std::lock_guard lock(d->mu);
    return d->error;
}

bool Coordinator::isJoined() const
{
    std::lock_guard lock(d->mu);
    return d->joined;
}

void Coordinator::registerThread(ThreadHandle thread)
{
    std::lock_guard lock(d->mu);
    if (!d->registered.contains(thread))
        d->registered.append(std::move(thread));
}

QList<ThreadHandle> Coordinator::registeredThreads() const
{
    std::lock_guard lock(d->mu);
    return d->registered;
}

Status Coordinator::join(QList<ThreadHandle> threads, std::chrono::milliseconds gracePeriod,
                         bool ignoreLiveThreads, const std::function<bool()> &holdGrace)
{
    {
        std::lock_guard lock(d->mu);
        for (const ThreadHandle &t : std::as_const(d->registered)) {
            if (!threads.contains(t))
                threads.append(t);
        }
    }
    threads.removeAll(nullptr);
    for (const ThreadHandle &t : std::as_const(threads))
        t->addExitListener(std::weak_ptr<ExitListener>(d));

    ObservedThread::setState(ThreadState::Joining);
    QStringList stragglers;
    Status result;
    bool keptError = false;
    {
        // Lock order: Core::mu, then a thread's own mutex (inside isAlive). An exiting thread
        // takes its own mutex and releases it before it takes Core::mu.
        std::unique_lock lock(d->mu);
        d->cv.wait(lock, [&] { return d->stop.load(std::memory_order_relaxed) || !anyAlive(threads); });
        if (gracePeriod.count() < 0)
            gracePeriod = std::chrono::milliseconds(0);
        if (!holdGrace) {
            d->cv.wait_for(lock, gracePeriod, [&] { return !anyAlive(threads); });
        } else {
            using Clock = std::chrono::steady_clock;
            auto deadline = Clock::now() + gracePeriod;
            while (anyAlive(threads)) {
                lock.unlock();
                const bool held = holdGrace();
                lock.lock();
                const auto now = Clock::now();
                if (held)
                    deadline = std::max(deadline, now + gracePeriod);
                if (now >= deadline)
                    break;
                const auto slice =
                    std::min(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now),
                             std::chrono::milliseconds(50));
                d->cv.wait_for(lock, slice, [&] { return !anyAlive(threads); });
            }
        }
        for (const ThreadHandle &t : std::as_const(threads)) {
            if (t->isAlive())
                stragglers << t->name();
        }
        d->joined = true;
        d->registered.clear();
        d->stragglers = stragglers;
        keptError = !d->error.isOk();
        if (keptError)
            result = d->error;
        else if (!stragglers.isEmpty() && !ignoreLiveThreads)
            result = Status(ErrorKind::DeadlineExceeded,
                            QStringLiteral("Coordinator stopped with threads still running: ") +
                                stragglers.join(QLatin1Char(' ')));
    }
    ObservedThread::setState(ThreadState::Running);
    if (Recorder *rec = d->recorder) {
        const QString outcome = keptError              ? QStringLiteral("error")
                                : stragglers.isEmpty() ? QStringLiteral("ok")
                                                       : QStringLiteral("timeout");
        rec->event(EventKind::Join, CoordinatedThread::currentName(),
                   {{QStringLiteral("result"), outcome},
                    {QStringLiteral("still_running"), QJsonArray::fromStringList(stragglers)}});
    }
    return result;
}

QStringList Coordinator::lastStragglers() const
{
    std::lock_guard lock(d->mu);
    return d->stragglers;
}

Status Coordinator::stopOnException(const std::function<void()> &body)
{
    Status thrown = callCatching([&] {
        body();
        return Status::ok();
    });
    if (thrown.isOk())
        return thrown;
    if (thrown.thread().isEmpty())
        thrown = thrown.withThread(CoordinatedThread::currentName());
    requestStop(thrown);
    return thrown;
}

ThreadHandle Coordinator::startThread(const QString &name, ThreadRole role, std::function<Status()> body)
{
    Coordinator self = *this;
    auto thread = std::make_shared<CoordinatedThread>(
        name, role,
        [self, name, body = std::move(body)]() mutable -> Status {
            Status s = callCatching(body);
            if (s.isOk())
                return s;
            if (s.thread().isEmpty())
                s = s.withThread(name);
            switch (self.classify(s)) {
            case EndClass::Clean:
                self.requestStop(s);
                return Status::ok();
            case EndClass::CancelledByStop:
                return s;
            case EndClass::Error:
                break;
            }
            self.requestStop(s);
            return s;
        },
        d->recorder);
    registerThread(thread);
    thread->start();
    return thread;
}

} // namespace qs
