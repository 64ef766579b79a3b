#include "charts/chartaxis.h"

#include <algorithm>
#include <cmath>

namespace qs {

ChartAxis ChartAxis::fit(double lo, double hi, double headroom, int target)
{
    if (!std::isfinite(lo))
        lo = 0;
    if (!std::isfinite(hi) || !(hi > lo))
        hi = lo + 1;
    const double raw = (hi - lo) / std::max(1, target);
    const double decade = std::pow(10.0, std::floor(std::log10(raw)));
    double step = decade;
    for (double m : {1.0, 2.0, 5.0, 10.0}) {
        step = m * decade;
        if (step >= raw * (1 - 1e-9))
            break;
    }
    ChartAxis a;
    a.lo = lo;
    a.hi = hi + (hi - lo) * std::max(0.0, headroom);
    a.step = step;
    a.decimals = step >= 1 ? 0 : int(std::ceil(-std::log10(step) - 1e-9));
    return a;
}

QList<double> ChartAxis::ticks() const
{
    QList<double> out;
    if (!(step > 0))
        return out;
    const double first = std::ceil(lo / step - 1e-9);
    for (int i = 0; i < 100; ++i) {
        const double v = (first + i) * step;
        if (v > hi + step * 1e-9)
            break;
        out.append(std::abs(v) < step * 1e-9 ? 0.0 : v); // no "-0"
    }
    return out;
}

QList<double> ChartAxis::ticksFitting(double pxPerUnit, int labelPx) const
{
    const QList<double> all = ticks();
    const double spacing = step * std::abs(pxPerUnit);
    if (all.size() < 2 || !(spacing > 0) || spacing >= labelPx)
        return all;
    qint64 stride = 1;
    for (qint64 m : {2, 5, 10, 20, 50, 100}) {
        stride = m;
        if (spacing * double(m) >= labelPx)
            break;
    }
    QList<double> out;
    for (double v : all)
        if (qRound64(v / step) % stride == 0)
            out.append(v);
    return out;
}

QString ChartAxis::label(double v) const
{
    return QString::number(v, 'f', decimals);
}

double ChartAxis::map(double v, double from, double to) const
{
    return from + (v - lo) / (hi - lo) * (to - from);
}

} // namespace qs
