#pragma once

#include <QList>
#include <QPointF>

namespace qs {

// Thins a line series for drawing, the way the timeline merges spans narrower than a pixel: the
// x range is cut into `buckets` equal slices and each slice keeps only its lowest and highest
// point (in x order), so peaks and dips stay visible while a long history draws as about
// 2 x buckets points. The first and last points are always kept. Points must be sorted by x; a
// series of at most 2 x buckets points (or buckets < 1) comes back as it is.
//
// Fed one point at a time, so a series held elsewhere (a MetricLane) is never copied whole: the
// caller knows the count and the x of the first and last points beforehand.
class MinMaxDecimator {
public:
    MinMaxDecimator(qsizetype count, double firstX, double lastX, int buckets);
    void add(const QPointF &p); // exactly `count` times, in x order
    QList<QPointF> take();      // after the last add

private:
    void flushBucket();

    qsizetype m_count;
    qsizetype m_seen = 0;
    bool m_all;  // few enough points: keep every one
    bool m_flat; // no x range: keep the first and the last
    double m_x0;
    double m_x1;
    int m_buckets;
    int m_bucket = 0;
    double m_bucketEnd = 0;
    bool m_inBucket = false;
    qsizetype m_loAt = 0, m_hiAt = 0;
    QPointF m_lo, m_hi;
    QList<QPointF> m_out;
};

// The same for a series in a list. Pure.
QList<QPointF> decimateMinMax(const QList<QPointF> &points, int buckets);

} // namespace qs
