#include "run/runsummary.h"

#include "observe/recorder.h"
#include "observe/runfile.h"

#include "base/statusjson.h"
#include "run/runcontext.h"
#include <limits>

#include <QCoreApplication>
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

namespace {

QStringList strings(const QJsonValue &v)
{
    QStringList out;
    for (const QJsonValue &item : v.toArray())
        out << item.toString();
    return out;
}

// The run plan, the latest confusion note, and why a run that ended trained nothing.
void readNotes(RunSummary *s, const QList<Event> &events)
{
    QJsonObject plan;
    QJsonObject confusion;
    for (const Event &e : events) {
        if (e.kind != EventKind::Note)
            continue;
        const QString what = e.details.value(QStringLiteral("what")).toString();
        if (what == QLatin1String("run_plan"))
            plan = e.details;
        else if (what == QLatin1String("confusion"))
            confusion = e.details;
    }
    if (!plan.isEmpty()) {
        s->inputOnly = plan.value(QStringLiteral("input_only")).toBool();
        s->noLabel = plan.value(QStringLiteral("no_label")).toString();
        s->modelInput = plan.value(QStringLiteral("input")).toString();
        s->epochs = plan.value(QStringLiteral("epochs")).toInt(-1);
        s->notices = strings(plan.value(QStringLiteral("notices")));
        s->warnings = strings(plan.value(QStringLiteral("warnings")));
    }
    if (!confusion.isEmpty()) {
        s->classes = strings(confusion.value(QStringLiteral("classes")));
        for (const QJsonValue &v : confusion.value(QStringLiteral("per_class_accuracy")).toArray())
            s->perClassAccuracy << (v.isDouble() ? v.toDouble() : -1.0);
        for (const QJsonValue &v : confusion.value(QStringLiteral("counts")).toArray())
            s->perClassCount << v.toInteger();
        for (const QJsonValue &row : confusion.value(QStringLiteral("matrix")).toArray()) {
            QList<qint64> r;
            for (const QJsonValue &v : row.toArray())
                r << v.toInteger();
            s->confusion << r;
        }
    }
    if (!s->finished || s->steps > 0)
        return;
    QString why;
    if (s->how == EndHow::Error)
        why = QCoreApplication::translate("qs::RunSummary",
                                          "the run ended with an error before the first batch");
    else if (s->how == EndHow::Stopped)
        why =
            QCoreApplication::translate("qs::RunSummary", "it was stopped before the first batch was ready");
    else if (!plan.isEmpty() && plan.value(QStringLiteral("train_records")).toInteger() >= 0)
        why =
            QCoreApplication::translate(
                "qs::RunSummary",
                "the data ended before a full batch: %1 training records per epoch x %2 epoch(s), batch size "
                "%3; set --allow-smaller-final-batch, more --epochs or a smaller --batch-size")
                .arg(plan.value(QStringLiteral("train_records")).toInteger())
                .arg(plan.value(QStringLiteral("epochs")).toInt())
                .arg(plan.value(QStringLiteral("batch_size")).toInt());
    else
        why = QCoreApplication::translate(
            "qs::RunSummary",
            "the data ended before a full batch; set --allow-smaller-final-batch or more --epochs");
    s->warnings << QCoreApplication::translate("qs::RunSummary", "trained 0 steps: %1").arg(why);
}

} // namespace

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
    QJsonArray perClass;
    for (qsizetype c = 0; c < perClassAccuracy.size(); ++c)
        perClass.append(QJsonObject{{QStringLiteral("class"), classes.value(c, QString::number(c))},
                                    {QStringLiteral("accuracy"), number(perClassAccuracy[c])},
                                    {QStringLiteral("samples"), perClassCount.value(c)}});
    QJsonValue matrix;
    if (!confusion.isEmpty()) {
        QJsonArray rows;
        for (const QList<qint64> &row : confusion) {
            QJsonArray r;
            for (const qint64 v : row)
                r.append(v);
            rows.append(r);
        }
        matrix = QJsonObject{{QStringLiteral("classes"), QJsonArray::fromStringList(classes)},
                             {QStringLiteral("matrix"), rows}};
    }
    return {{QStringLiteral("how"), howKey()},
            {QStringLiteral("input_only"), inputOnly},
            {QStringLiteral("no_label"), noLabel.isEmpty() ? QJsonValue() : QJsonValue(noLabel)},
            {QStringLiteral("model_input"), modelInput},
            {QStringLiteral("epochs"), epochs},
            {QStringLiteral("notices"), QJsonArray::fromStringList(notices)},
            {QStringLiteral("warnings"), QJsonArray::fromStringList(warnings)},
            {QStringLiteral("per_class"), perClass},
            {QStringLiteral("confusion"), matrix},
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
    readNotes(&s, events);
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
