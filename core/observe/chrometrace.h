#pragma once

#include "base/status.h"
#include "observe/recordsummary.h"
#include "observe/snapshot.h"

#include <QJsonObject>
#include <QList>

namespace qs {

class Recorder;
struct SavedRun;

// The run as Chrome trace-event JSON, which opens in Perfetto (ui.perfetto.dev) and
// chrome://tracing: {"traceEvents": [...], "displayTimeUnit": "ms"} with, all in pid 1,
//  - metadata: process_name, and per thread thread_name / thread_sort_index ("ph": "M");
//  - one complete event per state span ("ph": "X", "tid": thread id + 1, "name": state key,
//    "cat": "state", "args": {activity, detail}); the open span lasts until `endUs`;
//  - one counter event per queue sample ("ph": "C", "name": queue name, "args": {"size": n});
//  - one instant event per coordination event ("ph": "i", "name": event key, "cat": "event",
//    "args": seq and details), on its thread's track ("s": "t") or global ("s": "g") when
//    the thread is not a registered one;
//  - for time the record keeps only in buckets (see recordsummary.h): one complete event per
//    bucket before a thread's oldest exact span ("cat": "state_summary", "name": "summary: " +
//    the state with the most time, "args": µs per state key and "resolution_us"), and one
//    counter event per bucket before a queue's oldest sample ("args": {"size": the mean}).
// Timestamps are the recorder's microseconds.
QList<QJsonObject> chromeTraceEvents(const QList<Event> &events, const QList<ThreadInfo> &threads,
                                     const QList<QueueInfo> &queues, qint64 endUs,
                                     const QList<StateSummary> &states = {},
                                     const QList<SizeSummary> &sizes = {});

// Writes the recorder's whole record to `path` (through a temporary file and a rename).
Status writeChromeTrace(const Recorder &recorder, const QString &path);
// The same from a saved run (runfile.h): its events and its rebuilt record, so the trace of an
// opened run is the trace the live run would have written.
Status writeChromeTrace(const SavedRun &run, const QString &path);

} // namespace qs
