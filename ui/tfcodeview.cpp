#include "ui/tfcodeview.h"

#include "ui/statepalette.h"
#include "ui/uitext.h"

#include <QApplication>
#include <QFontDatabase>
#include <QHelpEvent>
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

TfCodeView::TfCodeView(QWidget *parent)
    : QPlainTextEdit(parent)
    , m_lineNumbers(new TfLineNumberArea(this))
{
    setObjectName(QStringLiteral("tfCodeView"));
    setReadOnly(true);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    updateFont();
    connect(this, &QPlainTextEdit::blockCountChanged, this,
            [this] { setViewportMargins(lineNumberAreaWidth(), 0, 0, 0); });
    connect(this, &QPlainTextEdit::updateRequest, this, [this](const QRect &rect, int dy) {
        if (dy)
            m_lineNumbers->scroll(0, dy);
        else
            m_lineNumbers->update(0, rect.y(), m_lineNumbers->width(), rect.height());
    });
    setViewportMargins(lineNumberAreaWidth(), 0, 0, 0);
    setInput(TfCodeInput{});
}

void TfCodeView::updateFont()
{
    QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    const QFont app = QApplication::font();
    if (app.pointSizeF() > 0)
        fixed.setPointSizeF(app.pointSizeF());
    else if (app.pixelSize() > 0)
        fixed.setPixelSize(app.pixelSize());
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
    applyHighlights();
}

QList<TfCodeView::LineMark> TfCodeView::computeMarks(const TfProgram &program, const Snapshot &snap)
{
    std::map<int, LineMark> byLine;
    for (const ThreadInfo &t : snap.threads) {
        if (!hasTfCounterpart(t.name, t.role))
            continue;
        const int line = program.lineOf(codeLineFor(t.role, t.state, t.activity));
        if (line < 0)
            continue;
        LineMark &m = byLine[line];
        m.line = line;
        m.threads << t.name;
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
    m_marks = std::move(marks);
    applyHighlights();
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
        sel.format.setBackground(QColor((c.red() + base.red()) / 2, (c.green() + base.green()) / 2,
                                        (c.blue() + base.blue()) / 2));
        sel.format.setProperty(QTextFormat::FullWidthSelection, true);
        sel.cursor = QTextCursor(document()->findBlockByNumber(m.line));
        selections << sel;
    }
    setExtraSelections(selections);
    m_lineNumbers->update();
    viewport()->update();
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
        QList<qreal> widths;
        qreal total = 0;
        for (const QString &name : m.threads) {
            widths << fm.horizontalAdvance(UiText::shortThreadName(name)) + 2 * pad;
            total += widths.last() + pad;
        }
        // After the line's text; where the line runs past the view, over its right end, so the
        // names stay in sight in a narrow panel.
        const qreal textEnd =
            r.left() + document()->documentMargin() + block.layout()->lineAt(0).naturalTextWidth() + 3 * pad;
        qreal x = std::max(pad, std::min(textEnd, viewport()->width() - total));
        for (int i = 0; i < m.threads.size(); ++i) {
            list.append({QRectF(x, r.top() + 1, widths[i], r.height() - 2), m.threads[i],
                         UiText::shortThreadName(m.threads[i]), m.states[i]});
            x += widths[i] + pad;
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
            p.drawText(QRectF(0, top, w - 6, h), Qt::AlignRight | Qt::AlignVCenter, QString::number(line + 1));
        }
        block = block.next();
        top += h;
    }
}

void TfCodeView::resizeEvent(QResizeEvent *e)
{
    QPlainTextEdit::resizeEvent(e);
    const QRect r = contentsRect();
    m_lineNumbers->setGeometry(QRect(r.left(), r.top(), lineNumberAreaWidth(), r.height()));
}

bool TfCodeView::viewportEvent(QEvent *e)
{
    if (e->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(e);
        for (const Tag &tag : tags()) {
            if (tag.rect.contains(help->pos())) {
                QToolTip::showText(help->globalPos(),
                                   QStringLiteral("<b>%1</b>: %2<br>%3")
                                       .arg(tag.thread.toHtmlEscaped(), StatePalette::name(tag.state),
                                            StatePalette::explanation(tag.state)),
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
        setViewportMargins(lineNumberAreaWidth(), 0, 0, 0);
    }
    if (e->type() == QEvent::PaletteChange)
        applyHighlights();
    QPlainTextEdit::changeEvent(e);
}

} // namespace qs
