#pragma once

#include "observe/snapshot.h"

namespace qs {

// The batch previews of a whole run, bounded: at most `capacity` are kept, spread over the run.
// When full, every other one is dropped and the gap between two kept previews doubles, so the
// kept ones stay evenly spread from the first batch to the latest whatever the run's length
// (the latest is always kept). Not thread-safe: the owner (the Recorder) guards it.
class PreviewHistory {
public:
    explicit PreviewHistory(int capacity = 256);

    void add(BatchPreview preview);
    // The kept previews, oldest first; an immutable value a snapshot can share.
    BatchPreviewsPtr list() const { return m_shared; }
    qint64 minGapUs() const { return m_minGapUs; }

    // The preview of the batch trained at t: the newest kept one with tUs <= t; null before the
    // first.
    static const BatchPreview *at(const QList<BatchPreview> &previews, qint64 tUs);

private:
    int m_capacity;
    qint64 m_minGapUs = 0;
    bool m_lastIsExtra = false; // the last kept one came closer than minGapUs: the latest only
    QList<BatchPreview> m_items;
    BatchPreviewsPtr m_shared;
};

} // namespace qs
