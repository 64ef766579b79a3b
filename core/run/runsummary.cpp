#include "run/runsummary.h"

#include "observe/recorder.h"
#include "observe/runfile.h"

#include "base/statusjson.h"
#include "run/runcontext.h"
#include <limits>

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
            {QStringLiteral("error"), statusToJson(error)},
            {QStringLiteral("steps"), steps},
            {QStringLiteral("samples"), samples},
            {QStringLiteral("samples_per_s"), samplesPerSec},
            {QStringLiteral("train_accuracy"), number(trainAccuracy)},
            {QStringLiteral("eval_accuracy"), number(evalAccuracy)},
            {QStringLiteral("skipped_records"), skippedRecords},
            {QStringLiteral("threads"), threadList}};
}

RunSummary RunSummary::of(const Recorder &recorder)
{
    const SnapshotPtr snap = recorder.snapshot(std::numeric_limits<qint64>::max());
    return of(*snap, recorder.events(), recorder.threads());
}

RunSummary RunSummary::of(const SavedRun &saved)
{
    return of(saved.last, saved.last.events, saved.last.threads);
}

RunSummary RunSummary::of(const Snapshot &last, const QList<Event> &events, const QList<ThreadInfo> &threads)
{
    RunSummary s;
    const Snapshot *snap = &last;
    s.finished = snap->run == RunState::Finished;
    s.how = snap->how;
    s.error = snap->error;
    s.steps = snap->steps;
    s.samples = snap->samples;
    s.samplesPerSec = snap->samplesPerSec;
    s.trainAccuracy = snap->trainAccuracy;
    s.evalAccuracy = snap->evalAccuracy;
    s.heldOutSamples = snap->heldOutSamples;
    s.skippedRecords = snap->skippedRecords;
    for (auto it = events.crbegin(); it != events.crend(); ++it) {
        if (it->kind == EventKind::Join) {
            s.joinResult = it->details.value(QStringLiteral("result")).toString();
            for (const QJsonValue &v : it->details.value(QStringLiteral("still_running")).toArray())
                s.stillRunning << v.toString();
            break;
        }
    }
    for (const ThreadInfo &t : threads) {
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
