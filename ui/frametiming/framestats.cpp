#include "frametiming/framestats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace qs {

namespace {
double partOf(const FrameTime &f, FrameStats::Part part)
{
    switch (part) {
    case FrameStats::Snapshot:
        return f.snapshotMs;
    case FrameStats::Update:
        return f.updateMs;
    case FrameStats::Paint:
        return f.paintMs;
    case FrameStats::Cpu:
        return f.cpuMs;
    case FrameStats::Total:
        break;
    }
    return f.totalMs();
}

// The 1-based nearest rank of the p-th percentile among n values. It is computed from p * n
// first so that whole ranks (95 % of 20 frames is the 19th) are not pushed up by the rounding of
// p / 100.
qsizetype nearestRank(double p, qsizetype n)
{
    return std::clamp<qsizetype>(qsizetype(std::ceil(p * double(n) / 100.0 - 1e-9)), 1, n);
}

QString ms(double v)
{
    return QString::number(v, 'f', v < 10 ? 2 : 1);
}
} // namespace

FrameStats::FrameStats(int capacity)
    : m_capacity(std::max(1, capacity))
{}

void FrameStats::add(const FrameTime &frame)
{
    ++m_added;
    if (m_frames.size() < m_capacity) {
        m_frames.append(frame);
        return;
    }
    m_frames[m_head] = frame;
    m_head = (m_head + 1) % m_capacity;
}

void FrameStats::clear()
{
    m_frames.clear();
    m_head = 0;
    m_added = 0;
}

FrameTime FrameStats::latest() const
{
    if (m_frames.isEmpty())
        return {};
    return m_frames[(m_head + m_frames.size() - 1) % m_frames.size()];
}

QList<double> FrameStats::values(Part part) const
{
    QList<double> out;
    out.reserve(m_frames.size());
    for (qsizetype i = 0; i < m_frames.size(); ++i) {
        const double v = partOf(m_frames[(m_head + i) % m_frames.size()], part);
        if (part != Cpu || v >= 0)
            out.append(v);
    }
    return out;
}

FrameStats::Figures FrameStats::figures(Part part) const
{
    Figures f;
    QList<double> v = values(part);
    if (v.isEmpty())
        return f;
    f.mean = std::accumulate(v.cbegin(), v.cend(), 0.0) / double(v.size());
    f.max = *std::max_element(v.cbegin(), v.cend());
    std::sort(v.begin(), v.end()); // once for both percentiles
    f.p50 = v[nearestRank(50, v.size()) - 1];
    f.p95 = v[nearestRank(95, v.size()) - 1];
    return f;
}

double FrameStats::percentile(QList<double> values, double p)
{
    const qsizetype n = values.size();
    if (n == 0)
        return 0;
    const qsizetype rank = nearestRank(p, n);
    std::nth_element(values.begin(), values.begin() + (rank - 1), values.end());
    return values[rank - 1];
}

QString FrameStats::partKey(Part part)
{
    switch (part) {
    case Snapshot:
        return QStringLiteral("snapshot");
    case Update:
        return QStringLiteral("update");
    case Paint:
        return QStringLiteral("paint");
    case Cpu:
        return QStringLiteral("cpu");
    case Total:
        break;
    }
    return QStringLiteral("total");
}

QString FrameStats::summaryLine() const
{
    QStringList parts;
    for (Part part : {Total, Snapshot, Update, Paint, Cpu}) {
        if (part == Cpu && values(Cpu).isEmpty())
            continue;
        const Figures f = figures(part);
        parts << QStringLiteral("%1 mean %2 p50 %3 p95 %4 max %5%6")
                     .arg(partKey(part), ms(f.mean), ms(f.p50), ms(f.p95), ms(f.max),
                          part == Total ? QStringLiteral(" ms") : QString());
    }
    return parts.join(QStringLiteral(" · "));
}

} // namespace qs
