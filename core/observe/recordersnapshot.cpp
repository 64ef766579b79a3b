// The read side of Recorder: snapshots and full histories.

#include "observe/recorder.h"
#include "observe/recorder_p.h"

namespace qs {

ThreadInfo Recorder::Impl::threadInfo(const ThreadSlot &slot, int id, qint64 nowUs, int spanLimit) const
{
    ThreadInfo info;
    info.id = id;
    info.name = slot.name;
    info.role = slot.role;
    std::lock_guard lock(slot.mu);
    const StateSpan &cur = slot.current;
    info.state = cur.state;
    info.activity = cur.activity;
    info.detail = cur.detail;
    info.stateSinceUs = cur.startUs;
    info.usIn = slot.usDone;
    // `nowUs` may predate a change made after the caller read the clock.
    info.usIn[size_t(cur.state)] += std::max<qint64>(0, nowUs - cur.startUs);
    slot.spans.appendSince(&info.spans, 0, spanLimit < 0 ? -1 : std::max(0, spanLimit - 1));
    info.spans.append(cur);
    return info;
}

QueueInfo Recorder::Impl::queueInfo(const QueueSlot &slot, qint64 nowUs) const
{
    QueueInfo info;
    info.name = slot.name;
    info.type = slot.type;
    info.capacity = slot.capacity;
    info.minAfterDequeue = slot.minAfterDequeue;
    std::lock_guard lock(slot.mu);
    info.size = slot.size.load(std::memory_order_relaxed);
    info.enqueued = slot.enqueued.load(std::memory_order_relaxed);
    info.dequeued = slot.dequeued.load(std::memory_order_relaxed);
    info.closed = slot.closed.load(std::memory_order_relaxed);
    const auto [enq, deq] = slot.rates.perSec(std::max(nowUs, slot.latest.tUs), slot.registeredUs);
    info.enqueuePerSec = enq;
    info.dequeuePerSec = deq;
    // The throttled samples plus the newest change when throttling skipped it, within the bound.
    const int extra = slot.latestInHistory ? 0 : 1;
    const int skip = std::max(0, slot.history.size() + extra - slot.history.capacity());
    info.history.reserve(slot.history.size() + extra - skip);
    slot.history.appendTo(&info.history, skip);
    if (extra)
        info.history.append(slot.latest);
    return info;
}

void Recorder::fillSnapshot(Snapshot *out, qint64 eventCursor) const
{
    // Events first: a thread's earlier states and queue changes happen-before its event through
    // eventMu, so reading the rest afterwards keeps the promise of the class contract.
    {
        std::lock_guard lock(d->eventMu);
        const qint64 oldest = d->nextSeq - d->events.size();
        const qint64 from = std::clamp(eventCursor, oldest, d->nextSeq);
        const qint64 to = std::min(d->nextSeq, from + std::max(0, d->options.snapshotEventLimit));
        out->events.clear();
        out->events.reserve(to - from);
        for (qint64 s = from; s < to; ++s)
            out->events.append(d->events.at(int(s - oldest)));
        out->nextEventSeq = to;
    }
    // Then the rest, the later facts of a run before the earlier ones (training figures, then
    // the run's state, then its threads and queues): a snapshot taken while the GUI thread is
    // preempted between two reads may mix moments, but never shows an effect without its cause
    // (steps from a trainer that is not listed, or a run still idle).
    const qint64 now = d->now();
    out->tUs = now;
    {
        std::lock_guard lock(d->metricMu);
        out->metrics = d->series; // shares its storage: no copy of the history
    }
    {
        std::lock_guard lock(d->previewMu);
        out->batch = d->batch;
        out->batches = d->previews.list();
        out->classNames = d->classNames;
    }
    out->steps = d->steps.load(std::memory_order_acquire);
    {
        std::lock_guard lock(d->samplesMu);
        out->samples = d->samples.load(std::memory_order_relaxed);
        const double seconds = double(d->lastSampleUs - d->firstSampleUs) / 1e6;
        out->samplesPerSec = d->firstSampleUs >= 0 && seconds > 0 ? double(out->samples) / seconds : 0;
        out->trainAccuracy = d->trainAccuracy;
        out->evalAccuracy = d->evalAccuracy;
        out->heldOutSamples = d->heldOutSamples;
        out->skippedRecords = d->skippedRecords;
    }
    {
        std::lock_guard lock(d->topologyMu);
        out->topology = d->topology;
    }
    {
        std::lock_guard lock(d->runMu);
        out->run = d->run;
        out->how = d->how;
        out->error = d->error;
    }

    const int threads = d->threadCount.load(std::memory_order_acquire);
    out->threads.clear();
    out->threads.reserve(threads);
    for (int i = 0; i < threads; ++i)
        out->threads.append(d->threadInfo(*d->thread(i), i, now, d->options.snapshotSpanLimit));

    const int queues = d->queueCount.load(std::memory_order_acquire);
    out->queues.clear();
    out->queues.reserve(queues);
    for (int i = 0; i < queues; ++i)
        out->queues.append(d->queueInfo(*d->queue(i), now));
    out->record = d;
}

RangeView Recorder::query(const RangeRequest &request) const
{
    return d->query(request);
}

RangeSourcePtr Recorder::source() const
{
    return d;
}

qint64 Recorder::heldSpans() const
{
    return d->heldSpans.load(std::memory_order_relaxed);
}

RecordFootprint Recorder::footprint() const
{
    RecordFootprint f;
    const int threads = d->threadCount.load(std::memory_order_acquire);
    for (int i = 0; i < threads; ++i) {
        const ThreadSlot &slot = *d->thread(i);
        std::lock_guard lock(slot.mu);
        f.spans += slot.spans.size();
        f.threadBuckets += slot.levels.storedBuckets();
        f.bytes += slot.spans.allocatedBytes() + slot.levels.allocatedBytes() + qint64(sizeof(ThreadSlot));
    }
    {
        std::lock_guard lock(d->metricMu);
        f.bytes += qint64(d->metrics.allocated()) * qint64(sizeof(MetricPoint)) + d->series.allocatedBytes();
    }
    const int queues = d->queueCount.load(std::memory_order_acquire);
    for (int i = 0; i < queues; ++i) {
        const QueueSlot &slot = *d->queue(i);
        std::lock_guard lock(slot.mu);
        f.queueBuckets += slot.levels.storedBuckets();
        f.bytes += slot.levels.allocatedBytes() +
                   qint64(slot.history.allocated()) * qint64(sizeof(QueueSample)) +
                   qint64(slot.changes.allocated()) * qint64(sizeof(QueueChange)) + qint64(sizeof(QueueSlot));
    }
    return f;
}

SnapshotPtr Recorder::snapshot(qint64 eventCursor) const
{
    auto snap = std::make_shared<Snapshot>();
    fillSnapshot(snap.get(), eventCursor);
    return snap;
}

QList<Event> Recorder::events() const
{
    QList<Event> out;
    std::lock_guard lock(d->eventMu);
    out.reserve(d->events.size());
    d->events.appendTo(&out);
    return out;
}

QList<ThreadInfo> Recorder::threads() const
{
    QList<ThreadInfo> out;
    const qint64 now = d->now();
    const int n = d->threadCount.load(std::memory_order_acquire);
    for (int i = 0; i < n; ++i)
        out.append(d->threadInfo(*d->thread(i), i, now, -1));
    return out;
}

QList<QueueInfo> Recorder::queues() const
{
    QList<QueueInfo> out;
    const qint64 now = d->now();
    const int n = d->queueCount.load(std::memory_order_acquire);
    for (int i = 0; i < n; ++i)
        out.append(d->queueInfo(*d->queue(i), now));
    return out;
}

int Recorder::threadCount() const
{
    return d->threadCount.load(std::memory_order_acquire);
}

int Recorder::queueCount() const
{
    return d->queueCount.load(std::memory_order_acquire);
}

namespace {
template<typename T> RecordTail<T> tailOf(const BoundedRing<T> &ring, qint64 count)
{
    RecordTail<T> tail;
    tail.first = ring.appendSince(&tail.items, count);
    tail.next = ring.pushed();
    return tail;
}
} // namespace

RecordTail<StateSpan> Recorder::spansSince(int threadId, qint64 count) const
{
    const ThreadSlot *slot = d->thread(threadId);
    if (!slot)
        return {};
    std::lock_guard lock(slot->mu);
    RecordTail<StateSpan> tail;
    tail.first = slot->spans.appendSince(&tail.items, count);
    tail.next = slot->spans.pushed();
    return tail;
}

RecordTail<QueueSample> Recorder::queueSamplesSince(int queueId, qint64 count) const
{
    const QueueSlot *slot = d->queue(queueId);
    if (!slot)
        return {};
    std::lock_guard lock(slot->mu);
    return tailOf(slot->history, count);
}

RecordTail<QueueChange> Recorder::queueChangesSince(int queueId, qint64 count) const
{
    const QueueSlot *slot = d->queue(queueId);
    if (!slot)
        return {};
    std::lock_guard lock(slot->mu);
    return tailOf(slot->changes, count);
}

RecordTail<Event> Recorder::eventsSince(qint64 seq) const
{
    std::lock_guard lock(d->eventMu);
    return tailOf(d->events, seq);
}

RecordTail<MetricPoint> Recorder::metricsSince(qint64 count) const
{
    std::lock_guard lock(d->metricMu);
    return tailOf(d->metrics, count);
}

} // namespace qs
