#pragma once

#include <QtGlobal>

#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>

namespace qs {

// TensorFlow's CancellationManager: cancels the blocking calls registered with it, one by one or
// all at once, without closing anything (what tf.Session.close()/reset does to a session's
// blocked queue operations).
//
// Contract:
//  - Thread-safe; one std::mutex. A caller that can block gets a token, registers a callback
//    that makes it stop waiting, and deregisters it once done.
//  - startCancel() runs every registered callback once, on the cancelling thread, with no lock of
//    the manager held, then marks the manager cancelled for good: later registerCallback() calls
//    return false (the caller must treat itself as cancelled) and later startCancel()s do nothing.
//  - deregisterCallback(token) returns true if the callback was removed before it could run; false
//    if cancellation had already taken it, in which case it returns only after the callback has
//    finished, so the caller may then destroy what the callback touches.
//  - Ordering: everything a callback did happens-before deregisterCallback() returns false.
//
// Example (as QueueBase uses it):
//   CancellationManager session;
//   auto r = queue->dequeue(kWaitForever, &session); // another thread: session.startCancel();
//   // r.status(): Cancelled "Dequeue operation was cancelled"; the queue stays open and usable.
class CancellationManager {
public:
    using Token = qint64;
    static constexpr Token kInvalidToken = -1;

    CancellationManager() = default;
    CancellationManager(const CancellationManager &) = delete;
    CancellationManager &operator=(const CancellationManager &) = delete;

    Token getCancellationToken();
    bool registerCallback(Token token, std::function<void()> callback);
    bool deregisterCallback(Token token);
    void startCancel();
    bool isCancelled() const; // startCancel() has been called

private:
    mutable std::mutex m_mu;
    std::condition_variable m_doneCv;                   // cancellation finished
    Token m_next = 0;                                   // guarded by m_mu
    bool m_cancelling = false;                          // guarded by m_mu: startCancel is running callbacks
    bool m_cancelled = false;                           // guarded by m_mu: startCancel finished
    std::map<Token, std::function<void()>> m_callbacks; // guarded by m_mu
};

} // namespace qs
