#pragma once

#include "base/result.h"

#include <QStringList>

#include <chrono>
#include <functional>

#include <memory>

namespace qs {

class BatchSource;
class Coordinator;
class Model;
class Pacer;
class Recorder;
struct HeldOutSet;

// The training loop of the trainer thread: the Python main thread of a TensorFlow 1.x script,
// between "start the queue runners" and "request_stop, join" (which the run's main-thread
// body does around it, see run/trainerbody.h).
//
//   held_out = load()                                   # eval_file, or every k-th record
//   while not coord.should_stop() and step < max_steps:
//     batch = examples.dequeue_many(batch_size)         # OutOfRange: the normal end, "done"
//     loss, acc = train_step(batch)                     # + metrics, eval every k, previews
//
// train() returns the trainer's own error (ok at the end of the data, after a stop or at
// max_steps) and says whether the data ran out before any stop. It may throw (the injected
// fault, a bug in a step): the caller catches, as stop_on_exception would. Figures go to the
// Recorder as it goes: a metric per step, the accuracies, held-out accuracy every eval_every
// steps and at the end, the latest batch's thumbnails (label and prediction) about every 150 ms.
// Each evaluation also records a Note event {"what": "confusion", "step", "classes": [names],
// "per_class_accuracy": [fraction or null per class], "counts": [held-out samples per class],
// "matrix": [[count]] (rows: the true class, columns: the predicted one; left out beyond
// kMaxConfusionClasses classes)}: what the summary's per-class accuracy and the window's
// confusion matrix read.
//
// The collaborators are the run's: `recorder`, `coord` and `pacer` must outlive the Trainer.
class Trainer {
public:
    static constexpr int kMaxConfusionClasses = 64;
    struct Options {
        qint64 maxSteps = 0; // 0: until the data ends or a stop
        int evalEvery = 50;  // 0: only at the end
        int previewCount = 16;
        std::chrono::milliseconds stepDelay{0}; // trainer_delay_ms: a slow model
        qint64 throwAtStep = -1;                // the injected fault: the step throws (< 0: never)
        QStringList classNames;                 // label -> name, for the previews
        QString heldOutFrom;                    // where the held-out set comes from, in words
        // No usable label: each batch still goes through a training step (a constant target, so
        // it costs what a real step does), but nothing is measured: no accuracy, no metric
        // points, no evaluation; the previews carry label and prediction -1.
        bool inputOnly = false;
    };
    using HeldOutLoader = std::function<Result<HeldOutSet>(const std::function<bool()> &stop)>;

    Trainer(Options options, Recorder &recorder, Coordinator &coord, Pacer &pacer,
            std::unique_ptr<BatchSource> source, std::unique_ptr<Model> model, HeldOutLoader heldOut);
    ~Trainer();
    Trainer(const Trainer &) = delete;
    Trainer &operator=(const Trainer &) = delete;

    Status train(bool *endOfData);

private:
    struct Loop;
    Options m_options;
    Recorder &m_recorder;
    Coordinator &m_coord;
    Pacer &m_pacer;
    std::unique_ptr<BatchSource> m_source;
    std::unique_ptr<Model> m_model;
    HeldOutLoader m_heldOut;
};

} // namespace qs
