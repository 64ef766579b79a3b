#include "window/runcontroller.h"

#include "common/uitext.h"
#include "observe/threadpriority.h"
#include "run/pipeline.h"
#include "window/inputblock.h"
#include "window/mainwindow.h"

#include "demo/bundleddata.h"

#include "observe/chrometrace.h"
#include "observe/exportfile.h"
#include "observe/jsonlexport.h"
#include "observe/runfilereader.h"

#include <QEventLoop>
#include <QFileInfo>
#include <QTimer>

#include <atomic>
#include <optional>
#include <thread>

#include <utility>

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
    connect(m_window, &MainWindow::openRunRequested, this, &RunController::openRun);
    connect(m_window, &MainWindow::saveRunRequested, this, &RunController::saveRun);
    connect(m_window, &MainWindow::exportRequested, this, &RunController::exportRun);
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
    // As on the command line, an epoch count or an input size other than the defaults means what
    // it says: it turns off the rules that would otherwise choose them (min_steps,
    // input_follows_data; see RunPlan).
    const RunConfig defaults;
    if (config.pipeline.numEpochs != defaults.pipeline.numEpochs)
        config.trainer.minSteps = 0;
    if (config.pipeline.imageWidth != defaults.pipeline.imageWidth ||
        config.pipeline.imageHeight != defaults.pipeline.imageHeight)
        config.pipeline.inputFollowsData = false;
    // A scenario's own stop, as `queuescope-cli run --scenario` makes it (unless its story
    // waits for the Stop button); a stop_after_s set in the Controls wins.
    const std::optional<Scenario> scenario = m_window->currentScenario();
    if (scenario && scenario->stopAfterSeconds > 0 && scenario->stopAfterInWindow &&
        config.trainer.stopAfterS <= 0)
        config.trainer.stopAfterS = scenario->stopAfterSeconds;
    const BundledDemo bundled = bundledDemo();
    const bool demo = m_window->inputFiles().isEmpty() && bundled.isTheTrainingData(config.pipeline.files);
    if (demo && config.trainer.evalFile.isEmpty())
        config.trainer.evalFile = bundled.evalFile; // its own held-out split
    Result<std::unique_ptr<Pipeline>> created = Pipeline::create(config, scenario);
    if (!created)
        return fail(tr("Cannot start: %1").arg(UiText::error(created.status())));
    std::unique_ptr<Pipeline> next = std::move(*created);
    next->setStepMode(m_window->isStepMode());
    // The run's threads yield to the window's: at full speed they fill both cores, and every
    // frame would wait its turn behind them (ThreadPriority).
    next->setThreadNice(ThreadPriority::current() + kRunThreadNice);

    // The previous run has ended (Start is only offered then), so this returns at once.
    (void)m_runs.end();
    m_opened.reset();
    m_window->setOpenedRunName(QString());
    m_pipeline = std::move(next);
    m_finalShown = false;
    m_window->setShownRunPath(QString()); // a live run: not in the Runs list until it ends
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
    // What the run plan chose or warns of comes first: "no label: input pipeline only", the
    // epochs raised for a small file (the full text is in the event log's run_plan note).
    QStringList notes;
    if (!recording.isOk())
        notes << tr("This run is not being recorded: %1").arg(UiText::error(recording));
    if (!m_pipeline->isWorkersMode()) {
        const RunPlan &plan = m_pipeline->plan();
        if (plan.inputOnly)
            notes << tr("No label: input pipeline only (the trainer takes the batches and learns nothing)");
        notes << plan.warnings << plan.notices;
    }
    if (notes.isEmpty() && demo)
        notes << tr("Input: the bundled demo data");
    if (config.trainer.stopAfterS > 0)
        notes << tr("This run stops itself at %1 (stop_after_s)")
                     .arg(UiText::duration(qint64(config.trainer.stopAfterS * 1e6)));
    m_window->showMessage(notes.join(QStringLiteral(" · ")));
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

Result<SavedRun> RunController::readRun(const QString &path)
{
    m_window->showMessage(tr("Opening %1…").arg(QFileInfo(path).fileName()));
    std::optional<Result<SavedRun>> read; // the reader's, until it is joined
    std::atomic<bool> done{false};
    std::thread reader([&read, &done, path] {
        read.emplace(RunFileReader::read(path));
        done.store(true, std::memory_order_release);
    });
    // The window goes on drawing; clicks and keys meanwhile are dropped (InputBlock), not kept
    // to act once the run is open. The loop looks at `done` on a timer rather than being told
    // by the reader: the hand-over stays in std atomics and the join, which ThreadSanitizer
    // sees (a posted Qt event goes through Qt's own locks, which it does not). An application
    // that quits meanwhile ends the loop; the join then waits for the read.
    QEventLoop loop;
    QTimer poll;
    poll.setInterval(10);
    connect(&poll, &QTimer::timeout, &loop, [&loop, &done] {
        if (done.load(std::memory_order_acquire))
            loop.quit();
    });
    poll.start();
    if (!done.load(std::memory_order_acquire)) {
        const InputBlock block;
        loop.exec();
    }
    reader.join();
    return std::move(*read);
}

