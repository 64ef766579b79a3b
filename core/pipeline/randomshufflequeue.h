#pragma once

#include "pipeline/queue.h"

#include <memory>
#include <random>

namespace qs {

namespace detail {
// InvalidArgument unless capacity >= 1 and 0 <= minAfterDequeue < capacity.
Status checkShuffleQueue(const QString &name, int capacity, int minAfterDequeue);
// The seed itself, or for 0 a fresh random one, drawn below 2^53 so it survives JSON.
quint64 resolveSeed(quint64 seed);
} // namespace detail

// TensorFlow's RandomShuffleQueue: a dequeue takes a uniformly random element, and only while
// more than minAfterDequeue elements are held, unless the queue is closed (see QueueBase for
// the contract). The picks come from a generator seeded once: for the same seed and the same
// sequence of operations, the same order; seed 0 draws a random seed (seed() tells which).
template<typename T> class RandomShuffleQueue final : public Queue<T> {
public:
    static Result<std::shared_ptr<RandomShuffleQueue>> create(const QString &name, int capacity,
                                                              int minAfterDequeue, quint64 seed = 0,
                                                              Recorder *recorder = nullptr)
    {
        Status s = detail::checkShuffleQueue(name, capacity, minAfterDequeue);
        if (!s.isOk())
            return s;
        return std::shared_ptr<RandomShuffleQueue>(
            new RandomShuffleQueue(name, capacity, minAfterDequeue, detail::resolveSeed(seed), recorder));
    }

    quint64 seed() const { return m_seed; }

private:
    RandomShuffleQueue(const QString &name, int capacity, int minAfterDequeue, quint64 seed,
                       Recorder *recorder)
        : Queue<T>(QueueKind::RandomShuffle, name, capacity, minAfterDequeue, recorder)
        , m_seed(seed)
        , m_rng(seed)
    {}

    int sizeLocked() const override { return int(m_items.size()); }
    void pushLocked(T &&item) override { m_items.push_back(std::move(item)); }
    T popLocked() override
    {
        std::uniform_int_distribution<size_t> pick(0, m_items.size() - 1);
        const size_t i = pick(m_rng);
        if (i + 1 != m_items.size())
            std::swap(m_items[i], m_items.back());
        T item = std::move(m_items.back());
        m_items.pop_back();
        return item;
    }
    void restoreLocked(std::vector<T> &&taken) override
    {
        for (T &item : taken)
            m_items.push_back(std::move(item));
    }

    const quint64 m_seed;
    std::mt19937_64 m_rng;  // guarded by QueueBase's mutex
    std::vector<T> m_items; // guarded by QueueBase's mutex
};

} // namespace qs
