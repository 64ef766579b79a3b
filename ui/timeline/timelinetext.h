#pragma once

#include "observe/snapshot.h"
#include "timeline/timelinelayout.h"

#include <QCoreApplication>

namespace qs {

// The words the timeline shows on hover: a span (state, duration, activity, detail), a folded
// mark (how many spans, time per state), a coordination event, a lane's thread.
class TimelineText {
    Q_DECLARE_TR_FUNCTIONS(qs::TimelineText)
public:
    static QString span(const QList<StateSpan> &spans, const LaneItem &item, qint64 nowUs);
    // A mark made from the record's buckets: the time per state over its interval, and how fine
    // the record was there (resolutionUs > 0: buckets of that width, split evenly at the edges).
    static QString mix(const LaneItem &item, qint64 resolutionUs);
    static QString event(const Event &e);
    static QString lane(const ThreadInfo &thread, qint64 nowUs);
};

} // namespace qs
