#include "run/runsummary.h"

#include "observe/recorder.h"
#include "run/runcontext.h"

#include <QJsonArray>

namespace qs {

double ThreadSummary::liveSeconds() const
{
    double total = 0;
    for (int i = 0; i < kThreadStateCount; ++i) {
        if (!isFinalState(ThreadState(i)))
            total += secondsIn[size_t(i)];
    }
    return total;
}

double ThreadSummary::fraction(ThreadState state) const
{
    const double total = liveSeconds();
    return total > 0 ? secondsIn[size_t(state)] / total : 0;
}

QString RunSummary::howKey() const
{
    return finished ? endHowKey(how) : QStringLiteral("running");
}

const ThreadSummary *RunSummary::thread(const QString &name) const
{
    for (const ThreadSummary &t : threads) {
        if (t.name == name)
            return &t;
    }
    return nullptr;
}

QJsonObject RunSummary::toJson() const
{
    auto number = [](double v) { return v < 0 ? QJsonValue() : QJsonValue(v); };
    QJsonArray threadList;
    for (const ThreadSummary &t : threads) {
        QJsonObject seconds;
        for (int i = 0; i < kThreadStateCount; ++i) {
            if (t.secondsIn[size_t(i)] > 0 && !isFinalState(ThreadState(i)))
                seconds.insert(threadStateKey(ThreadState(i)), t.secondsIn[size_t(i)]);
        }
        threadList.append(QJsonObject{{QStringLiteral("name"), t.name},
                                      {QStringLiteral("role"), threadRoleKey(t.role)},
                                      {QStringLiteral("seconds_in"), seconds}});
    }
    return {{QStringLiteral("how"), howKey()},
            {QStringLiteral("error"), statusJson(error, KindStyle::Name)},
            {QStringLiteral("steps"), steps},
            {QStringLiteral("samples"), samples},
            {QStringLiteral("samples_per_s"), samplesPerSec},
            {QStringLiteral("train_accuracy"), number(trainAccuracy)},
            {QStringLiteral("eval_accuracy"), number(evalAccuracy)},
            {QStringLiteral("skipped_records"), skippedRecords},
            {QStringLiteral("threads"), threadList}};
}

RunSummary RunSummary::of(const RunContext &context)
{
    RunSummary s;
    const RunOutcome o = context.outcome();
    s.finished = o.finished;
    s.how = o.how;
    s.error = o.error;
    s.steps = o.steps;
    s.samples = o.samples;
    s.samplesPerSec = o.samplesPerSec;
    s.trainAccuracy = o.trainAccuracy;
    s.evalAccuracy = o.evalAccuracy;
    s.heldOutSamples = o.heldOutSamples;
    s.skippedRecords = context.skippedRecords.load(std::memory_order_relaxed);
    const QList<Event> events = context.recorder->events();
    for (auto it = events.crbegin(); it != events.crend(); ++it) {
        if (it->kind == EventKind::Join) {
            s.joinResult = it->details.value(QStringLiteral("result")).toString();
            for (const QJsonValue &v : it->details.value(QStringLiteral("still_running")).toArray())
                s.stillRunning << v.toString();
            break;
        }
    }
    for (const ThreadInfo &t : context.recorder->threads()) {
        ThreadSummary ts;
        ts.name = t.name;
        ts.role = t.role;
        for (int i = 0; i < kThreadStateCount; ++i)
            ts.secondsIn[size_t(i)] = double(t.usIn[size_t(i)]) / 1e6;
        s.threads << ts;
    }
    return s;
}

} // namespace qs
