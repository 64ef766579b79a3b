#include "diagram/pipelinediagram.h"

#include "common/statepalette.h"
#include "common/uitext.h"

#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>

namespace qs {

namespace {
const QColor kQueueFill(0x4B, 0x6C, 0x8C);
const QColor kQueueEmpty(0xE8, 0xEC, 0xF0);

double stageWeight(PipelineStage::Kind k)
{
    return k == PipelineStage::Kind::Queue ? 1.5 : k == PipelineStage::Kind::Files ? 0.9 : 1.6;
}
} // namespace

PipelineDiagram::PipelineDiagram(QWidget *parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent); // paintEvent fills it all: the dock need not paint below
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

QSize PipelineDiagram::sizeHint() const
{
    return {900, fontMetrics().height() * 14};
}
QSize PipelineDiagram::minimumSizeHint() const
{
    return {400, fontMetrics().height() * 8};
}

void PipelineDiagram::setSnapshot(const Snapshot &snap)
{
    m_snap = snap;
    m_snap.events.clear(); // not drawn here; keep the copy small
    m_stages = PipelineLayout::stages(snap);
    m_others = PipelineLayout::otherThreads(snap);
    update();
}

QString PipelineDiagram::groupTitle(ThreadRole role, int count) const
{
    switch (role) {
    case ThreadRole::Producer:
        return tr("%n producer(s)", nullptr, count);
    case ThreadRole::Reader:
        return tr("%n reader(s)", nullptr, count);
    case ThreadRole::Trainer:
        return tr("%n trainer(s)", nullptr, count);
    default:
        return tr("%n other thread(s)", nullptr, count);
    }
}

QString PipelineDiagram::arrowLabel(int stage) const
{
    const PipelineStage &from = m_stages[stage];
    const PipelineStage &to = m_stages[stage + 1];
    if (from.kind == PipelineStage::Kind::Files)
        return tr("names");
    if (to.kind == PipelineStage::Kind::Queue)
        return tr("enqueue");
    if (to.kind == PipelineStage::Kind::Threads && to.role == ThreadRole::Trainer)
        return tr("dequeue_many = batch");
    return tr("dequeue");
}

void PipelineDiagram::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().base());
    m_hits.clear();
    if (m_snap.threads.isEmpty() && m_snap.queues.isEmpty()) {
        p.setPen(palette().placeholderText().color());
        p.drawText(
            rect(), Qt::AlignCenter | Qt::TextWordWrap,
            tr("The pipeline appears here when a run starts:\nfiles → filename queue → readers → example "
               "queue → batch → trainer"));
        return;
    }
    const int fh = fontMetrics().height();
    const int othersH = m_others.isEmpty() ? 0 : fh * 3;
    const QRect main = rect().adjusted(8, 4, -8, -4 - othersH);
    const int gap = std::max(fh * 4, main.width() / 16);
    double weights = 0;
    for (const PipelineStage &s : std::as_const(m_stages))
        weights += stageWeight(s.kind);
    const double unit = (main.width() - gap * double(m_stages.size() - 1)) / std::max(weights, 1.0);

    QList<QRect> columns;
    double x = main.left();
    for (const PipelineStage &s : std::as_const(m_stages)) {
        const int w = int(unit * stageWeight(s.kind));
        columns.append(QRect(int(x), main.top(), w, main.height()));
        x += w + gap;
    }
    for (int i = 0; i + 1 < columns.size(); ++i)
        paintArrow(p, columns[i].right() + 4, columns[i + 1].left() - 4, main.center().y(), arrowLabel(i));
    for (int i = 0; i < m_stages.size(); ++i) {
        const PipelineStage &s = m_stages[i];
        if (s.kind == PipelineStage::Kind::Files)
            paintFiles(p, columns[i]);
        else if (s.kind == PipelineStage::Kind::Queue)
            paintQueue(p, columns[i], m_snap.queues[s.queue]);
        else
            paintThreads(p, columns[i], s.threads, groupTitle(s.role, int(s.threads.size())));
    }
    if (!m_others.isEmpty()) {
        const QRect row(8, height() - othersH, width() - 16, othersH - 4);
        const QString title = tr("coordination:");
        const int tw = fontMetrics().horizontalAdvance(title) + 8;
        p.setPen(palette().text().color());
        p.drawText(QRect(row.left(), row.top(), tw, row.height()), Qt::AlignVCenter, title);
        const int w = std::min(fh * 12, (row.width() - tw) / int(m_others.size()));
        for (int i = 0; i < m_others.size(); ++i)
            paintNode(p, QRect(row.left() + tw + i * w, row.top(), w - 6, row.height()),
                      m_snap.threads[m_others[i]]);
    }
}

