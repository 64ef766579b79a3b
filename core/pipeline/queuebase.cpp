#include "pipeline/queuebase.h"

#include "observe/recorder.h"
#include "pipeline/coordinatedthread.h"

#include <QJsonObject>

#include <algorithm>

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
    return {sizeLocked(),
            m_enqueued,
            m_dequeued,
            m_closed,
            m_cancelled,
            int(m_enqueuers.size()) - m_pendingCloses,
            int(m_dequeuers.size()),
            m_pendingCloses};
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

Status QueueBase::close(bool cancelPendingEnqueues)
{
    const QString closer = CoordinatedThread::currentName();
    // Step mode holds the closer before its close takes effect (never under the mutex), and only
    // for a close that will: a second plain close, or a cancel of a cancelled queue, is no step.
    if (m_recorder) {
        bool effective = false;
        {
            std::lock_guard lock(m_mu);
            effective = cancelPendingEnqueues ? !m_cancelled : !m_closed;
        }
        if (effective) {
            m_recorder->awaitGate(EventKind::QueueClose, closer,
                                  {{QStringLiteral("queue"), m_name},
                                   {QStringLiteral("cancel_pending"), cancelPendingEnqueues}});
        }
    }
    Status result;
    {
        std::unique_lock lock(m_mu);
        if (cancelPendingEnqueues) {
            if (!m_cancelled)
                takeEffectLocked(true, closer);
            // Every waiting enqueue, and every plain close waiting behind them, fails at once.
            for (Waiter *w : m_enqueuers)
                finishLocked(*w,
                             Status(ErrorKind::Cancelled, QStringLiteral("Enqueue operation was cancelled")));
            m_enqueuers.clear();
            m_pendingCloses = 0;
            flushLocked();
        } else if (m_enqueuers.empty()) {
            if (m_closed) {
                result = alreadyClosed();
            } else {
                takeEffectLocked(false, closer);
                flushLocked();
            }
        } else {
            // Behind the enqueues already waiting, as TensorFlow's close attempt.
            Waiter w;
            w.isClose = true;
            w.closer = closer;
            m_enqueuers.push_back(&w);
            ++m_pendingCloses;
            flushLocked();
            awaitLocked(w, lock, kWaitForever, ThreadState::BlockedFull, Activity::None);
            result = w.result;
        }
    }
    return result;
}

void QueueBase::takeEffectLocked(bool cancelPendingEnqueues, const QString &closer)
{
    m_closed = true;
    m_cancelled = m_cancelled || cancelPendingEnqueues;
    m_changed = true;
    // Logged under the mutex, so two closes racing appear in the order they took effect,
    // and before anything a caller woken by this close goes on to log.
    if (m_recorder) {
        m_recorder->recordEvent(
            EventKind::QueueClose, closer,
            {{QStringLiteral("queue"), m_name}, {QStringLiteral("cancel_pending"), cancelPendingEnqueues}});
    }
}

