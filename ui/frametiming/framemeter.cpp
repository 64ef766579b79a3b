#include "frametiming/framemeter.h"

#include <QCoreApplication>
#include <QEvent>

#include <ctime>
#include <limits>

namespace qs {

namespace {
const QEvent::Type kMarkerType = QEvent::Type(QEvent::registerEventType());

struct MarkerEvent : QEvent {
    explicit MarkerEvent(quint64 frame)
        : QEvent(kMarkerType)
        , frameId(frame)
    {}
    quint64 frameId;
};

double msBetween(qint64 fromNs, qint64 toNs)
{
    return double(std::max<qint64>(0, toNs - fromNs)) / 1e6;
}

qint64 threadCpuNs()
{
#ifdef CLOCK_THREAD_CPUTIME_ID
    timespec ts{};
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
        return qint64(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
#endif
    return -1;
}
} // namespace

FrameMeter::FrameMeter(QObject *parent)
    : QObject(parent)
{
    m_clock.start();
}

FrameMeter::~FrameMeter()
{
    if (m_holders > 0 && QCoreApplication::instance())
        QCoreApplication::instance()->removeEventFilter(this);
}

void FrameMeter::retain()
{
    if (m_holders++ == 0 && QCoreApplication::instance())
        QCoreApplication::instance()->installEventFilter(this);
}

void FrameMeter::release()
{
    if (m_holders == 0)
        return;
    if (--m_holders == 0) {
        if (QCoreApplication::instance())
            QCoreApplication::instance()->removeEventFilter(this);
        m_phase = Phase::Idle;
    }
}

FrameMeter::Stamp FrameMeter::now() const
{
    return {m_clock.nsecsElapsed(), threadCpuNs()};
}

void FrameMeter::beginFrame()
{
    if (!isActive())
        return;
    const Stamp t = now();
    if (m_phase == Phase::Settling)
        finishFrame(t); // the previous frame was still repainting when this one began
    m_phase = Phase::Snapshot;
    m_begin = t;
}

void FrameMeter::snapshotTaken()
{
    if (m_phase != Phase::Snapshot)
        return;
    m_snapshot = now();
    m_phase = Phase::Update;
}

void FrameMeter::cancelFrame()
{
    if (m_phase == Phase::Snapshot || m_phase == Phase::Update)
        m_phase = Phase::Idle;
}

void FrameMeter::updated()
{
    if (m_phase != Phase::Update)
        return;
    m_updated = now();
    m_lastBusy = m_updated;
    m_phase = Phase::Settling;
    m_passes = 0;
    ++m_frameId;
    postMarker();
}

void FrameMeter::postMarker()
{
    m_seenAtPost = m_seen;
    ++m_passes;
    // The lowest priority: after every event already queued, UpdateRequest (low) included.
    QCoreApplication::postEvent(this, new MarkerEvent(m_frameId), std::numeric_limits<int>::min());
}

bool FrameMeter::eventFilter(QObject *watched, QEvent *event)
{
    if (m_phase == Phase::Settling && !(watched == this && event->type() == kMarkerType))
        ++m_seen;
    return false;
}

void FrameMeter::customEvent(QEvent *event)
{
    if (event->type() != kMarkerType)
        return;
    if (m_phase != Phase::Settling || static_cast<MarkerEvent *>(event)->frameId != m_frameId)
        return; // a frame that has already ended
    if (m_seen == m_seenAtPost) {
        finishFrame(m_lastBusy); // nothing ran since the last pass: the repaint is over
        return;
    }
    m_lastBusy = now();
    if (m_passes >= kMaxMarkerPasses)
        finishFrame(m_lastBusy); // the loop never drained; count what we waited
    else
        postMarker();
}

void FrameMeter::finishFrame(const Stamp &paintEnd)
{
    m_phase = Phase::Idle;
    FrameTime f;
    f.snapshotMs = msBetween(m_begin.wallNs, m_snapshot.wallNs);
    f.updateMs = msBetween(m_snapshot.wallNs, m_updated.wallNs);
    f.paintMs = msBetween(m_updated.wallNs, paintEnd.wallNs);
    if (m_begin.cpuNs >= 0 && paintEnd.cpuNs >= 0)
        f.cpuMs = msBetween(m_begin.cpuNs, paintEnd.cpuNs);
    m_recent.add(f);
    emit frameMeasured(f);
}

} // namespace qs
