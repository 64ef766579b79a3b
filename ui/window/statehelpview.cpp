#include "window/statehelpview.h"

#include "common/statepalette.h"

#include <QEvent>

namespace qs {

StateHelpView::StateHelpView(QWidget *parent)
    : QTextBrowser(parent)
{
    setObjectName(QStringLiteral("stateHelp"));
    setOpenLinks(false);
    setHtml(helpHtml());
}

QString StateHelpView::helpHtml()
{
    QString html = QStringLiteral("<p>%1</p><table cellspacing='2' cellpadding='3'>")
                       .arg(tr("Every thread is always in one of these states. The timeline, the pipeline "
                               "diagram, the thread table and the TensorFlow code use the same colours."));
    for (ThreadState s : StatePalette::legendOrder()) {
        // The pattern as a character in the swatch: stripes for joining, hatching for failed.
        const Qt::BrushStyle pattern = StatePalette::pattern(s);
        const QString swatch = pattern == Qt::HorPattern ? QStringLiteral("&#9636;")
                               : pattern == Qt::NoBrush  ? QStringLiteral("&nbsp;")
                                                         : QStringLiteral("&#9640;");
        html += QStringLiteral("<tr><td width='22' bgcolor='%1' style='color:%2'>%3</td>"
                               "<td><b>%4</b></td><td>%5</td></tr>")
                    .arg(StatePalette::color(s).name(), StatePalette::patternColor(s).name(), swatch,
                         StatePalette::name(s).toHtmlEscaped(), StatePalette::explanation(s).toHtmlEscaped());
    }
    html +=
        QStringLiteral("</table><p>%1</p>")
            .arg(
                tr("A trainer that is often <b>blocked: queue empty</b> is waiting for its input: add reader "
                   "threads or make reading cheaper. Readers that are often <b>blocked: queue full</b> are "
                   "ahead of the trainer, which is how it should be."));
    return html;
}

void StateHelpView::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        setHtml(helpHtml());
    QTextBrowser::changeEvent(e);
}

} // namespace qs
