#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>

namespace qs {

// Slow motion for one run. Every stage of the pipeline (a record read, an enqueue, a dequeue, a
// training step) calls stage(); at speed s < 1 it takes an extra (1/s - 1) * kStageUnit, so at
// speed 0.1 a single enqueue or dequeue lasts long enough to be seen on the timeline.
//
// Contract:
//  - Thread-safe. setSpeed() never blocks and applies to the stages that start after it.
//  - stage(base) sleeps base plus the extra without changing the caller's observed state (a
//    reader "reading slowly" stays running/reading). It returns early, and later calls do not
//    sleep at all, once interrupt() was called: a stopping run must not wait on slow motion.
//  - Ordering: interrupt() happens-before the return of every stage() it cut short.
class Pacer {
public:
    static constexpr std::chrono::milliseconds kStageUnit{4};
    static constexpr double kMinSpeed = 0.01;

    explicit Pacer(double speed = 1);

    void setSpeed(double speed); // clamped to [kMinSpeed, 1]
    double speed() const;
    std::chrono::microseconds extraPerStage() const;

    void stage(std::chrono::milliseconds base = std::chrono::milliseconds(0));
    void interrupt();
    bool isInterrupted() const;

private:
    std::atomic<double> m_speed;
    mutable std::mutex m_mu;
    std::condition_variable m_cv; // notified by interrupt()
    bool m_interrupted = false;   // guarded by m_mu
};

} // namespace qs
