#include "scenario/stepgate.h"

#include "observe/recorder.h"

#include <algorithm>

namespace qs {

bool StepGate::holds(EventKind kind)
{
    switch (kind) {
    case EventKind::RequestStop:
    case EventKind::QueueClose:
    case EventKind::Error:
    case EventKind::ThreadExit:
    case EventKind::Join:
    case EventKind::End:
        return true;
    default:
        return false;
    }
}

void StepGate::setEnabled(bool on)
{
    {
        std::lock_guard lock(m_mu);
        m_enabled = on && !m_released;
        if (!m_enabled)
            m_granted = m_nextTicket; // everyone waiting may go
    }
    m_cv.notify_all();
}

bool StepGate::isEnabled() const
{
    std::lock_guard lock(m_mu);
    return m_enabled;
}

void StepGate::grant(int steps)
{
    {
        std::lock_guard lock(m_mu);
        if (steps > 0)
            m_granted += std::uint64_t(steps);
    }
    m_cv.notify_all();
}

void StepGate::release()
{
    {
        std::lock_guard lock(m_mu);
        m_released = true;
        m_enabled = false;
        m_granted = m_nextTicket;
    }
    m_cv.notify_all();
}

int StepGate::heldCount() const
{
    std::lock_guard lock(m_mu);
    return m_held;
}

qint64 StepGate::passedCount() const
{
    std::lock_guard lock(m_mu);
    return m_passed;
}

QList<Event> StepGate::pending() const
{
    std::lock_guard lock(m_mu);
    QList<Event> out;
    out.reserve(qsizetype(m_pending.size()));
    for (const auto &held : m_pending)
        out.push_back(held.second);
    return out;
}

void StepGate::pass(const Event &event)
{
    // Only pipeline threads are held: a thread with no ObservedThread binding is the UI's or the
    // CLI's (a Stop pressed in step mode must not freeze the window).
    if (!holds(event.kind) || ObservedThread::currentId() < 0)
        return;
    std::unique_lock lock(m_mu);
    if (!m_enabled)
        return;
    // The thread shows paused before its event shows pending, and until after it no longer
    // does, so a snapshot (the recorder's states first, then pending()) that finds the event
    // held before and after its states finds the thread paused. setState() takes only the
    // thread's own slot lock, which never waits on this one.
    const StateSpan before = ObservedThread::currentSpan();
    ObservedThread::setState(ThreadState::Paused, Activity::None, eventKindKey(event.kind));
    // A step lets the next held event go; steps granted while nobody was held are not banked.
    m_granted = std::min(m_granted, m_nextTicket);
    const std::uint64_t ticket = m_nextTicket++;
    ++m_held;
    m_pending.emplace_back(ticket, event);
    m_cv.wait(lock, [&] { return ticket < m_granted || !m_enabled; });
    --m_held;
    ++m_passed;
    std::erase_if(m_pending, [ticket](const auto &held) { return held.first == ticket; });
    lock.unlock();
    ObservedThread::setState(before.state, before.activity, before.detail);
}

} // namespace qs