Status QueueBase::alreadyClosed() const
{
    return Status(ErrorKind::Cancelled, QStringLiteral("Queue '%1' is already closed.").arg(m_name));
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
        if (w.isClose) {
            --m_pendingCloses;
            if (m_closed) {
                finishLocked(w, alreadyClosed());
            } else {
                takeEffectLocked(false, w.closer);
                finishLocked(w, {});
            }
        } else if (m_closed) {
            finishLocked(w, Status(ErrorKind::Cancelled, closedMessage()));
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
                giveBackLocked(w);
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

void QueueBase::giveBackLocked(Waiter &w)
{
    if (w.dequeueOp && w.done > 0) {
        w.dequeueOp->restoreLocked();
        w.done = 0;
        m_changed = true;
    }
}

void QueueBase::removeLocked(Waiter &w)
{
    auto &line = w.dequeueOp ? m_dequeuers : m_enqueuers;
    line.erase(std::find(line.begin(), line.end(), &w));
    if (w.isClose)
        --m_pendingCloses;
}

void QueueBase::abandonLocked(Waiter &w, Timeout timeout)
{
    removeLocked(w);
    QString detail;
    if (!w.dequeueOp) {
        detail = QStringLiteral("%1 '%2' timed out after %3 ms waiting to enqueue "
                                "(%4 of %5 element(s) enqueued, capacity %6)")
                     .arg(typeName(), m_name)
                     .arg(timeout.count())
                     .arg(w.done)
                     .arg(w.count)
                     .arg(m_capacity);
    } else {
        const int held = w.done;
        giveBackLocked(w);
        detail = QStringLiteral("%1 '%2' timed out after %3 ms waiting to dequeue %4 element(s) "
                                "(%5 held and given back, current size %6)")
                     .arg(typeName(), m_name)
                     .arg(timeout.count())
                     .arg(w.count)
                     .arg(held)
                     .arg(sizeLocked());
    }
    finishLocked(w, Status(ErrorKind::DeadlineExceeded,
                           QStringLiteral("Timed out waiting for notification (%1)").arg(detail)));
    flushLocked(); // the next in line may now proceed, maybe with the elements given back
}

void QueueBase::cancelLocked(Waiter &w)
{
    if (w.finished)
        return;
    removeLocked(w);
    giveBackLocked(w);
    finishLocked(w, cancelledStatus(w.dequeueOp != nullptr));
    flushLocked();
}

Status QueueBase::cancelledStatus(bool dequeue)
{
    return Status(ErrorKind::Cancelled, dequeue ? QStringLiteral("Dequeue operation was cancelled")
                                                : QStringLiteral("Enqueue operation was cancelled"));
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

void QueueBase::awaitCancellable(Waiter &w, std::unique_lock<std::mutex> &lock, Timeout timeout,
                                 ThreadState blocked, Activity activity, CancellationManager *cm)
{
    CancellationManager::Token token = CancellationManager::kInvalidToken;
    if (cm && !w.finished) {
        // Registered under the queue's mutex (lock order: queue, then manager); the callback
        // takes the queue's mutex, and the manager never holds its own while it runs callbacks.
        token = cm->getCancellationToken();
        if (!cm->registerCallback(token, [this, &w] {
                std::lock_guard relock(m_mu);
                cancelLocked(w);
            })) {
            token = CancellationManager::kInvalidToken;
            cancelLocked(w);
        }
    }
    awaitLocked(w, lock, timeout, blocked, activity);
    if (token != CancellationManager::kInvalidToken) {
        // w lives on this stack: wait (unlocked) for a callback that may still be running.
        lock.unlock();
        cm->deregisterCallback(token);
        lock.lock();
    }
}

Status QueueBase::enqueueN(int count, Timeout timeout, EnqueueOp &op, int *enqueued, CancellationManager *cm)
{
    if (enqueued)
        *enqueued = 0;
    if (count == 0)
        return {}; // as TensorFlow: an empty enqueue_many succeeds, closed or not
    if (cm && cm->isCancelled())
        return cancelledStatus(false);
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
        awaitCancellable(w, lock, timeout, ThreadState::BlockedFull, Activity::Enqueuing, cm);
    }
    if (enqueued)
        *enqueued = w.done;
    return w.result;
}

Status QueueBase::dequeueN(int count, bool allowSmall, Timeout timeout, DequeueOp &op,
                           CancellationManager *cm)
{
    if (count < 0)
        return Status(
            ErrorKind::InvalidArgument,
            QStringLiteral("%1 '%2': cannot dequeue %3 elements").arg(typeName(), m_name).arg(count));
    if (count == 0)
        return {};
    if (cm && cm->isCancelled())
        return cancelledStatus(true);
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
    awaitCancellable(w, lock, timeout, ThreadState::BlockedEmpty, Activity::Dequeuing, cm);
    return w.result;
}

} // namespace qs
