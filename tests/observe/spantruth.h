#pragma once

// The test's own truth about a lane: time per state summed straight from exact spans, written
// independently of the record's buckets and of the timeline's drawing, which it checks.

#include "observe/rangeview.h"
#include "observe/snapshot.h"

#include <QList>

#include <algorithm>

namespace qs::test {

// Time per state of `spans` (oldest first, contiguous; the last may be open until `nowUs`)
// over [a, b).
inline StateMix truthOver(const QList<StateSpan> &spans, qint64 a, qint64 b, qint64 nowUs)
{
    StateMix m;
    for (const StateSpan &s : spans) {
        const qint64 end = s.endUs < 0 ? nowUs : s.endUs;
        const qint64 in = std::min(b, end) - std::max(a, s.startUs);
        if (in > 0)
            m.add(s.state, in);
    }
    return m;
}

} // namespace qs::test
