#pragma once

#include <QString>
#include <QtGlobal>

namespace qs {

// What a pipeline thread is doing. One colour per state everywhere in the UI (see DESIGN.md).
enum class ThreadState : quint8 {
    Starting,
    Running,
    BlockedFull,  // enqueue waits on a full queue (backpressure)
    BlockedEmpty, // dequeue waits on an empty queue (starved)
    Waiting,      // waits for the coordinator to stop
    Joining,      // in Coordinator::join
    Paused,       // held at the step gate
    Stopped,
    Failed,
    Cancelled,
};
inline constexpr int kThreadStateCount = 10;

// What a running thread is busy with (the detail of ThreadState::Running).
enum class Activity : quint8 { None, Reading, Decoding, Enqueuing, Dequeuing, Training, Evaluating, Working };

enum class ThreadRole : quint8 { Producer, Reader, Trainer, Watcher, Worker, Main };

QString threadStateKey(ThreadState s); // "blocked_full": JSON, traces, CLI
QString activityKey(Activity a);       // "decoding"
QString threadRoleKey(ThreadRole r);   // "reader"
bool threadStateFromKey(const QString &key, ThreadState *out);
inline bool isFinalState(ThreadState s)
{
    return s == ThreadState::Stopped || s == ThreadState::Failed || s == ThreadState::Cancelled;
}

} // namespace qs
