// MainWindow's toolbar, menus and words (the window's construction and behaviour are in
// mainwindow.cpp).
#include "window/mainwindow.h"

#include "controls/controlspanel.h"
#include "controls/runcontrols.h"
#include "controls/scenariopicker.h"
#include "frametiming/frametimingview.h"
#include "window/languagemanager.h"
#include "window/recentfiles.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QToolBar>

namespace qs {

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
    // As wide as a typical scenario's name, not the longest one's: on a projector the toolbar
    // must keep room for Start and Stop.
    m_scenarioBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_scenarioBox->setMinimumContentsLength(18);
    m_scenarioLabel->setBuddy(m_scenarioBox);
    // The same list as the Controls dock's picker, so the two always agree.
    ScenarioPicker *picker = m_controlsPanel->picker();
    m_scenarioBox->setModel(picker->box()->model());
    m_scenarioBox->setCurrentIndex(picker->box()->currentIndex());
    connect(picker->box(), &QComboBox::currentIndexChanged, m_scenarioBox, &QComboBox::setCurrentIndex);
    connect(m_scenarioBox, &QComboBox::activated, this,
            [picker](int i) { picker->select(picker->box()->itemData(i).toString()); });
    m_toolBar->addSeparator();
    m_toolBar->addWidget(m_scenarioLabel);
    m_toolBar->addWidget(m_scenarioBox);
}

void MainWindow::createMenus()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(m_controls->openAction());
    m_recentMenu = m_fileMenu->addMenu(QString());
    m_chooseFeatures = m_fileMenu->addAction(QString(), this, &MainWindow::chooseFeatures);
    m_chooseFeatures->setObjectName(QStringLiteral("chooseFeaturesAction"));
    m_chooseFeatures->setEnabled(false); // until files are open
    connect(this, &MainWindow::openFilesRequested, this, &MainWindow::featureFilesOpened);
    m_fileMenu->addSeparator();
    createRunFileActions();
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
    m_frameTimingAction = m_viewMenu->addAction(QString());
    m_frameTimingAction->setObjectName(QStringLiteral("frameTimingAction"));
    m_frameTimingAction->setCheckable(true);
    m_frameTimingAction->setShortcut(QKeySequence(Qt::Key_F12));
    connect(m_frameTimingAction, &QAction::toggled, m_frameTiming, &FrameTimingView::setOn);
    m_resetLayout = m_viewMenu->addAction(QString(), this, [this] { resetLayout(); });

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
    m_stateHelpAction =
        m_helpMenu->addAction(QString(), this, [this] { showPanel(QStringLiteral("states")); });
    m_stateHelpAction->setShortcut(QKeySequence::HelpContents);
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
    setWindowTitle(!m_openedRunName.isEmpty() ? tr("QueueScope — saved run %1").arg(m_openedRunName)
                   : m_inputFiles.isEmpty()
                       ? tr("QueueScope")
                       : tr("QueueScope — %n input file(s)", nullptr, int(m_inputFiles.size())));
    m_controls->retranslateUi();
    const QStringList titles{
        tr("Pipeline"),         tr("Event log"),       tr("Threads"),  tr("Samples of the latest batch"),
        tr("Training metrics"), tr("Queue occupancy"), tr("Controls"), tr("TensorFlow code"),
        tr("Thread states"),    tr("Explanation"),     tr("Runs")};
    for (int i = 0; i < m_docks.size(); ++i)
        m_docks[i]->setWindowTitle(titles.value(i));
    m_toolBar->setWindowTitle(tr("Run controls"));
    m_scenarioLabel->setText(tr("S&cenario:"));
    m_fileMenu->setTitle(tr("&File"));
    m_recentMenu->setTitle(tr("Open &Recent"));
    m_chooseFeatures->setText(tr("Choose &Features…"));
    m_quit->setText(tr("&Quit"));
    m_runMenu->setTitle(tr("&Run"));
    m_viewMenu->setTitle(tr("&View"));
    m_zoomActions[0]->setText(tr("Zoom &In (presentation)"));
    m_zoomActions[1]->setText(tr("Zoom &Out (presentation)"));
    m_zoomActions[2]->setText(tr("&Actual Size"));
    m_resetLayout->setText(tr("&Reset Layout"));
    m_frameTimingAction->setText(tr("&Frame Timing"));
    m_frameTimingAction->setToolTip(
        tr("Show how long the window takes per frame: the snapshot, the panel updates and the repaint."));
    m_languageMenu->setTitle(tr("&Language"));
    m_helpMenu->setTitle(tr("&Help"));
    m_about->setText(tr("&About QueueScope"));
    m_stateHelpAction->setText(tr("&Thread States"));
    retranslateCursor();
    retranslateRunFiles();
    updateRecentMenu();
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

bool MainWindow::isFrameTimingShown() const
{
    return m_frameTiming->isOn();
}

void MainWindow::setFrameTimingShown(bool on)
{
    m_frameTimingAction->setChecked(on); // the action drives the overlay
}

bool MainWindow::showPanel(const QString &name)
{
    static const QHash<QString, QString> docks{
        {QStringLiteral("controls"), QStringLiteral("controlsDock")},
        {QStringLiteral("explanation"), QStringLiteral("explanationDock")},
        {QStringLiteral("pipeline"), QStringLiteral("pipelineDock")},
        {QStringLiteral("events"), QStringLiteral("eventLogDock")},
        {QStringLiteral("threads"), QStringLiteral("threadTableDock")},
        {QStringLiteral("code"), QStringLiteral("tfCodeDock")},
        {QStringLiteral("states"), QStringLiteral("stateHelpDock")},
        {QStringLiteral("samples"), QStringLiteral("samplesDock")},
        {QStringLiteral("metrics"), QStringLiteral("metricsDock")},
        {QStringLiteral("queues"), QStringLiteral("queueChartDock")},
        {QStringLiteral("runs"), QStringLiteral("runsDock")}};
    auto *dock = findChild<QDockWidget *>(docks.value(name));
    if (!dock)
        return false;
    dock->show();
    dock->raise();
    return true;
}

} // namespace qs
