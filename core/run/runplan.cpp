#include "run/runplan.h"

#include "feed/datasetprobe.h"
#include "record/recordreader.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <limits>

namespace qs {

namespace {

// The training records of `files` (those `holdOut` leaves), counted until `enough` is reached.
Result<qint64> countTrainingRecords(const QStringList &files, const HoldOut &holdOut, Compression compression,
                                    qint64 enough, bool *countedAll)
{
    qint64 total = 0;
    *countedAll = true;
    for (const QString &file : files) {
        RecordReaderOptions options;
        options.skipCorrupt = true; // reporting a bad record is the readers' job
        options.compression = compression;
        Result<std::unique_ptr<RecordReader>> reader = RecordReader::open(file, options);
        if (!reader)
            return reader.status().withLocation(Location{file, -1, -1});
        RecordView record;
        for (qint64 index = 0;; ++index) {
            const Status s = (*reader)->next(&record);
            if (s.kind() == ErrorKind::OutOfRange)
                break;
            if (!s.isOk())
                return s;
            if (!holdOut.contains(index))
                ++total;
            if (total >= enough) {
                *countedAll = false;
                return total;
            }
        }
    }
    return total;
}

InputSpec inputFromData(const DatasetProbe &probe, const PipelineConfig &pc)
{
    if (probe.imageWidth <= 0 || probe.imageHeight <= 0)
        return InputSpec{pc.imageWidth, pc.imageHeight, 3};
    const int channels = probe.imageChannels == 1 ? 1 : 3;
    double w = probe.imageWidth;
    double h = probe.imageHeight;
    const double values = w * h * channels;
    if (values > RunPlan::kMaxInputValues) {
        const double scale = std::sqrt(RunPlan::kMaxInputValues / values);
        w *= scale;
        h *= scale;
    }
    const int side = PipelineConfig::kMaxImageSide;
    return InputSpec{std::clamp(int(std::floor(w)), 2, side), std::clamp(int(std::floor(h)), 2, side),
                     channels};
}

} // namespace

Compression compressionOf(const PipelineConfig &config)
{
    return parseCompression(config.compression).value_or(Compression::Auto);
}

Result<RunPlan> RunPlan::make(RunConfig *config, const DatasetProbe &probe)
{
    PipelineConfig &pc = config->pipeline;
    const TrainerConfig &tc = config->trainer;
    RunPlan plan;
    plan.inputOnly = !probe.spec.label;
    plan.noLabel = probe.noLabel;
    plan.inputFrom = pc.inputFollowsData ? QStringLiteral("data") : QStringLiteral("config");
    plan.input = pc.inputFollowsData ? inputFromData(probe, pc) : InputSpec{pc.imageWidth, pc.imageHeight, 3};
    if (!plan.inputOnly && tc.evalFile.isEmpty())
        plan.holdOut = HoldOut::forFraction(tc.evalFraction);
    plan.epochsGiven = plan.epochs = pc.numEpochs;
    plan.batchSize = pc.batchSize;
    plan.smallerFinalBatch = pc.allowSmallerFinalBatch;
    if (plan.inputOnly)
        plan.warnings << QCoreApplication::translate(
                             "qs::RunPlan",
                             "no label: input pipeline only. The trainer takes every batch at the model's "
                             "cost and learns nothing; %1")
                             .arg(probe.noLabel);

    if (probe.spec.label && probe.spec.label->encoding == LabelEncoding::ClassName) {
        const LabelSpec &l = *probe.spec.label;
        const QString names = l.classNames.mid(0, 12).join(QStringLiteral(", ")) +
                              (l.classNames.size() > 12 ? QStringLiteral(", ...") : QString());
        plan.notices << (l.classNamesComplete
                             ? QCoreApplication::translate("qs::RunPlan",
                                                           "labels: '%1' names %2 classes (%3), from a full "
                                                           "scan of %4 records")
                             : QCoreApplication::translate(
                                   "qs::RunPlan", "labels: '%1' names %2 classes (%3), from the first "
                                                  "%4 records (sampled): a later record with another "
                                                  "name stops the run"))
                            .arg(l.key)
                            .arg(l.classNames.size())
                            .arg(names)
                            .arg(l.classNamesScanned);
    }
    const qint64 target = tc.minSteps > 0 ? std::max<qint64>(tc.minSteps, tc.maxSteps) : 0;
    const qint64 batch = pc.batchSize;
    if (pc.numEpochs == 0)
        return plan; // until stopped
    // Enough records when num_epochs of them make `target` steps, or one batch without a target.
    const double wanted =
        target > 0 ? std::ceil(double(target) * double(batch) / pc.numEpochs) : double(batch);
    const qint64 enough = qint64(std::min(wanted, double(kCountLimit)));
    Result<qint64> counted =
        countTrainingRecords(pc.files, plan.holdOut, compressionOf(pc),
                             std::max<qint64>(enough, batch * kFewBatches), &plan.countedAll);
    if (!counted)
        return counted.status();
    plan.trainRecords = *counted;
    plan.stepsPerEpoch =
        pc.allowSmallerFinalBatch ? (plan.trainRecords + batch - 1) / batch : plan.trainRecords / batch;
    if (plan.trainRecords == 0) {
        plan.warnings << QCoreApplication::translate(
                             "qs::RunPlan",
                             "the files hold no training records (%1 held out), so the run trains 0 steps")
                             .arg(plan.holdOut.every > 0
                                      ? QCoreApplication::translate("qs::RunPlan", "every %1th record")
                                            .arg(plan.holdOut.every)
                                      : QCoreApplication::translate("qs::RunPlan", "none"));
        return plan;
    }
    if (target > 0 && plan.countedAll) {
        const double need = std::ceil(double(target) * double(batch) / double(plan.trainRecords));
        if (need > pc.numEpochs) {
            plan.epochs = need > double(std::numeric_limits<int>::max()) ? 0 : int(need);
            pc.numEpochs = plan.epochs;
        }
    }
    const bool few = plan.countedAll && plan.stepsPerEpoch < kFewBatches;
    if (few || plan.epochs != plan.epochsGiven) {
        QString what =
            plan.trainRecords < batch
                ? QCoreApplication::translate("qs::RunPlan",
                                              "an epoch holds %1 training records, fewer than a batch of %2")
                      .arg(plan.trainRecords)
                      .arg(batch)
                : QCoreApplication::translate(
                      "qs::RunPlan", "an epoch holds %1 training records: %2 step(s) of a batch of %3")
                      .arg(plan.trainRecords)
                      .arg(plan.stepsPerEpoch)
                      .arg(batch);
        if (plan.epochs != plan.epochsGiven)
            what += (plan.epochs == 0
                         ? QCoreApplication::translate(
                               "qs::RunPlan",
                               "; so num_epochs %1 becomes 0 (repeat until stopped) to train at least "
                               "%2 steps (min_steps; --min-steps 0 or --epochs N keeps yours)")
                         : QCoreApplication::translate(
                               "qs::RunPlan",
                               "; so num_epochs %1 becomes %3 to train at least %2 steps (min_steps; "
                               "--min-steps 0 or --epochs N keeps yours)"))
                        .arg(plan.epochsGiven)
                        .arg(target)
                        .arg(plan.epochs);
        else
            what +=
                QCoreApplication::translate("qs::RunPlan", "; num_epochs %1 as set").arg(plan.epochsGiven);
        plan.notices << what;
    }
    const qint64 total =
        plan.epochs == 0 ? std::numeric_limits<qint64>::max() : qint64(plan.epochs) * plan.trainRecords;
    if (plan.countedAll && total < batch && !pc.allowSmallerFinalBatch)
        plan.warnings
            << QCoreApplication::translate(
                   "qs::RunPlan",
                   "%1 epoch(s) of %2 training records are fewer than a batch of %3, so the run trains "
                   "0 steps: set --allow-smaller-final-batch, more --epochs, or a smaller --batch-size")
                   .arg(plan.epochs)
                   .arg(plan.trainRecords)
                   .arg(batch);
    return plan;
}

QJsonObject RunPlan::toJson() const
{
    return {{QStringLiteral("what"), QStringLiteral("run_plan")},
            {QStringLiteral("input"), input.toString()},
            {QStringLiteral("input_from"), inputFrom},
            {QStringLiteral("input_only"), inputOnly},
            {QStringLiteral("no_label"), noLabel},
            {QStringLiteral("train_records"), trainRecords},
            {QStringLiteral("counted_all"), countedAll},
            {QStringLiteral("batch_size"), batchSize},
            {QStringLiteral("allow_smaller_final_batch"), smallerFinalBatch},
            {QStringLiteral("epochs_given"), epochsGiven},
            {QStringLiteral("epochs"), epochs},
            {QStringLiteral("steps_per_epoch"), stepsPerEpoch},
            {QStringLiteral("notices"), QJsonArray::fromStringList(notices)},
            {QStringLiteral("warnings"), QJsonArray::fromStringList(warnings)}};
}

} // namespace qs
