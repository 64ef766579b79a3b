#pragma once

#include "demo/datasetwriter.h"
#include "demo/demooptions.h"

#include <span>

namespace qs {

// The seed of the held-out split that goes with a demo dataset seeded with `seed`: a stream
// of its own, so no held-out image is also a training image.
quint64 demoEvalSeed(quint64 seed);

// Adds the samples 0..demo.count-1 of DemoGenerator(demo) to `writer` in index order, each
// with its class name and a file name like "circle-000042.png". Stops with Cancelled ("stopped
// after N of M samples") when control.shouldStop() says so; does not commit or abort.
Status addDemoSamples(DatasetWriter &writer, const DemoOptions &demo, const WriteControl &control = {});

struct DemoSplit {
    QString path;
    DemoOptions demo;
};

struct DemoSplitResult {
    QStringList paths;
    qint64 count = 0;
    std::vector<qint64> labelCounts; // index = label
};

// Writes every split in full (progress counts across all of them), checks shouldStop() once
// more, and only then commits them in order, so an error or a stop leaves every target as it
// was. (Should a commit itself fail, the splits committed before it stay written.)
Result<std::vector<DemoSplitResult>> writeDemoSplits(std::span<const DemoSplit> splits,
                                                     const DatasetWriterOptions &options,
                                                     const WriteControl &control = {});

// One split: the dataset at `path`, or nothing changed on any error.
Status writeDemoDataset(const QString &path, const DemoOptions &demo, const DatasetWriterOptions &options,
                        const WriteControl &control = {});

} // namespace qs
