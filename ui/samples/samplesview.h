#pragma once

#include "observe/snapshot.h"

#include <QElapsedTimer>
#include <QImage>
#include <QWidget>

namespace qs {

// The latest batch as a grid of thumbnails scaled up (whole-pixel, so the digits stay crisp),
// each captioned with its label and the model's prediction (class names when known). A right
// prediction is marked ✓ with a blue frame, a wrong one ✗ with a thick dashed frame: never
// colour alone. While the run goes it shows a new batch at most five times a second (at full
// speed every frame brings one); the last batch of a run is always shown. Where the whole batch
// would leave each cell room for its caption only (a small dock), it shows the first samples that
// still fit with their images, and says how many of how many.
class SamplesView : public QWidget {
    Q_OBJECT
public:
    explicit SamplesView(QWidget *parent = nullptr);

    // `throttle`: while the run goes, a new batch is drawn a few times a second at most; false
    // (the time cursor's past instants) draws it at once.
    void setSnapshot(const Snapshot &snap, bool throttle = true);
    const QList<Thumbnail> &batch() const { return m_batch; }
    int sampleCount() const { return int(m_images.size()); }
    int shownCount() const { return grid().shown; } // at the current size

    // 8-bit gray or RGB bytes to a QImage; a null image when the sizes do not add up.
    static QImage toImage(const Thumbnail &t);
    static QString className(const QStringList &names, int label);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *) override;
    bool event(QEvent *) override;
    void changeEvent(QEvent *) override;

private:
    // Where the cells go: worked out once per batch, size, font and language, not per paint
    // (measuring every caption for every candidate column count is costly text shaping).
    struct Grid {
        int columns = 1;
        QSize cell;
        int captionLines = 1; // 1 when every "label → prediction ✓" fits, else 2
        int shown = 0; // the first samples that get a cell: fewer when all would leave no room for images
    };
    const Grid &grid() const;
    QRect cellRect(const Grid &g, int i) const;
    int headerHeight() const;
    QString predictionText(int i) const; // "→ circle ✓"
    int captionWidth() const;            // the widest one-line caption, in bold
    void invalidateGrid();

    QList<Thumbnail> m_batch;
    QList<QImage> m_images;
    QStringList m_classNames;
    mutable int m_captionWidth = -1; // -1: to be measured
    mutable Grid m_grid;
    mutable QSize m_gridSize; // the widget size m_grid is for; invalid: to be worked out
    QElapsedTimer m_sinceUpdate;
};

} // namespace qs
