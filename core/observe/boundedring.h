#pragma once

#include <QtGlobal>

#include <algorithm>
#include <utility>
#include <vector>

namespace qs {

// A fixed-capacity ring that overwrites its oldest item. Storage grows only as slots are first
// used and never past the capacity. Not thread-safe: the owner guards it with its own lock.
template<typename T> class BoundedRing {
public:
    explicit BoundedRing(int capacity)
        : m_capacity(std::max(1, capacity))
    {}

    void push(T item)
    {
        ++m_pushed;
        if (int(m_items.size()) < m_capacity) {
            if (m_items.size() == m_items.capacity())
                m_items.reserve(size_t(std::min(m_capacity, std::max(16, int(m_items.size()) * 2))));
            m_items.push_back(std::move(item));
            return;
        }
        m_items[size_t(m_head)] = std::move(item);
        m_head = (m_head + 1) % m_capacity;
    }

    int size() const { return int(m_items.size()); }
    int capacity() const { return m_capacity; }
    bool isEmpty() const { return m_items.empty(); }
    // 0 is the oldest item still held.
    const T &at(int i) const { return m_items[size_t((m_head + i) % size())]; }
    const T &newest() const { return at(size() - 1); }
    // Items ever pushed: item number n (0-based) is still held when n >= pushed() - size().
    qint64 pushed() const { return m_pushed; }
    // Appends the items numbered >= `count` still held to `out`, oldest first, and returns the
    // number of the first one appended (> count when the ring dropped some since; pushed() when
    // there is nothing new).
    template<typename List> qint64 appendSince(List *out, qint64 count) const
    {
        const qint64 oldest = m_pushed - size();
        const qint64 from = std::clamp(count, oldest, m_pushed);
        appendTo(out, int(from - oldest));
        return from;
    }
    // Storage actually allocated, for tests of the memory bound.
    int allocated() const { return int(m_items.capacity()); }

    // Appends items [from, size()) to `out`, oldest first.
    template<typename List> void appendTo(List *out, int from = 0) const
    {
        for (int i = std::max(0, from); i < size(); ++i)
            out->append(at(i));
    }

private:
    int m_capacity;
    int m_head = 0; // index of the oldest item once the ring is full
    qint64 m_pushed = 0;
    std::vector<T> m_items;
};

} // namespace qs
