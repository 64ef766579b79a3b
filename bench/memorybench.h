#pragma once

#include "base/result.h"
#include "bench/machineinfo.h"
#include "run/runconfig.h"

#include <QJsonObject>
#include <QList>

#include <functional>

namespace qs {

struct MemoryBenchOptions {
    double fileGb = 1;   // the dataset's size, in 10^9 bytes
    int imageSize = 256; // raw RGB images of imageSize x imageSize (196 KB a record at 256)
    QString dir;         // the temporary folder goes inside it; empty: the system's temp folder
    double sampleEveryS = 0.1;
};

// One epoch over a large file through the real pipeline, and what it held in memory.
struct MemoryFigures {
    qint64 fileBytes = 0;
    qint64 records = 0;
    double writeSeconds = 0;
    double epochSeconds = 0;
    qint64 samples = 0;          // trained in the epoch
    double rssBeforeMb = 0;      // resident before the pipeline was made
    double peakBeforeMb = 0;     // ru_maxrss before the epoch: the process so far, writing the file included
    double peakRssMb = 0;        // ru_maxrss after the epoch: the epoch's own peak when highWaterReset
    bool highWaterReset = false; // the peak was reset before the epoch (else peakRssMb is the process's)
    double earlyMaxMb = 0;       // the highest sample in the first quarter of the epoch
    double lateMaxMb = 0;        // in the last quarter: bounded means no higher than early + slack
    QList<double> rssMb;         // resident, every sampleEveryS
    LoadAverage load;

    QJsonObject toJson() const;
};

// Writes a raw-layout dataset of about fileGb into a temporary folder (demo shapes, 64
// distinct images cycled), runs one epoch of it through Pipeline with the reader, batch and
// queue settings of `config` and a fast model (8x8 input, 8 hidden units, no evaluation) so
// the input side streams as fast as it can, samples this process's resident size while it
// runs, and deletes the folder. `progress` hears what it is doing.
Result<MemoryFigures> measureBigFileEpoch(RunConfig config, const MemoryBenchOptions &options,
                                          const std::function<void(const QString &)> &progress = {});

} // namespace qs
