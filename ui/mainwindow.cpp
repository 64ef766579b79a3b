#include "ui/mainwindow.h"

#include "ui/eventlogview.h"
#include "ui/languagemanager.h"
#include "ui/metricscharts.h"
#include "ui/pipelinediagram.h"
#include "ui/queuechart.h"
#include "ui/recentfiles.h"
#include "ui/runcontrols.h"
#include "ui/runstatusview.h"
#include "ui/samplesview.h"
#include "ui/threadtablemodel.h"
#include "ui/threadtimelinepanel.h"

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
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QToolBar>

#include <algorithm>

namespace qs {

namespace {
constexpr int kLayoutVersion = 1;
}

MainWindow::MainWindow(SnapshotSource source, QWidget *parent)
    : QMainWindow(parent)
    , m_source(std::move(source))
    , m_timer(new QTimer(this))
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
    , m_baseFont(QApplication::font())
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/queuescope-256.png")));
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    resize(1400, 900);

    m_timeline->setObjectName(QStringLiteral("timelinePanel"));
    setCentralWidget(m_timeline);
    auto *threadTable = new QTableView;
    threadTable->setObjectName(QStringLiteral("threadTable"));
    threadTable->setModel(m_threadModel);
    threadTable->verticalHeader()->hide();
    threadTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    QDockWidget *pipeline = addPanel(m_diagram, QStringLiteral("pipelineDock"), Qt::TopDockWidgetArea);
    QDockWidget *events = addPanel(m_eventLog, QStringLiteral("eventLogDock"), Qt::LeftDockWidgetArea);
    QDockWidget *threads = addPanel(threadTable, QStringLiteral("threadTableDock"), Qt::LeftDockWidgetArea);
    QDockWidget *samples = addPanel(m_samples, QStringLiteral("samplesDock"), Qt::BottomDockWidgetArea);
    QDockWidget *metrics = addPanel(m_metrics, QStringLiteral("metricsDock"), Qt::BottomDockWidgetArea);
    QDockWidget *queues = addPanel(m_queueChart, QStringLiteral("queueChartDock"), Qt::BottomDockWidgetArea);
    tabifyDockWidget(events, threads);
    events->raise();
    splitDockWidget(samples, metrics, Qt::Horizontal);
    splitDockWidget(metrics, queues, Qt::Horizontal);
    resizeDocks({pipeline}, {290}, Qt::Vertical);
    resizeDocks({samples}, {280}, Qt::Vertical);
    resizeDocks({events}, {380}, Qt::Horizontal);
    resizeDocks({samples, metrics, queues}, {380, 560, 380}, Qt::Horizontal);

    connect(m_controls, &RunControls::openRequested, this, &MainWindow::chooseFiles);
    connect(m_controls, &RunControls::startRequested, this, &MainWindow::startRequested);
    connect(m_controls, &RunControls::stopRequested, this, &MainWindow::stopRequested);
    connect(m_controls, &RunControls::stepModeToggled, this, &MainWindow::stepModeToggled);
    connect(m_controls, &RunControls::nextStepRequested, this, &MainWindow::nextStepRequested);
    connect(m_controls, &RunControls::speedChanged, this, &MainWindow::speedChanged);
    connect(m_languages, &LanguageManager::languageChanged, this, &MainWindow::languageChanged);
    createToolBar();
    createMenus();
    statusBar()->addWidget(m_status, 1);
    m_defaultLayout = saveState(kLayoutVersion);

    QSettings settings;
    // The saved choice, else the system's; the app's --lang overrides it with setLanguage().
    const QString language =
        settings.value(QStringLiteral("language"), LanguageManager::systemLanguage()).toString();
    if (!m_languages->setLanguage(language))
        m_languages->setLanguage(QStringLiteral("en"));
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray(), kLayoutVersion);
    retranslateUi();
    applySnapshot(std::make_shared<const Snapshot>());
    connect(m_timer, &QTimer::timeout, this, &MainWindow::poll);
    m_timer->start(33);
}

