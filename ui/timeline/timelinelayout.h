#pragma once

#include "observe/rangeview.h"
#include "observe/snapshot.h"
#include "timeline/timeaxis.h"

#include <QHash>
#include <QList>

namespace qs {

// One mark to paint in a lane, covering pixels [x0, x1). Spans narrower than a pixel are folded
// into the mark before or after them: `folded` says the mark stands for several short spans (or
// a bucket of the record), `mixed` that they were not all in the same state; a mixed mark is
// painted as a column stacked by `mix`, each state's share of the height its share of the time.
struct LaneItem {
    int x0 = 0;
    int x1 = 0;
    ThreadState state = ThreadState::Starting; // the only state, or the one with the most time
    bool folded = false;
    bool mixed = false;
    int firstSpan = -1; // indices into the lane's span list; -1 for a mark made from buckets
    int lastSpan = -1;
    StateMix mix;      // time per state in the mark (folded marks)
    qint64 fromUs = 0; // the time the mark stands for
    qint64 toUs = 0;
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
    // Draw list for a lane answered in buckets (RangeView::lanes[].mix over [fromUs, toUs), one
    // bucket per pixel or more): runs of buckets in one state merge into one mark.
    static QList<LaneItem> layoutMix(const QList<StateMix> &mix, qint64 fromUs, qint64 toUs,
                                     const TimeAxis &axis);
    // Markers per lane; `laneOf` maps a thread name to its lane, events of other threads go to
    // lane `laneCount` (the shared strip). Markers of one kind on the same pixel are merged.
    static QList<QList<LaneMarker>> layoutMarkers(const QList<Event> &events,
                                                  const QHash<QString, int> &laneOf, int laneCount,
                                                  const TimeAxis &axis);
    static bool isMarkerKind(EventKind k); // the coordination events the timeline marks
    // What the timeline marks: those, and each record skip_corrupt dropped (a Note, drawn with
    // a glyph of its own on the reader's lane).
    static bool isMarker(const Event &e);
};

} // namespace qs
