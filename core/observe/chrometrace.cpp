#include "observe/chrometrace.h"

#include "observe/exportfile.h"
#include "observe/recorder.h"
#include "observe/runfile.h"

#include <QHash>
#include <QJsonDocument>

namespace qs {

namespace {

const QString kPh = QStringLiteral("ph");
const QString kPid = QStringLiteral("pid");
const QString kTid = QStringLiteral("tid");
const QString kTs = QStringLiteral("ts");
const QString kName = QStringLiteral("name");
const QString kArgs = QStringLiteral("args");
const QString kCat = QStringLiteral("cat");

QJsonObject metadata(const QString &name, int tid, const QJsonObject &args)
{
    QJsonObject o{{kPh, QStringLiteral("M")}, {kPid, 1}, {kName, name}, {kArgs, args}};
    if (tid > 0)
        o.insert(kTid, tid);
    return o;
}

} // namespace

QList<QJsonObject> chromeTraceEvents(const QList<Event> &events, const QList<ThreadInfo> &threads,
                                     const QList<QueueInfo> &queues, qint64 endUs,
                                     const QList<StateSummary> &states, const QList<SizeSummary> &sizes)
{
    QList<QJsonObject> out;
    out.append(metadata(QStringLiteral("process_name"), 0, {{kName, QStringLiteral("QueueScope")}}));
    QHash<QString, int> tidByName; // a reused name maps to its newest thread
    for (const ThreadInfo &t : threads) {
        const int tid = t.id + 1;
        tidByName.insert(t.name, tid);
        out.append(metadata(QStringLiteral("thread_name"), tid, {{kName, t.name}}));
        out.append(
            metadata(QStringLiteral("thread_sort_index"), tid, {{QStringLiteral("sort_index"), t.id}}));
    }
    for (const ThreadInfo &t : threads) {
        for (const StateSpan &span : t.spans) {
            const qint64 end = span.endUs >= 0 ? span.endUs : std::max(endUs, span.startUs);
            QJsonObject args{{QStringLiteral("activity"), activityKey(span.activity)}};
            if (!span.detail.isEmpty())
                args.insert(QStringLiteral("detail"), span.detail);
            out.append(QJsonObject{{kPh, QStringLiteral("X")},
                                   {kPid, 1},
                                   {kTid, t.id + 1},
                                   {kTs, span.startUs},
                                   {QStringLiteral("dur"), end - span.startUs},
                                   {kName, threadStateKey(span.state)},
                                   {kCat, QStringLiteral("state")},
                                   {kArgs, args}});
        }
    }
    for (const StateSummary &sum : states) {
        QJsonObject args{{QStringLiteral("resolution_us"), sum.resolutionUs}};
        for (int st = 0; st < kThreadStateCount; ++st)
            if (sum.mix.us[size_t(st)] > 0)
                args.insert(threadStateKey(ThreadState(st)), sum.mix.us[size_t(st)]);
        out.append(QJsonObject{{kPh, QStringLiteral("X")},
                               {kPid, 1},
                               {kTid, sum.threadId + 1},
                               {kTs, sum.fromUs},
                               {QStringLiteral("dur"), sum.toUs - sum.fromUs},
                               {kName, QStringLiteral("summary: ") + threadStateKey(sum.mix.dominant())},
                               {kCat, QStringLiteral("state_summary")},
                               {kArgs, args}});
    }
    for (const SizeSummary &sum : sizes) {
        out.append(QJsonObject{{kPh, QStringLiteral("C")},
                               {kPid, 1},
                               {kTs, sum.fromUs},
                               {kName, sum.queue},
                               {kArgs, QJsonObject{{QStringLiteral("size"), sum.size.mean()}}}});
    }
    for (const QueueInfo &q : queues) {
        for (const QueueSample &sample : q.history) {
            out.append(QJsonObject{{kPh, QStringLiteral("C")},
                                   {kPid, 1},
                                   {kTs, sample.tUs},
                                   {kName, q.name},
                                   {kArgs, QJsonObject{{QStringLiteral("size"), sample.size}}}});
        }
    }
    for (const Event &ev : events) {
        QJsonObject args = ev.details;
        args.insert(QStringLiteral("seq"), ev.seq);
        QJsonObject o{
            {kPh, QStringLiteral("i")},      {kPid, 1},    {kTs, ev.tUs}, {kName, eventKindKey(ev.kind)},
            {kCat, QStringLiteral("event")}, {kArgs, args}};
        const auto tid = tidByName.constFind(ev.thread);
        if (tid != tidByName.constEnd()) {
            o.insert(QStringLiteral("s"), QStringLiteral("t"));
            o.insert(kTid, *tid);
        } else {
            o.insert(QStringLiteral("s"), QStringLiteral("g"));
            if (!ev.thread.isEmpty())
                args.insert(QStringLiteral("thread"), ev.thread);
            o.insert(kArgs, args);
        }
        out.append(o);
    }
    return out;
}

namespace {

Status saveTrace(const QList<QJsonObject> &trace, const QString &path)
{
    return saveAtomically(path, [&trace](QIODevice *out) {
        // Streamed one event per line: a long run's trace never sits in memory as one document.
        bool ok = out->write("{\"traceEvents\":[\n") > 0;
        for (qsizetype i = 0; ok && i < trace.size(); ++i) {
            QByteArray bytes = QJsonDocument(trace[i]).toJson(QJsonDocument::Compact);
            bytes.append(i + 1 < trace.size() ? ",\n" : "\n");
            ok = out->write(bytes) == bytes.size();
        }
        return ok && out->write("],\"displayTimeUnit\":\"ms\"}\n") > 0;
    });
}

} // namespace

namespace {
QList<QJsonObject> recordTrace(const QList<Event> &events, const Recorder &recorder)
{
    const QList<ThreadInfo> threads = recorder.threads();
    const QList<QueueInfo> queues = recorder.queues();
    return chromeTraceEvents(events, threads, queues, recorder.nowUs(), summarisedStates(recorder, threads),
                             summarisedSizes(recorder, queues));
}
} // namespace

Status writeChromeTrace(const Recorder &recorder, const QString &path)
{
    return saveTrace(recordTrace(recorder.events(), recorder), path);
}

Status writeChromeTrace(const SavedRun &run, const QString &path)
{
    if (!run.record) // an outline (RunFileReader::readDigest) has no record to trace
        return {ErrorKind::FailedPrecondition,
                QStringLiteral("the saved run '%1' was read without its record").arg(run.path)};
    return saveTrace(recordTrace(run.last.events, *run.record), path);
}

} // namespace qs
