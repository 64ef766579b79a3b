#include "run/trainer.h"

#include "pipeline/statuserror.h"
#include "run/batchsource.h"
#include "run/heldoutset.h"
#include "run/runcontext.h"
#include "train/model.h"

#include <deque>
#include <stdexcept>

namespace qs {

namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kPreviewEvery = std::chrono::milliseconds(150);
constexpr int kAccuracyWindow = 50; // steps in the summary's training accuracy
constexpr double kRateWindowS = 1.0;

Thumbnail thumbnailOf(const Sample &s, int prediction)
{
    Thumbnail t;
    const cv::Mat m = s.thumbnail.isContinuous() ? s.thumbnail : s.thumbnail.clone();
    if (m.empty())
        return t;
    t.width = m.cols;
    t.height = m.rows;
    t.channels = m.channels();
    t.pixels = QByteArray(reinterpret_cast<const char *>(m.data), qsizetype(m.total() * m.elemSize()));
    t.label = s.label;
    t.prediction = prediction;
    t.source = QStringLiteral("%1 #%2").arg(s.file.section(QLatin1Char('/'), -1)).arg(s.record);
    return t;
}

} // namespace

// The figures one run of train() keeps as it goes.
struct Trainer::Loop {
    RunOutcome figures;
    std::deque<double> accuracies;                      // the last kAccuracyWindow steps
    std::deque<std::pair<Clock::time_point, int>> rate; // batches of the last kRateWindowS
    Clock::time_point firstBatch{};
    qint64 lastEvalStep = -1;
    Clock::time_point lastPreview{};

    double recentRate(Clock::time_point now)
    {
        while (!rate.empty() && now - rate.front().first > std::chrono::duration<double>(kRateWindowS))
            rate.pop_front();
        if (rate.size() < 2)
            return figures.samplesPerSec;
        double n = 0;
        for (size_t i = 1; i < rate.size(); ++i)
            n += rate[i].second;
        const double dt = std::chrono::duration<double>(rate.back().first - rate.front().first).count();
        return dt > 0 ? n / dt : figures.samplesPerSec;
    }
};

Trainer::Trainer(std::shared_ptr<RunContext> context, std::unique_ptr<BatchSource> source,
                 std::unique_ptr<Model> model)
    : m_context(std::move(context))
    , m_source(std::move(source))
    , m_model(std::move(model))
{}

Trainer::~Trainer() = default;

Status Trainer::run()
{
    RunContext &ctx = *m_context;
    ctx.trainerThreadId.store(ObservedThread::currentId(), std::memory_order_release);
    ctx.recorder->setRunState(RunState::Running);

    bool endOfData = false;
    Status own = callCatching([&] { return train(&endOfData); });
    if (!own.isOk() && ctx.coord.isCleanStop(own))
        own = Status(); // an OutOfRange that escaped: still the end of the data
    if (!own.isOk()) {
        if (own.thread().isEmpty())
            own = own.withThread(CoordinatedThread::currentName());
        ctx.coord.requestStop(own); // stop_on_exception: the first real error wins
    }
    // finally:
    ctx.recorder->setRunState(RunState::Stopping);
    ctx.coord.requestStop();
    ctx.pacer.interrupt();
    const Status joined = ctx.joinThreads();
    const EndHow how = !joined.isOk() ? EndHow::Error : endOfData ? EndHow::EndOfData : EndHow::Stopped;
    ctx.finish(how, joined);
    return own;
}

