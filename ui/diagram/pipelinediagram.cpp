#include "diagram/pipelinediagram.h"

#include "common/statepalette.h"
#include "common/uitext.h"

#include <QHelpEvent>
#include <QPaintEvent>
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
    return k == PipelineStage::Kind::Queue ? 1.5 : k == PipelineStage::Kind::Files ? 1.1 : 1.6;
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
    const QList<PipelineStage> stages = PipelineLayout::stages(snap);
    const QList<int> others = PipelineLayout::otherThreads(snap);
    const bool sameShape = stages == m_stages && others == m_others && snap.topology == m_snap.topology &&
                           snap.threads.size() == m_snap.threads.size() &&
                           snap.queues.size() == m_snap.queues.size();
    const bool wasDataset = m_dataset;
    m_snap = snap;
    m_snap.events.clear(); // not drawn here; keep the copy small
    m_stages = stages;
    m_others = others;
    m_dataset = false;
    for (const PipelineStage &s : std::as_const(m_stages))
        m_dataset |= s.kind == PipelineStage::Kind::Queue &&
                     snap.queues[s.queue].type.endsWith(QLatin1String("Dataset"));
    if (!sameShape || m_dataset != wasDataset) // the columns move: repaint it all
        m_parts.clear();
    bool all = false;
    const QRegion changed = m_parts.changed(partKeys(), &all);
    if (all)
        update();
    else if (!changed.isEmpty())
        update(changed);
}

// One key a part, in the order paintEvent paints them: all that the part shows, given the
// shape (stages, the threads in them, the topology) and the geometry, which repaint it all.
QStringList PipelineDiagram::partKeys() const
{
    QStringList keys;
    const bool live = m_snap.run == RunState::Running || m_snap.run == RunState::Stopping;
    auto node = [&](int index) {
        const ThreadInfo &t = m_snap.threads[index];
        keys << QStringLiteral("%1 %2 %3").arg(int(t.state)).arg(int(t.activity)).arg(t.name);
    };
    for (const PipelineStage &s : std::as_const(m_stages)) {
        if (s.kind == PipelineStage::Kind::Queue) {
            const QueueInfo &q = m_snap.queues[s.queue];
            QString key = QStringLiteral("%1/%2 %3 %4 %5 %6")
                              .arg(q.size)
                              .arg(q.capacity)
                              .arg(q.minAfterDequeue)
                              .arg(q.closed)
                              .arg(q.name, q.type);
            if (live)
                key += QLatin1Char(' ') + UiText::rate(q.enqueuePerSec) + QLatin1Char(' ') +
                       UiText::rate(q.dequeuePerSec);
            keys << key;
        } else if (s.kind == PipelineStage::Kind::Threads) {
            keys << QStringLiteral("title");
            for (int t : s.threads)
                node(t);
        }
    }
    if (!m_others.isEmpty()) {
        keys << QStringLiteral("coordination");
        for (int t : m_others)
            node(t);
    }
    return keys;
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
    case ThreadRole::Worker:
        return tr("%n worker(s)", nullptr, count);
    default:
        return tr("%n other thread(s)", nullptr, count);
    }
}

