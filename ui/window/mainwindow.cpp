#include "window/mainwindow.h"

#include "runs/runspanel.h"

#include "charts/metricscharts.h"
#include "charts/queuechart.h"
#include "controls/configpanel.h"
#include "controls/controlspanel.h"
#include "controls/runcontrols.h"
#include "controls/scenariopicker.h"
#include "diagram/pipelinediagram.h"
#include "eventlog/eventlogview.h"
#include "frametiming/framelog.h"
#include "frametiming/framemeter.h"
#include "frametiming/frametimingview.h"
#include "runs/runspanel.h"
#include "samples/samplesview.h"
#include "tfcode/tfcodeview.h"
#include "timeline/threadtablemodel.h"
#include "timeline/threadtimelinepanel.h"
#include "window/explanationview.h"
#include "window/languagemanager.h"
#include "window/recentfiles.h"
#include "window/runstatusview.h"
#include "window/statehelpview.h"

#include <cmath>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLayout>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QToolBar>

#include <algorithm>

namespace qs {

MainWindow::MainWindow(SnapshotSource source, QWidget *parent)
    : QMainWindow(parent)
    , m_source(std::move(source))
    , m_timer(new QTimer(this))
    , m_frameMeter(new FrameMeter(this))
    , m_frameTiming(new FrameTimingView(m_frameMeter))
    , m_languages(new LanguageManager(this))
    , m_controls(new RunControls(this))
    , m_status(new RunStatusView)
    , m_timeline(new ThreadTimelinePanel)
    , m_diagram(new PipelineDiagram)
    , m_eventLog(new EventLogView)
    , m_threadModel(new ThreadTableModel(this))
    , m_samples(new SamplesView)
    , m_metrics(new MetricsCharts)
    , m_queueChart(new QueueChart)
    , m_controlsPanel(new ControlsPanel)
    , m_code(new TfCodeView)
    , m_stateHelp(new StateHelpView)
    , m_explanation(new ExplanationView)
    , m_runsPanel(new RunsPanel)
    , m_baseFont(QApplication::font())
{
    setObjectName(QStringLiteral("mainWindow"));
    m_frameMeter->setObjectName(QStringLiteral("frameMeter"));
    m_controls->setObjectName(QStringLiteral("runControls"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/queuescope-256.png")));
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    // The left column (controls above the log, code and help tabs) runs the full height, as the
    // design sketch has it; the diagram, timeline and charts share the rest.
    setCorner(Qt::TopLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    resize(defaultSize(QGuiApplication::primaryScreen()));

    m_timeline->setObjectName(QStringLiteral("timelinePanel"));
    setCentralWidget(m_timeline);
    auto *threadTable = new QTableView;
    threadTable->setObjectName(QStringLiteral("threadTable"));
    threadTable->setModel(m_threadModel);
    threadTable->verticalHeader()->hide();
    threadTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    addPanel(m_diagram, QStringLiteral("pipelineDock"), Qt::TopDockWidgetArea);
    QDockWidget *events = addPanel(m_eventLog, QStringLiteral("eventLogDock"), Qt::LeftDockWidgetArea);
    QDockWidget *threads = addPanel(threadTable, QStringLiteral("threadTableDock"), Qt::LeftDockWidgetArea);
    // The thread table is fed only while it shows (by default it waits behind the event log's
    // tab, moved off screen but not hidden): fitting its columns to every row's text took half
    // of each frame's update.
    m_threadDockWatch = connect(threads, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        m_threadTableShown = visible;
        if (visible && shownSnapshot())
            m_threadModel->setSnapshot(*shownSnapshot());
    });
    QDockWidget *samples = addPanel(m_samples, QStringLiteral("samplesDock"), Qt::BottomDockWidgetArea);
    QDockWidget *metrics = addPanel(m_metrics, QStringLiteral("metricsDock"), Qt::BottomDockWidgetArea);
    QDockWidget *queues = addPanel(m_queueChart, QStringLiteral("queueChartDock"), Qt::BottomDockWidgetArea);
    QDockWidget *controls = addPanel(m_controlsPanel, QStringLiteral("controlsDock"), Qt::LeftDockWidgetArea);
    QDockWidget *code = addPanel(m_code, QStringLiteral("tfCodeDock"), Qt::LeftDockWidgetArea);
    QDockWidget *help = addPanel(m_stateHelp, QStringLiteral("stateHelpDock"), Qt::LeftDockWidgetArea);
    QDockWidget *explanation =
        addPanel(m_explanation, QStringLiteral("explanationDock"), Qt::LeftDockWidgetArea);
    splitDockWidget(controls, events, Qt::Vertical);
    tabifyDockWidget(events, threads);
    tabifyDockWidget(threads, code);
    tabifyDockWidget(code, help);
    tabifyDockWidget(controls, explanation); // above the log: what the run did, beside its knobs
    controls->raise();
    events->raise();
    QDockWidget *runs = addPanel(m_runsPanel, QStringLiteral("runsDock"), Qt::BottomDockWidgetArea);
    splitDockWidget(samples, metrics, Qt::Horizontal);
    splitDockWidget(metrics, queues, Qt::Horizontal);
    // The runs compared take the diagram's full width when raised: a list beside bars.
    tabifyDockWidget(dock("pipelineDock"), runs);
    dock("pipelineDock")->raise();
    connect(m_runsPanel, &RunsPanel::comparedChanged, this, &MainWindow::updateOverlays);

    connect(m_eventLog, &EventLogView::eventSelected, this, [this](const Event &e) {
        if (canScrub()) { // the cursor to the event clicked
            const QList<Event> &all = m_history.events();
            for (int i = int(all.size()) - 1; i >= 0; --i)
                if (all[i].seq == e.seq) {
                    moveCursorToEvent(i);
                    break;
                }
        }
        m_explanation->explainEvent(e);
        if (m_arrangement == Arrangement::Wide) // beside the log; in Compact it shares the log's tabs
            showPanel(QStringLiteral("explanation"));
    });
    connect(m_controls, &RunControls::openRequested, this, &MainWindow::chooseFiles);
    connect(m_controls, &RunControls::startRequested, this, &MainWindow::startRequested);
    connect(m_controls, &RunControls::stopRequested, this, &MainWindow::stopRequested);
    connect(m_controls, &RunControls::stepModeToggled, this, &MainWindow::stepModeToggled);
    connect(m_controls, &RunControls::nextStepRequested, this, &MainWindow::nextStepRequested);
    connect(m_controls, &RunControls::speedChanged, this, &MainWindow::speedChanged);
    connect(m_languages, &LanguageManager::languageChanged, this, &MainWindow::languageChanged);
    connect(m_languages, &LanguageManager::languageChanged, m_controlsPanel, &ControlsPanel::setLanguage);
    connect(m_controlsPanel, &ControlsPanel::scenarioChosen, this, &MainWindow::applyScenarioPace);
    connect(m_controlsPanel, &ControlsPanel::scenarioChosen, this, &MainWindow::scenarioChosen);
    connect(m_controlsPanel, &ControlsPanel::message, this, &MainWindow::showMessage);
    connect(m_controlsPanel, &ControlsPanel::configChanged, this, &MainWindow::updateCode);
    connect(m_controlsPanel, &ControlsPanel::startBlockChanged, this, [this](const QString &reason) {
        const QString before = m_controls->startBlockReason();
        m_controls->setStartBlocked(reason);
        if (!reason.isEmpty() || m_message == before)
            showMessage(reason); // say why Start waits; take it back once it no longer does
    });
    createToolBar();
    createMenus();
    createCursorActions();
    statusBar()->addWidget(m_status, 1);
    statusBar()->addPermanentWidget(m_frameTiming);
    m_defaultLayout = saveState(kLayoutVersion);

    QSettings settings;
    // The saved choice, else the system's; the app's --lang overrides it with setLanguage().
    const QString language =
        settings.value(QStringLiteral("language"), LanguageManager::systemLanguage()).toString();
    if (!m_languages->setLanguage(language))
        m_languages->setLanguage(QStringLiteral("en"));
    m_geometryRestored = restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    m_layoutRestored =
        restoreState(settings.value(QStringLiteral("window/state")).toByteArray(), kLayoutVersion);
    if (m_layoutRestored)
        m_arrangement =
            settings.value(QStringLiteral("window/arrangement")).toString() == QLatin1String("compact")
                ? Arrangement::Compact
                : Arrangement::Wide;
    else // what the first show will pick, should the window be saved before it ever shows
        m_arrangement = arrangementFor(size(), m_zoom);
    m_controlsPanel->setLanguage(m_languages->current());
    m_controlsPanel->restoreSettings();
    retranslateUi();
    updateCode();
    m_controls->setStartBlocked(m_controlsPanel->startBlockReason());
    showMessage(m_controlsPanel->startBlockReason());
    applySnapshot(std::make_shared<const Snapshot>());
    connect(m_timer, &QTimer::timeout, this, &MainWindow::poll);
    m_timer->start(33);
}

MainWindow::~MainWindow()
{
    // QWidget's destructor hides the docks after this object's members are gone.
    disconnect(m_threadDockWatch);
    if (m_zoom != 1.0)
        QApplication::setFont(m_baseFont);
}

void MainWindow::showEvent(QShowEvent *e)
{
    QMainWindow::showEvent(e);
    if (!m_shownOnce) {
        if (!m_geometryRestored) // on the screen it opens on, which need not be the primary one
            resize(defaultSize(screen()));
        m_shownOnce = true;
        if (!m_layoutRestored)
            resetLayout();
        layout()->activate(); // the arrangement's minimum size, before the window is fitted
        fitToScreen();
    }
}

void MainWindow::resizeEvent(QResizeEvent *e)
{
    QMainWindow::resizeEvent(e);
    rearrangeIfNeeded();
}

QDockWidget *MainWindow::addPanel(QWidget *panel, const QString &objectName, Qt::DockWidgetArea area)
{
    auto *dock = new QDockWidget(this);
    dock->setObjectName(objectName);
    dock->setWidget(panel);
    addDockWidget(area, dock);
    m_docks.append(dock);
    return dock;
}

void MainWindow::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange) {
        retranslateUi();
        m_threadModel->retranslate();
    }
    QMainWindow::changeEvent(e);
}

void MainWindow::setSnapshotSource(SnapshotSource source)
{
    m_source = std::move(source);
    resetRun();
}

void MainWindow::setPollInterval(int ms)
{
    m_timer->setInterval(std::max(1, ms));
}

void MainWindow::poll()
{
    if (!m_source)
        return;
    m_frameMeter->beginFrame();
    const SnapshotPtr snap = m_source(m_cursor);
    if (!snap) {
        m_frameMeter->cancelFrame();
        return;
    }
    m_frameMeter->snapshotTaken();
    applySnapshot(snap);
    m_frameMeter->updated();
}

void MainWindow::applySnapshot(const SnapshotPtr &snap)
{
    if (!snap)
        return;
    SnapshotPtr shown = snap;
    if (snap->nextEventSeq < m_cursor) {
        // A new run: its events from 0 on come with the next poll, so show none of them yet.
        resetRun();
        auto copy = std::make_shared<Snapshot>(*snap);
        copy->events.clear();
        copy->nextEventSeq = 0;
        shown = copy;
    }
    m_cursor = shown->nextEventSeq;
    m_last = shown;
    m_history.add(shown);
    if (m_cursorUs >= 0 && !canScrub())
        followNow(); // a new run, or a paused one going on: back to live
    updateCursorActions();
    if (m_cursorUs >= 0 && !m_atCursor)
        m_atCursor = m_history.at(m_cursorUs);
    showViews(shown, m_cursorUs >= 0 ? m_atCursor : shown);
}

void MainWindow::resetRun()
{
    m_cursor = 0;
    m_history.clear();
    m_cursorUs = -1;
    m_cursorEvent = -1;
    m_atCursor.reset();
    m_queuesShown.reset();
    m_timeline->clear();
    m_eventLog->clear();
    m_explanation->clear();
    m_endedBadly = false;
}

void MainWindow::chooseFiles()
{
    const QStringList recent = RecentFiles().files();
    const QString dir = recent.isEmpty() ? QString() : QFileInfo(recent.first()).absolutePath();
    const QStringList files =
        QFileDialog::getOpenFileNames(this, tr("Open TFRecord files"), dir,
                                      tr("TFRecord files (*.tfrecord *.tfrecords *.tfrec);;All files (*)"));
    if (!files.isEmpty())
        openFiles(files);
}

void MainWindow::openFiles(const QStringList &files)
{
    if (files.isEmpty())
        return;
    setInputFiles(files);
    emit openFilesRequested(files);
}

void MainWindow::setInputFiles(const QStringList &files)
{
    m_inputFiles = files;
    m_spec.reset(); // what the last run found was about other files
    m_numClasses = 0;
    m_controlsPanel->setInputFiles(files);
    RecentFiles().add(files);
    retranslateUi();
    showMessage(tr("Input: %1")
                    .arg(files.size() == 1 ? QFileInfo(files.first()).fileName()
                                           : tr("%n file(s)", nullptr, int(files.size()))));
}

bool MainWindow::selectScenario(const QString &nameOrPath)
{
    if (!m_controlsPanel->picker()->select(nameOrPath)) {
        showMessage(tr("Unknown scenario: %1").arg(nameOrPath));
        return false;
    }
    return true;
}

// A scenario comes with the speed its story is watched at (Scenario::pace); no scenario, full
// speed. The Speed box stays free: the user's choice holds until another scenario is chosen.
void MainWindow::applyScenarioPace()
{
    const std::optional<Scenario> s = m_controlsPanel->scenario();
    const double pace = s ? s->pace : 1.0;
    if (!m_controls->setSpeed(pace))
        return;
    emit speedChanged(pace);
    if (s && pace < 1)
        showMessage(tr("%1 runs at its teaching pace, %2× slower; Speed changes it")
                        .arg(s->titleIn(m_languages->current()))
                        .arg(std::lround(1 / pace)));
}

QString MainWindow::scenario() const
{
    return m_controlsPanel->picker()->currentKey();
}

std::optional<Scenario> MainWindow::currentScenario() const
{
    return m_controlsPanel->scenario();
}

RunConfig MainWindow::runConfig() const
{
    return m_controlsPanel->config();
}

QString MainWindow::startBlockReason() const
{
    return m_controls->startBlockReason();
}

double MainWindow::speed() const
{
    return m_controls->speed();
}

bool MainWindow::isStepMode() const
{
    return m_controls->stepModeAction()->isChecked();
}

void MainWindow::setDefaultInput(const QStringList &files)
{
    m_controlsPanel->setDefaultFiles(files);
}

void MainWindow::setDetectedData(const std::optional<FeatureSpec> &spec, int numClasses)
{
    m_spec = spec;
    m_numClasses = numClasses;
    updateCode();
}

void MainWindow::updateCode()
{
    m_code->setInput({m_controlsPanel->config(), m_controlsPanel->mode(), m_spec, m_numClasses});
}

bool MainWindow::setLanguage(const QString &code)
{
    if (!m_languages->setLanguage(code))
        return false;
    QSettings().setValue(QStringLiteral("language"), code);
    return true;
}

bool MainWindow::setSessionLanguage(const QString &code)
{
    return m_languages->setLanguage(code);
}

void MainWindow::logFrameStats(std::function<void(const QString &line)> sink)
{
    m_frameLog = std::make_unique<FrameLog>(m_frameMeter, std::move(sink));
    connect(qApp, &QCoreApplication::aboutToQuit, m_frameLog.get(), &FrameLog::finish);
}

void MainWindow::setPresentationZoom(double factor)
{
    m_zoom = std::clamp(factor, 0.5, 4.0);
    QFont f = m_baseFont;
    if (m_baseFont.pointSizeF() > 0)
        f.setPointSizeF(m_baseFont.pointSizeF() * m_zoom);
    else
        f.setPixelSize(std::max(6, int(m_baseFont.pixelSize() * m_zoom)));
    QApplication::setFont(f);
    // Dock titles keep their size: QDockWidget takes its title font once, when it is made.
    for (QTableView *table : findChildren<QTableView *>())
        table->verticalHeader()->setDefaultSectionSize(QFontMetrics(f).height() + 6);
    // The new font changes every widget's size hints, but the main window's layout keeps the
    // toolbars' and docks' old sizes: laying the docks out again for the new zoom makes it ask.
    for (QLayout *l : findChildren<QLayout *>())
        l->invalidate();
    if (m_shownOnce)
        arrange(arrangementFor(size(), m_zoom));
}

void MainWindow::zoomIn()
{
    setPresentationZoom(m_zoom * 1.2);
}
void MainWindow::zoomOut()
{
    setPresentationZoom(m_zoom / 1.2);
}
void MainWindow::zoomReset()
{
    setPresentationZoom(1.0);
}

void MainWindow::showMessage(const QString &text)
{
    m_message = text;
    m_status->showMessage(text);
}

void MainWindow::saveLayout() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState(kLayoutVersion));
    settings.setValue(QStringLiteral("window/arrangement"), m_arrangement == Arrangement::Compact
                                                                ? QStringLiteral("compact")
                                                                : QStringLiteral("wide"));
}

void MainWindow::closeEvent(QCloseEvent *e)
{
    saveLayout();
    m_controlsPanel->saveSettings();
    e->accept();
}

namespace {
QStringList localFiles(const QMimeData *mime)
{
    QStringList files;
    if (mime)
        for (const QUrl &url : mime->urls())
            if (url.isLocalFile() && QFileInfo(url.toLocalFile()).isFile())
                files << url.toLocalFile();
    return files;
}
} // namespace

void MainWindow::dragEnterEvent(QDragEnterEvent *e)
{
    if (!localFiles(e->mimeData()).isEmpty())
        e->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *e)
{
    const QStringList files = localFiles(e->mimeData());
    if (files.isEmpty())
        return;
    e->acceptProposedAction();
    openDropped(files);
}

void MainWindow::openDropped(const QStringList &files)
{
    // A saved run opens as a run to replay; anything else is input for the next run.
    if (files.size() == 1 && isRunFile(files.first()))
        emit openRunRequested(files.first());
    else if (!files.isEmpty())
        openFiles(files);
}

} // namespace qs
