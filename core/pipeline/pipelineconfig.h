#pragma once

#include "base/result.h"

#include <QJsonObject>
#include <QStringList>

namespace qs {

// Every knob of one run, as a plain value: the UI's controls, the CLI's flags and the scenario
// files all fill one of these. JSON keys are the snake_case names in the comments; toJson writes
// all of them and fromJson accepts any subset (the rest keep their defaults), refusing unknown
// keys and wrong types so a typo in a scenario file is reported, not ignored.
struct PipelineConfig {
    QStringList files;           // files
    int numEpochs = 1;           // num_epochs (0: cycle until stopped)
    bool shuffleFiles = true;    // shuffle_files
    quint64 fileSeed = 0;        // file_seed (0: random)
    int readerThreads = 2;       // reader_threads
    int filenameCapacity = 32;   // filename_capacity
    int exampleCapacity = 224;   // example_capacity (TensorFlow's advice: min_after_dequeue + 3 * batch)
    int minAfterDequeue = 128;   // min_after_dequeue (shuffle queue only)
    bool useShuffleQueue = true; // use_shuffle_queue (false: a FIFOQueue, tf.train.batch)
    int batchSize = 32;          // batch_size
    bool allowSmallerFinalBatch = false; // allow_smaller_final_batch
    quint64 shuffleSeed = 0;             // shuffle_seed (0: random)
    int imageWidth = 16;                 // image_width: readers resize every image to this (2..256);
    int imageHeight = 16;                // image_height  the model's input is height x width x 3
    bool skipCorrupt = false; // skip_corrupt: count and skip bad records instead of stopping the run
    int readerDelayMs = 0;    // reader_delay_ms: slow motion, per record read
    int decodeDelayMs = 0;    // decode_delay_ms: per example decoded
    int trainerDelayMs = 0;   // trainer_delay_ms: per training step

    static constexpr int kMaxImageSide = 256;                   // the model's input grows with width x height
    static constexpr quint64 kMaxSeed = (quint64(1) << 53) - 1; // seeds must survive a JSON double

    QJsonObject toJson() const;
    static Result<PipelineConfig> fromJson(const QJsonObject &json);
    // InvalidArgument naming the first bad knob by its JSON key, e.g.
    // "pipeline config: batch_size must be at least 1 (got 0)".
    Status validate() const;

    friend bool operator==(const PipelineConfig &, const PipelineConfig &) = default;
};

} // namespace qs
