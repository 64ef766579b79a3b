#include "run/pipeline.h"
#include "run/pipeline_p.h"

#include "demo/bundleddata.h"
#include "feed/datasetprobe.h"
#include "observe/chrometrace.h"
#include "observe/jsonlexport.h"
#include "record/inputfiles.h"
#include "run/runcontext.h"
#include "run/runplan.h"
#include "scenario/scenariofaults.h"
#include "train/annmlpmodel.h"

#include <QDebug>
#include <QFileInfo>

#include <mutex>

namespace qs {

namespace {

// Keeps the shared state of runs whose threads outlived their Pipeline (see ~Pipeline).
void leak(std::shared_ptr<RunContext> context)
{
    static std::mutex mu;
    static auto *kept = new std::vector<std::shared_ptr<RunContext>>;
    std::lock_guard lock(mu);
    kept->push_back(std::move(context));
}

} // namespace

Result<std::unique_ptr<Pipeline>> Pipeline::create(RunConfig config, std::optional<Scenario> scenario)
{
    std::unique_ptr<Pipeline> p(new Pipeline);
    p->m_mode = scenario ? scenario->mode : RunMode::Pipeline;
    if (Status s = config.validate(p->m_mode); !s.isOk())
        return s;
    auto ctx = std::make_shared<RunContext>();
    ctx->pacer.setSpeed(config.trainer.speed);

    if (!p->isWorkersMode()) {
        Result<QStringList> files = expandInputs(config.pipeline.files);
        if (!files)
            return files.status();
        config.pipeline.files = *files;
        if (!config.trainer.evalFile.isEmpty()) {
            Result<QStringList> eval = expandInputs({config.trainer.evalFile});
            if (!eval)
                return eval.status();
            if (eval->size() != 1)
                return invalidArgument(QStringLiteral("eval_file '%1' names %2 files; give one")
                                           .arg(config.trainer.evalFile)
                                           .arg(eval->size()));
            config.trainer.evalFile = eval->first();
        }
    }
    // Asked before a scenario's faults swap in their damaged copies: a corrupted copy of the
    // bundled demo still holds its shapes, and its previews name them.
    const BundledDemo demo = bundledDemo();
    const bool demoData = !p->isWorkersMode() && demo.isTheTrainingData(config.pipeline.files);
    if (scenario) {
        Result<InjectedFaults> faults = injectScenarioFaults(*scenario, config.pipeline.files);
        if (!faults)
            return faults.status();
        config.pipeline.files = faults->files;
        ctx->scratch = std::move(faults->scratch);
        p->m_readerThrowAfter = faults->readerThrowAfter;
        p->m_trainerThrowAt = faults->trainerThrowAt;
        p->m_stuckWorker = faults->stuckWorker;
        p->m_slowFile = {faults->slowFile, std::chrono::milliseconds(faults->slowFileDelayMs)};
        if (config.pipeline.kind == PipelineKind::Dataset && p->m_readerThrowAfter >= 0)
            return invalidArgument(QStringLiteral("scenario '%1' makes a reader thread throw; a tf.data "
                                                  "pipeline has no reader threads: use pipeline queues")
                                       .arg(scenario->name));
    }

    if (!p->isWorkersMode()) {
        const TrainerConfig &t = config.trainer;
        Result<DatasetProbe> probe = DatasetProbe::run(
            config.pipeline.files, {t.numClasses, t.specJson, compressionOf(config.pipeline)});
        if (!probe)
            return probe.status();
        Result<RunPlan> plan = RunPlan::make(&config, *probe); // may raise num_epochs
        if (!plan)
            return plan.status();
        AnnMlpOptions options;
        options.input = plan->input;
        options.classes = std::max(2, probe->numClasses); // no label: 2, never told apart
        options.hidden = t.hidden;
        Result<std::unique_ptr<AnnMlpModel>> model = AnnMlpModel::create(options);
        if (!model)
            return model.status();
        p->m_model = std::move(*model);
        ctx->maker = SampleMaker(probe->spec, options.input, config.pipeline.scaledJpeg);
        p->m_numClasses = probe->numClasses;
        if (demoData && demo.classNames.size() == probe->numClasses)
            p->m_classNames = demo.classNames;
        else if (probe->spec.label)
            p->m_classNames = probe->spec.label->classNames; // a ClassName label's list, else empty
        for (int i = int(p->m_classNames.size()); i < probe->numClasses; ++i)
            p->m_classNames << QString::number(i);
        p->m_holdOut = plan->holdOut;
        p->m_plan = *plan;
    }
    p->m_config = std::move(config);
    p->m_context = std::move(ctx);
    p->m_scenario = std::move(scenario);
    return p;
}

Pipeline::~Pipeline()
{
    if (!m_context)
        return;
    RunContext &ctx = *m_context;
    ctx.gate.release();
    if (m_stuck)
        m_stuck->release();
    if (!m_main)
        return;
    ctx.coord.requestStop();
    ctx.pacer.interrupt();
    using Clock = std::chrono::steady_clock;
    const auto deadline =
        Clock::now() + std::chrono::milliseconds(qint64(m_config.trainer.gracePeriodS * 1000) + 5000);
    bool allDone = true;
    auto waitFor = [&](const QList<ThreadHandle> &threads) {
        for (const ThreadHandle &t : threads) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
            if (!t->wait(std::max(left, std::chrono::milliseconds(0))))
                allDone = false;
        }
    };
    waitFor(m_threads);
    // Once the main thread has ended, the list of threads it started itself (the workers demo's
    // workers, registered with the coordinator) is complete.
    QList<ThreadHandle> adopted;
    for (const ThreadHandle &t : ctx.coord.registeredThreads()) {
        if (!m_threads.contains(t))
            adopted << t;
    }
    waitFor(adopted);
    const QList<ThreadHandle> threads = m_threads + adopted;
    if (!allDone) {
        QStringList alive;
        for (const ThreadHandle &t : threads) {
            if (t->isAlive())
                alive << t->name();
        }
        qWarning().noquote() << "Pipeline destroyed while threads still run:" << alive.join(QLatin1Char(' '))
                             << "- their shared state is kept alive for them";
        leak(m_context);
    }
}