MainWindow::~MainWindow()
{
    if (m_zoom != 1.0)
        QApplication::setFont(m_baseFont);
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

void MainWindow::createToolBar()
{
    m_toolBar = addToolBar(QString());
    m_toolBar->setObjectName(QStringLiteral("runToolBar"));
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toolBar->addAction(m_controls->openAction());
    m_toolBar->addSeparator();
    for (QAction *a : {m_controls->startAction(), m_controls->stopAction(), m_controls->stepModeAction(),
                       m_controls->nextStepAction()})
        m_toolBar->addAction(a);
    m_toolBar->addSeparator();
    m_toolBar->addWidget(m_controls->speedLabel());
    m_toolBar->addWidget(m_controls->speedBox());
    m_scenarioLabel = new QLabel;
    m_scenarioBox = new QComboBox;
    m_scenarioBox->setObjectName(QStringLiteral("scenarioBox"));
    m_scenarioLabel->setBuddy(m_scenarioBox);
    m_toolBar->addSeparator();
    m_scenarioLabelAction = m_toolBar->addWidget(m_scenarioLabel);
    m_scenarioBoxAction = m_toolBar->addWidget(m_scenarioBox);
    m_scenarioLabelAction->setVisible(false);
    m_scenarioBoxAction->setVisible(false);
    connect(m_scenarioBox, &QComboBox::activated, this,
            [this] { emit scenarioChosen(m_scenarioBox->currentText()); });
}

void MainWindow::createMenus()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(m_controls->openAction());
    m_recentMenu = m_fileMenu->addMenu(QString());
    m_fileMenu->addSeparator();
    m_quit = m_fileMenu->addAction(QString(), this, &QWidget::close);
    m_quit->setShortcut(QKeySequence::Quit);
    updateRecentMenu();

    m_runMenu = menuBar()->addMenu(QString());
    for (QAction *a : {m_controls->startAction(), m_controls->stopAction(), m_controls->stepModeAction(),
                       m_controls->nextStepAction()})
        m_runMenu->addAction(a);

    m_viewMenu = menuBar()->addMenu(QString());
    for (QDockWidget *dock : std::as_const(m_docks))
        m_viewMenu->addAction(dock->toggleViewAction());
    m_viewMenu->addAction(m_toolBar->toggleViewAction());
    m_viewMenu->addSeparator();
    m_zoomActions = {m_viewMenu->addAction(QString(), this, &MainWindow::zoomIn),
                     m_viewMenu->addAction(QString(), this, &MainWindow::zoomOut),
                     m_viewMenu->addAction(QString(), this, &MainWindow::zoomReset)};
    m_zoomActions[0]->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Equal),
                                    QKeySequence(Qt::CTRL | Qt::Key_Plus), QKeySequence::ZoomIn});
    m_zoomActions[1]->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Minus), QKeySequence::ZoomOut});
    m_zoomActions[2]->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    m_viewMenu->addSeparator();
    m_resetLayout =
        m_viewMenu->addAction(QString(), this, [this] { restoreState(m_defaultLayout, kLayoutVersion); });

    m_languageMenu = menuBar()->addMenu(QString());
    m_languageGroup = new QActionGroup(this);
    for (const QString &code : LanguageManager::available()) {
        QAction *a = m_languageMenu->addAction(LanguageManager::nativeName(code));
        a->setCheckable(true);
        a->setData(code);
        a->setChecked(code == m_languages->current());
        m_languageGroup->addAction(a);
        connect(a, &QAction::triggered, this, [this, code] { setLanguage(code); });
    }
    connect(m_languages, &LanguageManager::languageChanged, this, [this](const QString &code) {
        for (QAction *a : m_languageGroup->actions())
            a->setChecked(a->data().toString() == code);
    });

    m_helpMenu = menuBar()->addMenu(QString());
    m_about = m_helpMenu->addAction(QString(), this, [this] {
        QMessageBox::about(
            this, tr("About QueueScope"),
            tr("<b>QueueScope %1</b><p>See, teach and debug TensorFlow 1.x style input pipelines: "
               "TFRecord readers, queues, the coordinator and the training loop, live.</p>")
                .arg(QStringLiteral(QS_VERSION)));
    });
}

