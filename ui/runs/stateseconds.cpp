#include "runs/stateseconds.h"

#include "charts/chartstyle.h"
#include "common/statepalette.h"
#include "common/uitext.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

namespace qs {

namespace {
const RoleTime *roleOf(const QList<RoleTime> &roles, ThreadRole r)
{
    for (const RoleTime &t : roles) {
        if (t.role == r)
            return &t;
    }
    return nullptr;
}

struct Part {
    ThreadState state;
    qint64 us;
    QRectF rect;
};

// A bar's parts, one per state the threads lived in, in the legend's order, `scale` px per µs
// of the area's width.
QList<Part> parts(const RoleTime &t, const QRect &area, double scale)
{
    QList<Part> out;
    double x = area.left();
    for (ThreadState s : StatePalette::legendOrder()) {
        const qint64 us = isFinalState(s) ? 0 : t.usIn[size_t(s)];
        if (us <= 0)
            continue;
        const double w = double(area.width()) * double(us) * scale;
        out.append(Part{s, us, QRectF(x, area.top(), w, area.height())});
        x += w;
    }
    return out;
}

QString threadSeconds(qint64 us)
{
    return StateSecondsView::tr("%1 thread-s").arg(double(us) / 1e6, 0, 'f', us < 10'000'000 ? 2 : 1);
}
} // namespace

StateSecondsView::StateSecondsView(QWidget *parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);
}

void StateSecondsView::setRuns(const QList<Run> &runs)
{
    m_runs = runs;
    updateGeometry();
    update();
}

QList<ThreadRole> StateSecondsView::roles() const
{
    QList<ThreadRole> out;
    for (int r = 0; r <= int(ThreadRole::Main); ++r) {
        const auto role = ThreadRole(r);
        if (std::any_of(m_runs.cbegin(), m_runs.cend(),
                        [role](const Run &run) { return roleOf(run.roles, role) != nullptr; }))
            out.append(role);
    }
    return out;
}

qint64 StateSecondsView::maxTotalUs() const
{
    qint64 most = 1;
    for (const Run &run : m_runs) {
        for (const RoleTime &t : run.roles)
            most = std::max(most, t.totalUs());
    }
    return most;
}

// Rows of one line each: the role's name on its first run's row, then the run's swatch and
// name, the bar and the total.
StateSecondsView::Layout StateSecondsView::layout() const
{
    Layout l;
    const QFontMetrics fm = fontMetrics();
    l.rowHeight = fm.height() + 4;
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics boldMetrics(bold);
    int roleWidth = 0;
    for (ThreadRole role : roles())
        roleWidth = std::max(roleWidth, boldMetrics.horizontalAdvance(UiText::roleName(role)));
    l.roleWidth = std::min(roleWidth, width() / 5) + 8;
    for (const Run &run : m_runs)
        l.labelWidth = std::max(l.labelWidth, fm.horizontalAdvance(run.name));
    l.labelWidth = std::min(l.labelWidth, width() / 5) + l.rowHeight; // the swatch before the name
    l.totalWidth = fm.horizontalAdvance(threadSeconds(maxTotalUs())) + 8;
    int y = 2;
    for (ThreadRole role : roles()) {
        l.headers.append({role, y});
        for (int i = 0; i < m_runs.size(); ++i) {
            l.bars.append(Bar{role, i, QRect(0, y, width(), l.rowHeight)});
            y += l.rowHeight;
        }
        y += 4;
    }
    l.height = y;
    return l;
}

QList<StateSecondsView::Bar> StateSecondsView::bars() const
{
    return layout().bars;
}

QRect StateSecondsView::barArea(const Bar &bar, const Layout &l) const
{
    const int left = l.roleWidth + l.labelWidth + 6;
    const int right = width() - l.totalWidth;
    return QRect(left, bar.rect.top() + 2, std::max(1, right - left), bar.rect.height() - 4);
}

