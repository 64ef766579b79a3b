// MainWindow's time cursor: which instant the views show, and the actions that move it.

#include "window/mainwindow.h"

#include "charts/metricscharts.h"
#include "charts/queuechart.h"
#include "common/uitext.h"
#include "controls/controlspanel.h"
#include "controls/runcontrols.h"
#include "diagram/pipelinediagram.h"
#include "eventlog/eventlogview.h"
#include "samples/samplesview.h"
#include "tfcode/tfcodeview.h"
#include "timeline/threadtablemodel.h"
#include "timeline/threadtimeline.h"
#include "timeline/threadtimelinepanel.h"
#include "window/explanationview.h"
#include "window/runstatusview.h"

#include <QAction>
#include <QComboBox>
#include <QDateTime>
#include <QDockWidget>
#include <QJsonObject>
#include <QMenuBar>
#include <QToolBar>

namespace qs {

namespace {
constexpr qint64 kQueueChartIntervalMs = 200; // the live queue chart's record query, 5 a second
}

void MainWindow::createCursorActions()
{
    m_cursorMenu = menuBar()->addMenu(QString());
    m_cursorMenu->setObjectName(QStringLiteral("cursorMenu"));
    m_previousEvent = m_cursorMenu->addAction(QString(), this, &MainWindow::previousEvent);
    m_previousEvent->setObjectName(QStringLiteral("previousEventAction"));
    m_previousEvent->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
    m_nextEvent = m_cursorMenu->addAction(QString(), this, &MainWindow::nextEvent);
    m_nextEvent->setObjectName(QStringLiteral("nextEventAction"));
    m_nextEvent->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Right));
    m_followNow = m_cursorMenu->addAction(QString(), this, &MainWindow::followNow);
    m_followNow->setObjectName(QStringLiteral("followNowAction"));
    m_followNow->setShortcut(QKeySequence(Qt::ALT | Qt::Key_End));
    m_toolBar->addSeparator();
    for (QAction *a : {m_previousEvent, m_nextEvent, m_followNow})
        m_toolBar->addAction(a);
    connect(m_timeline->timeline(), &ThreadTimeline::cursorRequested, this, &MainWindow::setCursorUs);
    updateCursorActions();
}

void MainWindow::retranslateCursor()
{
    m_cursorMenu->setTitle(tr("&Cursor"));
    m_previousEvent->setText(tr("◀ Event"));
    m_previousEvent->setToolTip(
        tr("Move the time cursor to the previous coordination event (%1); every view shows the run then.")
            .arg(m_previousEvent->shortcut().toString(QKeySequence::NativeText)));
    m_nextEvent->setText(tr("Event ▶"));
    m_nextEvent->setToolTip(tr("Move the time cursor to the next coordination event (%1).")
                                .arg(m_nextEvent->shortcut().toString(QKeySequence::NativeText)));
    m_followNow->setText(tr("Live"));
    m_followNow->setToolTip(tr("Show the run as it is now again (%1).")
                                .arg(m_followNow->shortcut().toString(QKeySequence::NativeText)));
}

bool MainWindow::canScrub() const
{
    if (!m_last || m_history.isEmpty() || m_history.endUs() <= 0)
        return false;
    return m_last->run == RunState::Finished || m_last->stepMode;
}

void MainWindow::updateCursorActions()
{
    const bool scrub = canScrub();
    const int events = int(m_history.events().size());
    m_previousEvent->setEnabled(
        scrub && events > 0 &&
        (m_cursorUs < 0 || m_cursorEvent > 0 || (m_cursorEvent == 0 && !m_cursorOnEvent)));
    m_nextEvent->setEnabled(scrub && m_cursorUs >= 0 && m_cursorEvent + 1 < events);
    m_followNow->setEnabled(m_cursorUs >= 0);
    m_timeline->timeline()->setScrubbing(scrub);
}

void MainWindow::setCursorUs(qint64 tUs)
{
    if (!canScrub())
        return;
    m_cursorUs = std::clamp<qint64>(tUs, 0, m_history.endUs());
    m_cursorEvent = m_history.eventBefore(m_cursorUs);
    m_cursorOnEvent = false;
    m_atCursor = m_history.at(m_cursorUs);
    updateCursorActions();
    showViews(m_last, m_atCursor);
}

