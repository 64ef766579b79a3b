#include "observe/recordsummary.h"

#include "observe/recorder.h"

#include <algorithm>

namespace qs {

namespace {
int bucketsFor(qint64 from, qint64 to, qint64 bucketUs, int maxBuckets)
{
    const qint64 n = (to - from + bucketUs - 1) / std::max<qint64>(1, bucketUs);
    return int(std::clamp<qint64>(n, 1, std::max(1, maxBuckets)));
}
} // namespace

QList<StateSummary> summarisedStates(const Recorder &recorder, const QList<ThreadInfo> &threads,
                                     qint64 bucketUs, int maxBuckets)
{
    QList<StateSummary> out;
    for (const ThreadInfo &t : threads) {
        if (t.spans.isEmpty())
            continue;
        const qint64 exactFrom = t.spans.constFirst().startUs;
        RangeRequest probe;
        probe.fromUs = 0;
        probe.toUs = std::max<qint64>(1, exactFrom);
        probe.buckets = 1;
        probe.exactLimit = 0;
        probe.withQueues = false;
        probe.threads = {t.id};
        const RangeView head = recorder.query(probe);
        if (head.lanes.isEmpty() || head.lanes.constFirst().startUs >= exactFrom)
            continue; // every span of the thread is still held
        RangeRequest r = probe;
        r.fromUs = head.lanes.constFirst().startUs;
        r.buckets = bucketsFor(r.fromUs, exactFrom, bucketUs, maxBuckets);
        const RangeView v = recorder.query(r);
        const LaneRecord &lane = v.lanes.constFirst();
        for (int i = 0; i < lane.mix.size(); ++i) {
            if (!lane.mix[i].isEmpty())
                out.append(
                    {t.id, t.name, v.bucketStart(i), v.bucketStart(i + 1), lane.mix[i], lane.resolutionUs});
        }
    }
    return out;
}

QList<SizeSummary> summarisedSizes(const Recorder &recorder, const QList<QueueInfo> &queues, qint64 bucketUs,
                                   int maxBuckets)
{
    QList<SizeSummary> out;
    // Only queues whose sample ring has dropped its oldest samples need the buckets.
    QList<qint64> firstKept(queues.size(), 0);
    qint64 until = 0;
    for (int k = 0; k < queues.size(); ++k) {
        if (recorder.queueSamplesSince(k, 0).first > 0 && !queues[k].history.isEmpty())
            firstKept[k] = queues[k].history.constFirst().tUs;
        until = std::max(until, firstKept[k]);
    }
    if (until <= 0)
        return out;
    RangeRequest r;
    r.fromUs = 0;
    r.toUs = until;
    r.buckets = bucketsFor(0, until, bucketUs, maxBuckets);
    r.withQueues = true;
    r.threads = {-1}; // no lanes
    const RangeView v = recorder.query(r);
    for (int k = 0; k < queues.size() && k < v.queues.size(); ++k) {
        for (int i = 0; i < v.buckets; ++i) {
            const SizeStat &s = v.queues[k].buckets[i];
            if (!s.isEmpty() && v.bucketStart(i + 1) <= firstKept[k])
                out.append({queues[k].name, v.bucketStart(i), v.bucketStart(i + 1), s});
        }
    }
    return out;
}

} // namespace qs
