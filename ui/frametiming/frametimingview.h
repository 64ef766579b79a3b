#pragma once

#include "frametiming/framestats.h"

#include <QLabel>
#include <QPointer>

class QTimer;

namespace qs {

class FrameMeter;

// The frame-timing overlay, a line at the right of the status bar (so it covers nothing):
// "frame 3.1 ms (p95 4.2) · snapshot 0.2 · update 1.4 · paint 1.5" over the last 300 frames,
// means for the parts, the mean and 95th percentile for the whole frame; the tooltip has the
// median, p95 and maximum of every part. It holds the FrameMeter only while it is on and
// refreshes twice a second, so showing it costs no repaint per frame.
class FrameTimingView : public QLabel {
    Q_OBJECT
public:
    explicit FrameTimingView(FrameMeter *meter, QWidget *parent = nullptr);
    ~FrameTimingView() override;

    bool isOn() const { return m_on; }
    static QString lineFor(const FrameStats &stats);    // the line
    static QString detailsFor(const FrameStats &stats); // the tooltip

public slots:
    void setOn(bool on); // shows and measures, or hides and lets go of the meter
    void refresh();

protected:
    void changeEvent(QEvent *) override;

private:
    QPointer<FrameMeter> m_meter;
    QTimer *m_timer;
    bool m_on = false;
};

} // namespace qs
