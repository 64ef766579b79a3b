#pragma once

#include "dataset/datasetop.h"
#include "feed/recordstream.h"
#include "record/compression.h"

#include <QStringList>

#include <functional>

namespace qs {

class Dataset;

// The node factories behind Dataset's builders, one per source file (sliceop.cpp, mapop.cpp,
// ...). Arguments are already checked by Dataset; kAutotune (-1) is passed through.
using MapFn = std::function<Status(const Element &in, Element *out)>;
using InterleaveFn = std::function<Dataset(const Element &)>;

DatasetOpPtr makeSliceOp(QStringList files);
DatasetOpPtr makeRangeOp(qint64 count);
DatasetOpPtr makeErrorOp(Status error);
// How a TFRecordDataset reads: its compression, the records it leaves out (a run's held-out
// set) and a hook called with the file's name before each read (may sleep; runs on the
// reading thread).
struct TfRecordOptions {
    Compression compression = Compression::Auto;
    HoldOut holdOut;
    std::function<void(const QString &file)> beforeRecord;
};

DatasetOpPtr makeTfRecordOp(QString file, TfRecordOptions options = {});
DatasetOpPtr makeInterleaveOp(DatasetOpPtr input, InterleaveFn fn, int cycleLength, int blockLength,
                              int parallelCalls, bool deterministic);
// map, and batch with num_parallel_calls != 1: `pull` input elements per output element
// (1 for map, batch_size for a batch, with dropRemainder), then fn (map only).
DatasetOpPtr makeMapOp(DatasetOpPtr input, MapFn fn, int parallelCalls, bool deterministic, QString fnName);
DatasetOpPtr makeParallelBatchOp(DatasetOpPtr input, int batchSize, bool dropRemainder, int parallelCalls);
DatasetOpPtr makeBatchOp(DatasetOpPtr input, int batchSize, bool dropRemainder);
DatasetOpPtr makeShuffleOp(DatasetOpPtr input, int bufferSize, quint64 seed, bool reshuffleEachIteration);
DatasetOpPtr makeRepeatOp(DatasetOpPtr input, qint64 count);
DatasetOpPtr makePrefetchOp(DatasetOpPtr input, int bufferSize);
DatasetOpPtr makeCacheOp(DatasetOpPtr input);
DatasetOpPtr makeTakeOp(DatasetOpPtr input, qint64 count);
DatasetOpPtr makeIgnoreErrorsOp(DatasetOpPtr input);

// "name_N": the stage's name in lanes and gauges, N its depth in the chain.
QString stageName(const char *kind, const DatasetOpPtr &input);
// The chain's depth of a node (0 for a source), parsed back from its name.
int stageDepth(const DatasetOpPtr &op);

} // namespace qs
