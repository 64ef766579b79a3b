#include "run/runcontext.h"

#include "base/statusjson.h"
#include "pipeline/coordinatedthread.h"

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
    StepGate *gate = &run.gate;
    return run.coord.join(std::move(threads), grace, false, [gate] { return gate->heldCount() > 0; });
}

void finishRun(RunContext &run, EndHow how, const Status &error)
{
    run.recorder->event(
        EventKind::End, CoordinatedThread::currentName(),
        {{QStringLiteral("how"), endHowKey(how)}, {QStringLiteral("error"), statusToJson(error)}});
    run.recorder->setRunState(RunState::Finished, how, error);
}

} // namespace qs
