#pragma once

#include "observe/snapshot.h"
#include "timeline/timeaxis.h"

#include <QHash>
#include <QList>

namespace qs {

// One mark to paint in a lane, covering pixels [x0, x1). Spans narrower than a pixel are folded
// into the mark before or after them: `folded` says the mark stands for several short spans,
// `mixed` that they were not all in the same state (painted as a mixed mark, not a state colour).
struct LaneItem {
    int x0 = 0;
    int x1 = 0;
    ThreadState state = ThreadState::Starting;
    bool folded = false;
    bool mixed = false;
    int firstSpan = -1; // indices into the lane's span list
    int lastSpan = -1;
};

struct LaneMarker {
    int x = 0;
    EventKind kind = EventKind::Note;
    int event = -1; // index into the event list the markers were laid out from
};

// Pure functions that turn a snapshot's spans and events into per-lane draw lists for one
// TimeAxis. Recomputed when a snapshot arrives or the axis changes, never while painting.
class TimelineLayout {
public:
    // The thread's spans with the current state included exactly once (as the open last span).
    static QList<StateSpan> spansOf(const ThreadInfo &thread);
    // Draw list for spans (oldest first, end < 0 = still open, ends at nowUs) on `axis`.
    static QList<LaneItem> layoutSpans(const QList<StateSpan> &spans, qint64 nowUs, const TimeAxis &axis);
    // Markers per lane; `laneOf` maps a thread name to its lane, events of other threads go to
    // lane `laneCount` (the shared strip). Markers of one kind on the same pixel are merged.
    static QList<QList<LaneMarker>> layoutMarkers(const QList<Event> &events,
                                                  const QHash<QString, int> &laneOf, int laneCount,
                                                  const TimeAxis &axis);
    static bool isMarkerKind(EventKind k); // the coordination events the timeline marks
};

} // namespace qs
