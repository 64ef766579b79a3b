#include "train/trainer.h"

#include "feed/batchsource.h"
#include "feed/heldoutset.h"
#include "feed/pacer.h"
#include "observe/recorder.h"
#include "pipeline/coordinator.h"
#include "train/model.h"

#include <QJsonArray>

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

// The held-out predictions by true class: the "confusion" note.
QJsonObject confusionOf(const std::vector<int> &labels, const std::vector<int> &predicted, int classes,
                        const QStringList &names, qint64 step)
{
    std::vector<std::vector<qint64>> matrix(size_t(classes), std::vector<qint64>(size_t(classes), 0));
    for (size_t i = 0; i < labels.size() && i < predicted.size(); ++i) {
        if (labels[i] >= 0 && labels[i] < classes && predicted[i] >= 0 && predicted[i] < classes)
            ++matrix[size_t(labels[i])][size_t(predicted[i])];
    }
    QJsonArray rows;
    QJsonArray perClass;
    QJsonArray counts;
    QJsonArray classNames;
    for (int c = 0; c < classes; ++c) {
        qint64 total = 0;
        QJsonArray row;
        for (int p = 0; p < classes; ++p) {
            total += matrix[size_t(c)][size_t(p)];
            row.append(matrix[size_t(c)][size_t(p)]);
        }
        rows.append(row);
        counts.append(total);
        perClass.append(total > 0 ? QJsonValue(double(matrix[size_t(c)][size_t(c)]) / double(total))
                                  : QJsonValue());
        classNames.append(c < names.size() ? names[c] : QString::number(c));
    }
    QJsonObject note{{QStringLiteral("what"), QStringLiteral("confusion")},
                     {QStringLiteral("step"), step},
                     {QStringLiteral("classes"), classNames},
                     {QStringLiteral("per_class_accuracy"), perClass},
                     {QStringLiteral("counts"), counts}};
    if (classes <= Trainer::kMaxConfusionClasses)
        note.insert(QStringLiteral("matrix"), rows);
    return note;
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
        if (t.inputOnly || heldOut->isEmpty() || loop.lastEvalStep == loop.steps || !m_model->isTrained())
            return Status();
        ObservedThread::setState(ThreadState::Running, Activity::Evaluating);
        Result<EvalResult> e = m_model->evaluate(heldOut->inputs, heldOut->labels);
        if (!e)
            return e.status();
        Result<std::vector<int>> predicted = m_model->predict(heldOut->inputs);
        if (!predicted)
            return predicted.status();
        m_recorder.event(
            EventKind::Note, ObservedThread::currentName(),
            confusionOf(heldOut->labels, *predicted, m_model->classCount(), t.classNames, loop.steps));
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
            labels[size_t(i)] = t.inputOnly ? 0 : s.label;
        }
        Result<StepResult> r = m_model->trainStep(inputs, labels);
        if (!r)
            return r.status();

        const auto now = Clock::now();
        ++loop.steps;
        if (t.inputOnly) { // nothing learnt, nothing measured: the batch and its pace only
            m_recorder.addSamples(n);
            m_recorder.setSteps(loop.steps);
            if (t.previewCount > 0 && now - loop.lastPreview >= kPreviewEvery) {
                loop.lastPreview = now;
                QList<Thumbnail> thumbs;
                for (int i = 0; i < std::min(n, t.previewCount); ++i) {
                    Thumbnail thumb = thumbnailOf((*batch)[size_t(i)], -1);
                    thumb.label = -1;
                    thumbs << thumb;
                }
                m_recorder.setBatchPreview(std::move(thumbs), t.classNames);
            }
            continue;
        }
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
