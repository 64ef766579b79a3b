#include "pipeline/queuebase.h"

#include "observe/recorder.h"
#include "pipeline/coordinatedthread.h"

#include <QJsonObject>

#include <algorithm>
#include <optional>

namespace qs {

namespace {

using Clock = std::chrono::steady_clock;

std::optional<Clock::time_point> deadlineFor(Timeout timeout)
{
    if (timeout.count() < 0)
        return std::nullopt;
    return Clock::now() + timeout;
}

bool expired(const std::optional<Clock::time_point> &deadline)
{
    return deadline && Clock::now() >= *deadline;
}

void waitLocked(std::condition_variable &cv, std::unique_lock<std::mutex> &lock,
                const std::optional<Clock::time_point> &deadline)
{
    if (deadline)
        cv.wait_until(lock, *deadline);
    else
        cv.wait(lock);
}

// Removes a ticket from its line; true when it was the head (the next one may now proceed).
bool leaveLine(std::deque<quint64> &line, quint64 ticket)
{
    const bool head = !line.empty() && line.front() == ticket;
    line.erase(std::find(line.begin(), line.end(), ticket));
    return head;
}

} // namespace

QueueBase::QueueBase(QueueKind kind, QString name, int capacity, int minAfterDequeue, Recorder *recorder)
    : m_kind(kind)
    , m_name(std::move(name))
    , m_capacity(capacity)
    , m_minAfterDequeue(minAfterDequeue)
    , m_recorder(recorder)
{
    if (m_recorder)
        m_queueId = m_recorder->registerQueue(m_name, typeName(), m_capacity, m_minAfterDequeue);
}

QueueBase::~QueueBase() = default;

QString QueueBase::typeName() const
{
    return m_kind == QueueKind::Fifo ? QStringLiteral("FIFOQueue") : QStringLiteral("RandomShuffleQueue");
}

int QueueBase::size() const
{
    std::lock_guard lock(m_mu);
    return sizeLocked();
}

bool QueueBase::isClosed() const
{
    std::lock_guard lock(m_mu);
    return m_closed;
}

QueueCounters QueueBase::counters() const
{
    std::lock_guard lock(m_mu);
    return {sizeLocked(),           m_enqueued, m_dequeued, m_closed, m_cancelled, int(m_enqueuers.size()),
            int(m_dequeuers.size())};
}

QString QueueBase::fillFigureName() const
{
    if (m_kind == QueueKind::Fifo)
        return QStringLiteral("fraction_of_%1_full").arg(m_capacity);
    return QStringLiteral("fraction_over_%1_of_%2_full")
        .arg(m_minAfterDequeue)
        .arg(m_capacity - m_minAfterDequeue);
}

double QueueBase::fillFraction() const
{
    const int n = size();
    if (m_kind == QueueKind::Fifo)
        return double(n) / m_capacity;
    return double(std::max(0, n - m_minAfterDequeue)) / (m_capacity - m_minAfterDequeue);
}

void QueueBase::close(bool cancelPendingEnqueues)
{
    bool changed = false;
    {
        std::lock_guard lock(m_mu);
        changed = !m_closed || (cancelPendingEnqueues && !m_cancelled);
        m_closed = true;
        m_cancelled = m_cancelled || cancelPendingEnqueues;
        if (changed)
            reportLocked();
    }
    if (!changed)
        return;
    m_enqueueCv.notify_all();
    m_dequeueCv.notify_all();
    if (m_recorder) {
        m_recorder->event(
            EventKind::QueueClose, CoordinatedThread::currentName(),
            {{QStringLiteral("queue"), m_name}, {QStringLiteral("cancel_pending"), cancelPendingEnqueues}});
    }
}

int QueueBase::dequeuableLocked() const
{
    const int n = sizeLocked();
    return m_closed ? n : std::max(0, n - m_minAfterDequeue);
}

void QueueBase::reportLocked()
{
    if (m_recorder)
        m_recorder->queueChanged(m_queueId, sizeLocked(), m_enqueued, m_dequeued, m_closed);
}

QString QueueBase::closedMessage() const
{
    return QStringLiteral("%1 '%2' is closed.").arg(typeName(), m_name);
}

Status QueueBase::enqueueN(int count, Timeout timeout, EnqueueOp &op, int *enqueued)
{
    const auto deadline = deadlineFor(timeout);
    int done = 0;
    Status result;
    bool wakeDequeuers = false;
    bool wakeEnqueuers = false;
    {
        std::unique_lock lock(m_mu);
        if (m_closed) {
            result = Status(ErrorKind::Cancelled, closedMessage());
        } else {
            quint64 ticket = 0;
            bool blocked = false;
            bool dirty = false; // a change not yet reported to the Recorder
            for (;;) {
                if (m_cancelled) { // closed while this caller waited in line
                    result = Status(ErrorKind::Cancelled, QStringLiteral("Enqueue operation was cancelled"));
                    break;
                }
                if (ticket ? m_enqueuers.front() == ticket : m_enqueuers.empty()) {
                    const int k = std::min(m_capacity - sizeLocked(), count - done);
                    if (k > 0) {
                        op.pushLocked(k);
                        done += k;
                        m_enqueued += k;
                        wakeDequeuers = dirty = true;
                    }
                    if (done == count)
                        break;
                }
                if (expired(deadline)) {
                    result = Status(ErrorKind::DeadlineExceeded,
                                    QStringLiteral("%1 '%2' timed out after %3 ms waiting to enqueue "
                                                   "(%4 of %5 element(s) enqueued, capacity %6)")
                                        .arg(typeName(), m_name)
                                        .arg(timeout.count())
                                        .arg(done)
                                        .arg(count)
                                        .arg(m_capacity));
                    break;
                }
                if (!ticket) {
                    ticket = ++m_nextTicket;
                    m_enqueuers.push_back(ticket);
                }
                if (!blocked) {
                    blocked = true;
                    ObservedThread::setState(ThreadState::BlockedFull, Activity::Enqueuing, m_name);
                }
                if (dirty) {
                    reportLocked();
                    dirty = false;
                }
                if (wakeDequeuers) { // partial progress: dequeuers may use it while this caller waits on
                    m_dequeueCv.notify_all();
                    wakeDequeuers = false;
                }
                waitLocked(m_enqueueCv, lock, deadline);
            }
            if (dirty)
                reportLocked();
            if (ticket)
                wakeEnqueuers = leaveLine(m_enqueuers, ticket);
            if (blocked)
                ObservedThread::setState(ThreadState::Running, Activity::Enqueuing, m_name);
        }
    }
    if (wakeDequeuers)
        m_dequeueCv.notify_all();
    if (wakeEnqueuers)
        m_enqueueCv.notify_all();
    if (enqueued)
        *enqueued = done;
    return result;
}

Status QueueBase::dequeueN(int count, bool allowSmall, Timeout timeout, DequeueOp &op)
{
    if (count < 0)
        return Status(
            ErrorKind::InvalidArgument,
            QStringLiteral("%1 '%2': cannot dequeue %3 elements").arg(typeName(), m_name).arg(count));
    if (count == 0)
        return {};
    const auto deadline = deadlineFor(timeout);
    int taken = 0;
    Status result;
    bool wakeDequeuers = false;
    bool wakeEnqueuers = false;
    {
        std::unique_lock lock(m_mu);
        quint64 ticket = 0;
        bool blocked = false;
        bool dirty = false;   // a change not yet reported to the Recorder
        bool touched = false; // elements were taken (and maybe given back)
        for (;;) {
            if (ticket ? m_dequeuers.front() == ticket : m_dequeuers.empty()) {
                const int available = dequeuableLocked();
                if (m_closed && available < count - taken) {
                    if (allowSmall && taken + available > 0) {
                        op.takeLocked(available);
                        taken += available;
                        wakeEnqueuers = touched = true;
                        break;
                    }
                    if (taken > 0) {
                        op.restoreLocked();
                        taken = 0;
                    }
                    result = Status(ErrorKind::OutOfRange,
                                    QStringLiteral("%1 '%2' is closed and has insufficient elements "
                                                   "(requested %3, current size %4)")
                                        .arg(typeName(), m_name)
                                        .arg(count)
                                        .arg(sizeLocked()));
                    break;
                }
                const int k = std::min(available, count - taken);
                if (k > 0) {
                    op.takeLocked(k);
                    taken += k;
                    wakeEnqueuers = dirty = touched = true;
                }
                if (taken == count)
                    break;
            }
            if (expired(deadline)) {
                const int held = taken;
                if (taken > 0) {
                    op.restoreLocked();
                    taken = 0;
                }
                result =
                    Status(ErrorKind::DeadlineExceeded,
                           QStringLiteral("%1 '%2' timed out after %3 ms waiting to dequeue %4 element(s) "
                                          "(%5 held and given back, current size %6)")
                               .arg(typeName(), m_name)
                               .arg(timeout.count())
                               .arg(count)
                               .arg(held)
                               .arg(sizeLocked()));
                break;
            }
            if (!ticket) {
                ticket = ++m_nextTicket;
                m_dequeuers.push_back(ticket);
            }
            if (!blocked) {
                blocked = true;
                ObservedThread::setState(ThreadState::BlockedEmpty, Activity::Dequeuing, m_name);
            }
            if (dirty) {
                reportLocked();
                dirty = false;
            }
            if (wakeEnqueuers) { // partial progress: enqueuers may use the room while this caller waits on
                m_enqueueCv.notify_all();
                wakeEnqueuers = false;
            }
            waitLocked(m_dequeueCv, lock, deadline);
        }
        if (result.isOk())
            m_dequeued += taken;
        if (touched)
            reportLocked();

        if (ticket)
            wakeDequeuers = leaveLine(m_dequeuers, ticket);
        if (blocked)
            ObservedThread::setState(ThreadState::Running, Activity::Dequeuing, m_name);
    }
    if (wakeEnqueuers)
        m_enqueueCv.notify_all();
    if (wakeDequeuers)
        m_dequeueCv.notify_all();
    return result;
}

} // namespace qs