QString PipelineDiagram::arrowLabel(int stage) const
{
    if (m_dataset)
        return {};
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

void PipelineDiagram::paintEvent(QPaintEvent *e)
{
    QPainter p(this);
    m_hits.clear();
    m_labels.clear();
    if (m_snap.threads.isEmpty() && m_snap.queues.isEmpty()) {
        m_parts.clear();
        p.fillRect(rect(), palette().base());
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
    const int gap = m_dataset ? std::max(fh * 2, main.width() / 40) : std::max(fh * 4, main.width() / 16);
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
    // The background, the arrows and the files change only with the layout and the words: they
    // are painted once into a layer, which later frames copy (with its labels and hits, first
    // in their lists as they were painted first).
    const qreal dpr = devicePixelRatioF();
    QStringList words;
    for (int i = 0; i + 1 < columns.size(); ++i)
        words << arrowLabel(i);
    QString key = QStringLiteral("%1x%2@%3 %4 %5 %6|")
                      .arg(width())
                      .arg(height())
                      .arg(dpr)
                      .arg(font().key())
                      .arg(palette().cacheKey())
                      .arg(tr("TFRecord files"));
    for (int i = 0; i < m_stages.size(); ++i)
        key += QStringLiteral("%1:%2,%3;")
                   .arg(int(m_stages[i].kind))
                   .arg(columns[i].x())
                   .arg(columns[i].width());
    key += words.join(QLatin1Char('|'));
    if (key != m_layer.key) {
        m_layer.image = QImage((QSizeF(size()) * dpr).toSize(), QImage::Format_RGB32);
        m_layer.image.setDevicePixelRatio(dpr);
        QPainter lp(&m_layer.image);
        lp.setFont(font());
        lp.fillRect(rect(), palette().base()); // before antialiasing: a plain fill is a fast one
        lp.setRenderHint(QPainter::Antialiasing);
        for (int i = 0; i + 1 < columns.size(); ++i)
            paintArrow(lp, columns[i].right() + 4, columns[i + 1].left() - 4, main.center().y(), words[i]);
        for (int i = 0; i < m_stages.size(); ++i)
            if (m_stages[i].kind == PipelineStage::Kind::Files)
                paintFiles(lp, columns[i]);
        m_layer.hits = m_hits;
        m_layer.labels = m_labels;
        m_layer.key = key;
    } else {
        m_hits = m_layer.hits;
        m_labels = m_layer.labels;
    }
    // The layer is copied one rectangle of the repainted region at a time: under a clip of
    // several rectangles the raster engine blends an image span by span and hands the spans
    // to Qt's GUI thread pool, then waits for them behind the run's busy threads; under a
    // one-rectangle clip it copies the rows itself.
    const QRegion dirty = e->region();
    for (const QRect &r : dirty) {
        p.setClipRect(r);
        p.drawImage(QRectF(r), m_layer.image, QRectF(QPointF(r.topLeft()) * dpr, QSizeF(r.size()) * dpr));
    }
    p.setClipping(false);
    p.setRenderHint(QPainter::Antialiasing);
    int part = 0;
    const auto paintPart = [&](const QRect &rect, const auto &paint) {
        const int index = part++;
        if (!m_parts.wanted(index, rect, dirty, &m_hits, &m_labels))
            return;
        const qsizetype hits = m_hits.size();
        const qsizetype labels = m_labels.size();
        paint();
        m_parts.done(index, m_hits, hits, m_labels, labels);
    };
    for (int i = 0; i < m_stages.size(); ++i) {
        const PipelineStage &s = m_stages[i];
        if (s.kind == PipelineStage::Kind::Files)
            continue; // in the layer
        else if (s.kind == PipelineStage::Kind::Queue)
            // The closed mark and the floor's dashes reach a little past the column.
            paintPart(columns[i].adjusted(-3, -3, 3, 3), [&] { paintQueue(p, columns[i], s.queue); });
        else
            paintThreads(p, columns[i], s.threads, groupTitle(s.role, int(s.threads.size())), paintPart);
    }
    if (!m_others.isEmpty()) {
        const QRect row(8, height() - othersH, width() - 16, othersH - 4);
        const QString title = tr("coordination:");
        const int tw = m_text.advance(font(), title) + 8;
        const QRect titleRect(row.left(), row.top(), tw, row.height());
        paintPart(titleRect, [&] {
            p.setPen(palette().text().color());
            drawLabel(p, titleRect, Qt::AlignVCenter, title);
        });
        const int w = std::min(fh * 12, (row.width() - tw) / int(m_others.size()));
        for (int i = 0; i < m_others.size(); ++i) {
            const QRect r(row.left() + tw + i * w, row.top(), w - 6, row.height());
            paintPart(r.adjusted(-1, -1, 1, 1), [&] { paintNode(p, r, m_others[i], false); });
        }
    }
    m_parts.truncate(part);
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
    const QRect inner = r.adjusted(4, 4, -12, -12);
    const QString text = tr("TFRecord files");
    const int space = int(text.indexOf(QLatin1Char(' ')));
    if (m_text.advance(font(), text) <= inner.width() || space < 0) {
        drawLabel(p, QRect(inner.left(), inner.center().y() - fh / 2, inner.width(), fh), Qt::AlignCenter,
                  text);
    } else { // "TFRecord" above "files" where the column is narrow
        drawLabel(p, QRect(inner.left(), inner.center().y() - fh, inner.width(), fh), Qt::AlignCenter,
                  text.left(space));
        drawLabel(p, QRect(inner.left(), inner.center().y(), inner.width(), fh), Qt::AlignCenter,
                  text.mid(space + 1));
    }
    m_hits.append({r, [text] {
                       return QStringLiteral("<b>%1</b><br>%2")
                           .arg(text.toHtmlEscaped(), tr("The input files; their names go round the "
                                                         "filename queue once per epoch."));
                   }});
}

QString PipelineDiagram::queueSizeText(const QueueInfo &q) const
{
    return tr("%1 / %2").arg(q.size).arg(q.capacity);
}

bool PipelineDiagram::countInBar(const QueueInfo &q, int width)
{
    return m_text.advance(font(), queueSizeText(q)) + fontMetrics().height() / 2 <= width - 4;
}

// The lines under a queue's bar in a column `width` wide, all of them: the count where the bar
// has no room for it, the rates while the run goes (once it is over there is no "now"), the
// floor, closed.
QStringList PipelineDiagram::queueLines(const QueueInfo &q, int width)
{
    QStringList lines;
    if (!countInBar(q, width))
        lines << queueSizeText(q);
    const bool live = m_snap.run == RunState::Running || m_snap.run == RunState::Stopping;
    if (live) {
        const QString in = tr("in %1").arg(UiText::rate(q.enqueuePerSec));
        const QString out = tr("out %1").arg(UiText::rate(q.dequeuePerSec));
        const QString both = in + QStringLiteral(" · ") + out;
        if (m_text.advance(font(), both) <= width)
            lines << both;
        else
            lines << in << out;
    }
    if (q.minAfterDequeue > 0) {
        const QString longFloor = tr("floor (min_after_dequeue) %1").arg(q.minAfterDequeue);
        lines << (m_text.advance(font(), longFloor) <= width ? longFloor
                                                             : tr("floor %1").arg(q.minAfterDequeue));
    }
    if (q.closed)
        lines << tr("closed");
    return lines;
}

void PipelineDiagram::paintQueue(QPainter &p, const QRect &column, int queue)
{
    const QueueInfo &q = m_snap.queues[queue];
    const int fh = fontMetrics().height();
    QFont bold = font();
    bold.setBold(true);

    // What the column would show: the name (split after its last slash where it is too wide:
    // "shuffle_batch/" over "random_shuffle_queue"), the type, the bar with its count, and
    // the lines under it.
    QStringList nameLines{q.name};
    const int slash = int(q.name.lastIndexOf(QLatin1Char('/')));
    if (m_text.advance(bold, q.name) > column.width() && slash > 0)
        nameLines = {q.name.left(slash + 1), q.name.mid(slash + 1)};
    const QString sizeText = queueSizeText(q);
    const int plateW = m_text.advance(font(), sizeText) + fh / 2;
    const bool inBar = countInBar(q, column.width());
    QStringList lines = queueLines(q, column.width());

    // Where the column is short (a small screen, a large zoom) it gives up, in this order, the
    // lines under the bar from the last, the bar's full height, the type and the name's second
    // line: the tooltip still has all of them.
    bool showType = true;
    int barH = fh * 2;
    auto height = [&] {
        return int(nameLines.size()) * fh + (showType ? fh : 0) + 4 + barH + (lines.isEmpty() ? 0 : 4) +
               int(lines.size()) * fh;
    };
    while (height() > column.height()) {
        if (!lines.isEmpty())
            lines.removeLast();
        else if (barH > fh + 6)
            barH = fh + 6;
        else if (showType)
            showType = false;
        else if (nameLines.size() > 1)
            nameLines = {q.name};
        else
            break;
    }
    const int top = column.top() + std::max(0, (column.height() - height()) / 2);
    int y = top;
    p.setFont(bold);
    p.setPen(palette().text().color());
    for (const QString &line : std::as_const(nameLines)) {
        drawLabel(p, QRect(column.left(), y, column.width(), fh), Qt::AlignHCenter | Qt::AlignBottom, line);
        y += fh;
    }
    p.setFont(font());
    if (showType) {
        // "ParallelMapDataset" gives up its suffix before being cut: "ParallelMap".
        QString type = q.type;
        if (m_text.advance(font(), type) > column.width() && type.endsWith(QLatin1String("Dataset")))
            type.chop(7);
        drawLabel(p, QRect(column.left(), y, column.width(), fh), Qt::AlignHCenter | Qt::AlignBottom, type);
        y += fh;
    }
    const QRect bar(column.left(), y + 4, column.width(), barH);

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
        p.drawLine(QPointF(fx, bar.top() - 2), QPointF(fx, bar.bottom() + 2));
    }
    if (q.closed) {
        p.setPen(QPen(Qt::black, 4));
        p.drawLine(bar.topLeft(), bar.bottomLeft());
    }
    // The count on a plate of its own, so neither the fill's edge nor the floor's dashes run
    // through its digits; under the bar where the bar is too short for it.
    if (inBar) {
        const QRect plate(bar.center().x() - plateW / 2, bar.center().y() - fh / 2 - 1, plateW, fh + 2);
        p.setPen(Qt::NoPen);
        p.setBrush(palette().base());
        p.drawRoundedRect(plate, 3, 3);
        p.setPen(palette().text().color());
        drawLabel(p, plate.intersected(column), Qt::AlignCenter, sizeText);
    }
    p.setPen(palette().text().color());
    y = bar.bottom() + 4;
    for (const QString &line : std::as_const(lines)) {
        drawLabel(p, QRect(column.left(), y, column.width(), fh), Qt::AlignHCenter | Qt::AlignTop, line);
        y += fh;
    }

    // The tip tells the queue as it is when asked (a column that did not change is not painted
    // again), with every line under the bar, shown or not.
    m_hits.append({QRect(column.left(), top, column.width(), std::max(y, bar.bottom()) - top),
                   [this, queue, width = column.width()] {
                       if (queue >= m_snap.queues.size())
                           return QString();
                       const QueueInfo &now = m_snap.queues[queue];
                       return queueTip(now, queueSizeText(now), queueLines(now, width));
                   }});
}

QString PipelineDiagram::queueTip(const QueueInfo &q, const QString &sizeText, const QStringList &allLines)
{
    QString tip = QStringLiteral("<b>%1</b> (%2) %3<br>").arg(q.name.toHtmlEscaped(), q.type, sizeText);
    if (q.enqueued >= 0)
        tip += tr("%1 of %2 elements; %3 enqueued and %4 dequeued since the start.")
                   .arg(q.size)
                   .arg(q.capacity)
                   .arg(UiText::count(q.enqueued), UiText::count(q.dequeued));
    else // a past instant: the record keeps sizes, not the totals
        tip += tr("%1 of %2 elements.").arg(q.size).arg(q.capacity);
    for (const QString &line : allLines) // the lines under the bar, whole, shown or not
        tip += QStringLiteral("<br>") + line.toHtmlEscaped();
    if (q.minAfterDequeue > 0)
        tip += QStringLiteral("<br>") +
               tr("The dashed line is min_after_dequeue: a dequeue waits while fewer elements would remain, "
                  "so the shuffle has enough to mix (until the queue is closed).");
    if (q.closed)
        tip += QStringLiteral("<br>") +
               tr("Closed: no more enqueues; dequeues drain what is left, then end the input.");
    return tip;
}

template<typename PaintPart>
void PipelineDiagram::paintThreads(QPainter &p, const QRect &column, const QList<int> &threads,
                                   const QString &title, const PaintPart &paintPart)
{
    const int fh = fontMetrics().height();
    const QRect titleRect(column.left(), column.top(), column.width(), fh);
    paintPart(titleRect, [&] {
        p.setPen(palette().text().color());
        QFont bold = font();
        bold.setBold(true);
        p.setFont(bold);
        drawLabel(p, titleRect, Qt::AlignHCenter, title);
        p.setFont(font());
    });
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
        const QRect r(column.left() + col * (w + gap), top + row * (h + gap), w, h);
        paintPart(r.adjusted(-1, -1, 1, 1), [&] { paintNode(p, r, threads[k], true); });
    }
}

