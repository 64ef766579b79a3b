#include "pipeline/randomshufflequeue.h"

namespace qs::detail {

Status checkShuffleQueue(const QString &name, int capacity, int minAfterDequeue)
{
    if (capacity < 1)
        return Status(ErrorKind::InvalidArgument,
                      QStringLiteral("RandomShuffleQueue '%1': capacity must be at least 1 (got %2)")
                          .arg(name)
                          .arg(capacity));
    if (minAfterDequeue < 0 || minAfterDequeue >= capacity)
        return Status(ErrorKind::InvalidArgument,
                      QStringLiteral("RandomShuffleQueue '%1': min_after_dequeue (%2) must be at least 0 and "
                                     "less than capacity (%3)")
                          .arg(name)
                          .arg(minAfterDequeue)
                          .arg(capacity));
    return {};
}

quint64 resolveSeed(quint64 seed)
{
    constexpr quint64 kMask = (quint64(1) << 53) - 1;
    if (seed != 0)
        return seed;
    std::random_device device;
    quint64 drawn = 0;
    while (drawn == 0)
        drawn = ((quint64(device()) << 32) ^ device()) & kMask;
    return drawn;
}

} // namespace qs::detail
