#pragma once

#include "base/result.h"
#include "example/featurespec.h"
#include "feed/recordstream.h"
#include "observe/snapshot.h"
#include "pipeline/coordinatedthread.h"
#include "run/runconfig.h"
#include "run/runplan.h"
#include "run/runsummary.h"
#include "scenario/scenario.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>

namespace qs {

class BatchSource;
class Model;
class Recorder;
class QueueBase;
struct RunContext;

// One run of an input pipeline and its trainer: builds the graph (TensorFlow 1.x's
// string_input_producer -> reader threads -> shuffle_batch -> trainer), owns its threads, and
// is what the GUI and the CLI drive. They see the run only through snapshots, the summary and
// the exports; no worker thread ever calls back into them.
//
//   auto p = Pipeline::create(config, scenario);         // checks the data; no thread yet
//   if (!p) { show(p.status()); return; }
//   (*p)->start();                                        // the threads start
//   on a ~30 Hz timer: snap = (*p)->snapshot(cursor); cursor = snap->nextEventSeq;
//   Stop button: (*p)->requestStop();                     // coord.request_stop()
//   (*p)->isFinished() -> (*p)->summary()
//
// Threads of a pipeline run (names as the events and the summary give them):
//   the input producer's runner thread and its close-on-stop watcher, the example queue's
//   runner threads (readers) and their watcher, "watchdog" (watcher), "trainer", and
//   "stuck-worker" when the scenario injects one. The naive feed has no queue and no reader.
//   A "workers" scenario runs "coordinator" (main) and "worker-<i>" instead. The snapshot's
//   topology says which thread is which (names as the QueueRunner gives them:
//   QueueRunnerThread-<queue>-<op>, QueueRunnerThread-<queue>-close_on_stop).
//
// Contract:
//  - All methods are called from one controlling thread (the GUI's or the CLI's main thread);
//    none of them blocks on the run: requestStop, setStepMode, nextStep and setSpeed return at
//    once (their events are never held at the step gate, which holds only the run's threads).
//    snapshot(), isFinished(), summary() and the exports may also be called from other threads.
//  - The scenario's "config" is NOT applied by create(): the caller layers it, e.g.
//    RunConfig::fromJson(scenario.config, base), so its own settings (CLI flags) can go on top.
//    create() applies the scenario's faults and mode.
//  - Step mode: while on, every coordination event (request_stop, queue_close, error,
//    thread_exit, join, end) holds the thread that emits it until nextStep() lets the oldest
//    one go; turning it off lets everyone go. Join's grace period starts again while threads
//    are held, so a slow user does not make a clean shutdown time out.
//  - The destructor requests stop, releases the step gate and the stuck worker, and waits for
//    the run's threads (those the workers' coordinator started included) for at most
//    grace_period_s + 5 s; it never hangs. Should a thread still
//    be alive then, the run's shared state (Recorder included) is deliberately leaked so that
//    thread never touches freed memory.
class Pipeline {
public:
    // Validates the config, expands the input patterns, writes the scenario's corrupted copies,
    // detects the FeatureSpec from the first file (with the trainer's "spec" overrides) and the
    // number of classes, and makes the model. Errors say what to fix: a bad key, a missing file,
    // no image in the records (listing the features found), ...
    static Result<std::unique_ptr<Pipeline>> create(RunConfig config, std::optional<Scenario> scenario = {});
    ~Pipeline();
    Pipeline(const Pipeline &) = delete;

    Pipeline &operator=(const Pipeline &) = delete;

    const RunConfig &config() const; // as resolved: files expanded, corrupted copies in place
    const std::optional<Scenario> &scenario() const { return m_scenario; }
    RunMode mode() const { return m_mode; }
    bool isWorkersMode() const { return m_mode == RunMode::Workers; }
    FeatureSpec featureSpec() const; // empty in workers mode
    int numClasses() const;
    QStringList classNames() const;
    const RunPlan &plan() const { return m_plan; } // input size, label or not, epochs, notices
    void setClassNames(const QStringList &names);  // before start(); default "0", "1", ... (demo: shapes)

    // FailedPrecondition when already started.
    Status start();
    bool isStarted() const { return bool(m_main); }

    void requestStop(); // coord.request_stop(): the user's stop; no error
    bool isFinished() const;
    bool waitFinished(std::chrono::milliseconds timeout) const; // false on timeout or before start

    SnapshotPtr snapshot(qint64 eventCursor = 0) const;
    const Recorder &recorder() const; // the run record (for RunFileWriter); lives as long as the run
    RunSummary summary() const;

    void setStepMode(bool on);
    bool stepMode() const;
    void nextStep();
    qint64 stepsPassed() const;  // held events the gate has let go (one per nextStep while held)
    void setSpeed(double speed); // 1 full speed, down to 0.01; see Pacer
    double speed() const;
    // Observation on (the default) or off, any time: off keeps events, metrics and counters
    // but records no thread-state spans or queue samples (Recorder::setEnabled), so snapshots
    // and the summary show no time per state. For measuring what observation costs (bench).
    void setObservationEnabled(bool on);
    // Before start(): the nice value the run's threads take (Recorder::setThreadNice).
    void setThreadNice(int nice);

    Status writeEvents(const QString &path) const; // JSON Lines
    Status writeTrace(const QString &path) const;  // Chrome trace (Perfetto)

private:
    struct StuckWorker;
    Pipeline() = default;
    Status startPipeline();
    Status startDataset();
    Status startWorkers();
    // The trainer, the watchdog and the stuck worker (a fault), as the topology lists them.
    QList<TopologyThread> runThreads(const QString &trainerQueue) const;
    // The trainer's main thread over `source`; afterTrain runs on it when the training loop ends.
    void startTrainer(std::unique_ptr<BatchSource> source, std::function<void()> afterTrain);
    void startWatchdog(const std::shared_ptr<QueueBase> &watched, const QList<ThreadHandle> &feeders,
                       const QList<std::shared_ptr<QueueBase>> &orphans);
    void startMain(const QString &name, ThreadRole role, std::function<Status()> body);

    std::shared_ptr<RunContext> m_context;
    RunConfig m_config; // resolved: expanded files, corrupted copies in place of originals
    std::optional<Scenario> m_scenario;
    RunMode m_mode = RunMode::Pipeline;
    qint64 m_readerThrowAfter = -1; // the scenario's faults
    qint64 m_trainerThrowAt = -1;
    bool m_stuckWorker = false;
    SlowFile m_slowFile;
    HoldOut m_holdOut;
    RunPlan m_plan;
    int m_numClasses = 0;
    QStringList m_classNames;
    std::shared_ptr<std::atomic<int>> m_trainerId = std::make_shared<std::atomic<int>>(-1);
    std::unique_ptr<Model> m_model; // handed to the trainer by start()
    std::shared_ptr<StuckWorker> m_stuck;
    ThreadHandle m_main;           // the trainer, or the workers' coordinator
    QList<ThreadHandle> m_threads; // every thread start() made, the main one included
};

} // namespace qs