void MainWindow::moveCursorToEvent(int index)
{
    const QList<Event> &events = m_history.events();
    if (!canScrub() || index < 0 || index >= events.size())
        return;
    m_cursorUs = std::clamp<qint64>(events[index].tUs, 0, m_history.endUs());
    m_cursorEvent = index;
    m_cursorOnEvent = true;
    m_atCursor = m_history.at(m_cursorUs);
    updateCursorActions();
    showViews(m_last, m_atCursor);
}

void MainWindow::previousEvent()
{
    if (m_cursorUs < 0)
        moveCursorToEvent(int(m_history.events().size()) - 1);
    else
        moveCursorToEvent(m_cursorOnEvent ? m_cursorEvent - 1 : std::max(0, m_cursorEvent));
}

void MainWindow::nextEvent()
{
    if (m_cursorUs >= 0)
        moveCursorToEvent(m_cursorEvent + 1);
}

void MainWindow::followNow()
{
    const bool wasAt = m_cursorUs >= 0;
    m_cursorUs = -1;
    m_cursorEvent = -1;
    m_cursorOnEvent = false;
    m_atCursor.reset();
    updateCursorActions();
    if (wasAt && m_last)
        showViews(m_last, m_last);
}

// The queue chart draws the record's buckets over the whole run (not the snapshot's bounded
// sample ring) wherever there is a record.
SnapshotPtr MainWindow::withRecordQueues(const SnapshotPtr &live) const
{
    if (!live->record || m_history.isEmpty())
        return live;
    auto copy = std::make_shared<Snapshot>(*live);
    const QHash<QString, QList<QueueSample>> histories = m_history.queueHistories(600);
    for (QueueInfo &q : copy->queues)
        q.history = histories.value(q.name);
    return copy;
}

void MainWindow::showViews(const SnapshotPtr &live, const SnapshotPtr &shown)
{
    const bool past = m_cursorUs >= 0;
    m_timeline->setSnapshot(*live);
    m_timeline->setCursorInfo(m_cursorUs, m_history.endUs());
    m_diagram->setSnapshot(*shown);
    m_eventLog->setSnapshot(*live);
    const qint64 seq = past && m_cursorEvent >= 0 ? m_history.events()[m_cursorEvent].seq : -1;
    if (m_eventLog->highlightedSeq() != seq)
        m_eventLog->highlightSeq(seq);
    if (m_threadTableShown)
        m_threadModel->setSnapshot(*shown);
    m_samples->setSnapshot(*shown, !past);
    if (QDockWidget *samples = dock("samplesDock")) {
        const QString title = past ? tr("Samples of the batch at %1").arg(UiText::seconds(m_cursorUs))
                                   : tr("Samples of the latest batch");
        if (samples->windowTitle() != title)
            samples->setWindowTitle(title);
    }
    m_metrics->setSnapshot(*live);
    // The latest evaluation's confusion matrix at the cursor (live: the latest one).
    QJsonObject confusion;
    const QList<Event> &events = m_history.events();
    for (qsizetype i = past ? qsizetype(m_cursorEvent) : events.size() - 1; i >= 0; --i) {
        if (events[i].kind == EventKind::Note &&
            events[i].details.value(QStringLiteral("what")).toString() == QLatin1String("confusion")) {
            confusion = events[i].details;
            break;
        }
    }
    m_metrics->setConfusion(confusion);
    m_metrics->setCursor(m_cursorUs, shown->steps,
                         shown->metrics.isEmpty() ? nullptr : &shown->metrics.constLast());
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    if (!m_queuesShown || live->run != RunState::Running ||
        nowMs - m_queuesShownAtMs >= kQueueChartIntervalMs || nowMs < m_queuesShownAtMs) {
        m_queuesShown = withRecordQueues(live);
        m_queuesShownAtMs = nowMs;
    }
    m_queueChart->setSnapshot(*m_queuesShown);
    m_queueChart->setCursorUs(m_cursorUs);
    m_code->setSnapshot(*shown);
    // The explanation comes forward when a run ends with an error: that is what to read then.
    const bool endedBadly = live->run == RunState::Finished && !live->error.isOk();
    m_explanation->setSnapshot(*shown);
    if (endedBadly && !m_endedBadly)
        showPanel(QStringLiteral("explanation"));
    m_endedBadly = endedBadly;
    const bool running = live->run == RunState::Running || live->run == RunState::Stopping;
    m_controlsPanel->setRunning(running);
    m_scenarioBox->setEnabled(!running);
    m_controls->setSnapshot(*live);
    m_status->setSnapshot(*shown);
}

} // namespace qs
