#include "summarytext.h"

namespace qs::cli {

QString percent(double v)
{
    return v < 0 ? QStringLiteral("-") : QString::number(v * 100, 'f', 1) + QLatin1Char('%');
}

QStringList summaryLines(const RunSummary &s)
{
    QStringList lines;
    lines << QStringLiteral("how it ended: %1").arg(s.howKey());
    if (!s.error.isOk())
        lines << QStringLiteral("error: %1 (thread %2)").arg(s.error.toString(), s.error.thread());
    if (!s.stillRunning.isEmpty())
        lines << QStringLiteral("still running at join: %1").arg(s.stillRunning.join(QLatin1Char(' ')));
    lines << QStringLiteral("steps %1, samples %2, %3 samples/s")
                 .arg(s.steps)
                 .arg(s.samples)
                 .arg(s.samplesPerSec, 0, 'f', 1);
    if (s.inputOnly)
        lines << QStringLiteral("no label: input pipeline only (nothing was learnt)");
    else
        lines << QStringLiteral("training accuracy %1, held-out accuracy %2 (%3 held-out samples)")
                     .arg(percent(s.trainAccuracy), percent(s.evalAccuracy))
                     .arg(s.heldOutSamples);
    if (!s.modelInput.isEmpty())
        lines << QStringLiteral("model input %1, %2 epoch(s)")
                     .arg(s.modelInput, s.epochs == 0 ? QStringLiteral("repeating until stopped: 0")
                                                      : QString::number(s.epochs));
    if (!s.perClassAccuracy.isEmpty()) {
        QStringList parts;
        for (qsizetype c = 0; c < s.perClassAccuracy.size(); ++c)
            parts << QStringLiteral("%1 %2 (%3)")
                         .arg(s.classes.value(c, QString::number(c)), percent(s.perClassAccuracy[c]))
                         .arg(s.perClassCount.value(c));
        lines << QStringLiteral("held-out accuracy per class: %1").arg(parts.join(QStringLiteral(", ")));
    }
    for (const QString &w : s.warnings) {
        if (!s.inputOnly || !w.contains(s.noLabel)) // "no label" is said above
            lines << QStringLiteral("warning: %1").arg(w);
    }
    if (s.skippedRecords > 0)
        lines << QStringLiteral("skipped records (corrupt or undecodable): %1").arg(s.skippedRecords);

    // Seconds per thread per state, for the states some thread spent time in.
    QList<int> states;
    for (int i = 0; i < kThreadStateCount; ++i) {
        for (const ThreadSummary &t : s.threads) {
            if (t.secondsIn[size_t(i)] >= 0.0005 && !isFinalState(ThreadState(i))) {
                states << i;
                break;
            }
        }
    }
    int nameWidth = 6;
    for (const ThreadSummary &t : s.threads)
        nameWidth = std::max(nameWidth, int(t.name.size()));
    QString header = QStringLiteral("thread").leftJustified(nameWidth + 2) + QStringLiteral("role     ");
    for (int st : states)
        header += threadStateKey(ThreadState(st)).rightJustified(14);
    lines << QString() << QStringLiteral("seconds per thread and state:") << header;
    for (const ThreadSummary &t : s.threads) {
        QString row = t.name.leftJustified(nameWidth + 2) + threadRoleKey(t.role).leftJustified(9);
        for (int st : states)
            row += QString::number(t.secondsIn[size_t(st)], 'f', 2).rightJustified(14);
        lines << row;
    }
    return lines;
}

} // namespace qs::cli
