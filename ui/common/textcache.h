#pragma once

#include <QFont>
#include <QHash>
#include <QList>
#include <QRect>
#include <QStaticText>
#include <QString>

class QPainter;

namespace qs {

// Lines of text shaped once per font and kept. A busy run repaints its labels (the diagram's
// boxes, the timeline's lanes) many times a second with the same strings, and QPainter and
// QFontMetrics shape a string again at every call, which was a large share of a frame. What it
// gives equals the uncached calls: the same advance, the same elided string, the same placement
// as QPainter::drawText(rect, align, text) for one line. Bounded: a font's entries are dropped
// past kMaxEntries (a run's labels number in the hundreds). GUI thread only.
class TextCache {
public:
    static constexpr int kMaxEntries = 4096;

    int advance(const QFont &font, const QString &text);
    // `text` elided (in the middle unless `mode` says otherwise) so that its advance is at most
    // `width` (elidedText may come out a pixel wider than asked, so it is asked for less until it
    // fits).
    QString fitted(const QFont &font, const QString &text, int width,
                   Qt::TextElideMode mode = Qt::ElideMiddle);
    // Draws one line in the painter's font and pen, placed in `r` by `align` as drawText would
    // (clipped to `r` where it does not fit). Returns the part of `r` the text covers.
    QRect draw(QPainter *p, const QRect &r, int align, const QString &text);
    // Where draw() would put the text: QFontMetrics::boundingRect(r, align, text) ∩ r.
    QRect placement(const QFont &font, const QRect &r, int align, const QString &text);

private:
    struct Line {
        QStaticText glyphs; // prepared on first draw
        bool prepared = false;
        QSizeF size; // the line's box as drawText lays it out
        int advance = -1;
    };
    struct FontCache {
        QFont font;
        QHash<QString, Line> lines;
        QHash<QString, QString> fitted; // text + '\0' + width + mode -> the elided text
    };
    FontCache &cacheFor(const QFont &font);
    Line &line(FontCache &cache, const QString &text);

    QList<FontCache> m_fonts; // few: a widget's font and its bold
};

} // namespace qs
