#pragma once

#include <QList>
#include <QString>

namespace qs {

// A value axis with round ticks for the charts: the step is 1, 2 or 5 times a power of ten,
// about `target` steps across [lo, hi]; the range gets a little headroom above hi, and ticks sit
// on multiples of the step. Labels carry as many decimals as the step needs. A pure value.
struct ChartAxis {
    double lo = 0;
    double hi = 1;
    double step = 0.2;
    int decimals = 1;

    // An empty or reversed range becomes [lo, lo + 1]; headroom is a share of hi - lo.
    static ChartAxis fit(double lo, double hi, double headroom = 0.05, int target = 5);

    QList<double> ticks() const; // the multiples of step in [lo, hi], at most 100
    // The ticks that get a label and a grid line when one unit is pxPerUnit pixels long and a
    // label needs labelPx: all of them when they fit, else every 2nd, 5th, 10th, ... multiple
    // (so 0, 2000, 4000 rather than 1000, 3000).
    QList<double> ticksFitting(double pxPerUnit, int labelPx) const;
    QString label(double v) const;
    // Where v falls between two pixel positions (from for lo, to for hi; either way round).
    double map(double v, double from, double to) const;

    friend bool operator==(const ChartAxis &, const ChartAxis &) = default;
};

} // namespace qs
