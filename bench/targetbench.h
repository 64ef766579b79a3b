#pragma once

#include "base/result.h"
#include "bench/benchreport.h"
#include "bench/benchsuite.h"
#include "bench/stageinputs.h"

namespace qs {

// The targets, each a figure measured in the same bench run and held against its
// goal (TargetFigure). `report` holds the stages and the sweep already measured on the data;
// `inputs` what the stages were measured on; `runConfig` is the config of its timed runs
// (benchRunConfig).
//   scan_vs_read          record scan + CRC on one thread per core (ParallelScan, as
//                         inspect reads) vs plain read() of a page-cached file on one >= 1.0
//                         (the data, or when it is smaller than 256 MB, a temporary file of
//                         its records repeated to 256 MB: a small file is read out of the CPU
//                         caches, where no scan keeps up with a bare copy)
//   scan_vs_read_threads  the same scan vs read() on as many threads (no goal)
//   scan_one_thread_vs_read  RecordReader on one thread, as a reader thread reads, vs
//                         read() (no goal)
//   scan_mapped_vs_read   RecordReader through a mapping vs read() (no goal)
//   startup               `queuescope-cli --version` as a whole process, median     <= 20 ms
//   shared_libraries      shared objects the CLI loaded at start (no goal)
//   inspect_vs_cat        `cat FILE` vs `queuescope-cli inspect --verify FILE` on the scan's
//                         file, whole processes, alternating, median of ratios  >= 0.8
//   inspect_fixed_cost    `inspect --verify` of the file's first record alone: what inspect
//                         costs before any data (start-up, detection), no goal
//                         (these four only when BenchOptions::cli is set)
//   jpeg_scaled_decode    JPEG to the model's input: scaled DCT decode vs full decode, each
//                         with the resize; one per set (BenchOptions::jpegFiles, and a made
//                         set of 256x256 JPEGs), median of alternating rounds     >= 3x
//   decode_scaling        a decode-bound pipeline (a temporary dataset of 256x256 JPEGs, an
//                         8x8-input model with 8 hidden units, so the trainer needs about
//                         8 us a sample against the readers' ~200 us): 2 reader
//                         threads vs 1, medians of interleaved runs              >= 1.9x
//   fifo_queue            FIFOQueue<int>, capacity 1024, one producer enqueue()ing, one
//                         consumer dequeue()ing, unobserved                      >= 2 M/s
//   pipeline_efficiency   samples/s vs the slowest stage alone (timeSlowestStage), for the
//                         most readers that leave the trainer a core of its own; the
//                         stage is timed again right before each run, median ratio >= 0.97
//   observation_overhead  samples/s observed vs not (Recorder off), interleaved  >= 0.98
//   recording_overhead    samples/s saving the run file as it goes (RunFileWriter, as the
//                         window records every run) vs not, interleaved          >= 0.97
//   snapshot_cost         Pipeline::snapshot() at 30 Hz during a full-speed run of the
//                         data with a tiny model (state changes as often as they
//                         can be), p95 of the calls                             <= 5 ms
//   naive_speedup         shuffle_batch with N readers vs the naive per-sample feed (no goal)
//   naive_speedup_decode_bound  the same on the decode-bound JPEG data, 2 readers (no goal)
//   dataset_autotune      tf.data at AUTOTUNE vs the best of a hand-tuned sweep (map parallelism
//                         x prefetch) on the same JPEG data, measured within 10 s of start  >= 0.95
//   dataset_observation   tf.data samples/s with observation on vs off at that best setting  >= 0.98
Result<QList<TargetFigure>> measureTargets(const BenchReport &report, const StageInputs &inputs,
                                           const RunConfig &runConfig, const BenchOptions &options);

// The memory target from MemoryFigures: peak RSS, bounded when the last quarter of the
// epoch peaks no higher than the first quarter's peak + 10% + 16 MB.
TargetFigure memoryTarget(const MemoryFigures &memory);

} // namespace qs
