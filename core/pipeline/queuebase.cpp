#include "pipeline/queuebase.h"

#include "observe/recorder.h"
#include "pipeline/coordinatedthread.h"

#include <QJsonObject>

#include <algorithm>
#include <optional>

namespace qs {

namespace {

using Clock = std::chrono::steady_clock;

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
    std::optional<Event> closed;
    {
        std::lock_guard lock(m_mu);
        const bool changed = !m_closed || (cancelPendingEnqueues && !m_cancelled);
        if (!changed)
            return;
        m_closed = true;
        m_cancelled = m_cancelled || cancelPendingEnqueues;
        m_changed = true;
        // Logged under the mutex, so two closes racing appear in the order they took effect,
        // and before anything a caller woken by this close goes on to log.
        if (m_recorder) {
            closed = m_recorder->recordEvent(EventKind::QueueClose, CoordinatedThread::currentName(),
                                             {{QStringLiteral("queue"), m_name},
                                              {QStringLiteral("cancel_pending"), cancelPendingEnqueues}});
        }
        flushLocked(); // fails or completes every waiter the close decides
    }
    if (closed)
        m_recorder->passGate(*closed); // step mode may hold this thread here, never under the mutex
}

int QueueBase::dequeuableLocked() const
{
    const int n = sizeLocked();
    return m_closed ? n : std::max(0, n - m_minAfterDequeue);
}

void QueueBase::reportLocked()
{
    m_changed = false;
    if (m_recorder)
        m_recorder->queueChanged(m_queueId, sizeLocked(), m_enqueued, m_dequeued, m_closed);
}

QString QueueBase::closedMessage() const
{
    return QStringLiteral("%1 '%2' is closed.").arg(typeName(), m_name);
}

void QueueBase::finishLocked(Waiter &w, Status result)
{
    w.finished = true;
    w.result = std::move(result);
    w.cv.notify_one(); // under the mutex: the waiter cannot return (and destroy w) before we unlock
}

bool QueueBase::serveEnqueuersLocked()
{
    bool progress = false;
    while (!m_enqueuers.empty()) {
        Waiter &w = *m_enqueuers.front();
        if (m_cancelled) {
            finishLocked(w, Status(ErrorKind::Cancelled, QStringLiteral("Enqueue operation was cancelled")));
        } else {
            const int k = std::min(m_capacity - sizeLocked(), w.count - w.done);
            if (k > 0) {
                w.enqueueOp->pushLocked(k);
                w.done += k;
                m_enqueued += k;
                m_changed = progress = true;
            }
            if (w.done < w.count)
                return progress;
            finishLocked(w, {});
        }
        m_enqueuers.pop_front();
        progress = true;
    }
    return progress;
}

bool QueueBase::serveDequeuersLocked()
{
    bool progress = false;
    while (!m_dequeuers.empty()) {
        Waiter &w = *m_dequeuers.front();
        const int available = dequeuableLocked();
        const int need = w.count - w.done;
        if (m_closed && available < need) {
            if (w.allowSmall && w.done + available > 0) {
                w.dequeueOp->takeLocked(available);
                w.done += available;
                m_dequeued += w.done;
                finishLocked(w, {});
            } else {
                if (w.done > 0) {
                    w.dequeueOp->restoreLocked();
                    w.done = 0;
                }
                finishLocked(w, Status(ErrorKind::OutOfRange,
                                       QStringLiteral("%1 '%2' is closed and has insufficient elements "
                                                      "(requested %3, current size %4)")
                                           .arg(typeName(), m_name)
                                           .arg(w.count)
                                           .arg(sizeLocked())));
            }
        } else {
            const int k = std::min(available, need);
            if (k > 0) {
                w.dequeueOp->takeLocked(k);
                w.done += k;
                m_changed = progress = true;
            }
            if (w.done < w.count)
                return progress;
            m_dequeued += w.count;
            finishLocked(w, {});
        }
        m_dequeuers.pop_front();
        m_changed = progress = true;
    }
    return progress;
}

void QueueBase::flushLocked()
{
    // Taking makes room for enqueuers, adding makes elements for dequeuers: go round until
    // neither line can move.
    for (bool progress = true; progress;) {
        const bool enqueued = serveEnqueuersLocked();
        const bool dequeued = serveDequeuersLocked();
        progress = enqueued || dequeued;
    }
    if (m_changed)
        reportLocked();
}

void QueueBase::abandonLocked(Waiter &w, Timeout timeout)
{
    const bool enqueuer = w.enqueueOp != nullptr;
    auto &line = enqueuer ? m_enqueuers : m_dequeuers;
    line.erase(std::find(line.begin(), line.end(), &w));
    QString message;
    if (enqueuer) {
        message = QStringLiteral("%1 '%2' timed out after %3 ms waiting to enqueue "
                                 "(%4 of %5 element(s) enqueued, capacity %6)")
                      .arg(typeName(), m_name)
                      .arg(timeout.count())
                      .arg(w.done)
                      .arg(w.count)
                      .arg(m_capacity);
    } else {
        const int held = w.done;
        if (w.done > 0) {
            w.dequeueOp->restoreLocked();
            w.done = 0;
            m_changed = true;
        }
        message = QStringLiteral("%1 '%2' timed out after %3 ms waiting to dequeue %4 element(s) "
                                 "(%5 held and given back, current size %6)")
                      .arg(typeName(), m_name)
                      .arg(timeout.count())
                      .arg(w.count)
                      .arg(held)
                      .arg(sizeLocked());
    }
    w.finished = true;
    w.result = Status(ErrorKind::DeadlineExceeded, message);
    flushLocked(); // the next in line may now proceed, maybe with the elements given back
}

void QueueBase::awaitLocked(Waiter &w, std::unique_lock<std::mutex> &lock, Timeout timeout,
                            ThreadState blocked, Activity activity)
{
    if (w.finished)
        return;
    const bool bounded = timeout.count() >= 0;
    const Clock::time_point deadline = bounded ? Clock::now() + timeout : Clock::time_point::max();
    ObservedThread::setState(blocked, activity, m_name);
    while (!w.finished) {
        if (bounded && Clock::now() >= deadline) {
            abandonLocked(w, timeout);
            break;
        }
        if (bounded)
            w.cv.wait_until(lock, deadline);
        else
            w.cv.wait(lock);
    }
    ObservedThread::setState(ThreadState::Running, activity, m_name);
}

Status QueueBase::enqueueN(int count, Timeout timeout, EnqueueOp &op, int *enqueued)
{
    std::unique_lock lock(m_mu);
    Waiter w;
    if (m_closed) {
        w.result = Status(ErrorKind::Cancelled, closedMessage());
    } else if (m_enqueuers.empty() && m_capacity - sizeLocked() >= count) {
        // Nobody ahead and room for all: what serving this caller at the head would do, at once.
        op.pushLocked(count);
        w.done = count;
        m_enqueued += count;
        m_changed = true;
        flushLocked();
    } else {
        w.enqueueOp = &op;
        w.count = count;
        m_enqueuers.push_back(&w);
        flushLocked();
        awaitLocked(w, lock, timeout, ThreadState::BlockedFull, Activity::Enqueuing);
    }
    if (enqueued)
        *enqueued = w.done;
    return w.result;
}

Status QueueBase::dequeueN(int count, bool allowSmall, Timeout timeout, DequeueOp &op)
{
    if (count < 0)
        return Status(
            ErrorKind::InvalidArgument,
            QStringLiteral("%1 '%2': cannot dequeue %3 elements").arg(typeName(), m_name).arg(count));
    if (count == 0)
        return {};
    std::unique_lock lock(m_mu);
    Waiter w;
    if (m_dequeuers.empty() && dequeuableLocked() >= count) {
        // Nobody ahead and enough elements: what serving this caller at the head would do, at once.
        op.takeLocked(count);
        m_dequeued += count;
        m_changed = true;
        flushLocked();
        return {};
    }
    w.dequeueOp = &op;
    w.count = count;
    w.allowSmall = allowSmall;
    m_dequeuers.push_back(&w);
    flushLocked();
    awaitLocked(w, lock, timeout, ThreadState::BlockedEmpty, Activity::Dequeuing);
    return w.result;
}

} // namespace qs
