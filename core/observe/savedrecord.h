#pragma once

#include "observe/rangeview.h"
#include "observe/runfile.h"

namespace qs {

// A RangeSource over stored spans and queue samples: a saved run's record (RunFileReader), so a
// run opened from a file answers the same range queries as the live Recorder did.
//
// Immutable once built, so query() is safe from any thread. Every span is held, so a lane comes
// back exact whenever few enough spans overlap the range (as RangeRequest::exactLimit says) and
// as time per state per bucket, summed from the spans, otherwise. A queue's size is taken as
// constant from one sample to the next (the last one until the record's end).
class SavedRecord : public RangeSource {
public:
    // `threads` with every span, oldest first (the last one may be open, endUs < 0); `queues`
    // with their samples in `history`; `endUs` is the record's "now".
    SavedRecord(QList<ThreadInfo> threads, QList<QueueInfo> queues, qint64 endUs);
    static RangeSourcePtr fromSavedRun(const SavedRun &run);

    RangeView query(const RangeRequest &request) const override;
    qint64 endUs() const { return m_endUs; }

private:
    LaneRecord lane(int id, const RangeView &view, int exactLimit) const;
    QueueRecord queue(const QueueInfo &q, const RangeView &view) const;

    QList<ThreadInfo> m_threads;
    QList<QueueInfo> m_queues;
    qint64 m_endUs;
};

} // namespace qs
