#include "pipeline/looperthread.h"

#include "pipeline/statuserror.h"

#include <algorithm>

namespace qs {

ThreadHandle LooperThread::create(const Coordinator &coord, Period timerInterval, Target target,
                                  const QString &name, ThreadRole role)
{
    auto thread = std::make_shared<CoordinatedThread>(
        name, role,
        [coord, timerInterval, target = std::move(target)]() -> Status {
            Coordinator c = coord;
            const Status s = callCatching([&] {
                if (!timerInterval) {
                    while (!c.shouldStop())
                        target();
                    return Status::ok();
                }
                using Clock = std::chrono::steady_clock;
                auto next = Clock::now();
                for (;;) {
                    const auto wait =
                        std::chrono::duration_cast<std::chrono::milliseconds>(next - Clock::now());
                    if (c.waitForStop(std::max(wait, std::chrono::milliseconds(0))))
                        return Status::ok();
                    next += *timerInterval;
                    target();
                }
            });
            if (s.isOk())
                return s;
            const Status named = s.thread().isEmpty() ? s.withThread(CoordinatedThread::currentName()) : s;
            c.requestStop(named);
            return c.isCleanStop(named) ? Status::ok() : named;
        },
        coord.recorder());
    Coordinator(coord).registerThread(thread);
    return thread;
}

ThreadHandle LooperThread::loop(const Coordinator &coord, Period timerInterval, Target target,
                                const QString &name, ThreadRole role)
{
    ThreadHandle thread = create(coord, timerInterval, std::move(target), name, role);
    thread->start();
    return thread;
}

} // namespace qs
