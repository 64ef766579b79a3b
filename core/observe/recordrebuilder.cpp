#include "observe/recordrebuilder.h"
#include "observe/recorder_p.h"

namespace qs {

RecordRebuilder::RecordRebuilder(qint64 endUs, RecorderOptions options)
{
    options.clockUs = [endUs] { return endUs; };
    m_rec = std::make_shared<Recorder>(std::move(options));
}

int RecordRebuilder::maxThreads()
{
    return Recorder::Impl::kMaxThreads;
}

qint64 RecordRebuilder::maxLevelBytes(qint64 endUs, int threads, int queues, const RecorderOptions &options)
{
    return qint64(std::min(threads, Recorder::Impl::kMaxThreads)) *
               TimePyramid<StateBucket>::maxBytes(endUs, options.levelBuckets) +
           qint64(std::min(queues, Recorder::Impl::kMaxQueues)) *
               TimePyramid<SizeStat>::maxBytes(endUs, options.levelBuckets);
}

int RecordRebuilder::addThread(const QString &name, ThreadRole role, qint64 startUs)
{
    Recorder::Impl &d = *m_rec->d;
    const int id = d.threadCount.load(std::memory_order_relaxed);
    if (id >= Recorder::Impl::kMaxThreads)
        return -1;
    auto slot =
        std::make_unique<ThreadSlot>(name, role, startUs, d.options.spanChunk, d.options.levelBuckets);
    d.threadTable[size_t(id)].store(slot.get(), std::memory_order_release);
    d.threadStore.push_back(std::move(slot));
    d.threadCount.store(id + 1, std::memory_order_release);
    return id;
}

void RecordRebuilder::addSpan(int threadId, const StateSpan &span)
{
    Recorder::Impl &d = *m_rec->d;
    ThreadSlot *slot = d.thread(threadId);
    if (!slot)
        return;
    std::lock_guard lock(slot->mu);
    StateSpan s = span;
    s.startUs = std::max(s.startUs, slot->current.startUs);
    s.endUs = std::max(s.endUs, s.startUs);
    slot->usDone[size_t(s.state)] += s.endUs - s.startUs;
    d.recordSpanLocked(*slot, s);
    slot->current.startUs = s.endUs;
}

void RecordRebuilder::setCurrent(int threadId, const StateSpan &open)
{
    ThreadSlot *slot = m_rec->d->thread(threadId);
    if (!slot)
        return;
    std::lock_guard lock(slot->mu);
    const qint64 since = std::max(open.startUs, slot->current.startUs);
    slot->current = open;
    slot->current.startUs = since;
    slot->current.endUs = -1;
}

int RecordRebuilder::addQueue(const QString &name, const QString &type, int capacity, int minAfterDequeue,
                              qint64 registeredUs)
{
    Recorder::Impl &d = *m_rec->d;
    const int id = d.queueCount.load(std::memory_order_relaxed);
    if (id >= Recorder::Impl::kMaxQueues)
        return -1;
    auto slot =
        std::make_unique<QueueSlot>(name, type, capacity, minAfterDequeue, registeredUs,
                                    d.options.queueHistory, d.options.queueChanges, d.options.levelBuckets);
    slot->latest.tUs = registeredUs;
    d.queueTable[size_t(id)].store(slot.get(), std::memory_order_release);
    d.queueStore.push_back(std::move(slot));
    d.queueCount.store(id + 1, std::memory_order_release);
    return id;
}

void RecordRebuilder::addQueueChange(int queueId, const QueueChange &change)
{
    QueueSlot *q = m_rec->d->queue(queueId);
    if (!q)
        return;
    std::lock_guard lock(q->mu);
    // As Recorder::queueChanged enters a change, less the rates (the saved run's are its last).
    const qint64 t = std::max(change.tUs, q->latest.tUs);
    q->levels.add(q->latest.tUs, t, q->latest.size);
    q->levels.mark(t, change.size);
    q->latest = QueueSample{t, change.size};
    if (change.sampled)
        q->history.push(q->latest);
    q->latestInHistory = change.sampled;
    q->changes.push(QueueChange{t, change.size, change.sampled}); // as live, so the footprint is the same
}

void RecordRebuilder::setQueueTotals(int queueId, int size, qint64 enqueued, qint64 dequeued, bool closed)
{
    QueueSlot *q = m_rec->d->queue(queueId);
    if (!q)
        return;
    std::lock_guard lock(q->mu);
    q->size.store(size, std::memory_order_relaxed);
    q->enqueued.store(enqueued, std::memory_order_relaxed);
    q->dequeued.store(dequeued, std::memory_order_relaxed);
    q->closed.store(closed, std::memory_order_relaxed);
    q->sampledClosed = closed;
}

std::shared_ptr<const Recorder> RecordRebuilder::finish()
{
    return std::exchange(m_rec, nullptr);
}

} // namespace qs
