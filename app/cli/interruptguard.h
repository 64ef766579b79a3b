#pragma once

#include <QString>

namespace qs::cli {

// Catches SIGINT and SIGTERM while it lives, so that a long write can stop cleanly instead of
// dying with its temporary files on disk.
//
// The handler is async-signal-safe: it only stores the signal number in a lock-free atomic.
// The writing loop polls stopRequested() between records, aborts its writers (which removes
// their temporaries and leaves the targets as they were) and exits with exitStatus(). A
// signal is caught once: a second one of any kind finds the default disposition restored and
// ends the process at once, for a writer that is stuck.
//
// One guard at a time, on the main thread. The destructor restores the previous handlers.
class InterruptGuard {
public:
    InterruptGuard();
    ~InterruptGuard();
    InterruptGuard(const InterruptGuard &) = delete;
    InterruptGuard &operator=(const InterruptGuard &) = delete;

    static bool stopRequested();
    static int signalNumber();   // 0 until a signal arrives
    static int exitStatus();     // 128 + the signal number: 130 for SIGINT, 143 for SIGTERM
    static QString signalName(); // "SIGINT", "SIGTERM"
};

} // namespace qs::cli
