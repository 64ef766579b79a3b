#pragma once

#include "base/status.h"
#include "observe/threadstate.h"
#include "pipeline/cancellationmanager.h"

#include <QString>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>

namespace qs {

class Recorder;
struct Event;

using Timeout = std::chrono::milliseconds;
inline constexpr Timeout kWaitForever{-1};

enum class QueueKind : quint8 { Fifo, RandomShuffle };

struct QueueCounters {
    int size = 0;
    qint64 enqueued = 0; // elements that entered the queue
    qint64 dequeued = 0; // elements handed out by completed dequeues
    bool closed = false;
    bool cancelled = false; // closed with cancelPendingEnqueues
    int waitingEnqueuers = 0;
    int waitingDequeuers = 0;
    int pendingCloses = 0; // plain closes waiting behind enqueues
};

// The element-type-free half of a bounded queue with TensorFlow 1.x's queue semantics: waiting,
// arrival order, closing, timeouts, cancellation, counters and observation. Queue<T> adds the
// elements.
//
// Contract:
//  - Thread-safe; one std::mutex guards everything. Callers are served in arrival order:
//    enqueuers (and plain closes) in one line, dequeuers in another, and only the head of a line
//    makes progress (an enqueueMany at the head adds what fits and keeps waiting; a dequeueMany
//    at the head takes what is available, holding it while it waits for the rest). As in
//    TensorFlow's queue_base, whichever call changes the queue serves the waiting heads on their
//    behalf and wakes only the callers it finished, so a sleeping head never holds the line up.
//  - Dequeuing: a dequeue may take an element only while size() > minAfterDequeue() (0 for a
//    FIFO); closing lifts that floor. Once closed with fewer elements than it still needs, the
//    head dequeueMany puts back what it held (at the front, in order) and fails OutOfRange
//    "<Type> '<name>' is closed and has insufficient elements (requested n, current size m)"
//    (m counts the restored elements); a dequeueUpTo returns what there is (at least one).
//    Dequeuing 0 elements succeeds at once, closed or not.
//  - Closing: close() is an attempt in the enqueue line, as in TensorFlow: it takes effect only
//    after the enqueues already waiting have finished (served, timed out or cancelled), and it
//    blocks its caller until then. A plain close of a closed queue fails Cancelled
//    "Queue '<name>' is already closed.". close(true) (cancel_pending_enqueues) takes effect at
//    once: every waiting enqueue (and waiting plain close) fails Cancelled "Enqueue operation
//    was cancelled" (what an enqueueMany already added stays); it never fails. When a close
//    takes effect it settles every waiting dequeuer (served, or OutOfRange).
//  - Enqueuing: on a closed queue fails Cancelled "<Type> '<name>' is closed."; enqueueMany of
//    no elements succeeds at once, closed or not.
//  - Timeouts: a caller that waited `timeout` fails DeadlineExceeded "Timed out waiting for
//    notification (<what it was waiting for>)", gives back what it held and leaves its line;
//    the queue stays usable. Timeout 0 never waits.
//  - Cancellation: a call given a CancellationManager fails Cancelled "Enqueue operation was
//    cancelled" / "Dequeue operation was cancelled" when the manager cancels while it waits (or
//    before it would wait); it gives back what a dequeue held, leaves its line, and the queue
//    stays open and usable. The call returns only after its cancellation callback is done.
//  - size() does not count what a waiting dequeueMany holds. It may briefly exceed capacity()
//    after a dequeueMany larger than the free room gives its elements back; enqueuers then wait
//    for room as usual. waitingEnqueuers/waitingDequeuers count the enqueue/dequeue calls still
//    in a line, pendingCloses the plain closes waiting behind them.
//  - Ordering: an element's enqueue happens-before its dequeue (the mutex); counters() and
//    size() are consistent snapshots taken under the mutex.
//  - Observation: with a Recorder, the queue registers itself, reports size changes with
//    queueChanged() under its mutex (once per call that changed it), marks a caller BlockedFull/BlockedEmpty
//    (activity Enqueuing/Dequeuing, detail the queue name) before it waits and Running after, and records
//    queue_close {queue, cancel_pending} under its mutex when a close takes effect (in that
//    order, before the events of the callers the close wakes; named after the closing caller's
//    thread). A close that will take effect first passes the step gate (Recorder::awaitGate),
//    outside the mutex: step mode holds the closer before the queue closes. The Recorder must
//    outlive the queue.
class QueueBase {
public:
    virtual ~QueueBase();
    QueueBase(const QueueBase &) = delete;
    QueueBase &operator=(const QueueBase &) = delete;

