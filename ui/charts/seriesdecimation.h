#pragma once

#include <QList>
#include <QPointF>

namespace qs {

// Thins a line series for drawing, the way the timeline merges spans narrower than a pixel: the
// x range is cut into `buckets` equal slices and each slice keeps only its lowest and highest
// point (in x order), so peaks and dips stay visible while a 20 000-point history draws as
// about 2 x buckets points. The first and last points are always kept. Points must be sorted by
// x; a series of at most 2 x buckets points (or buckets < 1) comes back as it is. Pure.
QList<QPointF> decimateMinMax(const QList<QPointF> &points, int buckets);

} // namespace qs
