#pragma once

#include "common/textcache.h"
#include "observe/snapshot.h"
#include "timeline/laneraster.h"
#include "timeline/timeaxis.h"
#include "timeline/timelinelayout.h"

#include <QHash>
#include <QWidget>

namespace qs {

// One lane per thread, its state spans coloured by StatePalette, newest at the right while it
// follows the run. The lanes are drawn from a range query of the run's record (Snapshot::record)
// for the axis at one bucket per pixel: exact spans where the record holds few enough, else each
// pixel's time per state, drawn as a column stacked in legend order (a pixel 70% blocked_full
// is 70% orange), so any zoom of any part of the run shows what the threads did. Without a
// record (a snapshot from elsewhere) the snapshot's spans are drawn. When a run ends while the
// view follows it, the view fits the whole run.
// While it follows a live run the axis moves in whole pixels (TimeAxis::followColumns), and the
// marks of the pixels wholly before now are kept from frame to frame: the record stamps a state
// change under its thread's lock and a query sees every change made before it was asked, so
// those pixels cannot change. Each frame asks the record only for the pixels after the kept ones.
// Wheel zooms (around the pointer; around the right edge while following), dragging pans and
// stops following. Coordination events are drawn as markers; hovering a span, a pixel or a
// marker says what it was in words. Lane height follows the font, so a presentation zoom of
// the font scales the lanes too.
// The time cursor: a vertical line with its time in the ruler. Where scrubbing is allowed
// (setScrubbing: a finished or paused run), pressing or dragging on the ruler and clicking on a
// lane (without dragging) ask to move the cursor there (cursorRequested); the owner decides and
// calls setCursorUs. Live, the cursor is off (-1) and the view follows now.
class ThreadTimeline : public QWidget {
    Q_OBJECT
public:
    explicit ThreadTimeline(QWidget *parent = nullptr);

    void setSnapshot(const Snapshot &snap); // events are accumulated, deduplicated by seq
    void clear(); // for a new run: no lanes, following now at the default span (10 s)

    const TimeAxis &axis() const { return m_axis; }
    void setAxis(const TimeAxis &axis); // stops following
    bool isFollowing() const { return m_follow; }
    int laneCount() const { return int(m_threads.size()); }
    const ThreadInfo &laneThread(int lane) const { return m_threads[lane]; }
    qint64 runEndUs() const { return m_nowUs; } // the end of what the lanes show
    // The lane's marks; empty for a lane outside the shown area (scrolled away) until it is shown.
    const QList<LaneItem> &laneItems(int lane) const { return m_items[lane]; }
    // The lane's markers (lane laneCount(): the shared strip); LaneMarker::event indexes markerEvents().
    const QList<LaneMarker> &laneMarkers(int lane) const { return m_markers[lane]; }
    const QList<Event> &markerEvents() const { return m_events; }
    int laneHeight() const;
    int
    laneTop(int lane) const; // the lane's top row in the widget; its marks fill all but 2 px above and below
    // The records skip_corrupt dropped in the lane's thread (up to the cursor when there is one);
    // the lane's label says how many.
    int skippedRecords(int lane) const;
    QString laneLabel(int lane) const;
    int labelWidth() const;
    qint64 cursorUs() const { return m_cursorUs; }
    bool isScrubbing() const { return m_scrubbing; }
    int rulerHeight() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    // The glyph of a coordination event, centred on x, hanging from `top`.
    static void paintMarker(QPainter *p, EventKind kind, double x, double top, double size);

public slots:
    void setFollowing(bool on);
    void zoomIn();
    void zoomOut();
    void showAll();
    void setCursorUs(qint64 tUs); // < 0: no cursor (live)
    void setScrubbing(bool allowed);

signals:
    void followingChanged(bool on);
    void cursorRequested(qint64 tUs);

protected:
    void paintEvent(QPaintEvent *) override;
    void resizeEvent(QResizeEvent *) override;
    void wheelEvent(QWheelEvent *) override;
    void mousePressEvent(QMouseEvent *) override;
    void mouseMoveEvent(QMouseEvent *) override;
    void mouseReleaseEvent(QMouseEvent *) override;
    bool event(QEvent *) override;
    void changeEvent(QEvent *) override;

private:
    void paintCursor(QPainter &p);
    void requestCursorAt(double x);
    int stripHeight() const; // the shared marker strip (events of no lane); 0 when unused
    int laneAt(int y) const; // -1 none, laneCount() for the shared strip
    void relayout();
    void zoomBy(double factor, double px);
    void paintRuler(QPainter &p);
    void paintLanes(QPainter &p, const QRect &exposed);
    // Where the lanes' image goes for a paint of `exposed`: the marks' columns of every lane
    // with rows in it (empty when none has).
    QRect lanesImageRect(const QRect &exposed) const;
    void paintLaneOverlay(QPainter &p, int lane); // label, state dot, markers
    QString tooltipAt(const QPoint &pos) const;
    // Lays out the lanes within `area` (a query of the record for them) and leaves the others
    // empty until they are shown: a window shows a dozen lanes of a run's twenty or more.
    void layoutLanes(const QRect &area);
    // The live path of layoutLanes for `lanes` (those in view); false when the axis is not in
    // whole pixels (then everything is laid out anew).
    bool layoutLive(const QList<int> &lanes);
    QRect shownArea() const;
    bool laneMeets(int lane, const QRect &r) const; // some of the lane's rows are within r

