#include "schema/schemapreview.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

namespace qs {

namespace {
constexpr int kGap = 8;
}

SchemaPreview::SchemaPreview(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("schemaPreview"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void SchemaPreview::setTiles(QList<Tile> tiles)
{
    m_tiles = std::move(tiles);
    updateGeometry();
    update();
}

int SchemaPreview::decodedCount() const
{
    return int(
        std::count_if(m_tiles.begin(), m_tiles.end(), [](const Tile &t) { return !t.image.isNull(); }));
}

int SchemaPreview::captionHeight() const
{
    return 2 * fontMetrics().height();
}

QSize SchemaPreview::sizeHint() const
{
    return {int(std::max<qsizetype>(1, m_tiles.size())) * (kTileSide + kGap),
            kTileSide + captionHeight() + kGap};
}

QSize SchemaPreview::minimumSizeHint() const
{
    return {kTileSide + kGap, kTileSide + captionHeight() + kGap};
}

QRect SchemaPreview::tileRect(int i) const
{
    return {kGap / 2 + i * (kTileSide + kGap), kGap / 2, kTileSide, kTileSide};
}

void SchemaPreview::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QPalette pal = palette();
    if (m_tiles.isEmpty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No records to preview"));
        return;
    }
    for (int i = 0; i < m_tiles.size(); ++i) {
        const QRect r = tileRect(i);
        if (r.left() > width())
            break;
        const Tile &t = m_tiles[i];
        p.fillRect(r, pal.color(QPalette::AlternateBase));
        if (!t.image.isNull()) {
            const QImage scaled = t.image.scaled(r.size(), Qt::KeepAspectRatio,
                                                 t.image.width() < r.width() ? Qt::FastTransformation
                                                                             : Qt::SmoothTransformation);
            p.drawImage(r.center() - QPoint(scaled.width() / 2, scaled.height() / 2) + QPoint(1, 1), scaled);
        } else {
            p.setPen(QPen(pal.color(QPalette::Mid), 1, Qt::DashLine));
            p.drawRect(r.adjusted(0, 0, -1, -1));
            p.drawLine(r.topLeft(), r.bottomRight());
        }
        const QRect caption(r.left() - kGap / 2, r.bottom() + 2, r.width() + kGap, captionHeight());
        p.setPen(t.image.isNull() ? pal.color(QPalette::PlaceholderText) : pal.color(QPalette::WindowText));
        p.drawText(caption, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
                   fontMetrics().elidedText(t.caption, Qt::ElideRight, 2 * caption.width() - 8));
    }
}

bool SchemaPreview::event(QEvent *e)
{
    if (e->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(e);
        for (int i = 0; i < m_tiles.size(); ++i) {
            if (tileRect(i).adjusted(0, 0, 0, captionHeight()).contains(help->pos())) {
                QToolTip::showText(help->globalPos(), m_tiles[i].tooltip, this);
                return true;
            }
        }
        QToolTip::hideText();
        e->ignore();
        return true;
    }
    return QWidget::event(e);
}

} // namespace qs
