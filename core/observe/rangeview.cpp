#include "observe/rangeview.h"

#include <cmath>

namespace qs {

void StateMix::add(const StateMix &o, double factor)
{
    for (size_t i = 0; i < us.size(); ++i)
        us[i] += factor == 1.0 ? o.us[i] : qint64(std::llround(double(o.us[i]) * factor));
}

qint64 StateMix::total() const
{
    qint64 t = 0;
    for (qint64 v : us)
        t += v;
    return t;
}

ThreadState StateMix::dominant() const
{
    size_t best = 0;
    for (size_t i = 1; i < us.size(); ++i)
        if (us[i] > us[best])
            best = i;
    return ThreadState(best);
}

void SizeStat::add(const SizeStat &o, double factor)
{
    if (o.isEmpty())
        return;
    mark(o.min);
    mark(o.max);
    sizeUs += factor == 1.0 ? o.sizeUs : qint64(std::llround(double(o.sizeUs) * factor));
    coveredUs += factor == 1.0 ? o.coveredUs : qint64(std::llround(double(o.coveredUs) * factor));
}

} // namespace qs
