#include "observe/threadstate.h"
#include "observe/snapshot.h"

#include <array>

namespace qs {

namespace {
constexpr std::array<const char *, kThreadStateCount> kStateKeys{
    "starting", "running", "blocked_full", "blocked_empty", "waiting",
    "joining",  "paused",  "stopped",      "failed",        "cancelled",
};
constexpr std::array<const char *, 8> kActivityKeys{
    "none", "reading", "decoding", "enqueuing", "dequeuing", "training", "evaluating", "working",
};
constexpr std::array<const char *, 6> kRoleKeys{"producer", "reader", "trainer", "watcher", "worker", "main"};
constexpr std::array<const char *, 10> kEventKeys{
    "thread_start", "state", "request_stop", "queue_close", "error",
    "thread_exit",  "join",  "end",          "step",        "note",
};
} // namespace

QString threadStateKey(ThreadState s)
{
    return QString::fromLatin1(kStateKeys[size_t(s)]);
}
QString activityKey(Activity a)
{
    return QString::fromLatin1(kActivityKeys[size_t(a)]);
}
QString threadRoleKey(ThreadRole r)
{
    return QString::fromLatin1(kRoleKeys[size_t(r)]);
}
QString eventKindKey(EventKind k)
{
    return QString::fromLatin1(kEventKeys[size_t(k)]);
}

bool threadStateFromKey(const QString &key, ThreadState *out)
{
    for (size_t i = 0; i < kStateKeys.size(); ++i) {
        if (key == QLatin1String(kStateKeys[i])) {
            *out = ThreadState(i);
            return true;
        }
    }
    return false;
}

} // namespace qs
