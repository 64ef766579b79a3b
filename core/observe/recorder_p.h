#pragma once

// Private to the Recorder's implementation files: the per-thread and per-queue slots and the
// Impl that owns them. Each field names the lock that guards it.

#include "observe/boundedring.h"
#include "observe/ratewindow.h"
#include "observe/recorder.h"

#include <array>
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <vector>

namespace qs {

struct ThreadSlot {
    ThreadSlot(QString n, ThreadRole r, int spanCapacity)
        : name(std::move(n))
        , role(r)
        , spans(spanCapacity)
    {}
    const QString name; // immutable once published
    const ThreadRole role;
    mutable std::mutex mu;
    StateSpan current;                              // guarded by mu; endUs stays -1
    std::array<qint64, kThreadStateCount> usDone{}; // guarded by mu; finished spans only
    BoundedRing<StateSpan> spans;                   // guarded by mu; finished spans
};

struct QueueSlot {
    QueueSlot(QString n, QString t, int cap, int minAfter, qint64 registeredAt, int historyCapacity)
        : name(std::move(n))
        , type(std::move(t))
        , capacity(cap)
        , minAfterDequeue(minAfter)
        , registeredUs(registeredAt)
        , history(historyCapacity)
    {}
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
    BoundedRing<QueueSample> history; // guarded by mu
    QueueSample latest{-1, 0};        // guarded by mu; the newest change, sampled or not
    bool latestInHistory = true;      // guarded by mu
    bool sampledClosed = false;       // guarded by mu; closed state at the newest sample
    qint64 lastEnqueued = 0;          // guarded by mu; totals at the previous change
    qint64 lastDequeued = 0;          // guarded by mu
    RateWindow rates;                 // guarded by mu
};

struct Recorder::Impl {
    static constexpr int kMaxThreads = 1024;
    static constexpr int kMaxQueues = 256;

    explicit Impl(RecorderOptions o)
        : options(std::move(o))
        , events(options.eventCapacity)
        , metrics(options.metricCapacity)
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

    const RecorderOptions options;
    const std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    std::atomic<bool> enabled{true};

    // Registration: slots are published in the tables (release) before the count (release), so
    // a reader that loads the count (acquire) finds every slot below it. Slots never move.
    std::mutex registryMu;
    std::vector<std::unique_ptr<ThreadSlot>> threadStore; // guarded by registryMu (ownership only)
    std::vector<std::unique_ptr<QueueSlot>> queueStore;   // guarded by registryMu
    std::array<std::atomic<ThreadSlot *>, kMaxThreads> threadTable{};
    std::array<std::atomic<QueueSlot *>, kMaxQueues> queueTable{};
    std::atomic<int> threadCount{0};
    std::atomic<int> queueCount{0};

    mutable std::mutex eventMu;
    BoundedRing<Event> events; // guarded by eventMu
    qint64 nextSeq = 0;        // guarded by eventMu

    mutable std::mutex gateMu;
    std::shared_ptr<const Gate> gate; // guarded by gateMu; called after copying it out

    mutable std::mutex metricMu;
    BoundedRing<MetricPoint> metrics; // guarded by metricMu

    mutable std::mutex previewMu;
    QList<Thumbnail> batch; // guarded by previewMu
    QStringList classNames; // guarded by previewMu

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
