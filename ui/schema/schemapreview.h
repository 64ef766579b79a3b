#pragma once

#include <QImage>
#include <QList>
#include <QWidget>

namespace qs {

// A row of decoded sample images, each with its label (or why it did not decode) under it:
// the feature picker's live preview. It paints what it is given and decodes nothing itself.
class SchemaPreview : public QWidget {
    Q_OBJECT
public:
    struct Tile {
        QImage image;    // null when the record did not decode
        QString caption; // the label ("3", "daisy", "no label") or the decoder's error
        QString tooltip;
    };
    static constexpr int kTileSide = 76;

    explicit SchemaPreview(QWidget *parent = nullptr);

    void setTiles(QList<Tile> tiles);
    const QList<Tile> &tiles() const { return m_tiles; }
    int decodedCount() const; // tiles with an image

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *) override;
    bool event(QEvent *e) override; // a tile's tooltip

private:
    QRect tileRect(int i) const;
    int captionHeight() const;

    QList<Tile> m_tiles;
};

} // namespace qs
