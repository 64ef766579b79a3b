#include "run/runcontext.h"

#include "base/statusjson.h"
#include "pipeline/coordinatedthread.h"

#include <algorithm>

namespace qs {

QString endHowKey(EndHow how)
{
    switch (how) {
    case EndHow::EndOfData:
        return QStringLiteral("end_of_data");
    case EndHow::Stopped:
        return QStringLiteral("stopped");
    case EndHow::Error:
        return QStringLiteral("error");
    case EndHow::None:
        break;
    }
    return {};
}

Status joinRunThreads(RunContext &run, QList<ThreadHandle> threads, std::chrono::milliseconds grace)
{
    using Clock = std::chrono::steady_clock;
    for (const ThreadHandle &t : run.coord.registeredThreads()) {
        if (!threads.contains(t))
            threads.append(t);
    }
    ObservedThread::setState(ThreadState::Joining);
    // Like Coordinator::join: no limit until stop is requested (or every thread is done)...
    for (;;) {
        auto alive = std::find_if(threads.cbegin(), threads.cend(),
                                  [](const ThreadHandle &t) { return t && t->isAlive(); });
        if (alive == threads.cend() || run.coord.shouldStop())
            break;
        (*alive)->wait(std::chrono::milliseconds(50));
    }
    // ...then the grace period, started again while the gate holds a thread.
    auto deadline = Clock::now() + grace;
    bool timedOut = false;
    for (const ThreadHandle &t : std::as_const(threads)) {
        while (!timedOut && t && t->isAlive()) {
            const auto now = Clock::now();
            if (run.gate.heldCount() > 0)
                deadline = std::max(deadline, now + grace);
            if (now >= deadline) {
                timedOut = true;
                break;
            }
            // Short slices only so a thread held at the gate can push the deadline back.
            t->wait(std::min(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now),
                             std::chrono::milliseconds(50)));
        }
    }
    return run.coord.join(threads, std::chrono::milliseconds(0));
}

void finishRun(RunContext &run, EndHow how, const Status &error)
{
    run.recorder->event(EventKind::End, CoordinatedThread::currentName(),
                        {{QStringLiteral("how"), endHowKey(how)}, {QStringLiteral("error"), statusToJson(error)}});
    run.recorder->setRunState(RunState::Finished, how, error);
}

} // namespace qs
