#pragma once

#include "observe/recorder.h"

#include <atomic>
#include <memory>

// A hand-driven clock for Recorder tests, so spans, totals and rates are exact.
struct FakeClock {
    std::shared_ptr<std::atomic<qint64>> t = std::make_shared<std::atomic<qint64>>(0);
    void set(qint64 us) { t->store(us); }
    void advance(qint64 us) { t->fetch_add(us); }
    qs::RecorderOptions options(qs::RecorderOptions o = {}) const
    {
        auto p = t;
        o.clockUs = [p] { return p->load(); };
        return o;
    }
};
