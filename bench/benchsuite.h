#pragma once

#include "base/result.h"
#include "bench/benchreport.h"

#include <QStringList>

#include <functional>

namespace qs {

struct BenchOptions {
    double seconds = 1;    // each isolated measure; a pipeline run's window is twice that
    int maxReaders = 0;    // the sweep's N (0: the config's reader_threads or the core count, the larger)
    bool targets = true;   // also the targets (decode scaling, queue, observation, naive feed, ...)
    int repeats = 3;       // interleaved runs per side of each on/off comparison; the median counts
    double bigFileGb = 0;  // > 0: first, one epoch over a file of this size (peak RSS)
    QString tempDir;       // where temporary datasets go; empty: the system's temp folder
    QString cli;           // queuescope-cli, for the whole-process targets; empty: they are skipped
    QStringList jpegFiles; // TFRecord files whose JPEGs the decode target also times
    int libraries = -1;    // shared objects the CLI maps at start (startupLibraries); < 0 unknown
    std::function<void(const QString &)> progress; // what it is doing, for a progress line

    Status validate() const;
};

// `queuescope-cli bench`: measures the pipeline `config` describes, stage by stage and whole.
//  1. With no file in config, benchmarks the bundled demo dataset (bundledDemo()),
//     or, when it is not installed, a copy written to a temporary folder (writeBundledDemo).
//  2. Stages in isolation (StageFigures) on the first records of the data, held in memory.
//  3. The whole pipeline with 1, 2, ... N reader threads, each a timed window of a run that
//     cycles through the data (num_epochs 0). Evaluation is turned off (eval_every 0, no
//     held-out split), the speed is full and max_steps / stop_after_s are ignored, so the
//     figures are of the input pipeline and the training step. The last run also times
//     Pipeline::snapshot() at 30 Hz, as the GUI calls it.
//  4. The verdict (Verdict::judge) on the run with N readers.
//  5. With options.targets, the target figures (see targetbench.h).
// Every temporary file is removed before it returns.
Result<BenchReport> runBench(RunConfig config, const BenchOptions &options);

// The settings the timed pipeline runs use for `config` (see 3. above).
RunConfig benchRunConfig(RunConfig config);

} // namespace qs