void PipelineDiagram::paintBox(QPainter &p, const QRect &r, ThreadState state)
{
    // A thread's box (its state's fill in a rounded outline) is the same for every reader of a
    // group in one state, and antialiased outlines are slow to draw: each is drawn once into an
    // image and copied. A pattern lines up with the widget's origin, so the box's position
    // modulo the pattern's 8 pixels is part of its key.
    const qreal dpr = devicePixelRatioF();
    const quint64 key = quint64(r.width() & 0xFFFF) << 40 | quint64(r.height() & 0xFFFF) << 24 |
                        quint64(int(state)) << 8 | quint64((r.x() & 7) << 3 | (r.y() & 7));
    auto it = m_boxes.constFind(key);
    if (it == m_boxes.cend() || it->devicePixelRatio() != dpr) {
        if (m_boxes.size() >= 64)
            m_boxes.clear();
        QImage box(QSize(r.width() + 2, r.height() + 2) * dpr, QImage::Format_ARGB32_Premultiplied);
        box.setDevicePixelRatio(dpr);
        box.fill(Qt::transparent);
        {
            QPainter bp(&box);
            bp.setRenderHint(QPainter::Antialiasing);
            bp.translate(1 - r.x(), 1 - r.y()); // the widget's coordinates, so patterns line up
            QPainterPath path;
            path.addRoundedRect(QRectF(r), 4, 4);
            // Filled as a path: an antialiased clip path would cost more than the rest of the node.
            StatePalette::fill(&bp, path, state);
            bp.setPen(QPen(palette().text().color(), 1));
            bp.setBrush(Qt::NoBrush);
            bp.drawPath(path);
        }
        it = m_boxes.insert(key, box);
    }
    p.drawImage(QPoint(r.x() - 1, r.y() - 1), *it);
}

