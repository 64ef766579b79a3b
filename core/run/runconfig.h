#pragma once

#include "base/result.h"
#include "scenario/scenario.h"

#include <QJsonObject>
#include <QStringList>

namespace qs {

// How batches reach the trainer.
enum class FeedMode : quint8 {
    ShuffleBatch, // reader threads fill the example queue; the trainer dequeue_many()s a batch
    Naive,        // the classic tutorial's first way: the trainer reads and decodes sample by sample
};
QString feedModeKey(FeedMode mode); // "shuffle_batch", "naive"

// Which input pipeline a run builds from the same knobs.
enum class PipelineKind : quint8 {
    Queues,  // TF 1.x: string_input_producer, reader threads, shuffle_batch's queue
    Dataset, // its tf.data equivalent (DatasetRecipe): interleave, map, shuffle, batch, prefetch
};
QString pipelineKindKey(PipelineKind kind); // "queues", "dataset"

// The settings of one run as plain values. Every field is a knob of the table in run/knobs.h,
// which declares its JSON key, default, range, unit, help and TensorFlow argument once; the
// members here carry no defaults of their own: RunConfig's constructor takes them from the table.
struct PipelineConfig {
    PipelineKind kind;
    QStringList files;
    int numEpochs;
    bool shuffleFiles;
    quint64 fileSeed;
    int readerThreads;
    int filenameCapacity;
    int exampleCapacity;
    int minAfterDequeue;
    bool useShuffleQueue;
    int batchSize;
    bool allowSmallerFinalBatch;
    quint64 shuffleSeed;
    int imageWidth;
    int imageHeight;
    bool inputFollowsData; // the model's input takes the data's size (see RunPlan)
    bool skipCorrupt;
    QString compression; // "auto" (detected), "none", "gzip", "zlib"
    int readerDelayMs;
    int decodeDelayMs;
    bool scaledJpeg;
    int trainerDelayMs;
    bool datasetAutotune;
    int datasetInterleaveCalls; // 0: reader_threads
    int datasetMapCalls;        // 0: reader_threads
    int datasetPrefetch;        // -1: from the queue knobs, 0: none
    bool datasetCache;
    bool datasetDeterministic; // interleave's and map's deterministic argument
    bool datasetMapAfterBatch; // batch the records, then one map call decodes a whole batch

    static constexpr int kMaxImageSide = 256;                   // the model's input grows with width x height
    static constexpr quint64 kMaxSeed = (quint64(1) << 53) - 1; // seeds must survive a JSON double

    friend bool operator==(const PipelineConfig &, const PipelineConfig &) = default;
};

// The trainer's knobs (the Python main thread of a TensorFlow 1.x script) and the run's own.
struct TrainerConfig {
    FeedMode feed;
    qint64 maxSteps;
    int minSteps; // repeat the data until this many steps (see RunPlan)
    int evalEvery;
    QString evalFile;
    double evalFraction;
    int evalMaxSamples;
    int hidden;
    int numClasses;
    QString specJson; // feature-spec overrides as compact JSON text, empty = detect
    double gracePeriodS;
    bool startQueueRunners;
    double hangSeconds;
    int previewCount;
    double speed;
    int workers;
    int workerStepMs;
    double stopProbability;
    double stopAfterS;

    friend bool operator==(const TrainerConfig &, const TrainerConfig &) = default;
};

// Everything one run needs. A default-constructed RunConfig holds the knob table's defaults.
// fromJson takes one flat object (a scenario's "config", the GUI's settings, --config): keys
// present replace base's, the others keep base's value, so `RunConfig::fromJson(scenario.config,
// fromFlags)` layers a scenario over other settings; unknown keys and wrong types are refused
// (InvalidArgument naming the key). It also takes "input_size": N, shorthand for image_width =
// image_height = N (an explicit image_width or image_height in the same object wins).
// toJson writes every knob (fromJson(toJson()) == *this).
// validate(mode) checks each knob's range and the rules between knobs; in Pipeline mode at
// least one file is needed, so validate after the files are known.
struct RunConfig {
    PipelineConfig pipeline;
    TrainerConfig trainer;

    RunConfig();
    QJsonObject toJson() const;
    static Result<RunConfig> fromJson(const QJsonObject &json, const RunConfig &base = {});
    Status validate(RunMode mode = RunMode::Pipeline) const;

    friend bool operator==(const RunConfig &, const RunConfig &) = default;
};

} // namespace qs