Status Trainer::train(bool *endOfData)
{
    RunContext &ctx = *m_context;
    const TrainerConfig &t = ctx.config.trainer;
    Loop loop;

    ObservedThread::setState(ThreadState::Running, Activity::Evaluating,
                             QStringLiteral("loading held-out data"));
    Result<HeldOutSet> heldOut = HeldOutSet::load(ctx, [&] { return ctx.coord.shouldStop(); });
    if (!heldOut)
        return heldOut.status();
    loop.figures.heldOutSamples = heldOut->size();
    ctx.recorder->event(
        EventKind::Note, CoordinatedThread::currentName(),
        {{QStringLiteral("what"), QStringLiteral("held_out")},
         {QStringLiteral("samples"), heldOut->size()},
         {QStringLiteral("skipped"), heldOut->skipped},
         {QStringLiteral("from"), t.evalFile.isEmpty()
                                      ? QStringLiteral("every %1th training record").arg(ctx.holdOut.every)
                                      : t.evalFile}});
    ctx.publish(loop.figures);

    auto evaluate = [&] {
        if (heldOut->isEmpty() || loop.lastEvalStep == loop.figures.steps || !m_model->isTrained())
            return Status();
        ObservedThread::setState(ThreadState::Running, Activity::Evaluating);
        Result<EvalResult> e = m_model->evaluate(heldOut->inputs, heldOut->labels);
        if (!e)
            return e.status();
        loop.figures.evalAccuracy = e->accuracy;
        loop.lastEvalStep = loop.figures.steps;
        return Status();
    };

    cv::Mat inputs;
    std::vector<int> labels;
    while (!ctx.coord.shouldStop() && (t.maxSteps == 0 || loop.figures.steps < t.maxSteps)) {
        if (loop.figures.steps == 0)
            loop.firstBatch = Clock::now();
        Result<Batch> batch = m_source->next();
        if (!batch) {
            if (batch.status().kind() != ErrorKind::OutOfRange)
                return batch.status();
            *endOfData = !ctx.coord.shouldStop(); // closed by the data running out, not by a stop
            break;
        }
        ObservedThread::setState(ThreadState::Running, Activity::Training);
        ctx.pacer.stage(std::chrono::milliseconds(ctx.config.pipeline.trainerDelayMs));
        if (ctx.faults.trainerThrowAt >= 0 && loop.figures.steps == ctx.faults.trainerThrowAt)
            throw std::runtime_error(QStringLiteral("injected fault: the training step threw at step %1")
                                         .arg(loop.figures.steps)
                                         .toStdString());

        const int n = int(batch->size());
        const int d = m_model->inputSpec().featureCount();
        inputs.create(n, d, CV_32F);
        labels.resize(size_t(n));
        for (int i = 0; i < n; ++i) {
            const Sample &s = (*batch)[size_t(i)];
            if (s.image.total() != size_t(d))
                return internalError(QStringLiteral("sample %1 #%2 has %3 features, the model takes %4")
                                         .arg(s.file)
                                         .arg(s.record)
                                         .arg(s.image.total())
                                         .arg(d));
            s.image.reshape(1, 1).copyTo(inputs.row(i));
            labels[size_t(i)] = s.label;
        }
        Result<StepResult> r = m_model->trainStep(inputs, labels);
        if (!r)
            return r.status();

        const auto now = Clock::now();
        RunOutcome &f = loop.figures;
        ++f.steps;
        f.samples += n;
        loop.accuracies.push_back(r->accuracy);
        if (int(loop.accuracies.size()) > kAccuracyWindow)
            loop.accuracies.pop_front();
        double sum = 0;
        for (double a : loop.accuracies)
            sum += a;
        f.trainAccuracy = sum / double(loop.accuracies.size());
        const double elapsed = std::chrono::duration<double>(now - loop.firstBatch).count();
        f.samplesPerSec = elapsed > 0 ? double(f.samples) / elapsed : 0;
        loop.rate.emplace_back(now, n);

        double evalAccuracy = -1;
        if (t.evalEvery > 0 && f.steps % t.evalEvery == 0) {
            if (Status s = evaluate(); !s.isOk())
                return s;
            evalAccuracy = f.evalAccuracy;
        }
        ctx.recorder->metric(MetricPoint{f.steps, ctx.recorder->nowUs(), r->loss, r->accuracy, evalAccuracy,
                                         loop.recentRate(now)});
        ctx.recorder->addSamples(n);
        ctx.recorder->setSteps(f.steps);
        ctx.publish(f);

        if (t.previewCount > 0 && now - loop.lastPreview >= kPreviewEvery) {
            loop.lastPreview = now;
            const int k = std::min(n, t.previewCount);
            Result<std::vector<int>> predicted = m_model->predict(inputs.rowRange(0, k));
            QList<Thumbnail> thumbs;
            for (int i = 0; i < k; ++i)
                thumbs << thumbnailOf((*batch)[size_t(i)], predicted ? (*predicted)[size_t(i)] : -1);
            ctx.recorder->setBatchPreview(std::move(thumbs), ctx.classNames);
        }
    }
    if (Status s = evaluate(); !s.isOk()) // the held-out accuracy the run ends with
        return s;
    ctx.publish(loop.figures);
    return {};
}

} // namespace qs
