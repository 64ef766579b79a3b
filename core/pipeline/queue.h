#pragma once

#include "base/result.h"
#include "pipeline/queuebase.h"

#include <optional>
#include <vector>

namespace qs {

// A bounded queue of T with TensorFlow 1.x's queue semantics (see QueueBase for the contract:
// arrival order, closing, timeouts, observation). FIFOQueue and RandomShuffleQueue differ only in
// which element a dequeue takes. T must be movable; elements cross threads by move, so share
// large payloads as implicitly shared or const values.
//
// Example:
//   auto q = *FIFOQueue<QString>::create("filenames", 32);
//   q->enqueue("a.tfrecords");
//   Result<QString> f = q->dequeue(std::chrono::milliseconds(100));
//   Result<std::vector<QString>> batch = q->dequeueMany(4); // OutOfRange once closed and short
template<typename T> class Queue : public QueueBase {
public:
    // Every call may be given a CancellationManager (TensorFlow's session cancellation): when it
    // cancels while the call waits, the call fails Cancelled and the queue stays usable.
    Status enqueue(T item, Timeout timeout = kWaitForever, CancellationManager *cancellation = nullptr)
    {
        Pusher op(*this, &item);
        return enqueueN(1, timeout, op, nullptr, cancellation);
    }

    // Adds the items in order. On failure, `*enqueued` (if given) tells how many are already in.
    Status enqueueMany(std::vector<T> items, Timeout timeout = kWaitForever, int *enqueued = nullptr,
                       CancellationManager *cancellation = nullptr)
    {
        Pusher op(*this, items.data());
        return enqueueN(int(items.size()), timeout, op, enqueued, cancellation);
    }

    Result<T> dequeue(Timeout timeout = kWaitForever, CancellationManager *cancellation = nullptr)
    {
        One op(*this);
        Status s = dequeueN(1, false, timeout, op, cancellation);
        if (!s.isOk())
            return s;
        return std::move(*op.item);
    }

    // Exactly n elements, or OutOfRange once the queue is closed with fewer than n left.
    Result<std::vector<T>> dequeueMany(int n, Timeout timeout = kWaitForever,
                                       CancellationManager *cancellation = nullptr)
    {
        return take(n, false, timeout, cancellation);
    }
    // Waits for n like dequeueMany; once closed, returns whatever is left (1..n).
    Result<std::vector<T>> dequeueUpTo(int n, Timeout timeout = kWaitForever,
                                       CancellationManager *cancellation = nullptr)
    {
        return take(n, true, timeout, cancellation);
    }

protected:
    using QueueBase::QueueBase;

    // The storage; called with the queue's mutex held.
    virtual void pushLocked(T &&item) = 0;
    virtual T popLocked() = 0;                              // the element a dequeue takes next
    virtual void restoreLocked(std::vector<T> &&taken) = 0; // put back, taken[0] first out again

private:
    class Pusher final : public EnqueueOp {
    public:
        Pusher(Queue &q, T *items)
            : m_q(q)
            , m_next(items)
        {}
        void pushLocked(int count) override
        {
            for (int i = 0; i < count; ++i)
                m_q.pushLocked(std::move(*m_next++));
        }

    private:
        Queue &m_q;
        T *m_next;
    };

    class Many final : public DequeueOp {
    public:
        explicit Many(Queue &q)
            : m_q(q)
        {}
        void takeLocked(int count) override
        {
            for (int i = 0; i < count; ++i)
                items.push_back(m_q.popLocked());
        }
        void restoreLocked() override
        {
            m_q.restoreLocked(std::move(items));
            items.clear();
        }
        std::vector<T> items;

    private:
        Queue &m_q;
    };

    class One final : public DequeueOp {
    public:
        explicit One(Queue &q)
            : m_q(q)
        {}
        void takeLocked(int count) override
        {
            if (count > 0)
                item.emplace(m_q.popLocked());
        }
        void restoreLocked() override
        {
            std::vector<T> back;
            back.push_back(std::move(*item));
            item.reset();
            m_q.restoreLocked(std::move(back));
        }
        std::optional<T> item;

    private:
        Queue &m_q;
    };

    Result<std::vector<T>> take(int n, bool allowSmall, Timeout timeout, CancellationManager *cancellation)
    {
        Many op(*this);
        Status s = dequeueN(n, allowSmall, timeout, op, cancellation);
        if (!s.isOk())
            return s;
        return std::move(op.items);
    }
};

} // namespace qs
