#include "timeline/statelegend.h"

#include "common/statepalette.h"
#include "common/uitext.h"
#include "timeline/threadtimeline.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

namespace qs {

StateLegend::StateLegend(QWidget *parent)
    : QWidget(parent)
{
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void StateLegend::setShowMarkers(bool on)
{
    m_showMarkers = on;
    updateGeometry();
    update();
}

QList<StateLegend::Item> StateLegend::items() const
{
    QList<Item> list;
    for (ThreadState s : StatePalette::legendOrder())
        list.append({false, int(s), StatePalette::name(s), StatePalette::explanation(s)});
    if (m_showMarkers) {
        for (EventKind k : {EventKind::RequestStop, EventKind::QueueClose, EventKind::Error, EventKind::Join,
                            EventKind::ThreadExit})
            list.append({true, int(k), UiText::eventKindName(k),
                         tr("A coordination event of the kind \"%1\" on the timeline.")
                             .arg(UiText::eventKindName(k))});
        // The one note drawn on a lane: a record skip_corrupt skipped.
        list.append({true, int(EventKind::Note), tr("skipped record"),
                     tr("A record skipped as corrupt (skip_corrupt) by that reader; hover the mark for its "
                        "file, record and offset.")});
    }
    return list;
}

int StateLegend::itemWidth(const Item &item) const
{
    const int h = fontMetrics().height();
    return h + 4 + fontMetrics().horizontalAdvance(item.text) + h;
}

QList<QRect> StateLegend::layoutItems(const QList<Item> &list, int width) const
{
    QList<QRect> rects;
    const int h = fontMetrics().height() + 4;
    int x = 4, y = 2;
    for (const Item &item : list) {
        const int w = itemWidth(item);
        if (x > 4 && x + w > width) {
            x = 4;
            y += h;
        }
        rects.append(QRect(x, y, w, h));
        x += w;
    }
    return rects;
}

int StateLegend::heightForWidth(int w) const
{
    const QList<QRect> rects = layoutItems(items(), w);
    return rects.isEmpty() ? 0 : rects.constLast().bottom() + 3;
}

QSize StateLegend::sizeHint() const
{
    int w = 8;
    for (const Item &item : items())
        w += itemWidth(item);
    return {w, fontMetrics().height() + 8};
}

QSize StateLegend::minimumSizeHint() const
{
    return {120, fontMetrics().height() + 8};
}

void StateLegend::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QList<Item> list = items();
    const QList<QRect> rects = layoutItems(list, width());
    const int box = fontMetrics().height() - 2;
    for (int i = 0; i < list.size(); ++i) {
        const QRect r = rects[i];
        const QRectF swatch(r.left(), r.top() + (r.height() - box) / 2.0, box, box);
        if (list[i].marker) {
            ThreadTimeline::paintMarker(&p, EventKind(list[i].value), swatch.center().x(), swatch.top(), box);
        } else {
            StatePalette::fill(&p, swatch, ThreadState(list[i].value));
            p.setPen(palette().mid().color());
            p.drawRect(swatch);
        }
        p.setPen(palette().windowText().color());
        p.drawText(QRect(r.left() + box + 4, r.top(), r.width() - box - 4, r.height()), Qt::AlignVCenter,
                   list[i].text);
    }
}

bool StateLegend::event(QEvent *e)
{
    if (e->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(e);
        const QList<Item> list = items();
        const QList<QRect> rects = layoutItems(list, width());
        for (int i = 0; i < list.size(); ++i) {
            if (rects[i].contains(help->pos())) {
                QToolTip::showText(help->globalPos(),
                                   QStringLiteral("<b>%1</b><br>%2").arg(list[i].text, list[i].tip), this,
                                   rects[i]);
                return true;
            }
        }
        QToolTip::hideText();
        return true;
    }
    return QWidget::event(e);
}

void StateLegend::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange || e->type() == QEvent::FontChange) {
        updateGeometry();
        update();
    }
    QWidget::changeEvent(e);
}

} // namespace qs
