#include "frametiming/frametimingview.h"

#include "frametiming/framemeter.h"

#include <QEvent>
#include <QTimer>

#include <algorithm>

namespace qs {

namespace {
constexpr int kRefreshMs = 500;

QString ms(double v)
{
    return QString::number(v, 'f', v < 10 ? 1 : 0);
}
} // namespace

FrameTimingView::FrameTimingView(FrameMeter *meter, QWidget *parent)
    : QLabel(parent)
    , m_meter(meter)
    , m_timer(new QTimer(this))
{
    setObjectName(QStringLiteral("frameTimingView"));
    setTextFormat(Qt::PlainText);
    setContentsMargins(8, 0, 4, 0);
    connect(m_timer, &QTimer::timeout, this, &FrameTimingView::refresh);
    hide();
}

FrameTimingView::~FrameTimingView()
{
    if (m_on && m_meter)
        m_meter->release();
}

void FrameTimingView::setOn(bool on)
{
    if (on == m_on)
        return;
    m_on = on && m_meter;
    if (m_on) {
        m_meter->retain();
        m_timer->start(kRefreshMs);
        refresh();
    } else {
        if (m_meter)
            m_meter->release();
        m_timer->stop();
    }
    setVisible(m_on);
}

QString FrameTimingView::lineFor(const FrameStats &stats)
{
    if (stats.isEmpty())
        return tr("frame timing: no frames yet");
    const FrameStats::Figures total = stats.figures(FrameStats::Total);
    return tr("frame %1 ms (p95 %2) · snapshot %3 · update %4 · paint %5")
        .arg(ms(total.mean), ms(total.p95), ms(stats.figures(FrameStats::Snapshot).mean),
             ms(stats.figures(FrameStats::Update).mean), ms(stats.figures(FrameStats::Paint).mean));
}

QString FrameTimingView::detailsFor(const FrameStats &stats)
{
    QString out =
        tr("Time the window spends per frame, over the last %n frame(s), in ms.", nullptr, stats.size());
    const QString names[] = {tr("snapshot: taking it from the pipeline"),
                             tr("update: handing it to every panel"), tr("paint: the repaint that follows"),
                             tr("whole frame"),
                             tr("CPU time of the GUI thread (the rest of a frame is waiting)")};
    for (FrameStats::Part part :
         {FrameStats::Snapshot, FrameStats::Update, FrameStats::Paint, FrameStats::Total, FrameStats::Cpu}) {
        if (part == FrameStats::Cpu && stats.values(FrameStats::Cpu).isEmpty())
            continue; // no thread clock here
        const FrameStats::Figures f = stats.figures(part);
        out += QLatin1Char('\n') +
               tr("%1 — median %2, p95 %3, max %4").arg(names[part], ms(f.p50), ms(f.p95), ms(f.max));
    }
    return out;
}

void FrameTimingView::refresh()
{
    if (!m_meter)
        return;
    setText(lineFor(m_meter->recent()));
    setToolTip(detailsFor(m_meter->recent()));
    // A fixed size that only grows: a label of changing size would lay out the status bar and
    // the whole window again at every refresh, and be measured doing so.
    const QSize hint = sizeHint();
    if (hint.width() > maximumWidth() || hint.height() != maximumHeight())
        setFixedSize(std::max(hint.width(), minimumWidth()), hint.height());
}

void FrameTimingView::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange || e->type() == QEvent::FontChange) {
        setMinimumSize(0, 0); // the words or their size changed: shrinking is fine once
        setMaximumSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX);
        if (m_on)
            refresh();
    }
    QLabel::changeEvent(e);
}

} // namespace qs