    QueueKind kind() const { return m_kind; }
    QString typeName() const; // "FIFOQueue", "RandomShuffleQueue"
    const QString &name() const { return m_name; }
    int capacity() const { return m_capacity; }
    int minAfterDequeue() const { return m_minAfterDequeue; }

    int size() const;
    bool isClosed() const;
    QueueCounters counters() const;

    // Blocks until the close takes effect (see the contract); ok, or Cancelled when already closed
    // or when a close(true) cancelled it while it waited.
    Status close(bool cancelPendingEnqueues = false);

    // TensorFlow's summary figures: FIFO "fraction_of_<capacity>_full" = size / capacity;
    // shuffle "fraction_over_<mad>_of_<capacity - mad>_full" = max(0, size - mad) / (capacity - mad).
    QString fillFigureName() const;
    double fillFraction() const;

protected:
    QueueBase(QueueKind kind, QString name, int capacity, int minAfterDequeue, Recorder *recorder);

    // The storage, implemented below Queue<T>; called with the mutex held.
    virtual int sizeLocked() const = 0;

    // Moves elements between a caller and the storage; called with the mutex held.
    class EnqueueOp {
    public:
        virtual void pushLocked(int count) = 0; // the caller's next `count` elements
    protected:
        ~EnqueueOp() = default;
    };
    class DequeueOp {
    public:
        virtual void takeLocked(int count) = 0; // `count` more elements into the caller's hands
        virtual void restoreLocked() = 0;       // everything taken back, the first taken first
    protected:
        ~DequeueOp() = default;
    };
    Status enqueueN(int count, Timeout timeout, EnqueueOp &op, int *enqueued, CancellationManager *cm);
    Status dequeueN(int count, bool allowSmall, Timeout timeout, DequeueOp &op, CancellationManager *cm);

private:
    // A caller waiting in a line. It lives on that caller's stack; whoever holds the mutex may
    // move its elements (serve it) and finish it, so its cv is notified under the mutex.
    struct Waiter {
        bool isClose = false; // a plain close waiting in the enqueue line
        QString closer;       // its caller's thread name, for the queue_close event
        EnqueueOp *enqueueOp = nullptr;
        DequeueOp *dequeueOp = nullptr;
        int count = 0;
        int done = 0; // elements moved so far
        bool allowSmall = false;
        bool finished = false;
        Status result;
        std::condition_variable cv;
    };

    bool serveEnqueuersLocked();
    bool serveDequeuersLocked();
    void flushLocked(); // serves the heads of both lines while either makes progress
    void finishLocked(Waiter &w, Status result);
    void awaitLocked(Waiter &w, std::unique_lock<std::mutex> &lock, Timeout timeout, ThreadState blocked,
                     Activity activity);
    void abandonLocked(Waiter &w, Timeout timeout);
    void awaitCancellable(Waiter &w, std::unique_lock<std::mutex> &lock, Timeout timeout, ThreadState blocked,
                          Activity activity, CancellationManager *cm);
    void cancelLocked(Waiter &w);
    void removeLocked(Waiter &w);   // out of its line
    void giveBackLocked(Waiter &w); // a dequeuer's held elements back to the storage
    void takeEffectLocked(bool cancelPendingEnqueues, const QString &closer);
    Status alreadyClosed() const;
    static Status cancelledStatus(bool dequeue);
    int dequeuableLocked() const;
    void reportLocked();
    QString closedMessage() const;

    const QueueKind m_kind;
    const QString m_name;
    const int m_capacity;
    const int m_minAfterDequeue;
    Recorder *const m_recorder;
    int m_queueId = -1;

    mutable std::mutex m_mu;
    bool m_closed = false;            // guarded by m_mu
    bool m_cancelled = false;         // guarded by m_mu
    bool m_changed = false;           // guarded by m_mu: size or totals changed since the last report
    qint64 m_enqueued = 0;            // guarded by m_mu
    qint64 m_dequeued = 0;            // guarded by m_mu
    std::deque<Waiter *> m_enqueuers; // guarded by m_mu: enqueue calls in progress, in arrival order
    std::deque<Waiter *> m_dequeuers; // guarded by m_mu: dequeue calls in progress, in arrival order
    int m_pendingCloses = 0;          // guarded by m_mu: close waiters in m_enqueuers
};

} // namespace qs
