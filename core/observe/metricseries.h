#pragma once

#include <QList>
#include <QtGlobal>

#include <cstddef>
#include <iterator>
#include <memory>

namespace qs {

struct MetricPoint {
    qint64 step = 0;
    qint64 tUs = 0;
    double loss = 0;
    double trainAccuracy = 0;
    double evalAccuracy = -1; // < 0 where no evaluation ran at this step
    double samplesPerSec = 0; // the trainer's throughput over the last second (Recorder::metric)
};

// One thinned line of metric points, oldest first: what MetricSeries keeps twice.
//
// Bounded by thinning, not by forgetting: each kept point stands for a group of `stride()`
// consecutive points appended, and is the newest of its group (the newest group may be
// incomplete, so the newest point appended is always the last one kept). When more than
// `capacity` points are kept, neighbouring groups merge in pairs and the stride doubles, so the
// kept points stay evenly spread from the first group to the newest point however long the run.
//
// A value, cheap to copy: full chunks of kChunk points never change once filled and are shared
// by every copy (std::shared_ptr to const); the list of chunks and the newest partial chunk are
// copied, not shared, so no buffer that is still written to is ever seen by another thread.
// Copies may be read on other threads; appending needs one owner.
class MetricLane {
public:
    static constexpr int kChunk = 256;

    MetricLane()
        : MetricLane(1 << 15)
    {}
    explicit MetricLane(int capacity);
    MetricLane(const MetricLane &other);
    MetricLane &operator=(const MetricLane &other);
    MetricLane(MetricLane &&) noexcept = default;
    MetricLane &operator=(MetricLane &&) noexcept = default;

    void append(const MetricPoint &p);

    int size() const { return m_size; }
    bool isEmpty() const { return m_size == 0; }
    int capacity() const { return m_capacity; }
    // Points appended per point kept: 1, doubling with every thinning.
    qint64 stride() const { return m_stride; }
    const MetricPoint &at(int i) const
    {
        const int full = int(m_chunks.size()) * kChunk;
        return i < full ? (*m_chunks[i / kChunk])[i % kChunk] : m_tail[i - full];
    }
    const MetricPoint &constFirst() const { return at(0); }
    const MetricPoint &constLast() const { return at(m_size - 1); }
    // The kept points with tUs <= tUs (the lane's points are in time order), sharing storage.
    MetricLane until(qint64 tUs) const;
    // The number of kept points with tUs <= tUs.
    int countUntil(qint64 tUs) const;

    class const_iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = MetricPoint;
        using difference_type = std::ptrdiff_t;
        using pointer = const MetricPoint *;
        using reference = const MetricPoint &;
        const_iterator() = default;
        const_iterator(const MetricLane *lane, int i)
            : m_lane(lane)
            , m_i(i)
        {}
        reference operator*() const { return m_lane->at(m_i); }
        pointer operator->() const { return &m_lane->at(m_i); }
        const_iterator &operator++()
        {
            ++m_i;
            return *this;
        }
        const_iterator operator++(int)
        {
            const_iterator was = *this;
            ++m_i;
            return was;
        }
        bool operator==(const const_iterator &o) const { return m_i == o.m_i; }

    private:
        const MetricLane *m_lane = nullptr;
        int m_i = 0;
    };
    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, m_size}; }

    // Storage this value holds (its shared chunks counted whole), for the record's footprint.
    qint64 allocatedBytes() const;

private:
    using Chunk = QList<MetricPoint>;
    void push(const MetricPoint &p); // keeps p as a new point
    void thin();

    int m_capacity;
    int m_size = 0;
    qint64 m_stride = 1;
    qint64 m_groupFill = 0; // points appended into the newest kept point's group, 1..stride
    QList<std::shared_ptr<const Chunk>> m_chunks; // each exactly kChunk points
    Chunk m_tail;                                 // the newest points, 1..kChunk once not empty
};

// A run's training metrics for the views, over the whole run (Snapshot::metrics): every step's
// point thinned into one lane, and the evaluated ones (evalAccuracy >= 0) into a second lane of
// their own, so that thinning the steps never drops an evaluation while there is room for it.
// The range-for, size(), constFirst() and constLast() read the steps' lane.
class MetricSeries {
public:
    MetricSeries()
        : MetricSeries(1 << 15, 1 << 12)
    {}
    MetricSeries(int capacity, int evalCapacity);

    void append(const MetricPoint &p);

    const MetricLane &steps() const { return m_steps; }
    const MetricLane &evaluations() const { return m_evals; }
    int size() const { return m_steps.size(); }
    bool isEmpty() const { return m_steps.isEmpty(); }
    const MetricPoint &constFirst() const { return m_steps.constFirst(); }
    const MetricPoint &constLast() const { return m_steps.constLast(); }
    MetricLane::const_iterator begin() const { return m_steps.begin(); }
    MetricLane::const_iterator end() const { return m_steps.end(); }
    // The series as it stood at tUs: the kept points with tUs <= tUs, sharing storage.
    MetricSeries until(qint64 tUs) const;
    qint64 allocatedBytes() const { return m_steps.allocatedBytes() + m_evals.allocatedBytes(); }

private:
    MetricLane m_steps;
    MetricLane m_evals;
};

} // namespace qs
