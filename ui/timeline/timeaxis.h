#pragma once

#include <QtGlobal>

namespace qs {

// The timeline's mapping between run time (µs) and pixels: [startUs, endUs] is drawn on
// [x0, x0 + width]. A plain value with no widget behind it, so it is tested on its own.
struct TimeAxis {
    qint64 startUs = 0;
    qint64 endUs = 10'000'000;
    int x0 = 0;
    int width = 1;

    static constexpr qint64 kMinSpanUs = 100;                     // 1 px may not go below 100 µs / width
    static constexpr qint64 kMaxSpanUs = 24LL * 3600 * 1'000'000; // a day

    qint64 spanUs() const { return endUs - startUs; }
    double pxPerUs() const { return spanUs() > 0 ? double(qMax(width, 1)) / double(spanUs()) : 0.0; }
    // May lie outside [x0, x0 + width]. One division, so a time a whole number of pixels from
    // startUs maps to that whole number exactly (followColumns() relies on it).
    double x(qint64 us) const;
    qint64 us(double px) const; // the inverse of x(), rounded to the nearest µs
    bool isVisible(qint64 fromUs, qint64 toUs) const { return toUs >= startUs && fromUs <= endUs; }

    // factor > 1 zooms in. The time under pixel `px` stays under it; the span is kept within
    // [kMinSpanUs, kMaxSpanUs].
    void zoomAround(double px, double factor);
    // Drags the content `dx` pixels to the right (so earlier times come into view for dx > 0).
    void pan(double dx);
    // Keeps the span and puts `nowUs` at the right edge (live following).
    void follow(qint64 nowUs);
    // Live following in whole pixels: the span becomes a whole number of µs per pixel (the
    // nearest to what it was) times the width, and the right edge the first pixel boundary at
    // or after `nowUs` (or the span, early in a run), counted from the run's start. Each pixel
    // then stands for the same time from one frame to the next.
    void followColumns(qint64 nowUs);
    // The µs per pixel of an axis that followColumns() set; 0 for any other axis.
    qint64 columnUs() const;
    // Shows [fromUs, toUs] whole (at least kMinSpanUs).
    void fit(qint64 fromUs, qint64 toUs);

    friend bool operator==(const TimeAxis &, const TimeAxis &) = default;
};

} // namespace qs
