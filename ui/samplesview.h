#pragma once

#include "observe/snapshot.h"

#include <QImage>
#include <QWidget>

namespace qs {

// The latest batch as a grid of thumbnails scaled up (whole-pixel, so the digits stay crisp),
// each captioned with its label and the model's prediction (class names when known). A right
// prediction is marked ✓ with a blue frame, a wrong one ✗ with a thick dashed frame: never
// colour alone.
class SamplesView : public QWidget {
    Q_OBJECT
public:
    explicit SamplesView(QWidget *parent = nullptr);

    void setSnapshot(const Snapshot &snap);
    int sampleCount() const { return int(m_images.size()); }

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
    QRect cellRect(int i) const;
    int columns() const;
    int headerHeight() const;
    QSize cellSize() const;
    QString predictionText(int i) const;   // "→ circle ✓"
    int captionLines(int cellWidth) const; // 1 when every "label → prediction ✓" fits, else 2

    QList<Thumbnail> m_batch;
    QList<QImage> m_images;
    QStringList m_classNames;
};

} // namespace qs
