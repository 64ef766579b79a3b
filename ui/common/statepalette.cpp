#include "common/statepalette.h"

#include <QPainter>
#include <QPainterPath>

namespace qs {

QColor StatePalette::color(ThreadState s)
{
    switch (s) {
    case ThreadState::Starting:
        return QColor(0x00, 0x72, 0xB2);
    case ThreadState::Running:
        return QColor(0x00, 0x9E, 0x73);
    case ThreadState::BlockedFull:
        return QColor(0xE6, 0x9F, 0x00);
    case ThreadState::BlockedEmpty:
        return QColor(0xD5, 0x5E, 0x00);
    case ThreadState::Waiting:
        return QColor(0x56, 0xB4, 0xE9);
    case ThreadState::Joining:
        // A paler sky blue than waiting, and striped (pattern()): the two are both "waiting on
        // the coordinator", so they stay kin, but never read as one.
        return QColor(0xB4, 0xDD, 0xF5);
    case ThreadState::Paused:
        return QColor(0xF0, 0xE4, 0x42);
    case ThreadState::Stopped:
        return QColor(0x99, 0x99, 0x99);
    case ThreadState::Failed:
        return QColor(0xCC, 0x79, 0xA7);
    case ThreadState::Cancelled:
        return QColor(0x5F, 0x5F, 0x5F);
    }
    return QColor(Qt::black);
}

QColor StatePalette::textColor(ThreadState s)
{
    const QColor c = color(s);
    // Relative luminance, sRGB approximated by squares: dark text on light fills.
    const double lum =
        0.2126 * c.redF() * c.redF() + 0.7152 * c.greenF() * c.greenF() + 0.0722 * c.blueF() * c.blueF();
    return lum > 0.18 ? QColor(Qt::black) : QColor(Qt::white);
}

Qt::BrushStyle StatePalette::pattern(ThreadState s)
{
    switch (s) {
    case ThreadState::Failed:
        return Qt::BDiagPattern;
    case ThreadState::Joining:
        return Qt::HorPattern;
    default:
        return Qt::NoBrush;
    }
}

QColor StatePalette::patternColor(ThreadState s)
{
    return s == ThreadState::Joining ? QColor(0x1F, 0x5F, 0x8B) : QColor(0x4A, 0x1F, 0x38);
}

bool StatePalette::isHatched(ThreadState s)
{
    return pattern(s) != Qt::NoBrush;
}

QColor StatePalette::mixedColor()
{
    return QColor(0x33, 0x33, 0x33);
}

void StatePalette::fill(QPainter *p, const QRectF &r, ThreadState s)
{
    p->fillRect(r, color(s));
    if (isHatched(s)) {
        p->save();
        p->setBrushOrigin(0, 0);
        p->fillRect(r, QBrush(patternColor(s), pattern(s)));
        p->restore();
    }
}

void StatePalette::fill(QPainter *p, const QPainterPath &shape, ThreadState s)
{
    p->fillPath(shape, color(s));
    if (isHatched(s)) {
        p->save();
        p->setBrushOrigin(0, 0);
        p->fillPath(shape, QBrush(patternColor(s), pattern(s)));
        p->restore();
    }
}

void StatePalette::fill(QPainter *p, const QList<QRectF> &rects, ThreadState s)
{
    p->save();
    p->setPen(Qt::NoPen);
    p->setBrush(color(s));
    p->drawRects(rects.constData(), int(rects.size()));
    if (isHatched(s)) {
        p->setBrushOrigin(0, 0);
        p->setBrush(QBrush(patternColor(s), pattern(s)));
        p->drawRects(rects.constData(), int(rects.size()));
    }
    p->restore();
}

QString StatePalette::name(ThreadState s)
{
    switch (s) {
    case ThreadState::Starting:
        return tr("starting");
    case ThreadState::Running:
        return tr("running");
    case ThreadState::BlockedFull:
        return tr("blocked: queue full");
    case ThreadState::BlockedEmpty:
        return tr("blocked: queue empty");
    case ThreadState::Waiting:
        return tr("waiting");
    case ThreadState::Joining:
        return tr("joining");
    case ThreadState::Paused:
        return tr("paused");
    case ThreadState::Stopped:
        return tr("stopped");
    case ThreadState::Failed:
        return tr("failed");
    case ThreadState::Cancelled:
        return tr("cancelled");
    }
    return {};
}

QString StatePalette::explanation(ThreadState s)
{
    switch (s) {
    case ThreadState::Starting:
        return tr("The thread has been created and has not begun its work yet.");
    case ThreadState::Running:
        return tr("The thread is doing useful work: reading, decoding or training.");
    case ThreadState::BlockedFull:
        return tr("The thread waits to enqueue because the queue is full (backpressure from the consumer).");
    case ThreadState::BlockedEmpty:
        return tr("The thread waits to dequeue because the queue is empty (the producers are too slow).");
    case ThreadState::Waiting:
        return tr("The thread waits for the coordinator to ask every thread to stop.");
    case ThreadState::Joining:
        return tr("The thread waits in join() for the other threads to finish.");
    case ThreadState::Paused:
        return tr("The thread is held at the step gate until you grant the next step.");
    case ThreadState::Stopped:
        return tr("The thread has finished normally.");
    case ThreadState::Failed:
        return tr("The thread ended with an error, which asked every other thread to stop.");
    case ThreadState::Cancelled:
        return tr("The thread ended because its queue was cancelled or a stop was requested.");
    }
    return {};
}

QList<ThreadState> StatePalette::legendOrder()
{
    return {ThreadState::Starting, ThreadState::Running,  ThreadState::BlockedFull, ThreadState::BlockedEmpty,
            ThreadState::Waiting,  ThreadState::Joining,  ThreadState::Paused,      ThreadState::Stopped,
            ThreadState::Failed,   ThreadState::Cancelled};
}

} // namespace qs
