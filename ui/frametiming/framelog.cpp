#include "frametiming/framelog.h"

#include "frametiming/framemeter.h"

#include <QTimer>

namespace qs {

namespace {
QString line(const QString &title, const FrameStats &stats, qint64 elapsedMs)
{
    QString text = QStringLiteral("%1: %2 frames in %3 s")
                       .arg(title)
                       .arg(stats.added())
                       .arg(double(elapsedMs) / 1000, 0, 'f', 1);
    if (stats.isEmpty())
        return text + QStringLiteral(" (nothing new to show)");
    if (stats.added() > stats.size())
        text += QStringLiteral(" (figures of the last %1)").arg(stats.size());
    return text + QStringLiteral(" · ") + stats.summaryLine();
}
} // namespace

FrameLog::FrameLog(FrameMeter *meter, Sink sink, int intervalMs, QObject *parent)
    : QObject(parent)
    , m_meter(meter)
    , m_sink(std::move(sink))
    , m_timer(new QTimer(this))
    , m_interval(kSessionFrames)
    , m_session(kSessionFrames)
{
    m_meter->retain();
    connect(m_meter, &FrameMeter::frameMeasured, this, &FrameLog::add);
    connect(m_timer, &QTimer::timeout, this, &FrameLog::writeInterval);
    m_timer->start(std::max(1, intervalMs));
    m_sinceLine.start();
    m_sinceStart.start();
}

FrameLog::~FrameLog()
{
    finish();
}

void FrameLog::add(const FrameTime &frame)
{
    m_interval.add(frame);
    m_session.add(frame);
}

void FrameLog::writeInterval()
{
    if (m_finished)
        return;
    m_sink(line(QStringLiteral("frame stats"), m_interval, m_sinceLine.restart()));
    m_interval.clear();
}

void FrameLog::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    m_timer->stop();
    if (m_meter) {
        disconnect(m_meter, nullptr, this, nullptr);
        m_meter->release();
    }
    m_sink(line(QStringLiteral("frame stats (session)"), m_session, m_sinceStart.elapsed()));
}

} // namespace qs