void MainWindow::retranslateUi()
{
    setWindowTitle(m_inputFiles.isEmpty()
                       ? tr("QueueScope")
                       : tr("QueueScope — %n input file(s)", nullptr, int(m_inputFiles.size())));
    m_controls->retranslateUi();
    const QStringList titles{tr("Pipeline"),         tr("Event log"),
                             tr("Threads"),          tr("Samples of the latest batch"),
                             tr("Training metrics"), tr("Queue occupancy")};
    for (int i = 0; i < m_docks.size(); ++i)
        m_docks[i]->setWindowTitle(titles.value(i));
    m_toolBar->setWindowTitle(tr("Run controls"));
    m_scenarioLabel->setText(tr("S&cenario:"));
    m_fileMenu->setTitle(tr("&File"));
    m_recentMenu->setTitle(tr("Open &Recent"));
    m_quit->setText(tr("&Quit"));
    m_runMenu->setTitle(tr("&Run"));
    m_viewMenu->setTitle(tr("&View"));
    m_zoomActions[0]->setText(tr("Zoom &In (presentation)"));
    m_zoomActions[1]->setText(tr("Zoom &Out (presentation)"));
    m_zoomActions[2]->setText(tr("&Actual Size"));
    m_resetLayout->setText(tr("&Reset Layout"));
    m_languageMenu->setTitle(tr("&Language"));
    m_helpMenu->setTitle(tr("&Help"));
    m_about->setText(tr("&About QueueScope"));
    updateRecentMenu();
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
    if (m_source)
        applySnapshot(m_source(m_cursor));
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
    m_timeline->setSnapshot(*shown);
    m_diagram->setSnapshot(*shown);
    m_eventLog->setSnapshot(*shown);
    m_threadModel->setSnapshot(*shown);
    m_samples->setSnapshot(*shown);
    m_metrics->setSnapshot(*shown);
    m_queueChart->setSnapshot(*shown);
    m_controls->setSnapshot(*shown);
    m_status->setSnapshot(*shown);
}

void MainWindow::resetRun()
{
    m_cursor = 0;
    m_timeline->clear();
    m_eventLog->clear();
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
    RecentFiles().add(files);
    retranslateUi();
    showMessage(tr("Input: %1")
                    .arg(files.size() == 1 ? QFileInfo(files.first()).fileName()
                                           : tr("%n file(s)", nullptr, int(files.size()))));
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = RecentFiles().files();
    for (const QString &file : files)
        m_recentMenu->addAction(QFileInfo(file).fileName(), this, [this, file] { openFiles({file}); })
            ->setToolTip(file);
    if (!files.isEmpty()) {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("Clear List"), this, [this] {
            RecentFiles().clear();
            updateRecentMenu();
        });
    }
    m_recentMenu->setEnabled(!files.isEmpty());
}

void MainWindow::setScenarios(const QStringList &names)
{
    m_scenarioBox->clear();
    m_scenarioBox->addItems(names);
    m_scenarioLabelAction->setVisible(!names.isEmpty());
    m_scenarioBoxAction->setVisible(!names.isEmpty());
}

bool MainWindow::selectScenario(const QString &name)
{
    const int i = m_scenarioBox->findText(name);
    if (i < 0) {
        showMessage(tr("Unknown scenario: %1").arg(name));
        return false;
    }
    m_scenarioBox->setCurrentIndex(i);
    emit scenarioChosen(name);
    return true;
}

QString MainWindow::scenario() const
{
    return m_scenarioBox->currentText();
}

bool MainWindow::setLanguage(const QString &code)
{
    if (!m_languages->setLanguage(code))
        return false;
    QSettings().setValue(QStringLiteral("language"), code);
    return true;
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
    m_status->showMessage(text);
}

void MainWindow::saveLayout() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState(kLayoutVersion));
}

void MainWindow::closeEvent(QCloseEvent *e)
{
    saveLayout();
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
    openFiles(files);
}

} // namespace qs
