#pragma once

#include "bench/machineinfo.h"
#include "bench/memorybench.h"
#include "bench/pipelinebench.h"
#include "bench/scanbench.h"
#include "bench/stagerate.h"
#include "bench/verdict.h"
#include "run/runconfig.h"

#include <QJsonObject>
#include <QList>

#include <optional>

namespace qs {

// Each stage of the pipeline measured on its own, on the data being benchmarked.
struct StageFigures {
    ScanComparison scan;     // page-cached plain read() vs record scan with CRCs
    StageRate parse;         // Example parsing, one thread
    StageRate decode;        // decode + preprocess from parsed examples, one thread
    StageRate readerBody;    // parse + decode + preprocess + thumbnail, one thread
    StageRate readerBodyAll; // the same on every core at once (the hardware's own scaling)
    int allThreads = 0;      // threads of readerBodyAll
    StageRate queue;         // Sample hand-off through the example queue's kind, observed
    StageRate trainStep;     // items are samples
    int batchSize = 0;
    LoadAverage load;

    // Samples one reader thread turns out: reading plus the reader body, one after the other.
    double readerThreadPerSecond() const;
    QJsonObject toJson() const;
};

// One of the targets: a figure measured in this run, held against its goal.
struct TargetFigure {
    QString key;       // "scan_vs_read"
    QString what;      // "record scan + CRC vs plain read()"
    double value = -1; // < 0: not measured
    QString unit;      // "x" (a ratio), "elements/s", "ms", "MB"
    QString goal;      // ">= 0.50", "<= 5 ms", "" for a figure reported without a goal
    std::optional<bool> met;
    QJsonObject detail; // the figures behind it
    LoadAverage load;   // when it was measured

    QJsonObject toJson() const;
};

// Everything one `queuescope-cli bench` measured; toJson() is its --json output:
//   {"machine": {nproc, cpu, kernel}, "load_start", "load_end", "seconds",
//    "data": {files, demo, demo_written, records, bytes, spec},
//    "config": {the RunConfig the pipeline runs used},
//    "stages": {"scan": {read_mb_per_s, scan_mb_per_s, records_per_s, ratio}, "parse",
//               "decode_preprocess", "reader_body", "reader_body_all", "queue", "train_step"
//               (each {per_s, us_per_item}), "reader_thread_per_s", "load"},
//    "pipeline": [{readers, samples_per_s, trainer_blocked_empty, readers_blocked_full,
//                  queue_fill, efficiency, load, ...}],
//    "bottleneck": {bound, bottleneck, trainer_waiting, readers, suggested_readers, advice},
//    "targets": [{key, what, value, unit, goal, met, detail, load}],
//    "memory": {...} (with --big-file-gb)}
struct BenchReport {
    MachineInfo machine;
    LoadAverage loadStart;
    LoadAverage loadEnd;
    double seconds = 0; // the whole bench, wall time

    QStringList files;
    bool demoData = false;    // no file was given: the bundled demo dataset
    bool demoWritten = false; // and it was not installed, so the bench wrote a copy
    qint64 records = 0;
    qint64 bytes = 0;
    QString spec; // the detected image and label, as people read them
    RunConfig config;

    StageFigures stages;
    QList<PipelineFigures> sweep; // 1, 2, ... N readers
    QList<double> slowestStage;   // per sweep entry: the slowest stage's rate, timed just before the run
    QList<double> efficiency;     // per sweep entry: samples/s over slowestStage
    Verdict verdict;
    QList<TargetFigure> targets;
    std::optional<MemoryFigures> memory;

    QJsonObject toJson() const;
};

} // namespace qs
