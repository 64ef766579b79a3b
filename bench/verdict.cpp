#include "bench/verdict.h"

namespace qs {

namespace {

QString percent(double share)
{
    return QString::number(share * 100, 'f', 0) + QLatin1Char('%');
}

QString cheaperInput(const QString &stage)
{
    return stage == QLatin1String("record reading")
               ? QStringLiteral(
                     "make reading cheaper (uncompressed files on a local disk, fewer bytes per record)")
               : QStringLiteral(
                     "make decoding cheaper (smaller stored images, or raw pixels instead of JPEG/PNG)");
}

// The fewest readers whose run came within 5% of the best one.
int enoughReaders(const QList<PipelineFigures> &sweep)
{
    double best = 0;
    for (const PipelineFigures &f : sweep)
        best = std::max(best, f.samplesPerSecond());
    for (const PipelineFigures &f : sweep) {
        if (f.samplesPerSecond() >= 0.95 * best)
            return f.readers;
    }
    return 0;
}

// More readers while they fit on the cores and the last one added still paid; otherwise
// cheaper input.
void inputBound(Verdict &v, const VerdictInput &in, const QString &inputStage)
{
    const PipelineFigures &last = in.sweep.last();
    v.bottleneck = inputStage;
    double gain = 0;
    bool paid = true;
    if (in.sweep.size() >= 2) {
        const double before = in.sweep[in.sweep.size() - 2].samplesPerSecond();
        gain = before > 0 ? last.samplesPerSecond() / before : 0;
        paid = gain >= Verdict::kScalingGain;
    }
    if (paid && last.readers < in.cores) {
        v.suggestedReaders = last.readers + 1;
        v.advice = QStringLiteral("input-bound: raise reader_threads to %1").arg(v.suggestedReaders);
    } else if (!paid) {
        v.advice =
            QStringLiteral("input-bound: reader thread %1 added only %2; more readers will not help: %3")
                .arg(last.readers)
                .arg(percent(gain - 1))
                .arg(cheaperInput(inputStage));
    } else {
        v.advice =
            QStringLiteral("input-bound: %1 reader threads and the trainer already share the %2 cores; "
                           "more readers will not help: %3")
                .arg(last.readers)
                .arg(in.cores)
                .arg(cheaperInput(inputStage));
    }
}

void modelBound(Verdict &v, const VerdictInput &in)
{
    v.bottleneck = QStringLiteral("training step");
    v.advice =
        QStringLiteral("model-bound: the queue is full; more readers will not help; reduce hidden units "
                       "(now %1) or image size (now %2x%3)")
            .arg(in.hidden)
            .arg(in.imageWidth)
            .arg(in.imageHeight);
    const int enough = enoughReaders(in.sweep);
    if (enough > 0 && enough < in.sweep.last().readers) {
        v.suggestedReaders = enough;
        v.advice += QStringLiteral("; %1 reader thread%2 keep%3 up as well")
                        .arg(enough)
                        .arg(enough == 1 ? QString() : QStringLiteral("s"))
                        .arg(enough == 1 ? QStringLiteral("s") : QString());
    }
}

} // namespace

QJsonObject Verdict::toJson() const
{
    return {
        {QStringLiteral("bound"), boundKey(bound)},
        {QStringLiteral("bottleneck"), bottleneck},
        {QStringLiteral("trainer_waiting"), trainerWaiting < 0 ? QJsonValue() : QJsonValue(trainerWaiting)},
        {QStringLiteral("readers"), readers},
        {QStringLiteral("suggested_readers"),
         suggestedReaders > 0 ? QJsonValue(suggestedReaders) : QJsonValue()},
        {QStringLiteral("advice"), advice}};
}

Verdict Verdict::judge(const VerdictInput &in)
{
    Verdict v;
    if (in.sweep.isEmpty()) {
        v.advice = QStringLiteral("no pipeline run was measured");
        return v;
    }
    const PipelineFigures &last = in.sweep.last();
    v.readers = last.readers;
    v.trainerWaiting = last.trainerWaiting;
    ThroughputShares shares;
    shares.trainerWaiting = last.trainerWaiting;
    shares.readersBlockedFull = last.readersBlockedFull;
    shares.readers = last.readers;
    v.bound = ThroughputVerdict::judge(shares).bound;
    const QString inputStage = in.makeUsPerRecord >= in.readUsPerRecord
                                   ? QStringLiteral("decode + preprocess")
                                   : QStringLiteral("record reading");
    switch (v.bound) {
    case Bound::Input:
        inputBound(v, in, inputStage);
        break;
    case Bound::Model:
        modelBound(v, in);
        break;
    case Bound::Balanced:
        v.bottleneck =
            (in.readUsPerRecord + in.makeUsPerRecord) / std::max(1, last.readers) >= in.trainUsPerSample
                ? inputStage
                : QStringLiteral("training step");
        v.advice =
            QStringLiteral("balanced: the trainer waits %1 of the time and the readers are blocked on a "
                           "full queue %2 of theirs; neither more readers nor a smaller model would gain "
                           "much alone")
                .arg(percent(last.trainerWaiting))
                .arg(percent(std::max(0.0, last.readersBlockedFull)));
        break;
    case Bound::Unknown:
        v.advice = QStringLiteral("the run was not observed, so there is no waiting time to judge by");
        break;
    }
    return v;
}

} // namespace qs
