#include "observe/runhistory.h"

#include "observe/previewhistory.h"
#include "observe/recorder.h"
#include "observe/runfilekeys.h"

#include <algorithm>
#include <cmath>

namespace qs {

namespace {

EndHow endHowOf(const Event &end)
{
    const QString how = end.details.value(QStringLiteral("how")).toString();
    for (EndHow h : {EndHow::EndOfData, EndHow::Stopped, EndHow::Error})
        if (runfile::howKey(h) == how)
            return h;
    return EndHow::None;
}

// A thread's time per state up to t is summed from its exact spans up to this many.
constexpr int kExactSumLimit = 4096;

} // namespace

RunHistory RunHistory::fromRecorder(const Recorder &recorder)
{
    auto snap = std::make_shared<Snapshot>(*recorder.snapshot(0));
    snap->events = recorder.events();
    snap->nextEventSeq = snap->events.isEmpty() ? 0 : snap->events.last().seq + 1;
    RunHistory h;
    h.add(snap);
    return h;
}

RunHistory RunHistory::fromSavedRun(const SavedRun &run)
{
    auto snap = std::make_shared<Snapshot>(run.last); // its record is the run's, rebuilt
    RunHistory h;
    h.m_events = snap->events;
    snap->events.clear();
    for (ThreadInfo &t : snap->threads)
        t.spans.clear(); // the record holds them
    h.m_record = snap->record;
    h.m_last = std::move(snap);
    return h;
}

void RunHistory::add(const SnapshotPtr &snap)
{
    if (!snap)
        return;
    const qint64 lastSeq = m_events.isEmpty() ? -1 : m_events.last().seq;
    if (m_last && snap->nextEventSeq <= lastSeq)
        clear();
    for (const Event &e : snap->events)
        if (e.seq > (m_events.isEmpty() ? -1 : m_events.last().seq))
            m_events.append(e);
    m_last = snap;
    if (snap->record)
        m_record = snap->record;
}

void RunHistory::clear()
{
    m_last.reset();
    m_events.clear();
    m_record.reset();
}

qint64 RunHistory::endUs() const
{
    return m_last ? std::max<qint64>(m_last->tUs, m_events.isEmpty() ? 0 : m_events.last().tUs) : 0;
}

int RunHistory::eventBefore(qint64 tUs) const
{
    auto it = std::upper_bound(m_events.begin(), m_events.end(), tUs,
                               [](qint64 t, const Event &e) { return t < e.tUs; });
    return int(it - m_events.begin()) - 1;
}

SnapshotPtr RunHistory::at(qint64 tUs) const
{
    auto out = std::make_shared<Snapshot>();
    if (!m_last)
        return out;
    const qint64 end = endUs();
    const qint64 t = std::clamp<qint64>(tUs, 0, end);
    out->tUs = t;
    out->topology = m_last->topology;
    out->classNames = m_last->classNames;
    out->record = m_record;
    out->batches = m_last->batches;
    const int last = eventBefore(t);
    out->events = m_events.mid(0, last + 1);
    out->nextEventSeq = last >= 0 ? m_events[last].seq + 1 : 0;
    out->run = m_last->run == RunState::Idle ? RunState::Idle : RunState::Running;
    for (const Event &e : std::as_const(out->events)) {
        if (e.kind == EventKind::RequestStop && out->run == RunState::Running)
            out->run = RunState::Stopping;
        if (e.kind == EventKind::End) {
            out->run = RunState::Finished;
            out->how = endHowOf(e);
            if (m_last->run == RunState::Finished)
                out->error = m_last->error;
        }
    }
    if (t >= end) { // the end itself: as the latest snapshot says
        out->run = m_last->run;
        out->how = m_last->how;
        out->error = m_last->error;
    }
    fillThreads(out.get(), t);
    fillQueues(out.get(), t);
    fillFigures(out.get(), t);
    return out;
}

void RunHistory::fillThreads(Snapshot *out, qint64 t) const
{
    if (!m_record) {
        if (t >= endUs())
            out->threads = m_last->threads;
        return;
    }
    // The state at t is the span holding t: [t, t + 1) (the record's latest instant is not
    // inside any span yet, so the end reads the instant before it).
    const qint64 at = std::min(t, std::max<qint64>(0, endUs() - 1));
    RangeRequest now;
    now.fromUs = at;
    now.toUs = at + 1;
    now.exactLimit = 8;
    now.withQueues = false;
    const RangeView here = m_record->query(now);
    RangeView before;
    if (t > 0) {
        RangeRequest upTo;
        upTo.fromUs = 0;
        upTo.toUs = t;
        // Exact spans give the exact sum where few enough lie before t; else the buckets (whose
        // edges are shared out in proportion) answer.
        upTo.exactLimit = kExactSumLimit;
        upTo.withQueues = false;
        before = m_record->query(upTo);
    }
    for (const LaneRecord &lane : here.lanes) {
        if (lane.startUs > t)
            continue;
        ThreadInfo info;
        info.id = lane.threadId;
        info.name = lane.name;
        info.role = lane.role;
        if (lane.exact && !lane.spans.isEmpty()) {
            const StateSpan &s = lane.spans.last();
            info.state = s.state;
            info.activity = s.activity;
            info.detail = s.detail;
            info.stateSinceUs = s.startUs;
            info.spans = lane.spans;
        } else if (!lane.mix.isEmpty()) {
            info.state = lane.mix.first().dominant();
            info.stateSinceUs = t;
        }
        for (const LaneRecord &b : std::as_const(before.lanes)) {
            if (b.threadId != lane.threadId)
                continue;
            if (b.exact) {
                for (const StateSpan &s : b.spans) {
                    const qint64 to = std::min(t, s.endUs < 0 ? t : s.endUs);
                    if (to > s.startUs)
                        info.usIn[size_t(s.state)] += to - s.startUs;
                }
            } else if (!b.mix.isEmpty()) {
                info.usIn = b.mix.first().us;
            }
        }
        out->threads.append(info);
    }
}

void RunHistory::fillQueues(Snapshot *out, qint64 t) const
{
    const bool atEnd = t >= endUs();
    QList<SizeStat> sizes;
    if (m_record) {
        RangeRequest req;
        req.fromUs = std::min(t, std::max<qint64>(0, endUs() - 1));
        req.toUs = req.fromUs + 1;
        req.threads = {-1}; // no lanes
        for (const QueueRecord &q : m_record->query(req).queues)
            sizes.append(q.buckets.value(0));
    }
    const QHash<QString, QList<QueueSample>> histories = queueHistories(600);
    for (int i = 0; i < m_last->queues.size(); ++i) {
        QueueInfo q = m_last->queues[i];
        q.history = histories.value(q.name);
        q.enqueuePerSec = q.dequeuePerSec = 0;
        if (!atEnd) {
            q.enqueued = q.dequeued = -1;
            q.closed = false;
            for (const Event &e : std::as_const(out->events))
                if (e.kind == EventKind::QueueClose &&
                    e.details.value(QStringLiteral("queue")).toString() == q.name)
                    q.closed = true;
            if (i < sizes.size() && !sizes[i].isEmpty())
                q.size = int(std::lround(sizes[i].mean()));
            else
                q.size = 0;
        }
        out->queues.append(q);
    }
}

void RunHistory::fillFigures(Snapshot *out, qint64 t) const
{
    if (t >= endUs()) {
        out->metrics = m_last->metrics;
        out->batch = m_last->batch;
        out->steps = m_last->steps;
        out->samples = m_last->samples;
        out->samplesPerSec = m_last->samplesPerSec;
        out->trainAccuracy = m_last->trainAccuracy;
        out->evalAccuracy = m_last->evalAccuracy;
        out->heldOutSamples = m_last->heldOutSamples;
        out->skippedRecords = m_last->skippedRecords;
        return;
    }
    out->metrics = m_last->metrics.until(t);
    if (!out->metrics.isEmpty()) {
        const MetricPoint &m = out->metrics.constLast();
        out->steps = std::max(out->steps, m.step);
        out->trainAccuracy = m.trainAccuracy;
        out->samplesPerSec = m.samplesPerSec;
    }
    if (!out->metrics.evaluations().isEmpty())
        out->evalAccuracy = out->metrics.evaluations().constLast().evalAccuracy;
    if (m_last->batches)
        if (const BatchPreview *p = PreviewHistory::at(*m_last->batches, t)) {
            out->batch = p->thumbs;
            out->steps = std::max(out->steps, p->step);
        }
    // Batches are of one size, so the samples trained by a step count scale with it.
    if (m_last->steps > 0)
        out->samples = m_last->samples * out->steps / m_last->steps;
    out->heldOutSamples = m_last->heldOutSamples;
    for (const Event &e : std::as_const(out->events))
        if (e.kind == EventKind::Note &&
            e.details.value(QStringLiteral("what")).toString() == QLatin1String("skipped_record"))
            ++out->skippedRecords;
}

QList<QueueSample> RunHistory::queueHistory(const QString &queue, int buckets) const
{
    return queueHistories(buckets).value(queue);
}

QHash<QString, QList<QueueSample>> RunHistory::queueHistories(int buckets) const
{
    QHash<QString, QList<QueueSample>> all;
    const qint64 end = endUs();
    if (!m_record || end <= 0)
        return all;
    RangeRequest req;
    req.fromUs = 0;
    req.toUs = end;
    req.buckets = std::max(1, int(std::min<qint64>(buckets, end)));
    req.threads = {-1};
    const RangeView view = m_record->query(req);
    for (const QueueRecord &q : view.queues) {
        QList<QueueSample> &out = all[q.name];
        for (int i = 0; i < q.buckets.size(); ++i) {
            const SizeStat &s = q.buckets[i];
            if (!s.isEmpty())
                out.append(QueueSample{view.bucketStart(i), int(std::lround(s.mean()))});
        }
    }
    return all;
}

} // namespace qs
