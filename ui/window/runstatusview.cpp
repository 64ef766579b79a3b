#include "window/runstatusview.h"

#include "common/eventtext.h"
#include "common/statepalette.h"
#include "common/uitext.h"

#include <QBoxLayout>
#include <QEvent>
#include <QLabel>

#include <algorithm>
#include <climits>

namespace qs {

RunStatusView::RunStatusView(QWidget *parent)
    : QWidget(parent)
    , m_row(new QWidget(this))
    , m_run(new QLabel)
    , m_step(new QLabel)
    , m_progress(new QLabel)
    , m_bottleneck(new QLabel)
    , m_end(new QLabel)
    , m_error(new QLabel)
    , m_message(new QLabel)
{
    m_run->setObjectName(QStringLiteral("runLabel"));
    m_step->setObjectName(QStringLiteral("stepLabel"));
    m_step->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_error->setObjectName(QStringLiteral("errorLabel"));
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_message->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto *layout = new QHBoxLayout(m_row);
    layout->setContentsMargins(4, 0, 4, 0);
    layout->setSpacing(16);
    layout->addWidget(m_run);
    layout->addWidget(m_step, 2);
    for (QLabel *l : {m_progress, m_bottleneck, m_end})
        layout->addWidget(l);
    layout->addWidget(m_error, 3);
    layout->addWidget(m_message, 1);
    setSnapshot(Snapshot{});
    m_hint = m_row->sizeHint();
    m_minHint = m_row->minimumSizeHint();
}

QSize RunStatusView::sizeHint() const
{
    return m_hint;
}
QSize RunStatusView::minimumSizeHint() const
{
    return m_minHint;
}

void RunStatusView::resizeEvent(QResizeEvent *)
{
    m_row->setGeometry(rect());
}

bool RunStatusView::event(QEvent *e)
{
    // m_row tells this widget (which has no layout) that its hints may have changed: the labels
    // are already placed within m_row; the status bar hears only of a new height or a wider
    // minimum (a longer step count), not of every new text.
    if (e->type() == QEvent::LayoutRequest) {
        const QSize hint = m_row->sizeHint();
        const QSize minHint = m_row->minimumSizeHint();
        if (hint.height() != m_hint.height() || minHint.height() != m_minHint.height() ||
            minHint.width() > m_minHint.width()) {
            m_hint = hint;
            m_minHint = minHint;
            updateGeometry();
        }
    }
    return QWidget::event(e);
}

QString RunStatusView::runText(const Snapshot &snap)
{
    QString text = UiText::runStateName(snap.run);
    if (snap.stepMode && snap.run != RunState::Finished && snap.run != RunState::Idle)
        text += QStringLiteral(" · ") + tr("step mode");
    return text;
}

QString RunStatusView::stepText(const Snapshot &snap)
{
    if (!snap.stepMode || snap.run == RunState::Finished || snap.run == RunState::Idle)
        return {};
    if (snap.pendingEvents.isEmpty())
        return tr("nothing held: the run goes on to its next coordination event");
    const Event &next = snap.pendingEvents.first();
    const Topology *topology = snap.topology.get();
    QString text = tr("next step: %1 — %2")
                       .arg(EventText::threadCell(next, topology), EventText::details(next, topology));
    if (snap.pendingEvents.size() > 1)
        text += QStringLiteral(" ") + tr("(%n more held)", nullptr, int(snap.pendingEvents.size() - 1));
    return text;
}

QString RunStatusView::progressText(const Snapshot &snap)
{
    if (snap.run == RunState::Idle)
        return {};
    QString text = tr("%1 · %2 samples/s · step %3")
                       .arg(UiText::duration(snap.tUs), UiText::count(qint64(snap.samplesPerSec + 0.5)),
                            UiText::count(snap.steps));
    // skip_corrupt or ignore_errors at work: say how many were skipped (the log's notes say
    // where and why: a corrupt record, or an image that did not decode).
    if (snap.skippedRecords > 0)
        text += QStringLiteral(" · ") +
                tr("%n record(s) skipped", nullptr, int(std::min<qint64>(snap.skippedRecords, INT_MAX)));
    return text;
}

QString RunStatusView::bottleneckText(const Snapshot &snap)
{
    // The trainer's largest share of time spent not running says where the input is slow.
    for (const ThreadInfo &t : snap.threads) {
        if (t.role != ThreadRole::Trainer)
            continue;
        qint64 total = 0;
        for (qint64 v : t.usIn)
            total += v;
        if (total <= 0)
            continue;
        ThreadState worst = ThreadState::Running;
        qint64 most = 0;
        for (ThreadState s : {ThreadState::BlockedEmpty, ThreadState::BlockedFull, ThreadState::Paused,
                              ThreadState::Waiting}) {
            if (t.usIn[size_t(s)] > most) {
                most = t.usIn[size_t(s)];
                worst = s;
            }
        }
        const double share = 100.0 * double(most) / double(total);
        if (worst != ThreadState::Running && share >= 1.0)
            return tr("%1 %2 %3%")
                .arg(UiText::threadLabel(snap.topology.get(), t.name), StatePalette::name(worst))
                .arg(share, 0, 'f', 0);
    }
    return {};
}

QString RunStatusView::endText(const Snapshot &snap)
{
    if (snap.run != RunState::Finished && snap.how == EndHow::None)
        return {};
    const QString how = UiText::endHowName(snap.how);
    return how.isEmpty() ? QString() : tr("ended: %1").arg(how);
}

QString RunStatusView::errorText(const Snapshot &snap)
{
    if (snap.error.isOk())
        return {};
    return tr("Error: %1").arg(UiText::error(snap.error));
}

void RunStatusView::setSnapshot(const Snapshot &snap)
{
    m_snap.run = snap.run;
    m_snap.how = snap.how;
    m_snap.error = snap.error;
    m_snap.tUs = snap.tUs;
    m_snap.steps = snap.steps;
    m_snap.samplesPerSec = snap.samplesPerSec;
    m_snap.skippedRecords = snap.skippedRecords;
    m_snap.stepMode = snap.stepMode;
    m_snap.threadsAtGate = snap.threadsAtGate;
    m_snap.pendingEvents = snap.pendingEvents;
    m_snap.topology = snap.topology;
    m_snap.threads = snap.threads;
    m_run->setText(QStringLiteral("<b>%1</b>").arg(runText(snap).toHtmlEscaped()));
    const QString step = stepText(snap);
    m_step->setText(step);
    m_step->setToolTip(step);
    setFigure(m_progress, progressText(snap));
    setFigure(m_bottleneck, bottleneckText(snap));
    m_end->setText(endText(snap));
    const QString error = errorText(snap);
    m_error->setText(error);
    m_error->setToolTip(error);
    for (QLabel *l : {m_step, m_progress, m_bottleneck, m_end, m_error})
        l->setVisible(!l->text().isEmpty());
}

void RunStatusView::setFigure(QLabel *label, const QString &text)
{
    if (label->text() == text)
        return;
    label->setText(text);
    // A label of fixed size never asks its layout to run again (QWidget::updateGeometry does
    // nothing for it), so a new figure repaints that label alone. It is measured only when the
    // text changes other than in its digits, each digit counted at the font's widest, so a new
    // count never outgrows it; its width grows a few characters at a time, and starts again
    // from the text on a new font or language. Its height is the text's own (a fallback font
    // for Chinese may be taller than the label's).
    const QFontMetrics fm = label->fontMetrics();
    QChar widest = QLatin1Char('0');
    for (char16_t d = u'1'; d <= u'9'; ++d)
        if (fm.horizontalAdvance(QChar(d)) > fm.horizontalAdvance(widest))
            widest = QChar(d);
    QString shape = text;
    for (QChar &c : shape)
        if (c.isDigit())
            c = widest;
    QString &measured = m_figureShapes[label];
    if (measured == shape)
        return;
    measured = shape;
    const QSize hint = label->sizeHint();
    const int width = hint.width() + fm.horizontalAdvance(shape) - fm.horizontalAdvance(text);
    if (width > label->maximumWidth() || label->minimumWidth() != label->maximumWidth()) {
        const int step = std::max(1, 4 * fm.averageCharWidth());
        label->setFixedWidth((width + step - 1) / step * step);
    }
    if (label->minimumHeight() != hint.height() || label->maximumHeight() != hint.height())
        label->setFixedHeight(hint.height());
}

void RunStatusView::showMessage(const QString &text)
{
    m_message->setText(text);
    m_message->setToolTip(text);
}

QString RunStatusView::summary() const
{
    QStringList parts;
    for (QLabel *l : {m_step, m_progress, m_bottleneck, m_end, m_error, m_message})
        if (!l->text().isEmpty())
            parts << l->text();
    return (QStringList{runText(m_snap)} + parts).join(QStringLiteral(" · "));
}

void RunStatusView::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange || e->type() == QEvent::FontChange) {
        m_figureShapes.clear();
        for (QLabel *l : {m_progress, m_bottleneck}) { // figures are measured again
            l->setMinimumSize(0, 0);
            l->setMaximumSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX);
            l->clear();
        }
        setSnapshot(m_snap);
    }
    QWidget::changeEvent(e);
}

} // namespace qs
