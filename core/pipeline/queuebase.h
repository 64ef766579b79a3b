#pragma once

#include "base/status.h"
#include "observe/threadstate.h"

#include <QString>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>

namespace qs {

class Recorder;

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
};

// The element-type-free half of a bounded queue with TensorFlow 1.x's queue semantics: waiting,
// arrival order, closing, timeouts, counters and observation. Queue<T> adds the elements.
//
// Contract:
//  - Thread-safe; one std::mutex guards everything. Callers are served in arrival order:
//    enqueuers in one line, dequeuers in another, and only the head of a line makes progress
//    (an enqueueMany at the head adds what fits and keeps waiting; a dequeueMany at the head
//    takes what is available, holding it while it waits for the rest). As in TensorFlow's
//    queue_base, whichever call changes the queue serves the waiting heads on their behalf and
//    wakes only the callers it finished, so a sleeping head never holds the line up.
//  - Dequeuing: a dequeue may take an element only while size() > minAfterDequeue() (0 for a
//    FIFO); close() lifts that floor. Once closed with fewer elements than it still needs, the
//    head dequeueMany puts back what it held (at the front, in order) and fails OutOfRange
//    "<Type> '<name>' is closed and has insufficient elements (requested n, current size m)"
//    (m counts the restored elements); a dequeueUpTo returns what there is (at least one).
//  - Enqueuing: on a closed queue fails Cancelled "<Type> '<name>' is closed.". close() lets
//    pending enqueues finish; close(true) fails every pending one with Cancelled "Enqueue
//    operation was cancelled" (what an enqueueMany already added stays). A close settles every
//    waiting dequeuer at once (served, or OutOfRange); close(true) also every waiting enqueuer,
//    so it wakes every blocked caller (the close-on-stop watcher relies on that).
//  - Timeouts: a caller that waited `timeout` fails DeadlineExceeded, gives back what it held
//    and leaves its line; the queue stays usable. Timeout 0 never waits.
//  - size() does not count what a waiting dequeueMany holds. It may briefly exceed capacity()
//    after a dequeueMany larger than the free room gives its elements back; enqueuers then wait
//    for room as usual. waitingEnqueuers/waitingDequeuers count the callers still in a line.
//  - Ordering: an element's enqueue happens-before its dequeue (the mutex); counters() and
//    size() are consistent snapshots taken under the mutex.
//  - Observation: with a Recorder, the queue registers itself, reports size changes with
//    queueChanged() under its mutex (once per call that changed it), marks a caller BlockedFull/BlockedEmpty
//    (activity Enqueuing/Dequeuing, detail the queue name) before it waits and Running after, and records
//    queue_close {queue, cancel_pending} under its mutex (in the order closes take effect, before
//    the events of the callers the close wakes), passing the step gate after unlocking. The
//    Recorder must outlive the queue.
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

    void close(bool cancelPendingEnqueues = false);

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
    Status enqueueN(int count, Timeout timeout, EnqueueOp &op, int *enqueued);
    Status dequeueN(int count, bool allowSmall, Timeout timeout, DequeueOp &op);

private:
    // A caller waiting in a line. It lives on that caller's stack; whoever holds the mutex may
    // move its elements (serve it) and finish it, so its cv is notified under the mutex.
    struct Waiter {
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
};

} // namespace qs
