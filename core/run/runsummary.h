#pragma once

#include "base/status.h"
#include "observe/snapshot.h"

#include <QJsonObject>
#include <QList>
#include <QStringList>

#include <array>

namespace qs {

class Recorder;
struct SavedRun;

struct ThreadSummary {
    QString name;
    ThreadRole role = ThreadRole::Worker;
    std::array<double, kThreadStateCount> secondsIn{}; // per ThreadState

    double liveSeconds() const;               // all states but the final ones (stopped, failed, cancelled)
    double fraction(ThreadState state) const; // of liveSeconds(); 0 when there is none
};

// How one run ended and what it did, for the CLI's last lines, --json, and tests.
// toJson():
//   {"how": "end_of_data" | "stopped" | "error" ("running" before the end),
//    "error": null | {"kind": "DataLoss", "message", "thread"} (+ file, record, offset),
//    "steps", "samples", "samples_per_s", "train_accuracy", "eval_accuracy" (null when none),
//    "skipped_records", "input_only" (true: no label, input pipeline only), "no_label" (why, or null),
//    "model_input" ("28x28x1"), "epochs", "notices": [text], "warnings": [text],
//    "per_class": [{"class", "accuracy" (null without samples), "samples"}] (held-out, latest),
//    "confusion": null | {"classes": [names], "matrix": [[count]]} (rows true, columns predicted),
//    "threads": [{"name", "role", "seconds_in": {"<state>": seconds, ...}}]}
// seconds_in lists the states a thread spent time in while it ran (its final state, stopped,
// failed or cancelled, lasts from its end to now and is left out). Error kinds are spelled as TensorFlow
// prints them ("DataLoss"), as a scenario's "expect" does.
struct RunSummary {
    bool finished = false;
    EndHow how = EndHow::None;
    Status error;
    qint64 steps = 0;
    qint64 samples = 0;
    double samplesPerSec = 0;
    double trainAccuracy = -1; // mean over the last 50 steps; < 0 without any step
    double evalAccuracy = -1;  // the latest held-out accuracy; < 0 when never evaluated
    int heldOutSamples = 0;
    qint64 skippedRecords = 0;
    QString joinResult;       // the last join event's: "ok", "error", "timeout" ("" before)
    QStringList stillRunning; // the threads it found alive
    QList<ThreadSummary> threads;
    // From the run's "run_plan" note (RunPlan): the model's input, the epochs, and whether it
    // trained at all; notices and warnings for people (a run that trained 0 steps always has one).
    bool inputOnly = false; // no label: input pipeline only
    QString noLabel;        // why
    QString modelInput;     // "28x28x1"
    int epochs = -1;        // num_epochs as run; -1 unknown
    QStringList notices;
    QStringList warnings;
    // From the last "confusion" note (Trainer): the held-out figures per class.
    QStringList classes;
    QList<double> perClassAccuracy; // < 0: no held-out sample of that class
    QList<qint64> perClassCount;    // held-out samples per class
    QList<QList<qint64>> confusion; // [true][predicted]; empty when not recorded

    QJsonObject toJson() const;
    const ThreadSummary *thread(const QString &name) const;
    QString howKey() const; // "running" until finished

    static RunSummary of(const Recorder &recorder); // everything from the run record
    static RunSummary of(const SavedRun &saved);    // the same, from a saved run
    // `last` gives the figures; `events` the join; `threads` the time per state.
    static RunSummary of(const Snapshot &last, const QList<Event> &events, const QList<ThreadInfo> &threads);
};

} // namespace qs
