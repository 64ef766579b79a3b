#pragma once

// Helpers for the pipeline tests: threads are coordinated by events and by waiting on observable
// conditions (a queue's waiting callers, a thread's end), never by sleeping.

#include "pipeline/coordinatedthread.h"

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>

// Like Q_ASSERT, but also evaluated in release (TSan) builds, for helpers that cannot QVERIFY.
#define QS_CHECK(cond)                                                                                       \
    do {                                                                                                     \
        if (!(cond))                                                                                         \
            qFatal("%s:%d: check failed: %s", __FILE__, __LINE__, #cond);                                    \
    } while (false)

namespace qs::test {

using namespace std::chrono_literals;
inline constexpr std::chrono::milliseconds kLong = 20s; // "this should never take that long"
inline constexpr int kLongMs = 20000;

// A one-shot flag threads can wait for (Python's threading.Event).
class Flag {
public:
    void set()
    {
        {
            std::lock_guard lock(m_mu);
            m_set = true;
        }
        m_cv.notify_all();
    }
    bool isSet() const
    {
        std::lock_guard lock(m_mu);
        return m_set;
    }
    bool wait(std::chrono::milliseconds timeout = kLong) const
    {
        std::unique_lock lock(m_mu);
        return m_cv.wait_for(lock, timeout, [this] { return m_set; });
    }

private:
    mutable std::mutex m_mu;
    mutable std::condition_variable m_cv;
    bool m_set = false;
};

// Runs fn on a CoordinatedThread and keeps what it returned. result() may be read once
// finished() is true: the thread's exit happens-before that.
template<typename R> class Async {
public:
    explicit Async(std::function<R()> fn, const QString &name = QStringLiteral("async"),
                   Recorder *recorder = nullptr)
        : m_thread(std::make_shared<CoordinatedThread>(
              name, ThreadRole::Worker,
              [this, fn = std::move(fn)] {
                  m_result.emplace(fn());
                  return Status();
              },
              recorder))
    {
        m_thread->start();
    }
    ~Async() { m_thread->wait(kLong); }
    Async(const Async &) = delete;
    Async &operator=(const Async &) = delete;

    bool finished(std::chrono::milliseconds timeout = kLong) const { return m_thread->wait(timeout); }
    const R &result() const { return *m_result; }
    const ThreadHandle &handle() const { return m_thread; }

private:
    std::optional<R> m_result; // written by the thread before it finishes
    ThreadHandle m_thread;
};

} // namespace qs::test
