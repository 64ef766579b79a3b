#pragma once

#include "base/status.h"
#include "observe/snapshot.h"

#include <QJsonObject>
#include <QList>

namespace qs {

class Recorder;

// The event log as JSON Lines: one compact object per line,
//   {"t_us": 1234, "thread": "reader_0", "event": "queue_close", ...the event's details}
// Coordination events carry their "seq" too. "state" lines are synthesised from each thread's
// span history ({state, activity when not none, queue for blocked states or detail otherwise}),
// so the log shows every state change the rings still hold without the hot path emitting
// events. Lines are in time order; at equal times state lines come first, then events by seq.

// The lines themselves, from histories as Recorder::events() and Recorder::threads() give them.
QList<QJsonObject> eventLogLines(const QList<Event> &events, const QList<ThreadInfo> &threads);

// Writes the recorder's current history to `path` (through a temporary file and a rename).
Status writeEventsJsonl(const Recorder &recorder, const QString &path);

} // namespace qs
