#pragma once

#include "observe/snapshot.h"

#include <QWidget>

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
};

} // namespace qs
