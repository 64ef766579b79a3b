#include "timeline/timeaxis.h"

#include <algorithm>
#include <cmath>

namespace qs {

double TimeAxis::x(qint64 t) const
{
    return double(x0) + double(t - startUs) * pxPerUs();
}

qint64 TimeAxis::us(double px) const
{
    const double per = pxPerUs();
    if (per <= 0)
        return startUs;
    return startUs + qint64(std::llround((px - double(x0)) / per));
}

void TimeAxis::zoomAround(double px, double factor)
{
    if (!(factor > 0) || spanUs() <= 0)
        return;
    const qint64 anchor = us(px);
    const double frac = double(anchor - startUs) / double(spanUs());
    const qint64 span =
        std::clamp<qint64>(qint64(std::llround(double(spanUs()) / factor)), kMinSpanUs, kMaxSpanUs);
    startUs = anchor - qint64(std::llround(frac * double(span)));
    endUs = startUs + span;
}

void TimeAxis::pan(double dx)
{
    const double per = pxPerUs();
    if (per <= 0)
        return;
    const qint64 shift = qint64(std::llround(dx / per));
    startUs -= shift;
    endUs -= shift;
}

void TimeAxis::follow(qint64 nowUs)
{
    const qint64 span = spanUs();
    endUs = nowUs;
    startUs = nowUs - span;
}

void TimeAxis::fit(qint64 fromUs, qint64 toUs)
{
    startUs = fromUs;
    endUs = std::max(toUs, fromUs + kMinSpanUs);
}

} // namespace qs
