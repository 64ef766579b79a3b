#include "timeline/timeaxis.h"

#include <algorithm>
#include <cmath>

namespace qs {

double TimeAxis::x(qint64 t) const
{
    if (spanUs() <= 0)
        return double(x0);
    return double(x0) + double(t - startUs) * double(qMax(width, 1)) / double(spanUs());
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

void TimeAxis::followColumns(qint64 nowUs)
{
    const qint64 px = qMax(width, 1);
    const qint64 perPx = std::max<qint64>(1, (spanUs() + px / 2) / px);
    const qint64 span = perPx * px;
    const qint64 now = std::max<qint64>(nowUs, 0);
    endUs = std::max((now + perPx - 1) / perPx * perPx, span);
    startUs = endUs - span;
}

qint64 TimeAxis::columnUs() const
{
    const qint64 px = qMax(width, 1);
    const qint64 perPx = spanUs() / px;
    return perPx > 0 && perPx * px == spanUs() && startUs >= 0 && startUs % perPx == 0 ? perPx : 0;
}

void TimeAxis::fit(qint64 fromUs, qint64 toUs)
{
    startUs = fromUs;
    endUs = std::max(toUs, fromUs + kMinSpanUs);
}

} // namespace qs