QSize StateSecondsView::sizeHint() const
{
    return {360, std::max(fontMetrics().height() * 3, layout().height)};
}

QSize StateSecondsView::minimumSizeHint() const
{
    return {200, fontMetrics().height() * 3};
}

void StateSecondsView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    const Layout l = layout();
    if (m_runs.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect().adjusted(8, 4, -8, -4), Qt::AlignCenter | Qt::TextWordWrap,
                   tr("Tick Compare beside two runs to see their threads' time side by side."));
        return;
    }
    const QFontMetrics fm = fontMetrics();
    QFont bold = font();
    bold.setBold(true);
    for (const auto &[role, y] : l.headers) {
        p.setFont(bold);
        p.setPen(palette().color(QPalette::Text));
        p.drawText(QRect(4, y, l.roleWidth - 6, l.rowHeight), Qt::AlignLeft | Qt::AlignVCenter,
                   QFontMetrics(bold).elidedText(UiText::roleName(role), Qt::ElideRight, l.roleWidth - 6));
    }
    p.setFont(font());
    const double scale = 1.0 / double(maxTotalUs());
    for (const Bar &bar : l.bars) {
        const Run &run = m_runs[bar.run];
        const QRect swatch(l.roleWidth, bar.rect.top() + 3, l.rowHeight - 8, l.rowHeight - 6);
        p.fillRect(swatch, overlayColor(run.colour));
        p.setPen(palette().color(QPalette::Text));
        const QRect label(swatch.right() + 4, bar.rect.top(), l.labelWidth - swatch.width() - 6,
                          bar.rect.height());
        p.drawText(label, Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(run.name, Qt::ElideMiddle, label.width()));
        const RoleTime *t = roleOf(run.roles, bar.role);
        const QRect area = barArea(bar, l);
        if (!t) {
            p.setPen(palette().color(QPalette::PlaceholderText));
            p.drawText(area, Qt::AlignLeft | Qt::AlignVCenter,
                       fm.elidedText(tr("no such thread in this run"), Qt::ElideRight, area.width()));
            continue;
        }
        for (const Part &part : parts(*t, area, scale))
            StatePalette::fill(&p, part.rect, part.state);
        p.setPen(palette().color(QPalette::Text));
        p.drawText(QRect(width() - l.totalWidth + 4, bar.rect.top(), l.totalWidth - 4, bar.rect.height()),
                   Qt::AlignLeft | Qt::AlignVCenter, threadSeconds(t->totalUs()));
    }
}

QString StateSecondsView::toolTipAt(const QPoint &pos) const
{
    const Layout l = layout();
    const double scale = 1.0 / double(maxTotalUs());
    for (const Bar &bar : l.bars) {
        if (!bar.rect.contains(pos))
            continue;
        const Run &run = m_runs[bar.run];
        const RoleTime *t = roleOf(run.roles, bar.role);
        if (!t)
            return {};
        const QRect area = barArea(bar, l);
        const QString who =
            tr("%1 · %2 (%n thread(s))", nullptr, t->threads).arg(run.name, UiText::roleName(bar.role));
        for (const Part &part : parts(*t, area, scale)) {
            if (pos.x() >= part.rect.left() && pos.x() < part.rect.right())
                return tr("%1\n%2: %3 s (%4 % of its thread time)")
                    .arg(who, StatePalette::name(part.state))
                    .arg(double(part.us) / 1e6, 0, 'f', 3)
                    .arg(100.0 * double(part.us) / double(std::max<qint64>(1, t->totalUs())), 0, 'f', 1);
        }
        return tr("%1\n%2 in all").arg(who, threadSeconds(t->totalUs()));
    }
    return {};
}

bool StateSecondsView::event(QEvent *e)
{
    if (e->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(e);
        const QString tip = toolTipAt(help->pos());
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), tip, this);
        return true;
    }
    return QWidget::event(e);
}

} // namespace qs
