#include "common/textcache.h"

#include <QFontMetrics>
#include <QPainter>

namespace qs {

TextCache::FontCache &TextCache::cacheFor(const QFont &font)
{
    for (FontCache &c : m_fonts)
        if (c.font == font)
            return c;
    if (m_fonts.size() >= 8)
        m_fonts.removeFirst();
    m_fonts.append({font, {}, {}});
    return m_fonts.last();
}

TextCache::Line &TextCache::line(FontCache &cache, const QString &text)
{
    auto it = cache.lines.find(text);
    if (it != cache.lines.end())
        return *it;
    if (cache.lines.size() >= kMaxEntries)
        cache.lines.clear();
    const QFontMetrics fm(cache.font);
    Line l;
    l.advance = fm.horizontalAdvance(text);
    // The line's box as drawText lays it out, in fractions of a pixel (where it lands in a rect
    // is rounded only at the end, as QFontMetrics::boundingRect does).
    l.size = QFontMetricsF(cache.font)
                 .boundingRect(QRectF(0, 0, 1 << 20, 1 << 20), Qt::AlignLeft | Qt::AlignTop, text)
                 .size();
    return *cache.lines.insert(text, l);
}

int TextCache::advance(const QFont &font, const QString &text)
{
    return line(cacheFor(font), text).advance;
}

QString TextCache::fitted(const QFont &font, const QString &text, int width, Qt::TextElideMode mode)
{
    FontCache &cache = cacheFor(font);
    if (line(cache, text).advance <= width)
        return text;
    QString key = text;
    key += QChar(0);
    key += QString::number(width);
    key += QChar(u'a' + int(mode));
    const auto it = cache.fitted.constFind(key);
    if (it != cache.fitted.cend())
        return *it;
    if (cache.fitted.size() >= kMaxEntries)
        cache.fitted.clear();
    const QFontMetrics fm(font);
    QString shown = text;
    for (int room = width; room > 0 && fm.horizontalAdvance(shown) > width; room -= 2)
        shown = fm.elidedText(text, mode, room);
    cache.fitted.insert(key, shown);
    return shown;
}

namespace {
// Where drawText puts a line's box of `size` in `r`.
QRectF place(const QRect &r, int align, QSizeF size)
{
    double x = r.x(), y = r.y();
    if (align & Qt::AlignRight)
        x += r.width() - size.width();
    else if (align & Qt::AlignHCenter)
        x += (r.width() - size.width()) / 2;
    if (align & Qt::AlignBottom)
        y += r.height() - size.height();
    else if (align & Qt::AlignVCenter)
        y += (r.height() - size.height()) / 2;
    return QRectF(QPointF(x, y), size);
}
} // namespace

QRect TextCache::placement(const QFont &font, const QRect &r, int align, const QString &text)
{
    return place(r, align, line(cacheFor(font), text).size).toAlignedRect().intersected(r);
}

QRect TextCache::draw(QPainter *p, const QRect &r, int align, const QString &text)
{
    if (text.isEmpty())
        return {};
    const QFont font = p->font();
    FontCache &cache = cacheFor(font);
    Line &l = line(cache, text);
    if (!l.prepared) {
        l.glyphs.setText(text);
        l.glyphs.setTextFormat(Qt::PlainText);
        l.glyphs.setPerformanceHint(QStaticText::AggressiveCaching);
        l.glyphs.prepare(QTransform(), font);
        l.prepared = true;
    }
    const QRectF box = place(r, align, l.size);
    const bool fits = QRectF(r).contains(box);
    if (!fits) {
        p->save();
        p->setClipRect(r, Qt::IntersectClip);
    }
    p->drawStaticText(box.topLeft(), l.glyphs);
    if (!fits)
        p->restore();
    return box.toAlignedRect().intersected(r);
}

} // namespace qs