    TopologyPtr m_topology;
    RangeSourcePtr m_record;
    QList<bool> m_laidOut;      // per lane: its marks are laid out (it was within the shown area)
    QList<qint64> m_resolution; // per lane: the record's width behind the marks (0: exact)
    bool m_finished = false;    // the snapshot's run has finished
    qint64 m_lastEventUs = 0;
    QList<ThreadInfo> m_threads;
    QList<QList<StateSpan>> m_spans;           // per lane, with the open span
    QList<Event> m_events;                     // marker events only, by time, bounded
    QHash<QString, QList<qint64>> m_skipTimes; // per thread: its skipped records' times, sorted
    QHash<QString, int> m_laneOf;
    qint64 m_lastSeq = -1;
    qint64 m_nowUs = 0;
    TimeAxis m_axis;
    bool m_follow = true;
    QList<QList<LaneItem>> m_items;
    // What the live path keeps between frames: m_items[lane] then holds the kept marks, in the
    // widget's pixels for the current axis. Any change but time going on starts it anew.
    struct LiveColumns {
        qint64 columnUs = 0; // µs per pixel
        int x0 = 0;          // the axis' left edge and width
        int width = 0;
        qint64 startColumn = 0; // the axis' first pixel, counted from the run's start
        qint64 keptTo = 0;      // the first pixel (from the run's start) not laid out yet
        QList<int> threadIds;   // per lane: its thread, -1 for a lane not in view
        const RangeSource *record = nullptr;
    };
    LiveColumns m_live;
    quint64 m_liveGeneration = 0; // counts the times m_live started anew
    // Live, the lanes' image keeps its pixels from frame to frame: moved left as the axis moves,
    // with only the pixels laid out since painted. What it was last painted for:
    struct RasterFrame {
        int firstLane = -1;
        int lastLane = -1;
        QSize size;
        qreal dpr = 0;
        quint64 generation = 0;
        qint64 paletteKey = 0;
        qint64 startColumn = -1; // the axis' first pixel then (-1: not a live frame)
        qint64 paintedTo = 0;    // the first pixel (from the run's start) not painted
        bool operator==(const RasterFrame &o) const
        {
            return firstLane == o.firstLane && lastLane == o.lastLane && size == o.size && dpr == o.dpr &&
                   generation == o.generation && paletteKey == o.paletteKey;
        }
    };
    RasterFrame m_rasterFrame;
    QList<QList<LaneMarker>> m_markers; // laneCount() + 1 lists
    bool m_dragging = false;
    bool m_dragMoved = false;
    bool m_scrubDrag = false; // the press was on the ruler: the drag moves the cursor
    QPoint m_dragFrom;
    qint64 m_cursorUs = -1;
    bool m_scrubbing = false;
    LaneRaster m_raster;      // kept between frames for its image
    mutable TextCache m_text; // the lane labels' shapes
};

} // namespace qs
