#include "observe/jsonlexport.h"

#include "observe/exportfile.h"
#include "observe/recorder.h"
#include "observe/runfile.h"

#include <QJsonDocument>

#include <algorithm>

namespace qs {

namespace {

QJsonObject eventLine(const Event &ev)
{
    QJsonObject line = ev.details;
    line.insert(QStringLiteral("t_us"), ev.tUs);
    line.insert(QStringLiteral("seq"), ev.seq);
    line.insert(QStringLiteral("thread"), ev.thread);
    line.insert(QStringLiteral("event"), eventKindKey(ev.kind));
    return line;
}

QJsonObject stateLine(const StateSpan &span, const QString &thread)
{
    QJsonObject line{
        {QStringLiteral("t_us"), span.startUs},
        {QStringLiteral("thread"), thread},
        {QStringLiteral("event"), QStringLiteral("state")},
        {QStringLiteral("state"), threadStateKey(span.state)},
    };
    if (span.activity != Activity::None)
        line.insert(QStringLiteral("activity"), activityKey(span.activity));
    if (!span.detail.isEmpty()) {
        const bool blocked =
            span.state == ThreadState::BlockedFull || span.state == ThreadState::BlockedEmpty;
        line.insert(blocked ? QStringLiteral("queue") : QStringLiteral("detail"), span.detail);
    }
    return line;
}

} // namespace

QList<QJsonObject> eventLogLines(const QList<Event> &events, const QList<ThreadInfo> &threads,
                                 const QList<StateSummary> &summaries)
{
    struct Item {
        qint64 tUs;
        int group; // 0: state, 1: event
        qint64 order;
        QJsonObject line;
    };
    std::vector<Item> items;
    qsizetype total = events.size() + summaries.size();
    for (const ThreadInfo &t : threads)
        total += t.spans.size();
    items.reserve(size_t(total));
    qint64 order = 0;
    for (const ThreadInfo &t : threads) {
        for (const StateSpan &span : t.spans)
            items.push_back({span.startUs, 0, order++, stateLine(span, t.name)});
    }
    for (const StateSummary &sum : summaries) {
        QJsonObject us;
        for (int st = 0; st < kThreadStateCount; ++st)
            if (sum.mix.us[size_t(st)] > 0)
                us.insert(threadStateKey(ThreadState(st)), sum.mix.us[size_t(st)]);
        items.push_back({sum.fromUs, 0, order++,
                         QJsonObject{{QStringLiteral("t_us"), sum.fromUs},
                                     {QStringLiteral("until_us"), sum.toUs},
                                     {QStringLiteral("thread"), sum.thread},
                                     {QStringLiteral("event"), QStringLiteral("state_summary")},
                                     {QStringLiteral("us"), us},
                                     {QStringLiteral("resolution_us"), sum.resolutionUs}}});
    }
    for (const Event &ev : events)
        items.push_back({ev.tUs, 1, ev.seq, eventLine(ev)});
    std::stable_sort(items.begin(), items.end(), [](const Item &a, const Item &b) {
        if (a.tUs != b.tUs)
            return a.tUs < b.tUs;
        if (a.group != b.group)
            return a.group < b.group;
        return a.order < b.order;
    });
    QList<QJsonObject> out;
    out.reserve(qsizetype(items.size()));
    for (Item &item : items)
        out.append(std::move(item.line));
    return out;
}

namespace {

Status saveLines(const QList<QJsonObject> &lines, const QString &path)
{
    return saveAtomically(path, [&lines](QIODevice *out) {
        for (const QJsonObject &line : lines) {
            QByteArray bytes = QJsonDocument(line).toJson(QJsonDocument::Compact);
            bytes.append('\n');
            if (out->write(bytes) != bytes.size())
                return false;
        }
        return true;
    });
}

} // namespace

Status writeEventsJsonl(const Recorder &recorder, const QString &path)
{
    // Events before threads: the recorder's ordering promise then holds for the file too.
    const QList<Event> events = recorder.events();
    const QList<ThreadInfo> threads = recorder.threads();
    return saveLines(eventLogLines(events, threads, summarisedStates(recorder, threads)), path);
}

Status writeEventsJsonl(const SavedRun &run, const QString &path)
{
    return saveLines(eventLogLines(run.last.events, run.last.threads), path);
}

} // namespace qs