// "running · dequeuing": the state, with the activity while it runs.
QString PipelineDiagram::stateText(const ThreadInfo &t)
{
    QString text = StatePalette::name(t.state);
    const QString activity = UiText::activityName(t.activity);
    if (t.state == ThreadState::Running && !activity.isEmpty())
        text += QStringLiteral(" · ") + activity;
    return text;
}

void PipelineDiagram::paintNode(QPainter &p, const QRect &r, int thread, bool inGroup)
{
    const ThreadInfo &t = m_snap.threads[thread];
    const int fh = fontMetrics().height();
    paintBox(p, r, t.state);
    p.setPen(StatePalette::textColor(t.state));
    const QRect inner = r.adjusted(6, 1, -6, -1);
    // Where "running · dequeuing" does not fit, the state alone does.
    QString line2 = stateText(t);
    if (m_text.advance(font(), line2) > inner.width())
        line2 = StatePalette::name(t.state);
    const QString label = UiText::threadLabel(m_snap.topology.get(), t.name);
    // Where the whole label does not fit, its last words do ("interleave_3 reader 1" ->
    // "reader 1"): the column's title and the tooltip say the rest.
    auto fitting = [&](const QString &text, const QFont &f, const QString &suffix) {
        QString shown = text;
        while (inGroup && m_text.advance(f, shown + suffix) > inner.width() &&
               shown.contains(QLatin1Char(' ')))
            shown = shown.section(QLatin1Char(' '), 1);
        return shown;
    };
    if (r.height() >= fh * 2 + 2) {
        QFont bold = font();
        bold.setBold(true);
        p.setFont(bold);
        drawLabel(p, QRect(inner.left(), inner.center().y() - fh, inner.width(), fh), Qt::AlignCenter,
                  fitting(label, bold, QString()));
        p.setFont(font());
        drawLabel(p, QRect(inner.left(), inner.center().y(), inner.width(), fh), Qt::AlignCenter, line2);
    } else if (r.height() >= fh - 2) {
        // One line: "reader 1: waiting", else in a group the state alone (its colour says it
        // too, and the title who it is), elsewhere the name.
        const QString suffix = QStringLiteral(": ") + line2;
        const QString shortLabel = fitting(label, font(), suffix);
        const QString text = m_text.advance(font(), shortLabel + suffix) <= inner.width()
                                 ? shortLabel + suffix
                             : inGroup ? line2
                                       : label;
        drawLabel(p, QRect(inner.left(), inner.center().y() - fh / 2, inner.width(), fh), Qt::AlignCenter,
                  text);
    }
    // The tip tells the thread as it is when asked (a node that did not change is not painted
    // again): how long it has been in its state goes on.
    m_hits.append({r, [this, thread] {
                       if (thread >= m_snap.threads.size())
                           return QString();
                       const ThreadInfo &now = m_snap.threads[thread];
                       return nodeTip(now, UiText::threadLabel(m_snap.topology.get(), now.name),
                                      stateText(now), UiText::activityName(now.activity), m_snap.tUs);
                   }});
}

