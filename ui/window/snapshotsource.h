#pragma once

#include "observe/snapshot.h"

#include <functional>

namespace qs {

// Where the window gets its snapshots: called on the GUI thread by MainWindow's timer with the
// event cursor (the nextEventSeq of the previous snapshot, 0 at first); returns the newest
// snapshot, or nullptr when there is nothing to show. It must not block for long: typically
// `[&pipeline](qint64 cursor) { return pipeline.snapshot(cursor); }`.
using SnapshotSource = std::function<SnapshotPtr(qint64 eventCursor)>;

} // namespace qs
