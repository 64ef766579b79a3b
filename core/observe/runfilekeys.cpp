#include "observe/runfilekeys.h"

namespace qs::runfile {

QString runStateKey(RunState r)
{
    switch (r) {
    case RunState::Idle:
        return QStringLiteral("idle");
    case RunState::Running:
        return QStringLiteral("running");
    case RunState::Stopping:
        return QStringLiteral("stopping");
    case RunState::Finished:
        return QStringLiteral("finished");
    }
    return QStringLiteral("idle");
}

QString howKey(EndHow how)
{
    switch (how) {
    case EndHow::None:
        return QStringLiteral("none");
    case EndHow::EndOfData:
        return QStringLiteral("end_of_data");
    case EndHow::Stopped:
        return QStringLiteral("stopped");
    case EndHow::Error:
        return QStringLiteral("error");
    }
    return QStringLiteral("none");
}

} // namespace qs::runfile
