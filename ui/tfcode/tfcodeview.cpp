#include "tfcode/tfcodeview.h"

#include "common/statepalette.h"
#include "common/uitext.h"

#include <QApplication>
#include <QFontDatabase>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QTextBlock>
#include <QToolTip>

#include <map>

namespace qs {

// The gutter at the left: line numbers, with a strip in the state colour where threads are.
class TfLineNumberArea : public QWidget {
public:
    explicit TfLineNumberArea(TfCodeView *view)
        : QWidget(view)
        , m_view(view)
    {}
    QSize sizeHint() const override { return {m_view->lineNumberAreaWidth(), 0}; }

protected:
    void paintEvent(QPaintEvent *e) override { m_view->paintLineNumbers(e); }

private:
    TfCodeView *m_view;
};

// The strip at the right: where in the whole program the threads are, one tick per marked line,
// so a thread off screen is still seen. A click scrolls to that part of the program.
class TfOverviewStrip : public QWidget {
public:
    static constexpr int kWidth = 12;
    explicit TfOverviewStrip(TfCodeView *view)
        : QWidget(view)
        , m_view(view)
    {
        setObjectName(QStringLiteral("tfCodeOverview"));
        setCursor(Qt::PointingHandCursor);
    }

protected:
    void paintEvent(QPaintEvent *) override { m_view->paintOverview(this); }
    void mousePressEvent(QMouseEvent *e) override { m_view->scrollToFraction(e->position().y() / height()); }
    bool event(QEvent *e) override
    {
        if (e->type() == QEvent::ToolTip) {
            auto *help = static_cast<QHelpEvent *>(e);
            const QString tip = m_view->overviewTip(double(help->pos().y()) / height());
            if (tip.isEmpty())
                QToolTip::hideText();
            else
                QToolTip::showText(help->globalPos(), tip, this);
            return true;
        }
        return QWidget::event(e);
    }

private:
    TfCodeView *m_view;
};

TfCodeView::TfCodeView(QWidget *parent)
    : QPlainTextEdit(parent)
    , m_lineNumbers(new TfLineNumberArea(this))
    , m_overview(new TfOverviewStrip(this))
{
    setObjectName(QStringLiteral("tfCodeView"));
    setReadOnly(true);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    updateFont();
    connect(this, &QPlainTextEdit::blockCountChanged, this, &TfCodeView::updateMargins);
    connect(this, &QPlainTextEdit::updateRequest, this, [this](const QRect &rect, int dy) {
        if (dy)
            m_overview->update(); // the frame of what is in view moves
        if (dy)
            m_lineNumbers->scroll(0, dy);
        else
            m_lineNumbers->update(0, rect.y(), m_lineNumbers->width(), rect.height());
    });
    // Only what the user does to the scroll bar (drag, wheel, page) counts, not the view's own
    // scrolling nor a resize's clamping.
    connect(verticalScrollBar(), &QAbstractSlider::actionTriggered, this, [this] { m_follow = false; });
    updateMargins();
    setInput(TfCodeInput{});
}

void TfCodeView::setFollowing(bool on)
{
    m_follow = on;
    followMarks();
}

int TfCodeView::firstVisibleLine() const
{
    return verticalScrollBar()->value(); // one step per line: the lines do not wrap
}

int TfCodeView::visibleLineCount() const
{
    return std::max(1, viewport()->height() / std::max(1, fontMetrics().lineSpacing()));
}

void TfCodeView::scrollToLine(int line)
{
    verticalScrollBar()->setValue(std::clamp(line, 0, verticalScrollBar()->maximum()));
}

// All the highlighted lines in view where they fit (centred), else from the first of them.
void TfCodeView::followMarks()
{
    if (!m_follow || m_marks.isEmpty())
        return;
    const int first = m_marks.constFirst().line;
    const int last = m_marks.constLast().line;
    const int top = firstVisibleLine();
    const int shown = visibleLineCount();
    if (first >= top && last < top + shown)
        return;
    const int span = last - first + 1;
    scrollToLine(span <= shown ? first - (shown - span) / 2 : first);
}

void TfCodeView::updateFont()
{
    // A little smaller than the text around it: more of each line fits in a side panel.
    QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    const QFont app = QApplication::font();
    if (app.pointSizeF() > 0)
        fixed.setPointSizeF(app.pointSizeF() * 0.9);
    else if (app.pixelSize() > 0)
        fixed.setPixelSize(std::max(6, int(app.pixelSize() * 0.9)));
    setFont(fixed);
}

int TfCodeView::lineNumberAreaWidth() const
{
    const int digits = QString::number(std::max(1, blockCount())).size();
    return 10 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * digits + 6;
}

void TfCodeView::setInput(const TfCodeInput &input)
{
    TfProgram program = generateTfProgram(input);
    if (program.lines == m_program.lines && program.tags == m_program.tags)
        return;
    const int scroll = verticalScrollBar()->value();
    m_program = std::move(program);
    setPlainText(m_program.text());
    verticalScrollBar()->setValue(scroll);
    m_marks.clear();
    m_follow = true; // another program: its highlights are to be found again
    applyHighlights();
}

QList<TfCodeView::LineMark> TfCodeView::computeMarks(const TfProgram &program, const Snapshot &snap)
{
    std::map<int, LineMark> byLine;
    for (const ThreadInfo &t : snap.threads) {
        if (!hasTfCounterpart(snap.topology.get(), t.name))
            continue;
        const TopologyThread *part = snap.topology ? snap.topology->thread(t.name) : nullptr;
        const int line =
            program.lineOf(codeLineFor(part ? part->code : CodeRole::None, t.role, t.state, t.activity));
        if (line < 0)
            continue;
        LineMark &m = byLine[line];
        m.line = line;
        m.threads << t.name;
        m.labels << UiText::threadLabel(snap.topology.get(), t.name);
        m.states << t.state;
    }
    QList<LineMark> marks;
    for (auto &[line, mark] : byLine)
        marks << mark;
    return marks;
}

void TfCodeView::setSnapshot(const Snapshot &snap)
{
    QList<LineMark> marks = computeMarks(m_program, snap);
    if (marks == m_marks)
        return;
    if (m_marks.isEmpty())
        m_follow = true; // a new run
    m_marks = std::move(marks);
    applyHighlights();
    followMarks();
}

QStringList TfCodeView::threadsAt(int line) const
{
    for (const LineMark &m : m_marks)
        if (m.line == line)
            return m.threads;
    return {};
}

void TfCodeView::applyHighlights()
{
    QList<QTextEdit::ExtraSelection> selections;
    const QColor base = palette().base().color();
    for (const LineMark &m : std::as_const(m_marks)) {
        QTextEdit::ExtraSelection sel;
        const QColor c = StatePalette::color(m.states.constFirst());
        // Half the state's colour over the background keeps the code readable in either theme.
        sel.format.setBackground(
            QColor((c.red() + base.red()) / 2, (c.green() + base.green()) / 2, (c.blue() + base.blue()) / 2));
        sel.format.setProperty(QTextFormat::FullWidthSelection, true);
        sel.cursor = QTextCursor(document()->findBlockByNumber(m.line));
        selections << sel;
    }
    setExtraSelections(selections);
    m_lineNumbers->update();
    m_overview->update();
    viewport()->update();
}

QString TfCodeView::groupLabel(const QStringList &names)
{
    if (names.size() == 1)
        return names.first();
    static const QString separators = QStringLiteral("-_/ ");
    QString prefix = names.first();
    QString suffix = names.first();
    for (const QString &n : names) {
        while (!n.startsWith(prefix))
            prefix.chop(1);
        while (!n.endsWith(suffix))
            suffix.remove(0, 1);
    }
    while (!prefix.isEmpty() && separators.contains(prefix.back()))
        prefix.chop(1);
    while (!suffix.isEmpty() && separators.contains(suffix.front()))
        suffix.remove(0, 1);
    const QString common = prefix.size() >= 3 ? prefix : suffix;
    if (common.size() >= 3)
        return tr("%1 ×%2").arg(common).arg(names.size());
    return tr("%n threads", nullptr, int(names.size()));
}

QList<TfCodeView::Tag> TfCodeView::tags() const
{
    QList<Tag> list;
    const QFontMetricsF fm(font());
    const qreal pad = fm.horizontalAdvance(QLatin1Char(' '));
    for (const LineMark &m : m_marks) {
        const QTextBlock block = document()->findBlockByNumber(m.line);
        if (!block.isValid() || !block.layout() || block.layout()->lineCount() == 0)
            continue;
        const QRectF r = blockBoundingGeometry(block).translated(contentOffset());
        // One tag per state on the line: threads alike share it ("random_shuffle_queue ×2").
        QList<Tag> line;
        for (int i = 0; i < m.threads.size(); ++i) {
            auto same =
                std::find_if(line.begin(), line.end(), [&](const Tag &t) { return t.state == m.states[i]; });
            if (same == line.end())
                same = line.insert(line.end(), Tag{QRectF(), {}, {}, QString(), m.states[i]});
            same->threads << m.threads[i];
            same->labels << m.labels.value(i, m.threads[i]);
        }
        const qreal textEnd =
            r.left() + document()->documentMargin() + block.layout()->lineAt(0).naturalTextWidth() + 3 * pad;
        auto widthOf = [&] {
            qreal total = 0;
            for (const Tag &t : std::as_const(line))
                total += fm.horizontalAdvance(t.label) + 3 * pad;
            return total;
        };
        for (Tag &t : line) {
            t.label = groupLabel(t.labels);
        }
        // The names go after the line's text. In a panel too narrow for that they shrink to a
        // compact badge at the right end ("×2", "train…"), covering as little code as can be;
        // the tooltip still names every thread.
        if (textEnd + widthOf() > viewport()->width()) {
            for (Tag &t : line)
                t.label = t.threads.size() > 1 ? QStringLiteral("×%1").arg(t.threads.size())
                                               : fm.elidedText(t.label, Qt::ElideRight, 6 * pad);
        }
        qreal x = std::max(pad, std::min(textEnd, viewport()->width() - widthOf()));
        for (Tag &t : line) {
            const qreal w = fm.horizontalAdvance(t.label) + 2 * pad;
            t.rect = QRectF(x, r.top() + 1, w, r.height() - 2);
            x += w + pad;
            list << t;
        }
    }
    return list;
}

void TfCodeView::paintEvent(QPaintEvent *e)
{
    QPlainTextEdit::paintEvent(e);
    QPainter p(viewport());
    p.setRenderHint(QPainter::Antialiasing);
    for (const Tag &tag : tags()) {
        QPainterPath path;
        path.addRoundedRect(tag.rect, 4, 4);
        p.save();
        p.setClipPath(path);
        StatePalette::fill(&p, tag.rect, tag.state);
        p.restore();
        p.setPen(StatePalette::textColor(tag.state));
        p.drawText(tag.rect, Qt::AlignCenter, tag.label);
    }
}

void TfCodeView::paintLineNumbers(QPaintEvent *e)
{
    QPainter p(m_lineNumbers);
    p.fillRect(e->rect(), palette().window());
    QTextBlock block = firstVisibleBlock();
    qreal top = blockBoundingGeometry(block).translated(contentOffset()).top();
    const int w = m_lineNumbers->width();
    while (block.isValid() && top <= e->rect().bottom()) {
        const qreal h = blockBoundingRect(block).height();
        if (block.isVisible() && top + h >= e->rect().top()) {
            const int line = block.blockNumber();
            for (const LineMark &m : std::as_const(m_marks)) {
                if (m.line == line)
                    StatePalette::fill(&p, QRectF(0, top, 5, h), m.states.constFirst());
            }
            p.setPen(palette().placeholderText().color());
            p.drawText(QRectF(0, top, w - 6, h), Qt::AlignRight | Qt::AlignVCenter,
                       QString::number(line + 1));
        }
        block = block.next();
        top += h;
    }
}

void TfCodeView::updateMargins()
{
    setViewportMargins(lineNumberAreaWidth(), 0, TfOverviewStrip::kWidth, 0);
}

void TfCodeView::resizeEvent(QResizeEvent *e)
{
    QPlainTextEdit::resizeEvent(e);
    const QRect r = contentsRect();
    m_lineNumbers->setGeometry(QRect(r.left(), r.top(), lineNumberAreaWidth(), r.height()));
    const QRect v = viewport()->geometry();
    m_overview->setGeometry(QRect(v.right() + 1, v.top(), TfOverviewStrip::kWidth, v.height()));
}

void TfCodeView::paintOverview(QWidget *strip)
{
    QPainter p(strip);
    p.fillRect(strip->rect(), palette().window());
    const int lines = std::max(1, blockCount());
    const double h = double(strip->height());
    // The part of the program in view, as a frame.
    const int first = firstVisibleBlock().blockNumber();
    const int shown = viewport()->height() / std::max(1, fontMetrics().lineSpacing());
    p.setPen(palette().mid().color());
    p.drawRect(QRectF(0.5, h * first / lines, strip->width() - 1.0, std::max(3.0, h * shown / lines)));
    for (const LineMark &m : std::as_const(m_marks)) {
        const QRectF tick(2, h * m.line / lines, strip->width() - 4, std::max(3.0, h / lines));
        StatePalette::fill(&p, tick, m.states.constFirst());
    }
}

QString TfCodeView::overviewTip(double fraction) const
{
    const int lines = std::max(1, blockCount());
    QStringList parts;
    for (const LineMark &m : m_marks) {
        if (std::abs(double(m.line) / lines - fraction) * lines <= 2)
            parts << tr("line %1: %2").arg(m.line + 1).arg(m.threads.join(QStringLiteral(", ")));
    }
    return parts.join(QLatin1Char('\n'));
}

void TfCodeView::scrollToFraction(double fraction)
{
    const int line = std::clamp(int(fraction * blockCount()), 0, std::max(0, blockCount() - 1));
    m_follow = false; // the user chose where to look
    scrollToLine(line - visibleLineCount() / 2);
}

bool TfCodeView::viewportEvent(QEvent *e)
{
    if (e->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(e);
        for (const Tag &tag : tags()) {
            if (tag.rect.contains(help->pos())) {
                QStringList lines;
                for (const QString &t : tag.threads)
                    lines << QStringLiteral("<b>%1</b>: %2")
                                 .arg(t.toHtmlEscaped(), StatePalette::name(tag.state));
                QToolTip::showText(help->globalPos(),
                                   lines.join(QStringLiteral("<br>")) + QStringLiteral("<br>") +
                                       StatePalette::explanation(tag.state),
                                   viewport(), tag.rect.toAlignedRect());
                return true;
            }
        }
        QToolTip::hideText();
        return true;
    }
    return QPlainTextEdit::viewportEvent(e);
}

void TfCodeView::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::ApplicationFontChange) {
        updateFont();
        updateMargins();
    }
    if (e->type() == QEvent::PaletteChange)
        applyHighlights();
    QPlainTextEdit::changeEvent(e);
}

} // namespace qs
