#include "eventlog/quietscrollbar.h"

#include <QPainter>
#include <QStyle>
#include <QStyleOptionSlider>

namespace qs {

QuietScrollBar::QuietScrollBar(Qt::Orientation orientation, QWidget *parent)
    : QScrollBar(orientation, parent)
{
    // Every pixel is painted (the parent's background first): nothing below is painted again.
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void QuietScrollBar::paintEvent(QPaintEvent *e)
{
    if (underMouse() || isSliderDown()) {
        // Hover and press show on the controls, through state only QScrollBar knows.
        {
            QPainter p(this);
            p.fillRect(rect(), palette().window());
        }
        ++m_draws;
        QScrollBar::paintEvent(e);
        m_cache = QPixmap(); // the next quiet paint draws afresh
        return;
    }
    // What QScrollBar::paintEvent draws with no control hovered or pressed.
    QStyleOptionSlider opt;
    initStyleOption(&opt);
    opt.subControls = QStyle::SC_All;
    opt.activeSubControls = QStyle::SC_None;
    const qreal dpr = devicePixelRatioF();
    const Look look{size(),
                    dpr,
                    style()->subControlRect(QStyle::CC_ScrollBar, &opt, QStyle::SC_ScrollBarSlider, this),
                    value() == minimum(),
                    value() == maximum(),
                    int(opt.state),
                    palette().cacheKey(),
                    int(layoutDirection())};
    if (m_cache.isNull() || !(look == m_cachedLook)) {
        m_cache = QPixmap((QSizeF(size()) * dpr).toSize());
        m_cache.setDevicePixelRatio(dpr);
        m_cache.fill(palette().color(QPalette::Window));
        QPainter cp(&m_cache);
        style()->drawComplexControl(QStyle::CC_ScrollBar, &opt, &cp, this);
        m_cachedLook = look;
        ++m_draws;
    }
    QPainter p(this);
    p.drawPixmap(0, 0, m_cache);
}

} // namespace qs
