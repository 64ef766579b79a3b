#include "bench/trainbench.h"

#include "train/annmlpmodel.h"

namespace qs {

Result<StageRate> measureTrainStep(const AnnMlpOptions &options, const cv::Mat &inputs,
                                   const std::vector<int> &labels, int batchSize, double seconds)
{
    if (inputs.empty() || inputs.rows != int(labels.size()) || batchSize < 1)
        return Status(ErrorKind::InvalidArgument,
                      QStringLiteral("train step bench: %1 input rows, %2 labels, batch %3")
                          .arg(inputs.rows)
                          .arg(labels.size())
                          .arg(batchSize));
    Result<std::unique_ptr<AnnMlpModel>> model = AnnMlpModel::create(options);
    if (!model)
        return model.status();

    // Whole batches, made before the clock starts, as the trainer makes one per step.
    const int batches = std::max(1, inputs.rows / batchSize);
    std::vector<cv::Mat> batchInputs(static_cast<size_t>(batches));
    std::vector<std::vector<int>> batchLabels(static_cast<size_t>(batches));
    int row = 0;
    for (int b = 0; b < batches; ++b) {
        batchInputs[size_t(b)].create(batchSize, inputs.cols, CV_32F);
        for (int i = 0; i < batchSize; ++i, row = (row + 1) % inputs.rows) {
            inputs.row(row).copyTo(batchInputs[size_t(b)].row(i));
            batchLabels[size_t(b)].push_back(labels[size_t(row)]);
        }
    }
    if (Result<StepResult> first = (*model)->trainStep(batchInputs[0], batchLabels[0]); !first)
        return first.status();

    size_t next = 0;
    Status failed;
    StageRate steps = measureFor(
        seconds,
        [&] {
            if (Result<StepResult> r = (*model)->trainStep(batchInputs[next], batchLabels[next]);
                !r && failed.isOk())
                failed = r.status();
            next = (next + 1) % batchInputs.size();
        },
        1);
    if (!failed.isOk())
        return failed;
    steps.items *= batchSize;
    return steps;
}

} // namespace qs
