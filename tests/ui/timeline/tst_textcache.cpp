// The text cache (ui/common) gives what the uncached calls give: the same advances, the same
// elided strings, and text placed where QPainter::drawText(rect, align, text) puts it, with
// the same pixels. (Its test lives with the timeline, its first user, for the GUI test setup.)

#include "common/textcache.h"

#include <QFontMetrics>
#include <QPainter>
#include <QTest>

using namespace qs;

namespace {

QImage drawn(QSize size, const std::function<void(QPainter &)> &paint)
{
    QImage img(size, QImage::Format_RGB32);
    img.fill(Qt::white);
    QPainter p(&img);
    p.setPen(Qt::black);
    paint(p);
    return img;
}

// The smallest rectangle holding every non-white pixel.
QRect inked(const QImage &img)
{
    QRect r;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x)
            if (img.pixel(x, y) != QColor(Qt::white).rgb())
                r |= QRect(x, y, 1, 1);
    return r;
}

const QStringList kTexts{QStringLiteral("reader 3"), QStringLiteral("blocked: queue full"),
                         QStringLiteral("shuffle_batch/random_shuffle_queue"),
                         QStringLiteral("讀取執行緒 12"), QStringLiteral("prefetch_8 thread · 1 skipped")};

} // namespace

class TestTextCache : public QObject {
    Q_OBJECT
private slots:
    void advancesAndElisionEqualQFontMetrics()
    {
        TextCache cache;
        for (bool bold : {false, true}) {
            QFont font;
            font.setBold(bold);
            const QFontMetrics fm(font);
            for (const QString &text : kTexts) {
                QCOMPARE(cache.advance(font, text), fm.horizontalAdvance(text));
                QCOMPARE(cache.advance(font, text), fm.horizontalAdvance(text)); // cached
                for (int width : {0, 20, 60, 90, 400}) {
                    QString want = text;
                    for (int room = width; room > 0 && fm.horizontalAdvance(want) > width; room -= 2)
                        want = fm.elidedText(text, Qt::ElideMiddle, room);
                    QCOMPARE(cache.fitted(font, text, width), want);
                    QCOMPARE(cache.fitted(font, text, width), want);
                    if (width > 0 && fm.horizontalAdvance(want) <= width)
                        QVERIFY(cache.advance(font, cache.fitted(font, text, width)) <= width);
                }
            }
        }
    }

    void placesTextAsDrawTextDoes_data()
    {
        QTest::addColumn<int>("align");
        QTest::addRow("left, centred") << int(Qt::AlignLeft | Qt::AlignVCenter);
        QTest::addRow("centre") << int(Qt::AlignCenter);
        QTest::addRow("top, centred") << int(Qt::AlignHCenter | Qt::AlignTop);
        QTest::addRow("bottom, centred") << int(Qt::AlignHCenter | Qt::AlignBottom);
        QTest::addRow("right") << int(Qt::AlignRight | Qt::AlignVCenter);
    }
    void placesTextAsDrawTextDoes()
    {
        QFETCH(int, align);
        TextCache cache;
        QFont font;
        const QFontMetrics fm(font);
        for (const QString &text : kTexts) {
            const QRect r(10, 7, fm.horizontalAdvance(text) + 31, fm.height() + 9);
            QCOMPARE(cache.placement(font, r, align, text), fm.boundingRect(r, align, text).intersected(r));
            const QImage want = drawn(QSize(r.right() + 20, r.bottom() + 20), [&](QPainter &p) {
                p.setFont(font);
                p.drawText(r, align, text);
            });
            QRect covered;
            const QImage got = drawn(want.size(), [&](QPainter &p) {
                p.setFont(font);
                covered = cache.draw(&p, r, align, text);
            });
            QCOMPARE(covered, fm.boundingRect(r, align, text).intersected(r));
            // The same glyphs in the same place (shaped once, drawn from the cache).
            QCOMPARE(inked(got), inked(want));
            QCOMPARE(got, want);
        }
    }

    void clipsTextThatDoesNotFit()
    {
        TextCache cache;
        QFont font;
        const QString text = kTexts[2];
        const QRect r(5, 5, 40, QFontMetrics(font).height());
        const QImage got = drawn(QSize(300, 40), [&](QPainter &p) {
            p.setFont(font);
            cache.draw(&p, r, Qt::AlignLeft | Qt::AlignVCenter, text);
        });
        QVERIFY(!inked(got).isEmpty());
        QVERIFY(r.contains(inked(got)));
    }
};

QTEST_MAIN(TestTextCache)
#include "tst_textcache.moc"
