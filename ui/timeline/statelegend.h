#pragma once

#include "observe/snapshot.h"

#include <QRect>
#include <QWidget>

namespace qs {

// The key to the colours and glyphs: one swatch per thread state with its name (hover for a
// one-sentence explanation) and, optionally, the timeline's coordination-event markers.
// Items flow onto as many rows as the width needs.
class StateLegend : public QWidget {
    Q_OBJECT
public:
    explicit StateLegend(QWidget *parent = nullptr);

    void setShowMarkers(bool on);
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int w) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *) override;
    bool event(QEvent *) override;
    void changeEvent(QEvent *) override;

private:
    struct Item {
        bool marker = false;
        int value = 0; // ThreadState or EventKind
        QString text;
        QString tip;
    };
    QList<Item> items() const;
    QList<QRect> layoutItems(const QList<Item> &items, int width) const; // rects, same order
    int itemWidth(const Item &item) const;

    bool m_showMarkers = true;
};

} // namespace qs
