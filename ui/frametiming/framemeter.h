#pragma once

#include "frametiming/framestats.h"

#include <QElapsedTimer>
#include <QObject>

namespace qs {

// Times the window's frames inside the app. MainWindow::poll() marks a frame's steps:
//   beginFrame()     before it asks the snapshot source,
//   snapshotTaken()  once the snapshot is in hand,
//   updated()        once every panel has been given it (models reset, update() called),
// and the meter times what follows on its own: the repaint. Qt does not paint in update(): it
// posts an UpdateRequest (and charts post layout requests and queued scene updates), so the
// repaint is whatever the event loop does next. The meter posts itself a marker event at the
// lowest priority, which is delivered after everything already queued; an application event
// filter counts the other events delivered meanwhile. While the marker finds that other events
// ran before it (a first repaint can queue a second one), it posts itself again; the first time
// it finds none, the frame's repaint ended when the marker last came back. The next beginFrame()
// also ends a frame still settling. So "paint" is the GUI thread's time from updated() until the
// loop has drained what the frame queued: paint events, the backing-store flush, chart layouts,
// and anything else that happened to run then (rare; it errs on the side of a larger figure).
//
// Beside the wall time it reads the GUI thread's CPU clock (where the platform has one): a slow
// frame with little CPU time waited for a busy CPU or the display server.
//
// Measuring costs one marker event or two per frame and an event filter, and only while someone
// holds the meter: retain() / release() (the overlay, the --frame-stats log). GUI thread only.
class FrameMeter : public QObject {
    Q_OBJECT
public:
    explicit FrameMeter(QObject *parent = nullptr);
    ~FrameMeter() override;

    void retain();  // starts measuring with the first holder
    void release(); // stops with the last (a frame being measured is dropped)
    bool isActive() const { return m_holders > 0; }

    void beginFrame();
    void snapshotTaken();
    void updated();
    void cancelFrame(); // the source had nothing new: no frame

    const FrameStats &recent() const { return m_recent; } // the last 300 frames

signals:
    void frameMeasured(const qs::FrameTime &frame);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void customEvent(QEvent *event) override;

private:
    enum class Phase { Idle, Snapshot, Update, Settling };
    static constexpr int kMaxMarkerPasses = 16;
    struct Stamp {
        qint64 wallNs = 0;
        qint64 cpuNs = -1; // the thread's CPU clock; -1 without one
    };
    Stamp now() const;
    void postMarker();
    void finishFrame(const Stamp &paintEnd);

    int m_holders = 0;
    Phase m_phase = Phase::Idle;
    QElapsedTimer m_clock;
    Stamp m_begin;
    Stamp m_snapshot;
    Stamp m_updated;
    Stamp m_lastBusy;   // when the repaint was last seen working
    quint64 m_seen = 0; // events other than the marker delivered while settling
    quint64 m_seenAtPost = 0;
    int m_passes = 0;
    quint64 m_frameId = 0; // a marker carries its frame's id; stale ones are ignored
    FrameStats m_recent;
};

} // namespace qs
