#include "window/runcontroller.h"

#include "common/uitext.h"
#include "run/pipeline.h"
#include "window/mainwindow.h"

#include "demo/bundleddata.h"

#include <QFileInfo>

namespace qs {

RunController::RunController(MainWindow *window)
    : QObject(window)
    , m_window(window)
{
    m_window->setSnapshotSource([this](qint64 cursor) { return snapshot(cursor); });
    if (const BundledDemo demo = bundledDemo(); demo.isFound())
        m_window->setDefaultInput({demo.trainFile});
    connect(m_window, &MainWindow::startRequested, this, &RunController::start);
    connect(m_window, &MainWindow::stopRequested, this, &RunController::stop);
    connect(m_window, &MainWindow::stepModeToggled, this, &RunController::setStepMode);
    connect(m_window, &MainWindow::nextStepRequested, this, &RunController::nextStep);
    connect(m_window, &MainWindow::speedChanged, this, &RunController::setSpeed);
}

RunController::~RunController()
{
    m_window->setSnapshotSource({});
}

bool RunController::isRunning() const
{
    return m_pipeline && m_pipeline->isStarted() && !m_pipeline->isFinished();
}

bool RunController::start()
{
    if (isRunning())
        return false;
    auto fail = [this](const QString &text) {
        m_window->showMessage(text);
        emit startFailed(text);
        return false;
    };
    if (const QString blocked = m_window->startBlockReason(); !blocked.isEmpty())
        return fail(blocked); // no input yet, or a setting that cannot work
    RunConfig config = m_window->runConfig();
    config.trainer.speed = m_window->speed();
    const BundledDemo bundled = bundledDemo();
    const bool demo = m_window->inputFiles().isEmpty() && bundled.isTheTrainingData(config.pipeline.files);
    if (demo && config.trainer.evalFile.isEmpty())
        config.trainer.evalFile = bundled.evalFile; // its own held-out split
    Result<std::unique_ptr<Pipeline>> created = Pipeline::create(config, m_window->currentScenario());
    if (!created)
        return fail(tr("Cannot start: %1").arg(UiText::error(created.status())));
    std::unique_ptr<Pipeline> next = std::move(*created);
    next->setStepMode(m_window->isStepMode());

    // The previous run has ended (Start is only offered then), so this returns at once.
    (void)m_runs.end();
    m_pipeline = std::move(next);
    m_finalShown = false;
    if (m_pipeline->isWorkersMode())
        m_window->setDetectedData(std::nullopt, 0);
    else
        m_window->setDetectedData(m_pipeline->featureSpec(), m_pipeline->numClasses());
    m_window->setSnapshotSource([this](qint64 cursor) { return snapshot(cursor); }); // a new event log
    // Recorded from its first event; a run that cannot be recorded still runs, with a note.
    const QString what = !m_window->scenario().isEmpty() ? QFileInfo(m_window->scenario()).baseName()
                         : demo                          ? tr("demo data")
                                : QFileInfo(config.pipeline.files.value(0)).fileName();
    const Status recording = m_runs.begin(m_pipeline->recorder(), what);
    if (Status s = m_pipeline->start(); !s.isOk())
        return fail(tr("Cannot start: %1").arg(UiText::error(s)));
    if (!recording.isOk())
        m_window->showMessage(tr("This run is not being recorded: %1").arg(UiText::error(recording)));
    else
        m_window->showMessage(demo ? tr("Input: the bundled demo data") : QString());
    emit started();
    return true;
}

void RunController::stop()
{
    if (m_pipeline)
        m_pipeline->requestStop();
}

void RunController::setStepMode(bool on)
{
    if (m_pipeline)
        m_pipeline->setStepMode(on);
}

void RunController::nextStep()
{
    if (m_pipeline)
        m_pipeline->nextStep();
}

void RunController::setSpeed(double factor)
{
    if (m_pipeline)
        m_pipeline->setSpeed(factor);
}

SnapshotPtr RunController::snapshot(qint64 cursor)
{
    if (!m_pipeline || !m_pipeline->isStarted())
        return nullptr;
    // Once the run has finished, hand out its last snapshot once more and then nothing new:
    // the window keeps showing it without redrawing every panel 30 times a second.
    if (m_pipeline->isFinished()) {
        if (m_finalShown)
            return nullptr;
        m_finalShown = true;
        if (Status s = m_runs.end(); !s.isOk())
            m_window->showMessage(tr("The run's record could not be saved: %1").arg(UiText::error(s)));
    }
    return m_pipeline->snapshot(cursor);
}

} // namespace qs
