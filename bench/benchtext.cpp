// The bench's report as text: what `queuescope-cli bench` prints.
#include "bench/benchtext.h"

#include <QRegularExpression>

#include <algorithm>

namespace qs {

namespace {

QString megabytes(double perSecond)
{
    return QString::number(perSecond, 'f', perSecond >= 100 ? 0 : 1) + QStringLiteral(" MB/s");
}

QString rate(double perSecond, const char *unit)
{
    QString n;
    if (perSecond >= 1e6)
        n = QString::number(perSecond / 1e6, 'f', 2) + QStringLiteral(" M ");
    else if (perSecond >= 1e4)
        n = QString::number(perSecond / 1e3, 'f', 1) + QStringLiteral(" k ");
    else
        n = QString::number(perSecond, 'f', perSecond >= 100 ? 0 : 1) + QLatin1Char(' ');
    return n + QLatin1String(unit);
}

QString micros(double us)
{
    return us >= 1000 ? QString::number(us / 1000, 'f', 2) + QStringLiteral(" ms")
                      : QString::number(us, 'f', us >= 10 ? 1 : 2) + QStringLiteral(" us");
}

QString share(double v)
{
    return v < 0 ? QStringLiteral("-") : QString::number(v * 100, 'f', 0) + QLatin1Char('%');
}

QString row(const QString &name, const QString &value, const QString &perItem = {})
{
    return QStringLiteral("  ") + name.leftJustified(38) + value.leftJustified(34) + perItem;
}

// The figure with `decimals` decimals, and more where those would read as the wrong side of its
// goal: 0.978 against ">= 0.98" prints as 0.978, not as a missed 0.98.
QString number(const TargetFigure &t, int decimals)
{
    static const QRegularExpression goalRe(QStringLiteral("^\\s*(>=|<=)\\s*([0-9.]+)"));
    const QRegularExpressionMatch goal = goalRe.match(t.goal);
    if (t.met && goal.hasMatch()) {
        const bool atLeast = goal.captured(1) == QLatin1String(">=");
        const double bound = goal.captured(2).toDouble();
        for (; decimals < 6; ++decimals) {
            const double shown = QString::number(t.value, 'f', decimals).toDouble();
            if ((atLeast ? shown >= bound : shown <= bound) == *t.met)
                break;
        }
    }
    return QString::number(t.value, 'f', decimals);
}

QString targetValue(const TargetFigure &t)
{
    if (t.value < 0)
        return QStringLiteral("-");
    if (t.unit == QLatin1String("x"))
        return number(t, 2) + QLatin1Char('x');
    if (t.unit == QLatin1String("elements/s"))
        return rate(t.value, "elements/s");
    return number(t, t.value >= 100 ? 0 : 2) + QLatin1Char(' ') + t.unit;
}

} // namespace

QStringList benchReportLines(const BenchReport &r)
{
    QStringList out;
    out << QStringLiteral("QueueScope bench: %1 cores, %2; load %3 at start, %4 at end; %5 s")
               .arg(r.machine.cores)
               .arg(r.machine.cpuModel, r.loadStart.toString(), r.loadEnd.toString())
               .arg(r.seconds, 0, 'f', 0);
    out << QStringLiteral("data: %1%2 records, %3 MB; %4")
               .arg(r.demoData ? r.demoWritten ? QStringLiteral("the demo dataset (written for the bench), ")
                                               : QStringLiteral("the bundled demo dataset, ")
                               : QString())
               .arg(r.records)
               .arg(double(r.bytes) / 1e6, 0, 'f', 1)
               .arg(r.spec);
    out << QStringLiteral("files: ") + r.files.join(QLatin1Char(' '));
    const PipelineConfig &pc = r.config.pipeline;
    out << QStringLiteral("pipeline: %1 capacity %2%3, batch %4; model %5x%6x3 input, %7 hidden units")
               .arg(pc.useShuffleQueue ? QStringLiteral("RandomShuffleQueue") : QStringLiteral("FIFOQueue"))
               .arg(pc.exampleCapacity)
               .arg(pc.useShuffleQueue ? QStringLiteral(" min_after_dequeue %1").arg(pc.minAfterDequeue)
                                       : QString())
               .arg(pc.batchSize)
               .arg(pc.imageWidth)
               .arg(pc.imageHeight)
               .arg(r.config.trainer.hidden);

    const StageFigures &s = r.stages;
    out << QString()
        << QStringLiteral("stages in isolation (one thread unless said; load %1)").arg(s.load.toString());
    out << row(QStringLiteral("plain read() (page cache)"), megabytes(s.scan.read.megabytesPerSecond()));
    out << row(QStringLiteral("record scan + CRC"),
               megabytes(s.scan.scan.megabytesPerSecond()) + QStringLiteral(", ") +
                   rate(s.scan.scan.recordsPerSecond(), "records/s"),
               micros(s.scan.scan.records > 0 ? s.scan.scan.seconds * 1e6 / double(s.scan.scan.records) : 0));
    out << row(QStringLiteral("Example parsing"), rate(s.parse.perSecond(), "records/s"),
               micros(s.parse.microsecondsPerItem()));
    out << row(QStringLiteral("decode + preprocess"), rate(s.decode.perSecond(), "samples/s"),
               micros(s.decode.microsecondsPerItem()));
    out << row(QStringLiteral("reader body (parse..thumbnail)"), rate(s.readerBody.perSecond(), "samples/s"),
               micros(s.readerBody.microsecondsPerItem()));
    out << row(QStringLiteral("reader body, %1 threads at once").arg(s.allThreads),
               rate(s.readerBodyAll.perSecond(), "samples/s"));
    out << row(QStringLiteral("one reader thread (read + body)"),
               rate(s.readerThreadPerSecond(), "samples/s"));
    out << row(QStringLiteral("queue hand-off (Sample, batch %1)").arg(s.batchSize),
               rate(s.queue.perSecond(), "samples/s"), micros(s.queue.microsecondsPerItem()));
    out << row(QStringLiteral("training step (batch %1)").arg(s.batchSize),
               rate(s.trainStep.perSecond(), "samples/s") +
                   QStringLiteral(" (%1 steps/s)")
                       .arg(s.batchSize > 0 ? s.trainStep.perSecond() / s.batchSize : 0, 0, 'f', 0),
               micros(s.trainStep.microsecondsPerItem()));

    out << QString()
        << QStringLiteral("  readers   samples/s   trainer waiting   readers blocked_full   queue fill   of "
                          "slowest stage   load");
    for (qsizetype i = 0; i < r.sweep.size(); ++i) {
        const PipelineFigures &f = r.sweep[i];
        out << QStringLiteral("  %1 %2 %3 %4 %5 %6   %7")
                   .arg(f.readers, 7)
                   .arg(f.samplesPerSecond(), 11, 'f', 0)
                   .arg(share(f.trainerWaiting), 17)
                   .arg(share(f.readersBlockedFull), 22)
                   .arg(share(f.queueFill), 12)
                   .arg(i < r.efficiency.size() ? QString::number(r.efficiency[i], 'f', 2)
                                                : QStringLiteral("-"),
                        18)
                   .arg(f.load.one, 0, 'f', 2);
    }
    const Verdict &v = r.verdict;
    out << QString();
    out << QStringLiteral("bottleneck: %1 (%2-bound with %3 reader thread%4); the trainer waits for input %5 "
                          "of the time")
               .arg(v.bottleneck.isEmpty() ? QStringLiteral("unknown") : v.bottleneck, boundKey(v.bound))
               .arg(v.readers)
               .arg(v.readers == 1 ? "" : "s")
               .arg(share(v.trainerWaiting));
    out << QStringLiteral("advice: ") + v.advice;

    if (!r.targets.isEmpty()) {
        // As wide as the longest description and a space, so that no figure runs into one.
        qsizetype whatWidth = 56;
        for (const TargetFigure &t : r.targets)
            whatWidth = std::max(whatWidth, t.what.size() + 1);
        out << QString()
            << QStringLiteral("  %1%2%3%4load")
                   .arg(QStringLiteral("target").leftJustified(whatWidth),
                        QStringLiteral("measured").leftJustified(20),
                        QStringLiteral("goal").leftJustified(14), QStringLiteral("").leftJustified(8));
        for (const TargetFigure &t : r.targets) {
            const QString met = !t.met   ? QString()
                                : *t.met ? QStringLiteral("met")
                                         : QStringLiteral("MISSED");
            out << QStringLiteral("  %1%2%3%4%5")
                       .arg(t.what.leftJustified(whatWidth), targetValue(t).leftJustified(20),
                            (t.goal.isEmpty() ? QStringLiteral("-") : t.goal).leftJustified(14),
                            met.leftJustified(8))
                       .arg(t.load.one, 0, 'f', 2);
        }
    }
    if (r.memory) {
        const MemoryFigures &m = *r.memory;
        out << QString()
            << QStringLiteral("memory: one epoch of %1 MB (%2 records) in %3 s; peak RSS %4 MB%5 (%6 MB "
                              "before it, writing the "
                              "file included); resident %7 MB before, at most %8 MB in the first quarter and "
                              "%9 MB in the last")
                   .arg(double(m.fileBytes) / 1e6, 0, 'f', 0)
                   .arg(m.records)
                   .arg(m.epochSeconds, 0, 'f', 1)
                   .arg(m.peakRssMb, 0, 'f', 1)
                   .arg(m.highWaterReset ? QStringLiteral(" during the epoch") : QString())
                   .arg(m.peakBeforeMb, 0, 'f', 1)
                   .arg(m.rssBeforeMb, 0, 'f', 1)
                   .arg(m.earlyMaxMb, 0, 'f', 1)
                   .arg(m.lateMaxMb, 0, 'f', 1);
    }
    return out;
}

} // namespace qs
