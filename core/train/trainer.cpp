#include "train/trainer.h"

#include "feed/batchsource.h"
#include "feed/heldoutset.h"
#include "feed/pacer.h"
#include "observe/recorder.h"
#include "pipeline/coordinator.h"
#include "train/model.h"

#include <deque>
#include <stdexcept>

namespace qs {

namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kPreviewEvery = std::chrono::milliseconds(150);
constexpr int kAccuracyWindow = 50; // steps in the summary's training accuracy

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

// What one run of train() keeps as it goes.
struct Trainer::Loop {
    qint64 steps = 0;
    double evalAccuracy = -1;
    std::deque<double> accuracies; // the last kAccuracyWindow steps
    qint64 lastEvalStep = -1;
    Clock::time_point lastPreview{};

    double trainAccuracy() const
    {
        double sum = 0;
        for (double a : accuracies)
            sum += a;
        return accuracies.empty() ? -1 : sum / double(accuracies.size());
    }
};

Trainer::Trainer(Options options, Recorder &recorder, Coordinator &coord, Pacer &pacer,
                 std::unique_ptr<BatchSource> source, std::unique_ptr<Model> model, HeldOutLoader heldOut)
    : m_options(std::move(options))
    , m_recorder(recorder)
    , m_coord(coord)
    , m_pacer(pacer)
    , m_source(std::move(source))
    , m_model(std::move(model))
    , m_heldOut(std::move(heldOut))
{}

Trainer::~Trainer() = default;

Status Trainer::train(bool *endOfData)
{
    const Options &t = m_options;
    Loop loop;

    ObservedThread::setState(ThreadState::Running, Activity::Evaluating,
                             QStringLiteral("loading held-out data"));
    Result<HeldOutSet> heldOut =
        m_heldOut ? m_heldOut([this] { return m_coord.shouldStop(); }) : HeldOutSet{};
    if (!heldOut)
        return heldOut.status();
    m_recorder.setHeldOutSamples(heldOut->size());
    m_recorder.event(EventKind::Note, ObservedThread::currentName(),
                     {{QStringLiteral("what"), QStringLiteral("held_out")},
                      {QStringLiteral("samples"), heldOut->size()},
                      {QStringLiteral("skipped"), heldOut->skipped},
                      {QStringLiteral("from"), t.heldOutFrom}});

    auto evaluate = [&] {
        if (heldOut->isEmpty() || loop.lastEvalStep == loop.steps || !m_model->isTrained())
            return Status();
        ObservedThread::setState(ThreadState::Running, Activity::Evaluating);
        Result<EvalResult> e = m_model->evaluate(heldOut->inputs, heldOut->labels);
        if (!e)
            return e.status();
        loop.evalAccuracy = e->accuracy;
        loop.lastEvalStep = loop.steps;
        m_recorder.setAccuracy(loop.trainAccuracy(), loop.evalAccuracy);
        return Status();
    };

    cv::Mat inputs;
    std::vector<int> labels;
    m_recorder.addSamples(0); // the clock of samples/s starts with the first batch fetched
    while (!m_coord.shouldStop() && (t.maxSteps == 0 || loop.steps < t.maxSteps)) {
        Result<Batch> batch = m_source->next();
        if (!batch) {
            if (batch.status().kind() != ErrorKind::OutOfRange)
                return batch.status();
            *endOfData = !m_coord.shouldStop(); // closed by the data running out, not by a stop
            break;
        }
        ObservedThread::setState(ThreadState::Running, Activity::Training);
        m_pacer.stage(t.stepDelay);
        if (t.throwAtStep >= 0 && loop.steps == t.throwAtStep)
            throw std::runtime_error(QStringLiteral("injected fault: the training step threw at step %1")
                                         .arg(loop.steps)
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
        ++loop.steps;
        loop.accuracies.push_back(r->accuracy);
        if (int(loop.accuracies.size()) > kAccuracyWindow)
            loop.accuracies.pop_front();

        double evalAccuracy = -1;
        if (t.evalEvery > 0 && loop.steps % t.evalEvery == 0) {
            if (Status s = evaluate(); !s.isOk())
                return s;
            evalAccuracy = loop.evalAccuracy;
        }
        m_recorder.addSamples(n);
        m_recorder.setAccuracy(loop.trainAccuracy(), loop.evalAccuracy);
        m_recorder.metric(MetricPoint{loop.steps, m_recorder.nowUs(), r->loss, r->accuracy, evalAccuracy, 0});
        m_recorder.setSteps(loop.steps);

        if (t.previewCount > 0 && now - loop.lastPreview >= kPreviewEvery) {
            loop.lastPreview = now;
            const int k = std::min(n, t.previewCount);
            Result<std::vector<int>> predicted = m_model->predict(inputs.rowRange(0, k));
            QList<Thumbnail> thumbs;
            for (int i = 0; i < k; ++i)
                thumbs << thumbnailOf((*batch)[size_t(i)], predicted ? (*predicted)[size_t(i)] : -1);
            m_recorder.setBatchPreview(std::move(thumbs), t.classNames);
        }
    }
    if (Status s = evaluate(); !s.isOk()) // the held-out accuracy the run ends with
        return s;
    return {};
}

} // namespace qs
