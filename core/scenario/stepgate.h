#pragma once

#include "observe/snapshot.h"

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <utility>

namespace qs {

// Step mode: every coordination event holds the thread that is about to emit it until the user
// grants the next step. Installed as the Recorder's gate, so it sits at the one choke point all
// coordination events pass through — before the event happens: a held close has not closed its
// queue, a held request_stop has not stopped anyone, a held exit has not exited, and none of them
// is in the log yet. What is held is pending(), for the views to say what the next step releases.
//
// Contract:
//  - pass() runs on the emitting (worker) thread, outside every lock, before the event takes
//    effect and is recorded. While the gate is enabled it marks that thread `paused` (detail: the
//    event it holds at), waits until a step is granted to it, then restores the state it had.
//    The thread is paused from before its event is in pending() until after it has left it, so
//    a view never shows an event held by a thread that does not show paused. Held threads are
//    released in arrival order, one per granted step.
//  - Lock order: m_mu, then the Recorder's per-thread lock (setState under m_mu).
//  - grant(), setEnabled() and release() never block (the UI thread calls them).
//  - setEnabled(false) and release() let every held thread go at once; after release() the gate
//    never holds again (a finished or torn-down run must always be able to shut down).
//  - State events (EventKind::State) and notes are never held: only coordination events, and
//    only on threads bound with ObservedThread (pipeline threads): the UI thread is never held.
//  - Memory ordering: a grant() happens-before the held thread's return from pass().
class StepGate {
public:
    void setEnabled(bool on);
    bool isEnabled() const;
    void grant(int steps = 1);
    void release();
    int heldCount() const;      // threads held right now
    qint64 passedCount() const; // events that were held and then released
    // The events held right now, the next to be released first (seq -1: not recorded yet).
    QList<Event> pending() const;

    void pass(const Event &event);

private:
    static bool holds(EventKind kind);

    mutable std::mutex m_mu;
    std::condition_variable m_cv;
    bool m_enabled = false;                                // guarded by m_mu
    bool m_released = false;                               // guarded by m_mu
    std::uint64_t m_nextTicket = 0;                        // guarded by m_mu: order of arrival
    std::uint64_t m_granted = 0;                           // guarded by m_mu: tickets below this may go
    int m_held = 0;                                        // guarded by m_mu
    std::deque<std::pair<std::uint64_t, Event>> m_pending; // guarded by m_mu: by ticket
    qint64 m_passed = 0;                                   // guarded by m_mu
};

} // namespace qs
