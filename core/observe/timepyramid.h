#pragma once

#include <QtGlobal>

#include <algorithm>
#include <vector>

namespace qs {

// Time buckets at several widths, for one thread's states or one queue's sizes. Level i has
// buckets of 2^(kBaseShift + 2 i) µs (256 µs, 1 ms, 4 ms, 16 ms, ... about 18 min at the top),
// aligned on multiples of their width. Every level but the top keeps its newest `levelBuckets`
// buckets; the top keeps all of them, so each instant of the run stays in at least one level
// and memory is bounded by the levels' rings (the top grows by one bucket per 18 min).
//
// Bucket is a value type with `void add(const Piece &, qint64 us)` (the piece held for `us`
// µs of the bucket) and `void mark(const Piece &)` (the piece was seen at an instant of the
// bucket). Not thread-safe: the owner guards it with its own lock.
inline constexpr int kPyramidBaseShift = 8;
inline constexpr int kPyramidLevels = 12;
inline constexpr qint64 pyramidWidthUs(int level)
{
    return qint64(1) << (kPyramidBaseShift + 2 * level);
}

template<typename Bucket> class TimePyramid {
public:
    TimePyramid(qint64 startUs, int levelBuckets)
        : m_startUs(std::max<qint64>(0, startUs))
        , m_filledUs(m_startUs)
    {
        for (int i = 0; i < kPyramidLevels; ++i) {
            Level &l = m_levels[i];
            l.shift = kPyramidBaseShift + 2 * i;
            l.capacity = i + 1 == kPyramidLevels ? -1 : std::max(1, levelBuckets);
            l.openIndex = m_startUs >> l.shift;
        }
    }

    // The most storage the levels of a record `spanUs` long can take, in bytes (every level's
    // ring full where the span fills it, the top level's bucket per width).
    static qint64 maxBytes(qint64 spanUs, int levelBuckets)
    {
        qint64 n = 0;
        for (int i = 0; i < kPyramidLevels; ++i) {
            const qint64 buckets = std::max<qint64>(0, spanUs) / pyramidWidthUs(i) + 2;
            n += i + 1 == kPyramidLevels ? buckets : std::min<qint64>(std::max(1, levelBuckets), buckets);
        }
        return n * qint64(sizeof(Bucket));
    }

    qint64 startUs() const { return m_startUs; }
    qint64 filledUs() const { return m_filledUs; } // the end of the last piece added

    // The piece held over [fromUs, toUs); fromUs must be >= filledUs() (earlier parts are
    // dropped: the record only moves forward).
    template<typename Piece> void add(qint64 fromUs, qint64 toUs, const Piece &piece)
    {
        fromUs = std::max(fromUs, m_filledUs);
        if (toUs <= fromUs)
            return;
        for (Level &l : m_levels)
            l.add(fromUs, toUs, piece);
        m_filledUs = toUs;
    }
    // The piece seen at instant t (>= filledUs()).
    template<typename Piece> void mark(qint64 t, const Piece &piece)
    {
        t = std::max(t, m_filledUs);
        for (Level &l : m_levels) {
            l.advanceTo(t >> l.shift);
            l.open.mark(piece);
        }
    }

    // Level i holds the buckets with absolute index (time >> its shift) in [oldestIndex, the
    // index of filledUs()], the last one still open. bucket() is null outside that range.
    qint64 oldestIndex(int level) const { return m_levels[level].oldest(); }
    const Bucket *bucket(int level, qint64 index) const { return m_levels[level].find(index); }
    // Calls f(index, bucket) for each bucket of `level` held in [first, last], in order: one
    // walk along the ring instead of a lookup (and a division) per bucket.
    template<typename F> void visit(int level, qint64 first, qint64 last, const F &f) const
    {
        const Level &l = m_levels[level];
        first = std::max(first, l.oldest());
        const qint64 stored = std::min(last, l.openIndex - 1);
        if (first <= stored) {
            const size_t n = l.items.size();
            size_t at = size_t((qint64(l.head) + (first - l.oldest())) % qint64(n));
            for (qint64 i = first; i <= stored; ++i) {
                f(i, l.items[at]);
                if (++at == n)
                    at = 0;
            }
        }
        if (first <= l.openIndex && l.openIndex <= last)
            f(l.openIndex, l.open);
    }
    // Storage allocated by the levels' rings, in bytes.
    qint64 allocatedBytes() const
    {
        qint64 n = 0;
        for (const Level &l : m_levels)
            n += qint64(l.items.capacity() + 1) * qint64(sizeof(Bucket));
        return n;
    }
    // Items stored over all levels (ring slots in use, the open buckets included).
    qint64 storedBuckets() const
    {
        qint64 n = 0;
        for (const Level &l : m_levels)
            n += qint64(l.items.size()) + 1;
        return n;
    }

private:
    struct Level {
        int shift = 0;
        int capacity = -1; // -1: keep all
        std::vector<Bucket> items;
        int head = 0;         // index in items of the oldest once the ring is full
        qint64 openIndex = 0; // absolute index of `open`; items hold [openIndex - size, openIndex)
        Bucket open{};

        qint64 oldest() const { return openIndex - qint64(items.size()); }
        const Bucket *find(qint64 index) const
        {
            if (index == openIndex)
                return &open;
            const qint64 k = index - oldest();
            if (k < 0 || k >= qint64(items.size()))
                return nullptr;
            return &items[size_t((qint64(head) + k) % qint64(items.size()))];
        }
        void push(const Bucket &b)
        {
            if (capacity < 0 || int(items.size()) < capacity) {
                items.push_back(b);
                return;
            }
            items[size_t(head)] = b;
            head = (head + 1) % capacity;
        }
        // Closes buckets until `index` is the open one; skipped buckets are pushed as `filler`.
        void advanceTo(qint64 index, const Bucket &filler = Bucket{})
        {
            if (index <= openIndex)
                return;
            push(open);
            qint64 gap = index - openIndex - 1;
            openIndex = index;
            open = Bucket{};
            if (capacity >= 0 && gap > capacity) // older ones would fall out of the ring at once
                gap = capacity;
            for (qint64 i = 0; i < gap; ++i)
                push(filler);
        }
        template<typename Piece> void add(qint64 from, qint64 to, const Piece &piece)
        {
            const qint64 width = qint64(1) << shift;
            const qint64 first = from >> shift;
            const qint64 last = (to - 1) >> shift;
            advanceTo(first);
            if (first == last) {
                open.add(piece, to - from);
                return;
            }
            open.add(piece, (first + 1) * width - from);
            if (last - first > 1) {
                Bucket full{};
                full.add(piece, width);
                advanceTo(last, full); // the whole buckets between
                // advanceTo pushed `open` (the first partial one) and the fillers; `open` is
                // now bucket `last`, which the piece covers from its start.
            } else {
                advanceTo(last);
            }
            open.add(piece, to - last * width);
        }
    };

    qint64 m_startUs;
    qint64 m_filledUs;
    Level m_levels[kPyramidLevels];
};

} // namespace qs
