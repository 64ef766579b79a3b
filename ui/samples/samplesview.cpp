#include "samples/samplesview.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace qs {

namespace {
constexpr int kPreviewIntervalMs = 200;
const QColor kRight(0x00, 0x72, 0xB2);
const QColor kWrong(0xD5, 0x5E, 0x00);
} // namespace

SamplesView::SamplesView(QWidget *parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

QSize SamplesView::sizeHint() const
{
    return {400, 300};
}
QSize SamplesView::minimumSizeHint() const
{
    return {160, 120};
}

QImage SamplesView::toImage(const Thumbnail &t)
{
    if (t.width <= 0 || t.height <= 0 || (t.channels != 1 && t.channels != 3))
        return {};
    const qsizetype stride = qsizetype(t.width) * t.channels;
    if (t.pixels.size() < stride * t.height)
        return {};
    const QImage::Format format = t.channels == 1 ? QImage::Format_Grayscale8 : QImage::Format_RGB888;
    // The wrapping QImage borrows the bytes; copy() detaches it from them.
    return QImage(reinterpret_cast<const uchar *>(t.pixels.constData()), t.width, t.height, stride, format)
        .copy();
}

QString SamplesView::className(const QStringList &names, int label)
{
    if (label < 0)
        return QStringLiteral("?");
    if (label < names.size() && !names[label].isEmpty())
        return names[label];
    return QString::number(label);
}

void SamplesView::setSnapshot(const Snapshot &snap, bool throttle)
{
    if (snap.batch.size() == m_batch.size() && snap.classNames == m_classNames) {
        bool same = true;
        for (int i = 0; same && i < m_batch.size(); ++i)
            same = snap.batch[i].pixels.isSharedWith(m_batch[i].pixels) &&
                   snap.batch[i].prediction == m_batch[i].prediction &&
                   snap.batch[i].label == m_batch[i].label;
        if (same)
            return;
    }
    if (throttle && snap.run == RunState::Running && m_sinceUpdate.isValid() &&
        m_sinceUpdate.elapsed() < kPreviewIntervalMs)
        return;
    m_sinceUpdate.start();
    m_batch = snap.batch;
    m_classNames = snap.classNames;
    m_images.clear();
    for (const Thumbnail &t : std::as_const(m_batch))
        m_images.append(toImage(t));
    invalidateGrid();
    update();
}

int SamplesView::headerHeight() const
{
    return fontMetrics().height() + 4;
}

QString SamplesView::predictionText(int i) const
{
    const Thumbnail &t = m_batch[i];
    if (t.prediction < 0)
        return tr("→ ?");
    return tr("→ %1").arg(className(m_classNames, t.prediction)) +
           (t.prediction == t.label ? QStringLiteral(" ✓") : QStringLiteral(" ✗"));
}

int SamplesView::captionWidth() const
{
    if (m_captionWidth >= 0)
        return m_captionWidth;
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics fm(bold);
    m_captionWidth = 0;
    for (int i = 0; i < m_batch.size(); ++i)
        m_captionWidth =
            std::max(m_captionWidth, fm.horizontalAdvance(className(m_classNames, m_batch[i].label) +
                                                          QLatin1Char(' ') + predictionText(i)));
    return m_captionWidth;
}

void SamplesView::invalidateGrid()
{
    m_captionWidth = -1;
    m_gridSize = QSize();
}

const SamplesView::Grid &SamplesView::grid() const
{
    if (m_gridSize == size())
        return m_grid;
    m_gridSize = size();
    const int n = int(m_images.size());
    auto linesFor = [this](int cellWidth) { return captionWidth() + 8 > cellWidth - 6 ? 2 : 1; };
    const int minWidth = fontMetrics().averageCharWidth() * 10; // room for a short class name
    const int minImage = fontMetrics().height() * 2;            // a shape still reads at this size
    const int room = height() - headerHeight();
    // The column count that gives the largest square-ish images to `count` cells; their side.
    auto bestFor = [&](int count, int *columns) {
        double bestSide = -1;
        for (int c = 1; c <= count; ++c) {
            if (c > 1 && width() / c < minWidth)
                break;
            const int rows = (count + c - 1) / c;
            const int caption = fontMetrics().height() * linesFor(width() / c) + 14;
            const double side = std::min(double(width()) / c - 14, double(room) / rows - caption);
            if (side > bestSide) {
                bestSide = side;
                *columns = c;
            }
        }
        return bestSide;
    };
    int best = 1;
    int shown = n;
    while (shown > 1 && bestFor(shown, &best) < minImage)
        --shown;
    if (shown >= 1)
        bestFor(shown, &best);
    const int rows = shown == 0 ? 1 : (shown + best - 1) / best;
    m_grid.columns = best;
    m_grid.cell = QSize(width() / best, room / rows);
    m_grid.captionLines = linesFor(m_grid.cell.width());
    m_grid.shown = shown;
    return m_grid;
}

QRect SamplesView::cellRect(const Grid &g, int i) const
{
    return QRect((i % g.columns) * g.cell.width(), headerHeight() + (i / g.columns) * g.cell.height(),
                 g.cell.width(), g.cell.height());
}

void SamplesView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    if (m_images.isEmpty()) {
        p.setPen(palette().placeholderText().color());
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                   tr("The latest batch appears here during training."));
        return;
    }
    const int fh = fontMetrics().height();
    p.setPen(palette().text().color());
    const Grid &g = grid();
    QString header = tr("label, then → prediction: ✓ right, ✗ wrong (dashed frame)");
    if (g.shown < m_images.size())
        header = tr("%1 of %2 samples").arg(g.shown).arg(m_images.size()) + QStringLiteral(" · ") + header;
    p.drawText(QRect(4, 0, width() - 8, fh + 4), Qt::AlignVCenter | Qt::AlignLeft,
               fontMetrics().elidedText(header, Qt::ElideRight, width() - 8));
    const int lines = g.captionLines;
    for (int i = 0; i < g.shown; ++i) {
        const QRect cell = cellRect(g, i).adjusted(3, 3, -3, -3);
        const Thumbnail &t = m_batch[i];
        const QImage &img = m_images[i];
        const QRect imageArea = cell.adjusted(4, 4, -4, -(fh * lines + 6));
        if (!img.isNull() && imageArea.width() > 0 && imageArea.height() > 0) {
            const double fit =
                std::min(double(imageArea.width()) / img.width(), double(imageArea.height()) / img.height());
            const double scale = fit >= 1 ? std::floor(fit) : fit;
            const QSize size(int(img.width() * scale), int(img.height() * scale));
            const QRect target(imageArea.center() - QPoint(size.width() / 2, size.height() / 2), size);
            p.setRenderHint(QPainter::SmoothPixmapTransform, scale < 1);
            p.drawImage(target, img);
        }
        const bool predicted = t.prediction >= 0;
        const bool right = predicted && t.prediction == t.label;
        if (predicted) {
            p.setPen(right ? QPen(kRight, 2) : QPen(kWrong, 3, Qt::DashLine));
            p.setBrush(Qt::NoBrush);
            p.drawRect(cell.adjusted(1, 1, -1, -1));
        }
        QFont f = font();
        f.setBold(predicted && !right);
        p.setFont(f);
        p.setPen(palette().text().color());
        const QFontMetrics fm(f);
        const QString label = className(m_classNames, t.label);
        const QString pred = predictionText(i);
        const QRect caption(cell.left() + 2, cell.bottom() - fh * lines - 2, cell.width() - 4, fh);
        if (lines == 1) {
            p.drawText(caption, Qt::AlignHCenter, label + QLatin1Char(' ') + pred);
        } else {
            p.drawText(caption, Qt::AlignHCenter, fm.elidedText(label, Qt::ElideRight, caption.width()));
            // The mark is never elided away: only the class name gives up room.
            const QString mark = pred.right(2);
            const QString head = predicted ? pred.chopped(2) : pred;
            p.drawText(caption.translated(0, fh), Qt::AlignHCenter,
                       fm.elidedText(head, Qt::ElideRight, caption.width() - fm.horizontalAdvance(mark)) +
                           (predicted ? mark : QString()));
        }
        p.setFont(font());
    }
}

bool SamplesView::event(QEvent *e)
{
    if (e->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(e);
        const Grid &g = grid();
        for (int i = 0; i < g.shown; ++i) {
            if (cellRect(g, i).contains(help->pos())) {
                const Thumbnail &t = m_batch[i];
                QString tip =
                    tr("label %1, prediction %2")
                        .arg(className(m_classNames, t.label), className(m_classNames, t.prediction));
                if (!t.source.isEmpty())
                    tip += QLatin1Char('\n') + tr("from %1").arg(t.source);
                tip += QLatin1Char('\n') +
                       tr("%1 × %2, %n channel(s)", nullptr, t.channels).arg(t.width).arg(t.height);
                QToolTip::showText(help->globalPos(), tip, this, cellRect(g, i));
                return true;
            }
        }
        QToolTip::hideText();
        return true;
    }
    return QWidget::event(e);
}

void SamplesView::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange || e->type() == QEvent::FontChange) {
        invalidateGrid(); // the captions' words or their width changed
        update();
    }
    QWidget::changeEvent(e);
}

} // namespace qs
