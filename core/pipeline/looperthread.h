#pragma once

#include "pipeline/coordinatedthread.h"
#include "pipeline/coordinator.h"

#include <chrono>
#include <functional>
#include <optional>

namespace qs {

// TensorFlow's tf.train.LooperThread: a thread that runs a function again and again, or once per
// timer period, until its Coordinator says stop.
//
// Contract:
//  - create() makes a CoordinatedThread (not started) registered with the coordinator, so
//    coord.join() waits for it; loop() does the same and starts it (LooperThread.loop).
//  - Without a period the thread runs `while (!coord.shouldStop()) target();`. With a period p
//    it waits for stop up to the next tick (the first tick is when the thread starts, then
//    every p), and runs target() at each tick at which stop was not requested; after a target
//    slower than p the missed ticks follow at once, as in TensorFlow (the schedule is kept).
//  - An exception escaping target (see StatusError) is reported with coord.requestStop (as
//    coord.stop_on_exception() does) and ends the thread: a clean-stop kind (OutOfRange) ends it
//    Stopped, anything else Failed.
//  - target runs only on the looper's thread; it must touch only what outlives the thread.
//
// Example:
//   ThreadHandle summaries = LooperThread::loop(coord, std::chrono::seconds(10), [&] { writeSummary(); });
//   ...
//   coord.requestStop();
//   coord.join();
class LooperThread {
public:
    using Target = std::function<void()>;
    using Period = std::optional<std::chrono::milliseconds>;

    static ThreadHandle create(const Coordinator &coord, Period timerInterval, Target target,
                               const QString &name = QStringLiteral("LooperThread"),
                               ThreadRole role = ThreadRole::Worker);
    static ThreadHandle loop(const Coordinator &coord, Period timerInterval, Target target,
                             const QString &name = QStringLiteral("LooperThread"),
                             ThreadRole role = ThreadRole::Worker);
};

} // namespace qs
