#include "observe/threadpriority.h"

#include <QtGlobal>

#include <algorithm>

#ifdef Q_OS_LINUX
#include <cerrno>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace qs {

#ifdef Q_OS_LINUX
namespace {
id_t threadId()
{
    return id_t(syscall(SYS_gettid));
}
} // namespace

int ThreadPriority::current()
{
    errno = 0;
    const int nice = getpriority(PRIO_PROCESS, threadId());
    return errno == 0 ? nice : 0;
}

bool ThreadPriority::lowerCurrentTo(int nice)
{
    nice = std::clamp(nice, -20, 19);
    if (current() >= nice)
        return true;
    return setpriority(PRIO_PROCESS, threadId(), nice) == 0;
}
#else
int ThreadPriority::current()
{
    return 0;
}

bool ThreadPriority::lowerCurrentTo(int)
{
    return false;
}
#endif

} // namespace qs