Status RunController::openRun(const QString &path)
{
    if (isRunning()) {
        const Status s(ErrorKind::FailedPrecondition, tr("Stop the run before opening a saved one."));
        m_window->showMessage(s.message());
        return s;
    }
    Result<SavedRun> read = readRun(path);
    if (!read) {
        m_window->showMessage(tr("Cannot open the run: %1").arg(UiText::error(read.status())));
        return read.status();
    }
    (void)m_runs.end();
    m_opened = std::move(*read);
    auto shown = std::make_shared<Snapshot>(m_opened->last);
    shown->nextEventSeq = shown->events.isEmpty() ? 0 : shown->events.last().seq + 1;
    const bool whole = m_opened->finished();
    // A killed run's file holds it up to its last flush: shown as a run that ended there.
    shown->run = RunState::Finished;
    shown->stepMode = false;
    shown->threadsAtGate = 0;
    shown->pendingEvents.clear();
    m_pipeline.reset();
    SnapshotPtr once = shown;
    m_window->setSnapshotSource([once](qint64) mutable { return std::exchange(once, nullptr); });
    m_window->setOpenedRunName(QFileInfo(path).fileName());
    RunDigest digest = RunDigest::of(m_opened->last, m_opened->meta.value(QStringLiteral("label")));
    if (digest.label.isEmpty())
        digest.label = QFileInfo(path).fileName();
    digest.path = path;
    m_window->addRun(digest);
    m_window->setShownRunPath(path);
    m_window->poll();
    m_window->showMessage(
        whole ? tr("Saved run %1: move the time cursor to replay it").arg(QFileInfo(path).fileName())
              : tr("Saved run %1 was cut short: it holds the run's first %2")
                    .arg(QFileInfo(path).fileName(), UiText::duration(shown->tUs)));
    return Status::ok();
}

Status RunController::listRun(const QString &path)
{
    Result<RunDigest> digest = RunFileReader::readDigest(path);
    if (!digest) {
        m_window->showMessage(tr("Cannot open the run: %1").arg(UiText::error(digest.status())));
        return digest.status();
    }
    m_window->addRun(*digest);
    return Status::ok();
}

bool RunController::saveRun(const QString &path)
{
    Status s;
    if (m_opened && !m_opened->finished()) {
        // A cut-short run lives in its .partial file and the -wal file beside it: a copy of the
        // one without the other would lose its last seconds.
        s = Status(
            ErrorKind::FailedPrecondition,
            tr("%1 is a run cut short; copy it together with its -wal file instead").arg(m_opened->path));
    } else if (m_opened) {
        s = copyAtomically(m_opened->path, path);
    } else if (isRunning()) {
        s = Status(ErrorKind::FailedPrecondition,
                   tr("the run is still going: stop it or let it end, then save"));
    } else {
        s = m_runs.saveAs(path);
    }
    m_window->showMessage(s.isOk() ? tr("Run saved to %1").arg(QFileInfo(path).fileName())
                                   : tr("Cannot save the run: %1").arg(UiText::error(s)));
    return s.isOk();
}

bool RunController::exportRun(int kind, const QString &path)
{
    Status s;
    if (m_opened)
        s = kind == 0 ? writeChromeTrace(*m_opened, path) : writeEventsJsonl(*m_opened, path);
    else if (m_pipeline && m_pipeline->isStarted())
        s = kind == 0 ? writeChromeTrace(m_pipeline->recorder(), path)
                      : writeEventsJsonl(m_pipeline->recorder(), path);
    else
        s = Status(ErrorKind::NotFound, tr("no run to export yet"));
    m_window->showMessage(s.isOk() ? tr("Exported to %1").arg(QFileInfo(path).fileName())
                                   : tr("Cannot export: %1").arg(UiText::error(s)));
    return s.isOk();
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
        if (Status s = m_runs.end(); !s.isOk()) {
            m_window->showMessage(tr("The run's record could not be saved: %1").arg(UiText::error(s)));
        } else if (!m_runs.runs().isEmpty()) {
            // Read back from its file, as an opened run would be: the Runs list compares what
            // was recorded.
            const QString path = m_runs.runs().constLast().path;
            if (Result<RunDigest> digest = RunFileReader::readDigest(path)) {
                m_window->addRun(*digest);
                m_window->setShownRunPath(path);
            } else {
                m_window->showMessage(
                    tr("The run cannot be compared: %1").arg(UiText::error(digest.status())));
            }
        }
    }
    return m_pipeline->snapshot(cursor);
}

} // namespace qs
