#pragma once

#include "observe/snapshot.h"

#include <QHash>
#include <QList>

#include <array>
#include <deque>
#include <memory>

namespace qs {

// One thread's finished state spans, exactly, in chunks of a fixed number of compact items (16
// bytes: start, state, activity, an interned detail; a span ends where the next one starts).
// Spans are numbered from 0 in the order pushed. dropOldestChunk() gives up the oldest chunk
// (the owner does so when the record's span budget is exceeded, its time range staying in the
// thread's bucket levels); a dropped chunk's storage is reused, so pushing allocates only while
// the store grows. Not thread-safe: the owner guards it with its own lock.
class SpanStore {
public:
    explicit SpanStore(int chunkSpans);

    // `span` must start where the previous one ended (spans of one thread are contiguous).
    // Returns true when the push completed a chunk.
    bool push(const StateSpan &span);

    qint64 pushed() const { return m_first + m_count; }
    qint64 firstHeld() const { return m_first; } // number of the oldest span still held
    int size() const { return int(m_count); }
    int chunkSpans() const { return m_chunk; }
    int chunks() const { return int(m_chunks.size()); }
    qint64 allocatedBytes() const; // chunks, the spare one and the detail table
    // The start of the oldest span held (the time from which spans are exact), or the end of
    // the newest when none are held.
    qint64 heldFromUs() const;
    qint64 endUs() const { return m_endUs; } // end of the newest span pushed

    StateSpan at(qint64 number) const; // firstHeld() <= number < pushed()
    // The number of the first held span that ends after t (pushed() when none). With `from`, a
    // number known to be at or before the answer (a previous answer for an earlier t): the search
    // gallops forward from there, in time logarithmic in the distance rather than the store.
    qint64 firstEndingAfter(qint64 t) const;
    qint64 firstEndingAfter(qint64 t, qint64 from) const;
    void dropOldestChunk(); // only when more than one chunk is held
    // fn(startUs, endUs, state) for each held span overlapping [fromUs, toUs), oldest first
    // (no detail text is built: for summing time).
    template<typename Fn> void visit(qint64 fromUs, qint64 toUs, Fn &&fn) const
    {
        visitFrom(firstEndingAfter(fromUs), toUs, fn);
    }
    // visit() from span number n = firstEndingAfter(fromUs), already known.
    template<typename Fn> void visitFrom(qint64 n, qint64 toUs, Fn &&fn) const
    {
        if (n >= pushed())
            return;
        const Item *it = &item(n);
        while (it->startUs < toUs) {
            const bool last = n + 1 >= pushed();
            const Item *next = last ? nullptr : &item(n + 1);
            fn(it->startUs, last ? m_endUs : next->startUs, it->state);
            if (last)
                return;
            it = next;
            ++n;
        }
    }

    // Appends the spans numbered >= count still held to `out` (at most `limit`, the newest when
    // limited; < 0 for all) and returns the number of the first one appended.
    qint64 appendSince(QList<StateSpan> *out, qint64 count, int limit = -1) const;

private:
    struct Item {
        qint64 startUs;
        ThreadState state;
        Activity activity;
        quint16 detail;
    };
    using Chunk = std::unique_ptr<Item[]>;
    const Item &item(qint64 number) const
    {
        const qint64 k = number - m_first;
        if (m_chunkShift >= 0) // a power of two (the default): no division
            return m_chunks[size_t(k >> m_chunkShift)][size_t(k & (m_chunk - 1))];
        return m_chunks[size_t(k / m_chunk)][size_t(k % m_chunk)];
    }
    qint64 endOf(qint64 number) const { return number + 1 < pushed() ? item(number + 1).startUs : m_endUs; }
    qint64 bisect(qint64 lo, qint64 hi, qint64 t) const; // firstEndingAfter(t) within [lo, hi)
    quint16 intern(const QString &detail);

    int m_chunk;
    int m_chunkShift = -1; // log2(m_chunk) when m_chunk is a power of two
    std::deque<Chunk> m_chunks;
    Chunk m_spare;
    qint64 m_first = 0; // number of the oldest held
    qint64 m_count = 0; // held
    qint64 m_endUs = 0;
    QList<QString> m_details{QString()}; // 0 is ""
    QHash<QString, quint16> m_detailIds;
    quint16 m_lastDetail = 0;
};

} // namespace qs
