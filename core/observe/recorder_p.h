#pragma once

// Private to the Recorder's implementation files: the per-thread and per-queue slots and the
// Impl that owns them. Each field names the lock that guards it.

#include "observe/boundedring.h"
#include "observe/previewhistory.h"
#include "observe/rangeview.h"
#include "observe/ratewindow.h"
#include "observe/recorder.h"
#include "observe/spanstore.h"
#include "observe/timepyramid.h"

#include <array>
#include <atomic>
#include <chrono>
#include <climits>
#include <memory>
#include <mutex>
#include <vector>

namespace qs {

// A bucket of a thread's levels: µs per state (32 bits hold the top level's 18 min).
struct StateBucket {
    std::array<quint32, kThreadStateCount> us{};
    void add(ThreadState s, qint64 t) { us[size_t(s)] += quint32(t); }
    void mark(ThreadState) {}
};

struct ThreadSlot {
    ThreadSlot(QString n, ThreadRole r, qint64 startUs, int chunkSpans, int levelBuckets)
        : name(std::move(n))
        , role(r)
        , spans(chunkSpans)
        , levels(startUs, levelBuckets)
    {
        current.startUs = startUs;
    }
    const QString name; // immutable once published
    const ThreadRole role;
    mutable std::mutex mu;
    StateSpan current;                              // guarded by mu; endUs stays -1
    std::array<qint64, kThreadStateCount> usDone{}; // guarded by mu; finished spans only
    SpanStore spans;                                // guarded by mu; finished spans, the newest exactly
    TimePyramid<StateBucket> levels;                // guarded by mu; finished spans, the whole thread
};

struct QueueSlot {
    QueueSlot(QString n, QString t, int cap, int minAfter, qint64 registeredAt, int historyCapacity,
              int changesCapacity, int levelBuckets)
        : name(std::move(n))
        , type(std::move(t))
        , capacity(cap)
        , minAfterDequeue(minAfter)
        , registeredUs(registeredAt)
        , history(historyCapacity)
        , changes(changesCapacity)
        , levels(registeredAt, levelBuckets)
    {
        levels.mark(registeredAt, 0);
    }
    const QString name; // immutable once published
    const QString type;
    const int capacity;
    const int minAfterDequeue;
    const qint64 registeredUs;
    // The latest values, exact whether or not observation is enabled (writers hold the queue's
    // own lock, so relaxed stores suffice; readers tolerate a mix of neighbouring updates).
    std::atomic<int> size{0};
    std::atomic<qint64> enqueued{0};
    std::atomic<qint64> dequeued{0};
    std::atomic<bool> closed{false};
    mutable std::mutex mu;
    BoundedRing<QueueSample> history; // guarded by mu; throttled (RecorderOptions::queueSampleUs)
    BoundedRing<QueueChange> changes; // guarded by mu; every change, for the run file
    QueueSample latest{-1, 0};        // guarded by mu; the newest change, sampled or not
    bool latestInHistory = true;      // guarded by mu
    bool sampledClosed = false;       // guarded by mu; closed state at the newest sample
    qint64 lastEnqueued = 0;          // guarded by mu; totals at the previous change
    qint64 lastDequeued = 0;          // guarded by mu
    RateWindow rates;                 // guarded by mu
    TimePyramid<SizeStat> levels;     // guarded by mu; sizes until latest.tUs, the whole queue
};

// Shared by the Recorder and its snapshots (as their RangeSource), so a view can query a run's
// record after the run and its Recorder are gone.
struct Recorder::Impl final : RangeSource {
    static constexpr int kMaxThreads = 1024;
    static constexpr int kMaxQueues = 256;

    explicit Impl(RecorderOptions o)
        : options(std::move(o))
        , events(options.eventCapacity)
        , metrics(options.metricTail)
        , series(options.metricCapacity, std::max(2, options.metricCapacity / 8))
    {}

    qint64 now() const
    {
        if (options.clockUs)
            return options.clockUs();
        return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start)
            .count();
    }
    ThreadSlot *thread(int id) const
    {
        return id >= 0 && id < kMaxThreads ? threadTable[size_t(id)].load(std::memory_order_acquire)
                                           : nullptr;
    }
    QueueSlot *queue(int id) const
    {
        return id >= 0 && id < kMaxQueues ? queueTable[size_t(id)].load(std::memory_order_acquire) : nullptr;
    }
    ThreadInfo threadInfo(const ThreadSlot &slot, int id, qint64 nowUs, int spanLimit) const;
    QueueInfo queueInfo(const QueueSlot &slot, qint64 nowUs) const;
    RangeView query(const RangeRequest &request) const override; // recorderquery.cpp
    // A finished span enters the record (under slot.mu): exact spans, then the levels.
    void recordSpanLocked(ThreadSlot &slot, const StateSpan &span);

    const RecorderOptions options;
    const std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    std::atomic<bool> enabled{true};
    static constexpr int kNoNice = INT_MIN;
    std::atomic<int> threadNice{kNoNice};

    // Registration: slots are published in the tables (release) before the count (release), so
    // a reader that loads the count (acquire) finds every slot below it. Slots never move.
    std::mutex registryMu;
    std::vector<std::unique_ptr<ThreadSlot>> threadStore; // guarded by registryMu (ownership only)
    std::vector<std::unique_ptr<QueueSlot>> queueStore;   // guarded by registryMu
    std::array<std::atomic<ThreadSlot *>, kMaxThreads> threadTable{};
    std::array<std::atomic<QueueSlot *>, kMaxQueues> queueTable{};
    std::atomic<int> threadCount{0};
    std::atomic<int> queueCount{0};
    // Exact spans held over all threads (whole chunks): past options.spanBudget, the thread that
    // fills a chunk gives up its own oldest one (its time stays in that thread's levels).
    std::atomic<qint64> heldSpans{0};

    mutable std::mutex eventMu;
    BoundedRing<Event> events; // guarded by eventMu
    qint64 nextSeq = 0;        // guarded by eventMu

    mutable std::mutex gateMu;
    std::shared_ptr<const Gate> gate; // guarded by gateMu; called after copying it out

    mutable std::mutex metricMu;
    BoundedRing<MetricPoint> metrics; // guarded by metricMu: the exact tail, for metricsSince
    MetricSeries series;              // guarded by metricMu: the whole run, for snapshots

    mutable std::mutex previewMu;
    QList<Thumbnail> batch;  // guarded by previewMu
    QStringList classNames;  // guarded by previewMu
    PreviewHistory previews; // guarded by previewMu

    std::atomic<qint64> steps{0};
    std::atomic<qint64> samples{0};
    mutable std::mutex samplesMu;
    RateWindow sampleRate;     // guarded by samplesMu
    qint64 firstSampleUs = -1; // guarded by samplesMu: the first addSamples call
    qint64 lastSampleUs = -1;  // guarded by samplesMu: the latest addSamples call with n > 0
    double trainAccuracy = -1; // guarded by samplesMu
    double evalAccuracy = -1;  // guarded by samplesMu
    int heldOutSamples = 0;    // guarded by samplesMu
    qint64 skippedRecords = 0; // guarded by samplesMu

    mutable std::mutex topologyMu;
    TopologyPtr topology = std::make_shared<const Topology>(); // guarded by topologyMu

    mutable std::mutex runMu;
    RunState run = RunState::Idle; // guarded by runMu
    EndHow how = EndHow::None;     // guarded by runMu
    Status error;                  // guarded by runMu
};

} // namespace qs
