#include "observe/recorder.h"
#include "observe/recorder_p.h"

#include "base/statusjson.h"

#include <QDebug>

namespace qs {

Recorder::Recorder(RecorderOptions options)
    : d(std::make_shared<Impl>(std::move(options)))
{}

Recorder::~Recorder() = default;

qint64 Recorder::nowUs() const
{
    return d->now();
}

const RecorderOptions &Recorder::options() const
{
    return d->options;
}

void Recorder::setEnabled(bool on)
{
    d->enabled.store(on, std::memory_order_relaxed);
}

bool Recorder::isEnabled() const
{
    return d->enabled.load(std::memory_order_relaxed);
}

void Recorder::setThreadNice(int nice)
{
    d->threadNice.store(nice, std::memory_order_relaxed);
}

std::optional<int> Recorder::threadNice() const
{
    const int nice = d->threadNice.load(std::memory_order_relaxed);
    return nice == Impl::kNoNice ? std::nullopt : std::optional<int>(nice);
}

int Recorder::registerThread(const QString &name, ThreadRole role)
{
    const QJsonObject details{{QStringLiteral("role"), threadRoleKey(role)}};
    awaitGate(EventKind::ThreadStart, name, details);
    std::lock_guard lock(d->registryMu);
    const int id = d->threadCount.load(std::memory_order_relaxed);
    if (id >= Impl::kMaxThreads) {
        qWarning("Recorder: more than %d threads registered; '%s' is not observed", Impl::kMaxThreads,
                 qPrintable(name));
        return -1;
    }
    // The thread's record starts at the time of its thread_start event, so no instant of the
    // run shows the one without the other (the view at t lists the threads started by t).
    const Event started = recordEvent(EventKind::ThreadStart, name, details);
    auto slot =
        std::make_unique<ThreadSlot>(name, role, started.tUs, d->options.spanChunk, d->options.levelBuckets);
    d->threadTable[size_t(id)].store(slot.get(), std::memory_order_release);
    d->threadStore.push_back(std::move(slot));
    d->threadCount.store(id + 1, std::memory_order_release);
    return id;
}

void Recorder::setState(int threadId, ThreadState state, Activity activity, const QString &detail)
{
    ThreadSlot *slot = d->thread(threadId);
    if (!slot)
        return;
    if (!d->enabled.load(std::memory_order_relaxed) && !isFinalState(state))
        return;
    std::lock_guard lock(slot->mu);
    StateSpan &cur = slot->current;
    if (cur.state == state && cur.activity == activity && cur.detail == detail)
        return;
    // The time is taken under the thread's lock so one thread's spans never go backwards.
    const qint64 t = std::max(d->now(), cur.startUs);
    cur.endUs = t;
    slot->usDone[size_t(cur.state)] += t - cur.startUs;
    d->recordSpanLocked(*slot, cur);
    cur = StateSpan{t, -1, state, activity, detail};
}

void Recorder::Impl::recordSpanLocked(ThreadSlot &slot, const StateSpan &span)
{
    slot.levels.add(span.startUs, span.endUs, span.state);
    if (!slot.spans.push(span))
        return;
    const qint64 chunk = slot.spans.chunkSpans();
    const qint64 held = heldSpans.fetch_add(chunk, std::memory_order_relaxed) + chunk;
    if (held > options.spanBudget && slot.spans.chunks() > 1) {
        slot.spans.dropOldestChunk();
        heldSpans.fetch_sub(chunk, std::memory_order_relaxed);
    }
}

QString Recorder::threadName(int threadId) const
{
    const ThreadSlot *slot = d->thread(threadId);
    return slot ? slot->name : QString();
}

StateSpan Recorder::currentSpan(int threadId) const
{
    const ThreadSlot *slot = d->thread(threadId);
    if (!slot)
        return {};
    std::lock_guard lock(slot->mu);
    return slot->current;
}

int Recorder::registerQueue(const QString &name, const QString &type, int capacity, int minAfterDequeue)
{
    std::lock_guard lock(d->registryMu);
    const int id = d->queueCount.load(std::memory_order_relaxed);
    if (id >= Impl::kMaxQueues) {
        qWarning("Recorder: more than %d queues registered; '%s' is not observed", Impl::kMaxQueues,
                 qPrintable(name));
        return -1;
    }
    const qint64 now = d->now();
    auto slot =
        std::make_unique<QueueSlot>(name, type, capacity, minAfterDequeue, now, d->options.queueHistory,
                                    d->options.queueChanges, d->options.levelBuckets);
    slot->latest.tUs = now;
    // The first sample is the registration (empty): the queue's record starts there, in the
    // rings that exports and the run file copy too.
    slot->history.push(slot->latest);
    slot->changes.push(QueueChange{now, 0, true});
    d->queueTable[size_t(id)].store(slot.get(), std::memory_order_release);
    d->queueStore.push_back(std::move(slot));
    d->queueCount.store(id + 1, std::memory_order_release);
    return id;
}

void Recorder::queueChanged(int queueId, int size, qint64 enqueuedTotal, qint64 dequeuedTotal, bool closed)
{
    QueueSlot *q = d->queue(queueId);
    if (!q)
        return;
    if (!d->enabled.load(std::memory_order_relaxed)) {
        q->size.store(size, std::memory_order_relaxed);
        q->enqueued.store(enqueuedTotal, std::memory_order_relaxed);
        q->dequeued.store(dequeuedTotal, std::memory_order_relaxed);
        q->closed.store(closed, std::memory_order_relaxed);
        return;
    }
    std::lock_guard lock(q->mu);
    q->size.store(size, std::memory_order_relaxed);
    q->enqueued.store(enqueuedTotal, std::memory_order_relaxed);
    q->dequeued.store(dequeuedTotal, std::memory_order_relaxed);
    q->closed.store(closed, std::memory_order_relaxed);

    const qint64 t = std::max(d->now(), q->latest.tUs);
    q->levels.add(q->latest.tUs, t, q->latest.size);
    q->levels.mark(t, size);
    // Totals only grow; a smaller one (counters reset by the caller) counts as no change.
    q->rates.add(t, std::max<qint64>(0, enqueuedTotal - q->lastEnqueued),
                 std::max<qint64>(0, dequeuedTotal - q->lastDequeued));
    q->lastEnqueued = enqueuedTotal;
    q->lastDequeued = dequeuedTotal;

    q->latest = QueueSample{t, size};
    const bool due = q->history.isEmpty() || t - q->history.newest().tUs >= d->options.queueSampleUs;
    if (due || closed != q->sampledClosed) {
        q->history.push(q->latest);
        q->sampledClosed = closed;
        q->latestInHistory = true;
    } else {
        q->latestInHistory = false;
    }
    q->changes.push(QueueChange{t, size, q->latestInHistory});
}

qint64 Recorder::event(EventKind kind, const QString &thread, QJsonObject details)
{
    awaitGate(kind, thread, details);
    return recordEvent(kind, thread, std::move(details)).seq;
}

Event Recorder::recordEvent(EventKind kind, const QString &thread, QJsonObject details)
{
    Event ev;
    ev.kind = kind;
    ev.thread = thread;
    ev.details = std::move(details);
    std::lock_guard lock(d->eventMu);
    ev.seq = d->nextSeq++;
    ev.tUs = d->now();
    if (!d->events.isEmpty())
        ev.tUs = std::max(ev.tUs, d->events.newest().tUs);
    d->events.push(ev);
    return ev;
}

void Recorder::awaitGate(EventKind kind, const QString &thread, const QJsonObject &details)
{
    std::shared_ptr<const Gate> gate;
    {
        std::lock_guard lock(d->gateMu);
        gate = d->gate;
    }
    if (!gate || !*gate)
        return;
    Event pending;
    pending.seq = -1;
    pending.tUs = nowUs();
    pending.kind = kind;
    pending.thread = thread;
    pending.details = details;
    (*gate)(pending);
}

void Recorder::setGate(Gate gate)
{
    auto shared = gate ? std::make_shared<const Gate>(std::move(gate)) : nullptr;
    std::lock_guard lock(d->gateMu);
    d->gate = std::move(shared);
}

void Recorder::metric(MetricPoint point)
{
    {
        std::lock_guard lock(d->samplesMu);
        point.samplesPerSec = d->sampleRate.perSec(std::max(point.tUs, d->lastSampleUs), 0).first;
    }
    std::lock_guard lock(d->metricMu);
    d->metrics.push(point);
    d->series.append(point);
}

void Recorder::setBatchPreview(QList<Thumbnail> thumbs, QStringList classNames)
{
    const qint64 t = d->now();
    const qint64 step = d->steps.load(std::memory_order_acquire);
    std::lock_guard lock(d->previewMu);
    if (!thumbs.isEmpty())
        d->previews.add({t, step, thumbs});
    d->batch = std::move(thumbs);
    if (!classNames.isEmpty())
        d->classNames = std::move(classNames);
}

void Recorder::addSamples(qint64 n)
{
    const qint64 now = d->now();
    std::lock_guard lock(d->samplesMu);
    if (d->firstSampleUs < 0)
        d->firstSampleUs = now;
    if (n <= 0)
        return;
    d->lastSampleUs = now;
    d->samples.fetch_add(n, std::memory_order_relaxed);
    d->sampleRate.add(now, n, 0);
}

void Recorder::setAccuracy(double train, double eval)
{
    std::lock_guard lock(d->samplesMu);
    d->trainAccuracy = train;
    d->evalAccuracy = eval;
}

void Recorder::setHeldOutSamples(int n)
{
    std::lock_guard lock(d->samplesMu);
    d->heldOutSamples = n;
}

void Recorder::recordSkipped(const Status &skipped, const QString &thread)
{
    {
        std::lock_guard lock(d->samplesMu);
        ++d->skippedRecords;
    }
    QJsonObject details = statusToJson(skipped).toObject();
    details.insert(QStringLiteral("what"), QStringLiteral("skipped_record"));
    details.remove(QStringLiteral("thread"));
    event(EventKind::Note, thread, details);
}

void Recorder::setSteps(qint64 steps)
{
    d->steps.store(steps, std::memory_order_release);
}

void Recorder::setTopology(Topology topology)
{
    auto shared = std::make_shared<const Topology>(std::move(topology));
    std::lock_guard lock(d->topologyMu);
    d->topology = std::move(shared);
}

TopologyPtr Recorder::topology() const
{
    std::lock_guard lock(d->topologyMu);
    return d->topology;
}

void Recorder::setRunState(RunState run, EndHow how, const Status &error)
{
    std::lock_guard lock(d->runMu);
    d->run = run;
    d->how = how;
    d->error = error;
}

} // namespace qs
