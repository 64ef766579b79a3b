#include "bench/pipelinebench.h"

#include "observe/runfilewriter.h"
#include "run/pipeline.h"
#include "run/throughputverdict.h"

#include <QElapsedTimer>

#include <algorithm>
#include <chrono>
#include <limits>
#include <vector>

namespace qs {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;
constexpr qint64 kNoEvents = std::numeric_limits<qint64>::max();
constexpr auto kFirstBatchPatience = std::chrono::seconds(60);

milliseconds until(Clock::time_point t)
{
    return std::max(milliseconds(0), std::chrono::duration_cast<milliseconds>(t - Clock::now()));
}

// The example queue: the one the trainer dequeues from (not the filename queue).
const QueueInfo *exampleQueueOf(const Snapshot &s)
{
    for (const QueueInfo &q : s.queues) {
        if (!q.name.startsWith(QLatin1String("input_producer")))
            return &q;
    }
    return nullptr;
}

double meanFill(const Snapshot &a, const Snapshot &b)
{
    const QueueInfo *qa = exampleQueueOf(a);
    const QueueInfo *qb = exampleQueueOf(b);
    if (!qa || !qb || qb->capacity <= 0)
        return -1;
    double sum = 0;
    int n = 0;
    for (const QueueSample &q : qb->history) {
        if (q.tUs >= a.tUs && q.tUs <= b.tUs) {
            sum += q.size;
            ++n;
        }
    }
    if (n == 0) {
        sum = qa->size + qb->size;
        n = 2;
    }
    return sum / n / qb->capacity;
}

SnapshotCost costOf(std::vector<double> ms)
{
    SnapshotCost c;
    if (ms.empty())
        return c;
    std::sort(ms.begin(), ms.end());
    c.calls = int(ms.size());
    double sum = 0;
    for (double v : ms)
        sum += v;
    c.meanMs = sum / double(ms.size());
    c.p95Ms = ms[std::min(ms.size() - 1, size_t(double(ms.size()) * 0.95))];
    c.maxMs = ms.back();
    return c;
}

void fillShares(PipelineFigures &f, const Snapshot &a, const Snapshot &b)
{
    if (b.tUs <= a.tUs)
        return;
    const ThroughputShares shares = ThroughputShares::between(a, b);
    f.trainerWaiting = shares.trainerWaiting;
    f.readersBlockedFull = shares.readersBlockedFull;
    f.queueFill = meanFill(a, b);
}

} // namespace

QJsonObject SnapshotCost::toJson() const
{
    return {{QStringLiteral("calls"), calls},
            {QStringLiteral("mean_ms"), meanMs},
            {QStringLiteral("p95_ms"), p95Ms},
            {QStringLiteral("max_ms"), maxMs},
            {QStringLiteral("spans"), spans},
            {QStringLiteral("events"), events},
            {QStringLiteral("from_start_ms"), fromStartMs}};
}

QJsonObject PipelineFigures::toJson() const
{
    auto share = [](double v) { return v < 0 ? QJsonValue() : QJsonValue(v); };
    QJsonObject o{{QStringLiteral("readers"), readers},
                  {QStringLiteral("feed"), feedModeKey(feed)},
                  {QStringLiteral("observed"), observed},
                  {QStringLiteral("samples"), samples},
                  {QStringLiteral("seconds"), seconds},
                  {QStringLiteral("samples_per_s"), samplesPerSecond()},
                  {QStringLiteral("trainer_blocked_empty"), share(trainerWaiting)},
                  {QStringLiteral("readers_blocked_full"), share(readersBlockedFull)},
                  {QStringLiteral("queue_fill"), share(queueFill)},
                  {QStringLiteral("load"), load.toJson()}};
    if (snapshots.calls > 0)
        o.insert(QStringLiteral("snapshot"), snapshots.toJson());
    return o;
}

Result<PipelineFigures> measurePipeline(const RunConfig &config, const PipelineWindow &window)
{
    Result<std::unique_ptr<Pipeline>> made = Pipeline::create(config);
    if (!made)
        return made.status();
    Pipeline &p = **made;
    p.setObservationEnabled(window.observe);
    std::unique_ptr<RunFileWriter> writer; // finished below, before the pipeline goes
    if (!window.recordTo.isEmpty()) {
        Result<std::unique_ptr<RunFileWriter>> w = RunFileWriter::start(window.recordTo, p.recorder());
        if (!w)
            return w.status();
        writer = std::move(*w);
    }
    if (Status s = p.start(); !s.isOk())
        return s;

    PipelineFigures f;
    f.readers = config.pipeline.readerThreads;
    f.feed = config.trainer.feed;
    f.observed = window.observe;

    // The first batch, then the warm-up.
    const auto patience = Clock::now() + kFirstBatchPatience;
    bool ended = false;
    while (!ended && p.snapshot(kNoEvents)->steps == 0) {
        if (Clock::now() > patience) {
            p.requestStop();
            return Status(ErrorKind::DeadlineExceeded,
                          QStringLiteral("bench: no batch within %1 s")
                              .arg(std::chrono::seconds(kFirstBatchPatience).count()));
        }
        ended = p.waitFinished(milliseconds(5));
    }
    if (!ended)
        ended = p.waitFinished(milliseconds(qint64(window.warmupS * 1000)));

    const SnapshotPtr first = p.snapshot(kNoEvents);
    const auto end = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                        std::chrono::duration<double>(window.windowS));
    const auto period = window.snapshotHz > 0 ? std::chrono::duration_cast<Clock::duration>(
                                                    std::chrono::duration<double>(1 / window.snapshotHz))
                                              : Clock::duration::max();
    std::vector<double> costs;
    SnapshotPtr viewed;
    qint64 cursor = first->nextEventSeq;
    while (!ended && Clock::now() < end) {
        const auto next = period == Clock::duration::max() ? end : std::min(end, Clock::now() + period);
        ended = p.waitFinished(until(next));
        if (ended || period == Clock::duration::max() || Clock::now() >= end)
            continue;
        QElapsedTimer timer;
        timer.start();
        viewed = p.snapshot(cursor);
        costs.push_back(double(timer.nsecsElapsed()) / 1e6);
        cursor = viewed->nextEventSeq;
    }
    double fromStartMs = 0;
    for (int i = 0; viewed && i < 3; ++i) {
        QElapsedTimer timer;
        timer.start();
        (void)p.snapshot(0);
        fromStartMs = std::max(fromStartMs, double(timer.nsecsElapsed()) / 1e6);
    }
    const SnapshotPtr last = p.snapshot(kNoEvents);
    f.load = LoadAverage::now();
    f.samples = last->samples - first->samples;
    f.seconds = double(last->tUs - first->tUs) / 1e6;
    f.snapshots = costOf(std::move(costs));
    if (viewed) {
        for (const ThreadInfo &t : viewed->threads)
            f.snapshots.spans += int(t.spans.size());
        f.snapshots.events = int(viewed->events.size());
        f.snapshots.fromStartMs = fromStartMs;
    }
    if (window.observe)
        fillShares(f, *first, *last);

    p.requestStop();
    p.waitFinished(milliseconds(qint64(config.trainer.gracePeriodS * 1000) + 10000));
    if (writer) {
        if (Status s = writer->finish(); !s.isOk())
            return s;
    }
    const RunSummary summary = p.summary();
    if (summary.how == EndHow::Error)
        return summary.error;
    return f;
}

} // namespace qs
