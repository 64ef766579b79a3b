#pragma once

#include <QString>

#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>

namespace qs {

// One AUTOTUNE parameter of a running stage (a parallel map's or interleave's parallelism, a
// prefetch buffer's size) and the measurements the Autotuner's model reads, kept by the stage
// as it runs.
//
// Contract: every field but onChange is an atomic written by the stage's threads with relaxed
// ordering (they are statistics; the tuner reads deltas between its steps). `value` is written
// only by the Autotuner (relaxed store, then onChange() under changeMu so the stage wakes its
// threads); stages read it with relaxed loads. onChange is set once by the stage before it
// registers the knob and cleared (under changeMu) before the stage is destroyed.
struct TunedKnob {
    enum class Kind { Parallelism, Buffer };

    Kind kind = Kind::Parallelism;
    QString op; // "map_3"
    std::atomic<int> value{1};
    int minimum = 1;
    int maximum = 1;

    std::atomic<qint64> produced{0};     // elements the stage made
    std::atomic<qint64> processingNs{0}; // time its threads spent making them (work, not waits)
    std::atomic<qint64> inputNs{0};      // time spent pulling from the input, serially
    std::atomic<qint64> calls{0};        // getNext calls of its consumer
    std::atomic<qint64> waits{0};        // calls that found the output buffer empty
    std::atomic<qint64> waitNs{0};       // time the consumer waited in them
    std::atomic<qint64> fullWaits{0};    // times a producer found the buffer full
    std::atomic<qint64> elementBytes{0}; // a recent element's size, for the RAM budget

    std::mutex changeMu;
    std::function<void()> onChange; // guarded by changeMu
};

inline qint64 steadyNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

} // namespace qs
