#pragma once

#include "pipeline/queue.h"

#include <deque>
#include <memory>

namespace qs {

// TensorFlow's FIFOQueue: elements leave in the order they came (see QueueBase for the contract).
template<typename T> class FIFOQueue final : public Queue<T> {
public:
    // InvalidArgument when capacity < 1.
    static Result<std::shared_ptr<FIFOQueue>> create(const QString &name, int capacity,
                                                     Recorder *recorder = nullptr)
    {
        if (capacity < 1)
            return Status(ErrorKind::InvalidArgument,
                          QStringLiteral("FIFOQueue '%1': capacity must be at least 1 (got %2)")
                              .arg(name)
                              .arg(capacity));
        return std::shared_ptr<FIFOQueue>(new FIFOQueue(name, capacity, recorder));
    }

private:
    FIFOQueue(const QString &name, int capacity, Recorder *recorder)
        : Queue<T>(QueueKind::Fifo, name, capacity, 0, recorder)
    {}

    int sizeLocked() const override { return int(m_items.size()); }
    void pushLocked(T &&item) override { m_items.push_back(std::move(item)); }
    T popLocked() override
    {
        T item = std::move(m_items.front());
        m_items.pop_front();
        return item;
    }
    void restoreLocked(std::vector<T> &&taken) override
    {
        for (auto it = taken.rbegin(); it != taken.rend(); ++it)
            m_items.push_front(std::move(*it));
    }

    std::deque<T> m_items; // guarded by QueueBase's mutex
};

} // namespace qs
