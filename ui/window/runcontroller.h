#pragma once

#include "base/result.h"
#include "observe/snapshot.h"

#include "observe/runfile.h"
#include "window/sessionruns.h"

#include <QObject>

#include <memory>
#include <optional>

namespace qs {

class MainWindow;
class Pipeline;

// Owns the current run and wires it to a MainWindow: the window's snapshot source reads the
// Pipeline; Start builds a fresh Pipeline from the Controls dock (knobs, scenario, input files:
// the opened ones, else the bundled demo data with its held-out file (bundledDemo());
// without either, Start waits for "Open a TFRecord file") and starts it; Stop asks the coordinator to stop
// and the shutdown stays visible as it happens; step mode, next step and speed go straight to
// the pipeline. A run that ends stays on screen until the next Start. Problems from create() or
// start() go to the status bar (and startFailed), never to a dialog. GUI thread only: no
// method blocks on the run, except the destructor, which ends the current run (bounded by the
// Pipeline's own promise: its grace period plus a few seconds).
class RunController : public QObject {
    Q_OBJECT
public:
    explicit RunController(MainWindow *window);
    ~RunController() override;

    // How much nicer than the window the run's threads are (ThreadPriority): at full speed the
    // window's frames no longer wait behind them, and the run still gets every cycle it leaves.
    static constexpr int kRunThreadNice = 19; // clamped to 19 (the least favoured)

    Pipeline *pipeline() const { return m_pipeline.get(); }
    // Every run is recorded as it goes into this session's run files (File > Save Run copies one).
    const SessionRuns &sessionRuns() const { return m_runs; }
    bool isRunning() const; // started and not yet finished

public slots:
    bool start(); // false, with a status-bar note, when the run cannot be created or started
    void stop();
    void setStepMode(bool on);
    void nextStep();
    void setSpeed(double factor);
    // A saved run (observe/runfile.h) in every view, to replay with the time cursor; refused
    // with a status-bar note (and the Status) while a run goes or when the file cannot be read.
    Status openRun(const QString &path);
    // A saved run added to the Runs list without showing it, to compare with (the app's
    // `queuescope A.qsrun B.qsrun`); the same refusals as openRun, in the status bar.
    Status listRun(const QString &path);
    // File > Save Run: the shown run, whole (an opened one, or the session's last finished run).
    bool saveRun(const QString &path);
    bool exportRun(int kind, const QString &path); // 0: Chrome trace, 1: JSON Lines

signals:
    void started();
    void startFailed(const QString &message);

private:
    SnapshotPtr snapshot(qint64 cursor);
    // RunFileReader::read on a thread of its own, the window drawing meanwhile: an hour-long
    // run's record takes a minute to rebuild.
    Result<SavedRun> readRun(const QString &path);

    MainWindow *m_window;
    std::unique_ptr<Pipeline> m_pipeline;
    SessionRuns m_runs;
    std::optional<SavedRun>
        m_opened; // the saved run shown, while no new run has started        // after m_pipeline: destroyed
                  // first, its writer stops before the Recorder goes
    bool m_finalShown = false; // the finished run's last snapshot has been handed out
};

} // namespace qs