void PipelineDiagram::paintFiles(QPainter &p, const QRect &column)
{
    const int fh = fontMetrics().height();
    const QRect r(column.left(), column.center().y() - fh * 2, column.width(), fh * 4);
    for (int i = 2; i >= 0; --i) { // a little stack of pages
        const QRectF page = QRectF(r).adjusted(i * 4, i * 4, -(2 - i) * 4 - 8, -(2 - i) * 4 - 8);
        p.setPen(palette().text().color());
        p.setBrush(palette().base());
        p.drawRoundedRect(page, 3, 3);
    }
    p.drawText(r.adjusted(4, 4, -12, -12), Qt::AlignCenter | Qt::TextWordWrap, tr("TFRecord files"));
    m_hits.append({r, tr("The input files; their names go round the filename queue once per epoch.")});
}

void PipelineDiagram::paintQueue(QPainter &p, const QRect &column, const QueueInfo &q)
{
    const int fh = fontMetrics().height();
    const QRect bar(column.left(), column.center().y() - fh, column.width(), fh * 2);
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(palette().text().color());
    // Long TensorFlow names ("shuffle_batch/random_shuffle_queue") may wrap after a slash.
    const QRect title(column.left(), bar.top() - fh * 3 - 4, column.width(), fh * 2);
    QString name = q.name;
    name.replace(QLatin1Char('/'), QStringLiteral("/\u200B"));
    p.drawText(title, Qt::AlignHCenter | Qt::AlignBottom | Qt::TextWordWrap, name);
    p.setFont(font());
    p.drawText(QRect(title.left(), title.bottom(), title.width(), fh), Qt::AlignHCenter | Qt::AlignBottom,
               q.type);

    p.setPen(QPen(palette().text().color(), 1.5));
    p.setBrush(kQueueEmpty);
    p.drawRect(bar);
    const double cap = std::max(q.capacity, 1);
    const double fill = std::clamp(q.size / cap, 0.0, 1.0);
    // Elements leave at the right end (the dequeue side), so the fill is anchored there.
    const QRectF filled(bar.right() - bar.width() * fill, bar.top(), bar.width() * fill, bar.height());
    p.fillRect(filled.adjusted(1, 1, -1, -1), kQueueFill);
    if (q.minAfterDequeue > 0) {
        const double fx = bar.right() - bar.width() * std::clamp(q.minAfterDequeue / cap, 0.0, 1.0);
        p.setPen(QPen(Qt::black, 2, Qt::DashLine));
        p.drawLine(QPointF(fx, bar.top() - 4), QPointF(fx, bar.bottom() + 4));
    }
    if (q.closed) {
        p.setPen(QPen(Qt::black, 4));
        p.drawLine(bar.topLeft(), bar.bottomLeft());
    }
    const QString sizeText = tr("%1 / %2").arg(q.size).arg(q.capacity);
    p.setPen(fill > 0.5 ? Qt::white : Qt::black);
    p.drawText(bar, Qt::AlignCenter, sizeText);

    p.setPen(palette().text().color());
    QStringList lines{tr("in %1 · out %2").arg(UiText::rate(q.enqueuePerSec), UiText::rate(q.dequeuePerSec))};
    if (q.minAfterDequeue > 0)
        lines << tr("floor (min_after_dequeue) %1").arg(q.minAfterDequeue);
    if (q.closed)
        lines << tr("closed");
    const QRect room(column.left(), bar.bottom() + 4, column.width(), fh * int(lines.size() + 3));
    const int flags = Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap;
    const QString text = lines.join(QLatin1Char('\n'));
    const QRect below = fontMetrics().boundingRect(room, flags, text);
    p.drawText(room, flags, text);

    QString tip = QStringLiteral("<b>%1</b> (%2)<br>").arg(q.name.toHtmlEscaped(), q.type);
    tip += tr("%1 of %2 elements; %3 enqueued and %4 dequeued since the start.")
               .arg(q.size)
               .arg(q.capacity)
               .arg(UiText::count(q.enqueued), UiText::count(q.dequeued));
    if (q.minAfterDequeue > 0)
        tip += QStringLiteral("<br>") +
               tr("The dashed line is min_after_dequeue: a dequeue waits while fewer elements would remain, "
                  "so the shuffle has enough to mix (until the queue is closed).");
    if (q.closed)
        tip += QStringLiteral("<br>") +
               tr("Closed: no more enqueues; dequeues drain what is left, then end the input.");
    m_hits.append({QRect(column.left(), title.top(), column.width(), below.bottom() - title.top()), tip});
}

