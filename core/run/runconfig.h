#pragma once

#include "base/result.h"
#include "pipeline/pipelineconfig.h"

#include <QJsonObject>
#include <QString>

namespace qs {

// How batches reach the trainer.
enum class FeedMode : quint8 {
    ShuffleBatch, // reader threads fill the example queue; the trainer dequeue_many()s a batch
    Naive,        // the classic tutorial's first way: the trainer reads and decodes sample by sample
};
QString feedModeKey(FeedMode mode); // "shuffle_batch", "naive"

// The trainer's knobs (the Python main thread of a TensorFlow 1.x script). JSON keys in comments.
struct TrainerConfig {
    FeedMode feed = FeedMode::ShuffleBatch; // feed: "shuffle_batch" | "naive"
    qint64 maxSteps = 0;                    // max_steps (0: until the data ends or a stop)
    int evalEvery = 50;                     // eval_every: held-out accuracy every k steps (0: never)
    QString evalFile;                       // eval_file: held-out data from a separate file
    double evalFraction = 0.1;              // eval_fraction: else every round(1/f)-th record is held out
    int evalMaxSamples = 1000;              // eval_max_samples: the held-out set is kept in memory, bounded
    int hidden = 64;                        // hidden: ANN_MLP hidden units
    int numClasses = 0;                     // num_classes (0: from the data)
    QString specJson;                       // spec: feature-spec overrides (JSON text), empty = detect
    double gracePeriodS = 5;                // grace_period_s: join's grace period after stop
    bool startQueueRunners = true;          // start_queue_runners: false reproduces the classic hang
    double hangSeconds = 3;                 // hang_s: the watchdog's patience before explaining a hang
    int previewCount = 16;                  // preview_count: thumbnails of the latest batch
    double speed = 1;                       // speed: 1 full speed, < 1 slow motion (see Pipeline)
    // The "workers" mode (the Coordinator's five-worker demo)
    int workers = 5;               // workers
    int workerStepMs = 50;         // worker_step_ms
    double stopProbability = 0.05; // stop_probability per worker step
    // Headless runs (CLI, tests): request_stop after this many seconds (0: never). The GUI leaves
    // it at 0; the CLI fills it from --stop-after or the scenario's stop_after_s.
    double stopAfterS = 0; // stop_after_s

    Status validate() const; // InvalidArgument naming the first bad key

    friend bool operator==(const TrainerConfig &, const TrainerConfig &) = default;
};

// Everything one run needs. fromJson takes one flat object (a scenario's "config", the GUI's
// settings): trainer keys go to `trainer`, the rest to PipelineConfig::fromJson, which refuses
// unknown keys. Keys present in `json` replace the ones of `base`; the others keep base's value,
// so `RunConfig::fromJson(scenario.config, fromFlags)` layers a scenario over other settings.
// toJson writes every key of both halves in one flat object (fromJson(toJson()) == *this).
// fromJson also takes "input_size": N, shorthand for image_width = image_height = N (an explicit
// image_width or image_height in the same object wins).
// validate() checks both halves (InvalidArgument naming the JSON key); the pipeline half needs
// at least one file, so validate after the files are known.
struct RunConfig {
    PipelineConfig pipeline;
    TrainerConfig trainer;

    QJsonObject toJson() const;
    static Result<RunConfig> fromJson(const QJsonObject &json, const RunConfig &base = {});
    Status validate() const;

    friend bool operator==(const RunConfig &, const RunConfig &) = default;
};

} // namespace qs
