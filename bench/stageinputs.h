#pragma once

#include "base/result.h"
#include "feed/samplemaker.h"
#include "run/runconfig.h"
#include "train/annmlpmodel.h"

#include <QByteArray>

#include <opencv2/core.hpp>

#include <vector>

namespace qs {

// What the per-stage measures work on, prepared once from the data so every measure (and
// every repeat of one) sees the same inputs: the first records held in memory, the
// SampleMaker a reader thread would use, and the model's options with rows to train on.
struct StageInputs {
    static constexpr int kRecords = 512;         // records held in memory
    static constexpr qint64 kBytes = 64ll << 20; // and no more bytes than this

    std::vector<QByteArray> records;
    FeatureSpec spec;
    int classes = 0;
    SampleMaker maker;
    AnnMlpOptions model;
    int batchSize = 0;
    cv::Mat trainInputs; // up to 8 batches of model inputs made from the records
    std::vector<int> trainLabels;

    // Detects the spec as Pipeline::create does (so `config` must hold the expanded files),
    // loads the records and makes the training rows. Errors name the file and record.
    static Result<StageInputs> load(const RunConfig &config);
};

// The slowest stage of a pipeline with `readers` reader threads, timed now, so that a pipeline
// run timed right after it shares its load: the readers' stage is `readers` threads making
// samples at once (SampleMaker::make, the hardware's own scaling) plus each record's read
// (readUsPerRecord, from the scan), the trainer's the training step on batches, the queue's the
// hand-off measured before (queuePerSecond; <= 0: not counted). Each stage runs alone, with
// the machine to itself, so a pipeline made of them cannot be faster than the slowest.
struct SlowestStage {
    double perSecond = 0; // samples/s of the slowest
    QString stage;        // "readers", "trainer", "queue"
    double readersPerSecond = 0;
    double trainerPerSecond = 0;
};
Result<SlowestStage> timeSlowestStage(const StageInputs &in, int readers, double readUsPerRecord,
                                      double queuePerSecond, double seconds);

} // namespace qs
