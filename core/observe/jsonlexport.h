#pragma once

#include "base/status.h"
#include "observe/recordsummary.h"
#include "observe/snapshot.h"

#include <QJsonObject>
#include <QList>

namespace qs {

class Recorder;
struct SavedRun;

// The event log as JSON Lines: one compact object per line,
//   {"t_us": 1234, "thread": "reader_0", "event": "queue_close", ...the event's details}
// Coordination events carry their "seq" too. "state" lines are synthesised from each thread's
// span history ({state, activity when not none, queue for blocked states or detail otherwise}),
// so the log shows every state change the rings still hold without the hot path emitting
// events. Lines are in time order; at equal times state lines come first, then events by seq.

// Where the record keeps a thread's early time only in buckets (recordsummary.h), one line per
// bucket stands for it: {"t_us", "until_us", "thread", "event": "state_summary", "us": {state
// key: µs}, "resolution_us"}.
// The lines themselves, from histories as Recorder::events() and Recorder::threads() give them.
QList<QJsonObject> eventLogLines(const QList<Event> &events, const QList<ThreadInfo> &threads,
                                 const QList<StateSummary> &summaries = {});

// Writes the recorder's whole record to `path` (through a temporary file and a rename).
Status writeEventsJsonl(const Recorder &recorder, const QString &path);
// The same from a saved run (runfile.h), whose spans are all there.
Status writeEventsJsonl(const SavedRun &run, const QString &path);

} // namespace qs
