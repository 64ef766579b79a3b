#pragma once

#include "run/pipeline.h"

#include <condition_variable>
#include <mutex>

namespace qs {

// The stuck_worker fault's condition: nobody signals it while the run lives; the destructor
// does, so the process can exit.
struct Pipeline::StuckWorker {
    std::mutex mu;
    std::condition_variable cv;
    bool released = false; // guarded by mu

    void release()
    {
        {
            std::lock_guard lock(mu);
            released = true;
        }
        cv.notify_all();
    }
};

} // namespace qs