void PipelineDiagram::paintThreads(QPainter &p, const QRect &column, const QList<int> &threads,
                                   const QString &title)
{
    const int fh = fontMetrics().height();
    p.setPen(palette().text().color());
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.drawText(QRect(column.left(), column.top(), column.width(), fh), Qt::AlignHCenter, title);
    p.setFont(font());
    // Nodes of two lines (name, state) when they fit; several columns of them when many threads
    // do not fit under each other; one line each as the last resort.
    const int n = int(threads.size());
    const int avail = column.height() - fh - 4;
    const int gap = 4;
    const int twoLines = fh * 2 + 4;
    const int rowsFit = std::max(1, (avail + gap) / (twoLines + gap));
    int cols = (n + rowsFit - 1) / rowsFit;
    if (cols > 1 && (column.width() - gap * (cols - 1)) / cols < fh * 6)
        cols = 1;
    const int rows = (n + cols - 1) / std::max(cols, 1);
    const int w = (column.width() - gap * (cols - 1)) / cols;
    const int h = std::clamp((avail - gap * (rows - 1)) / std::max(rows, 1), 6, fh * 3 + 8);
    const int top = column.top() + fh + 4 + std::max(0, (avail - (rows * h + (rows - 1) * gap)) / 2);
    for (int k = 0; k < n; ++k) {
        const int row = k % rows, col = k / rows;
        paintNode(p, QRect(column.left() + col * (w + gap), top + row * (h + gap), w, h),
                  m_snap.threads[threads[k]]);
    }
}

void PipelineDiagram::paintNode(QPainter &p, const QRect &r, const ThreadInfo &t)
{
    const int fh = fontMetrics().height();
    QPainterPath path;
    path.addRoundedRect(QRectF(r), 4, 4);
    // Filled as a path: an antialiased clip path would cost more than the rest of the node.
    StatePalette::fill(&p, path, t.state);
    p.setPen(QPen(palette().text().color(), 1));
    p.setBrush(Qt::NoBrush);
    p.drawPath(path);
    p.setPen(StatePalette::textColor(t.state));
    QString line2 = StatePalette::name(t.state);
    const QString activity = UiText::activityName(t.activity);
    if (t.state == ThreadState::Running && !activity.isEmpty())
        line2 += QStringLiteral(" · ") + activity;
    const QRect inner = r.adjusted(6, 1, -6, -1);
    if (r.height() >= fh * 2 + 2) {
        QFont bold = font();
        bold.setBold(true);
        p.setFont(bold);
        p.drawText(QRect(inner.left(), inner.center().y() - fh, inner.width(), fh), Qt::AlignCenter,
                   QFontMetrics(bold).elidedText(UiText::threadLabel(m_snap.topology.get(), t.name),
                                                 Qt::ElideMiddle, inner.width()));
        p.setFont(font());
        p.drawText(QRect(inner.left(), inner.center().y(), inner.width(), fh), Qt::AlignCenter,
                   fontMetrics().elidedText(line2, Qt::ElideRight, inner.width()));
    } else if (r.height() >= fh - 2) {
        p.drawText(inner, Qt::AlignCenter,
                   fontMetrics().elidedText(UiText::threadLabel(m_snap.topology.get(), t.name) +
                                                QStringLiteral(": ") + line2,
                                            Qt::ElideRight, inner.width()));
    }
    QString tip = QStringLiteral("<b>%1</b> (%2)<br>%3 — %4")
                      .arg(t.name.toHtmlEscaped(), UiText::roleName(t.role), StatePalette::name(t.state),
                           UiText::duration(m_snap.tUs - t.stateSinceUs));
    if (!activity.isEmpty())
        tip += QStringLiteral("<br>") + activity;
    if (!t.detail.isEmpty())
        tip += QStringLiteral("<br>") + t.detail.toHtmlEscaped();
    tip += QStringLiteral("<br><i>%1</i>").arg(StatePalette::explanation(t.state));
    m_hits.append({r, tip});
}

void PipelineDiagram::paintArrow(QPainter &p, int x0, int x1, int y, const QString &label)
{
    if (x1 - x0 < 8)
        return;
    p.setPen(QPen(palette().text().color(), 2));
    p.drawLine(x0, y, x1 - 6, y);
    p.setBrush(palette().text());
    p.drawPolygon(QPolygon({QPoint(x1, y), QPoint(x1 - 9, y - 5), QPoint(x1 - 9, y + 5)}));
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    p.setFont(small);
    const QRect box(x0, y + 4, x1 - x0, QFontMetrics(small).height() * 3);
    p.drawText(box, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, label);
    p.setFont(font());
}

bool PipelineDiagram::event(QEvent *e)
{
    if (e->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(e);
        for (const Hit &hit : std::as_const(m_hits)) {
            if (hit.rect.contains(help->pos())) {
                QToolTip::showText(help->globalPos(), hit.tip, this, hit.rect);
                return true;
            }
        }
        QToolTip::hideText();
        return true;
    }
    return QWidget::event(e);
}

void PipelineDiagram::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange || e->type() == QEvent::FontChange) {
        updateGeometry();
        update();
    }
    QWidget::changeEvent(e);
}

} // namespace qs
