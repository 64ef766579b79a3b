#include "common/steadyscrollbar.h"

#include <QAbstractItemView>
#include <QAbstractScrollArea>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QStyleOptionSlider>

namespace qs {

SteadyScrollBar::SteadyScrollBar(Qt::Orientation orientation, QWidget *parent)
    : QScrollBar(orientation, parent)
{}

void SteadyScrollBar::install(QAbstractScrollArea *area)
{
    auto *vertical = new SteadyScrollBar(Qt::Vertical);
    auto *horizontal = new SteadyScrollBar(Qt::Horizontal);
    area->setVerticalScrollBar(vertical);
    area->setHorizontalScrollBar(horizontal);
    // An item view wires its bars to its own protected slots when it is made, and the area
    // rewires only its own when a bar is replaced, so the view's are made again here.
    if (auto *view = qobject_cast<QAbstractItemView *>(area)) {
        connect(vertical, SIGNAL(actionTriggered(int)), view, SLOT(verticalScrollbarAction(int)));
        connect(horizontal, SIGNAL(actionTriggered(int)), view, SLOT(horizontalScrollbarAction(int)));
        connect(vertical, SIGNAL(valueChanged(int)), view, SLOT(verticalScrollbarValueChanged(int)));
        connect(horizontal, SIGNAL(valueChanged(int)), view, SLOT(horizontalScrollbarValueChanged(int)));
    }
}

SteadyScrollBar::Look SteadyScrollBar::look() const
{
    QStyleOptionSlider option;
    initStyleOption(&option);
    Look l;
    l.handle = style()->subControlRect(QStyle::CC_ScrollBar, &option, QStyle::SC_ScrollBarSlider, this);
    l.atStart = option.sliderPosition <= option.minimum;
    l.atEnd = option.sliderPosition >= option.maximum;
    l.empty = option.minimum == option.maximum;
    l.size = size();
    l.state = option.state;
    l.direction = option.direction;
    l.palette = option.palette.cacheKey();
    l.dpr = devicePixelRatioF();
    l.style = style();
    return l;
}

bool SteadyScrollBar::plain() const
{
    return !underMouse() && !m_pressed;
}

void SteadyScrollBar::sliderChange(SliderChange change)
{
    // An update already pending draws the latest state whatever is decided here.
    if (change != SliderOrientationChange && m_imageLook && plain() && look() == *m_imageLook) {
        ++m_skipped;
        return;
    }
    m_imageLook.reset();
    QScrollBar::sliderChange(change);
}

void SteadyScrollBar::paintEvent(QPaintEvent *event)
{
    if (m_drawing) { // keepImage(): QScrollBar draws into the image
        QScrollBar::paintEvent(event);
        return;
    }
    if (plain() && m_imageLook && *m_imageLook == look()) {
        ++m_reused;
        QPainter p(this);
        p.drawPixmap(0, 0, m_image);
        return;
    }
    m_imageLook.reset();
    QScrollBar::paintEvent(event);
    // Kept once a look is drawn twice: a bar whose handle moves every frame is not drawn twice a
    // frame. A widget cannot be rendered from inside its own paint event: the image is made next.
    const Look now = look();
    const bool again = m_drawnLook == now;
    m_drawnLook = now;
    if (again && plain() && !m_keepPosted) {
        m_keepPosted = true;
        QMetaObject::invokeMethod(this, &SteadyScrollBar::keepImage, Qt::QueuedConnection);
    }
}

void SteadyScrollBar::keepImage()
{
    m_keepPosted = false;
    if (!isVisible() || !plain() || size().isEmpty())
        return;
    const Look now = look();
    m_image = QPixmap(size() * now.dpr);
    m_image.setDevicePixelRatio(now.dpr);
    m_image.fill(Qt::transparent);
    m_drawing = true;
    render(&m_image, QPoint(), QRegion(), QWidget::RenderFlags());
    m_drawing = false;
    m_imageLook = now;
}

void SteadyScrollBar::mousePressEvent(QMouseEvent *event)
{
    m_pressed = true;
    m_imageLook.reset();
    QScrollBar::mousePressEvent(event);
}

void SteadyScrollBar::mouseReleaseEvent(QMouseEvent *event)
{
    m_pressed = false;
    m_imageLook.reset();
    QScrollBar::mouseReleaseEvent(event);
}

} // namespace qs