// The tooltip holds every word the node may have elided: the full name, the view's label, the
// state with its activity.
QString PipelineDiagram::nodeTip(const ThreadInfo &t, const QString &label, const QString &stateText,
                                 const QString &activity, qint64 nowUs)
{
    QString tip = QStringLiteral("<b>%1</b>").arg(t.name.toHtmlEscaped());
    if (label != t.name)
        tip += QStringLiteral(" — ") + label.toHtmlEscaped();
    tip += QStringLiteral(" (%1)<br>%2 — %3")
               .arg(UiText::roleName(t.role), stateText.toHtmlEscaped(),
                    UiText::duration(nowUs - t.stateSinceUs));
    if (t.state != ThreadState::Running && !activity.isEmpty())
        tip += QStringLiteral("<br>") + activity;
    if (!t.detail.isEmpty())
        tip += QStringLiteral("<br>") + t.detail.toHtmlEscaped();
    tip += QStringLiteral("<br><i>%1</i>").arg(StatePalette::explanation(t.state));
    return tip;
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
    // Word by word onto at most three lines, each elided in the middle if one word is too long
    // for the gap ("dequeue_many" over a narrow one); the whole label is the tooltip.
    const QFontMetrics fm(small);
    const int w = x1 - x0;
    QStringList lines;
    for (const QString &word : label.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (!lines.isEmpty() && m_text.advance(small, lines.last() + QLatin1Char(' ') + word) <= w)
            lines.last() += QLatin1Char(' ') + word;
        else
            lines << word;
    }
    if (lines.size() > 3) {
        lines[2] = lines.mid(2).join(QLatin1Char(' '));
        lines = lines.mid(0, 3);
    }
    for (int i = 0; i < lines.size(); ++i)
        drawLabel(p, QRect(x0, y + 4 + i * fm.height(), w, fm.height()), Qt::AlignHCenter | Qt::AlignTop,
                  lines[i]);
    m_hits.append({QRect(x0, y - 6, w, 10 + int(lines.size()) * fm.height()),
                   [label] { return label.toHtmlEscaped(); }});
    p.setFont(font());
}

