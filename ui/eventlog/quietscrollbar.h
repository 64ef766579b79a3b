#pragma once

#include <QPixmap>
#include <QScrollBar>

namespace qs {

// A scroll bar whose repaints cost a copy while it looks the same.
//
// A view that follows its newest row (the event log) has its bars repainted many times a second
// (each new row resets their range and steps, and their geometry) while they show the same
// pixels. Each Fusion repaint fills gradients, which Qt's raster engine splits over a pool of
// threads and waits for: on a GUI thread that then waits behind the run's busy threads. This bar
// keeps what the style drew and copies it while the look is the same: its size, the handle's
// rectangle, whether the value sits at either end, the state flags and the palette. Hovered or
// pressed, it paints as any QScrollBar does.
class QuietScrollBar : public QScrollBar {
public:
    explicit QuietScrollBar(Qt::Orientation orientation, QWidget *parent = nullptr);

    int styleDraws() const { return m_draws; } // how often the style drew it (for tests)

protected:
    void paintEvent(QPaintEvent *e) override;

private:
    struct Look {
        QSize size;
        qreal dpr = 1;
        QRect handle;
        bool atMinimum = false;
        bool atMaximum = false;
        int state = 0;
        qint64 palette = 0;
        int direction = 0;
        friend bool operator==(const Look &, const Look &) = default;
    };

    Look m_cachedLook;
    QPixmap m_cache;
    int m_draws = 0;
};

} // namespace qs
