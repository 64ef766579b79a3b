#pragma once

#include "observe/snapshot.h"

namespace qs::test {

// Hand-built snapshots for the UI tests and the screenshot tool (test-only: the app never shows
// made-up data). A SyntheticRun is a deterministic pretend run of a TensorFlow-style pipeline:
// an input producer, readers, a trainer, a watcher, the main thread and a late "evaluator";
// at its end every ThreadState is present (one reader failed with DataLoss, another is held at
// the step gate, one stopped, one was cancelled ...), with two queues, coordination events,
// metrics and a batch of thumbnails. at(t, cursor) shows the run as Pipeline::snapshot() would
// at time t, so a test can feed a window a run that grows.
struct SyntheticOptions {
    qint64 durationUs = 12'000'000;
    int thumbnails = 16;
    bool rgb = true; // 32x32 RGB with CIFAR-10 class names; else 28x28 gray digits, no names
    quint32 seed = 7;
};

class SyntheticRun {
public:
    explicit SyntheticRun(SyntheticOptions options = {});

    Snapshot at(qint64 tUs, qint64 eventCursor = 0) const;
    Snapshot end(qint64 eventCursor = 0) const { return at(m_options.durationUs, eventCursor); }
    SnapshotPtr shared(qint64 tUs, qint64 eventCursor = 0) const;
    qint64 durationUs() const { return m_options.durationUs; }
    int eventCount() const { return int(m_full.events.size()); }

private:
    SyntheticOptions m_options;
    Snapshot m_full; // everything up to durationUs; at() cuts it
    QList<qint64> m_threadStartUs;
};

inline Snapshot richSnapshot(SyntheticOptions options = {})
{
    return SyntheticRun(options).end();
}
inline Snapshot emptySnapshot()
{
    return Snapshot{};
}

} // namespace qs::test