QRect PipelineDiagram::drawLabel(QPainter &p, const QRect &r, int align, const QString &text)
{
    const QFont font = p.font();
    const QString shown = m_text.fitted(font, text, r.width());
    const QRect covered = m_text.draw(&p, r, align, shown);
    m_labels.append({r, shown, text, m_text.advance(font, shown)});
    if (shown != text) // the whole text on hover; a box's own tooltip (added after) wins over it
        m_hits.append({r, [text] { return text.toHtmlEscaped(); }});
    return covered;
}

QString PipelineDiagram::toolTipAt(const QPoint &pos) const
{
    for (auto it = m_hits.crbegin(); it != m_hits.crend(); ++it)
        if (it->rect.contains(pos))
            return it->tip();
    return {};
}

bool PipelineDiagram::event(QEvent *e)
{
    if (e->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(e);
        // The newest first: a box's tooltip is added after the labels drawn in it.
        for (auto it = m_hits.crbegin(); it != m_hits.crend(); ++it) {
            if (it->rect.contains(help->pos())) {
                QToolTip::showText(help->globalPos(), it->tip(), this, it->rect);
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
    } else if (e->type() == QEvent::PaletteChange) {
        m_boxes.clear(); // their outlines are in the palette's text colour
    }
    QWidget::changeEvent(e);
}

} // namespace qs
