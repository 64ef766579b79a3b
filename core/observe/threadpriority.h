#pragma once

namespace qs {

// The CPU priority of the calling thread, as its nice value (-20 most favoured, 19 least).
// The window runs a pipeline in its own process; at full speed the run's threads keep both cores
// busy, and the thread that draws the window would wait its turn behind them for every frame.
// So the window asks the run's threads to be nicer than itself: each lowers its own priority as
// it binds to the run's Recorder (ObservedThread, Recorder::setThreadNice). The run behaves the
// same, its threads among themselves are as before, and it gets every cycle the window leaves.
// On Linux a nice value belongs to one thread; elsewhere there is no per-thread value and these
// do nothing. Lowering needs no privilege; a thread cannot raise its priority back, which the
// run's threads never need (they end with the run).
class ThreadPriority {
public:
    static int current(); // the calling thread's nice value (0 where unknown)
    // Makes the calling thread at least as nice as `nice` (clamped to 19). Returns false where
    // the platform cannot, or the system refused.
    static bool lowerCurrentTo(int nice);
};

} // namespace qs