const RunConfig &Pipeline::config() const
{
    return m_config;
}

FeatureSpec Pipeline::featureSpec() const
{
    return m_context->maker.spec();
}

int Pipeline::numClasses() const
{
    return m_numClasses;
}

QStringList Pipeline::classNames() const
{
    return m_classNames;
}

void Pipeline::setClassNames(const QStringList &names)
{
    if (!m_main)
        m_classNames = names;
}

Status Pipeline::start()
{
    if (m_main)
        return Status(ErrorKind::FailedPrecondition, QStringLiteral("the run was already started"));
    RunContext &ctx = *m_context;
    // Only the run's own threads wait at the gate: the GUI or CLI thread that calls
    // requestStop() must never be held there.
    StepGate *gate = &ctx.gate;
    ctx.recorder->setGate([gate](const Event &e) {
        if (ObservedThread::currentId() >= 0)
            gate->pass(e);
    });
    if (isWorkersMode())
        return startWorkers();
    return m_config.pipeline.kind == PipelineKind::Dataset ? startDataset() : startPipeline();
}

void Pipeline::requestStop()
{
    if (m_main)
        m_context->coord.requestStop();
}

bool Pipeline::isFinished() const
{
    return m_main && m_main->isFinished();
}

bool Pipeline::waitFinished(std::chrono::milliseconds timeout) const
{
    return m_main && m_main->wait(timeout);
}

SnapshotPtr Pipeline::snapshot(qint64 eventCursor) const
{
    auto snap = std::make_shared<Snapshot>();
    m_context->recorder->fillSnapshot(snap.get(), eventCursor);
    snap->stepMode = m_context->gate.isEnabled();
    snap->pendingEvents = m_context->gate.pending();
    snap->threadsAtGate = int(snap->pendingEvents.size());
    return snap;
}

const Recorder &Pipeline::recorder() const
{
    return *m_context->recorder;
}

RunSummary Pipeline::summary() const
{
    return RunSummary::of(*m_context->recorder);
}

void Pipeline::setStepMode(bool on)
{
    m_context->gate.setEnabled(on);
}

bool Pipeline::stepMode() const
{
    return m_context->gate.isEnabled();
}

void Pipeline::nextStep()
{
    m_context->gate.grant(1);
}

qint64 Pipeline::stepsPassed() const
{
    return m_context->gate.passedCount();
}

void Pipeline::setSpeed(double speed)
{
    m_context->pacer.setSpeed(speed);
    m_context->recorder->event(EventKind::Note, QString(),
                               {{QStringLiteral("what"), QStringLiteral("speed")},
                                {QStringLiteral("speed"), m_context->pacer.speed()}});
}

double Pipeline::speed() const
{
    return m_context->pacer.speed();
}

void Pipeline::setObservationEnabled(bool on)
{
    m_context->recorder->setEnabled(on);
}

void Pipeline::setThreadNice(int nice)
{
    m_context->recorder->setThreadNice(nice);
}

Status Pipeline::writeEvents(const QString &path) const
{
    return writeEventsJsonl(*m_context->recorder, path);
}

Status Pipeline::writeTrace(const QString &path) const
{
    return writeChromeTrace(*m_context->recorder, path);
}

} // namespace qs
