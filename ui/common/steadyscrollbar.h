#pragma once

#include <QPixmap>
#include <QRect>
#include <QScrollBar>
#include <QStyle>

#include <optional>

class QAbstractScrollArea;

namespace qs {

// A scroll bar that draws itself again only when what it shows has changed. A live view that
// grows by a row a frame (the event log, following its newest row) had both of its bars drawn
// every frame although they stayed the same: QAbstractSlider repaints at every range change,
// and QTableView's geometry update after each new row raises the area's bar containers, which
// swaps their stacking and repaints both. Drawing a Fusion bar costs more than its pixels:
// Qt 6.4's raster engine splits its tall lines and fills across the thread pool and waits for
// the pool, which on a busy machine first has to win a core back.
//
// So the bar keeps an image of itself with what it was drawn from: its size, state, palette,
// style, direction, and of the slider's values what styles draw from them (the handle's
// rectangle, and whether it sits at either end: some grey out the arrow there). A paint with
// the same copies the image, and a range or value change that leaves them the same asks for no
// paint. While the pointer is over the bar or a button is down on it, it draws as QScrollBar
// does (what it highlights is QScrollBar's own); so it does whenever the look is new, and once a
// look has been drawn twice it keeps its image, made right after that paint from the event loop.
class SteadyScrollBar : public QScrollBar {
    Q_OBJECT
public:
    explicit SteadyScrollBar(Qt::Orientation orientation, QWidget *parent = nullptr);

    // Gives `area` a steady bar on both sides, wired as its own were.
    static void install(QAbstractScrollArea *area);

    // For tests: paints served from the kept image, and changes that asked for no paint.
    int reusedPaints() const { return m_reused; }
    int skippedChanges() const { return m_skipped; }

protected:
    void sliderChange(SliderChange change) override;
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;

private:
    struct Look {
        QRect handle;
        bool atStart = false;
        bool atEnd = false;
        bool empty = false; // minimum == maximum
        QSize size;
        QStyle::State state;
        Qt::LayoutDirection direction = Qt::LeftToRight;
        qint64 palette = 0;
        qreal dpr = 1;
        const QStyle *style = nullptr;
        friend bool operator==(const Look &, const Look &) = default;
    };
    Look look() const;
    bool plain() const; // nothing highlighted: the look says it all
    void keepImage();

    QPixmap m_image;
    std::optional<Look> m_imageLook; // what m_image shows; empty while it is out of date
    std::optional<Look> m_drawnLook; // what QScrollBar last drew
    bool m_drawing = false;          // inside render() into m_image
    bool m_keepPosted = false;
    bool m_pressed = false;
    int m_reused = 0;
    int m_skipped = 0;
};

} // namespace qs
