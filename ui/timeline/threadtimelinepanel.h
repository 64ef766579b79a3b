#pragma once

#include "observe/snapshot.h"

#include <QWidget>

class QLabel;
class QToolButton;
class QScrollArea;

namespace qs {

class StateLegend;
class ThreadTimeline;

// The timeline with its controls (follow live / pause, zoom, show all), the state legend above
// it, and a vertical scroll bar when there are more lanes than fit.
class ThreadTimelinePanel : public QWidget {
    Q_OBJECT
public:
    explicit ThreadTimelinePanel(QWidget *parent = nullptr);

    void setSnapshot(const Snapshot &snap);
    void clear();
    // Says which instant the views show: "at 1.234 s of 5.600 s" while the cursor is in the past
    // (cursorUs >= 0), nothing while live. Also puts the cursor's line on the lanes.
    void setCursorInfo(qint64 cursorUs, qint64 endUs);
    QLabel *cursorLabel() const { return m_cursorLabel; }
    ThreadTimeline *timeline() const { return m_timeline; }
    StateLegend *legend() const { return m_legend; }

protected:
    void changeEvent(QEvent *) override;

private:
    void retranslateUi();

    ThreadTimeline *m_timeline;
    StateLegend *m_legend;
    QScrollArea *m_scroll;
    QToolButton *m_follow;
    QToolButton *m_zoomIn;
    QToolButton *m_zoomOut;
    QToolButton *m_showAll;
    QLabel *m_cursorLabel;
    qint64 m_cursorUs = -1;
    qint64 m_endUs = 0;
};

} // namespace qs
