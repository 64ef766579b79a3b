#include "tfcode/tfcode.h"

namespace qs {

namespace {

// Where a thread of each role is while it is busy (running, paused at the step gate, or blocked
// on a queue), by what it is busy with.
CodeLine busyLine(ThreadRole role, ThreadState state, Activity activity)
{
    switch (role) {
    case ThreadRole::Producer:
        return CodeLine::InputProducer; // its enqueue of file names, blocked or not
    case ThreadRole::Reader:
        if (state == ThreadState::BlockedFull || activity == Activity::Enqueuing)
            return CodeLine::BatchEnqueue;
        if (activity == Activity::Decoding)
            return CodeLine::Decode;
        return CodeLine::ReaderRead; // reading, or waiting on the filename queue inside read()
    case ThreadRole::Trainer:
        if (state == ThreadState::BlockedEmpty || activity == Activity::Dequeuing)
            return CodeLine::DequeueBatch;
        switch (activity) {
        case Activity::Training:
            return CodeLine::TrainStep;
        case Activity::Evaluating:
            return CodeLine::Evaluate;
        case Activity::Reading: // the naive feed reads by itself
            return CodeLine::ReaderRead;
        case Activity::Decoding:
            return CodeLine::Decode;
        default:
            return CodeLine::ShouldStop;
        }
    case ThreadRole::Watcher:
        return CodeLine::CloseOnStop; // awake: closing its queue
    case ThreadRole::Worker:
        return activity == Activity::Working ? CodeLine::WorkerStep : CodeLine::WorkerLoop;
    case ThreadRole::Main:
        return CodeLine::StartThreads; // the workers demo's coordinator starting its workers
    }
    return CodeLine::None;
}

} // namespace

CodeLine codeLineFor(ThreadRole role, ThreadState state, Activity activity)
{
    switch (state) {
    case ThreadState::Stopped:
    case ThreadState::Failed:
    case ThreadState::Cancelled:
        return CodeLine::None;
    case ThreadState::Starting:
        return role == ThreadRole::Trainer || role == ThreadRole::Main ? CodeLine::Session
                                                                       : CodeLine::StartThreads;
    case ThreadState::Waiting:
        return CodeLine::WaitForStop;
    case ThreadState::Joining:
        return CodeLine::Join;
    case ThreadState::Running:
    case ThreadState::BlockedFull:
    case ThreadState::BlockedEmpty:
    case ThreadState::Paused:
        return busyLine(role, state, activity);
    }
    return CodeLine::None;
}

CodeLine codeLineFor(CodeRole code, ThreadRole role, ThreadState state, Activity activity)
{
    const bool busy = state == ThreadState::Running || state == ThreadState::BlockedFull ||
                      state == ThreadState::BlockedEmpty || state == ThreadState::Paused;
    if (!busy ||
        (code != CodeRole::DatasetRead && code != CodeRole::DatasetMap && code != CodeRole::DatasetPrefetch))
        return codeLineFor(role, state, activity);
    switch (code) {
    case CodeRole::DatasetRead: // reading its file, or waiting for room in the cycle's buffer
        return state == ThreadState::BlockedFull ? CodeLine::DatasetInterleave : CodeLine::ReaderRead;
    case CodeRole::DatasetMap: // decoding an element, or waiting for one or for room
        return activity == Activity::Decoding ? CodeLine::Decode : CodeLine::DatasetMap;
    default: // the prefetch thread runs shuffle and batch in its pulls
        return CodeLine::DatasetPrefetch;
    }
}

bool hasTfCounterpart(const Topology *topology, const QString &threadName)
{
    const TopologyThread *t = topology ? topology->thread(threadName) : nullptr;
    return !topology || (t && t->code != CodeRole::None);
}

} // namespace qs
