#pragma once

#include "base/result.h"
#include "dataset/autotuner.h"
#include "dataset/datasetop.h"
#include "dataset/datasetops.h"

#include <QStringList>

#include <memory>

namespace qs {

class Iterator;
class Recorder;
class SampleMaker;

struct IteratorOptions {
    Recorder *recorder = nullptr; // lanes, gauges, topology and autotune notes; null: unobserved
    Autotuner::Options autotune;

    static IteratorOptions observedBy(Recorder *recorder)
    {
        IteratorOptions o;
        o.recorder = recorder;
        return o;
    }
};

// A tf.data pipeline as a value: each builder returns a new Dataset over this one, as
// tf.data.Dataset's methods do, and nothing runs until makeIterator(). Arguments that
// TensorFlow rejects (a batch size of 0, ...) give a dataset whose iterator returns that
// InvalidArgument. kAutotune stands for tf.data.AUTOTUNE in num_parallel_calls and prefetch.
//
//   auto files = Dataset::listFiles({"train-*.tfrecord"}, true, 42);
//   Dataset ds = files->interleave(Dataset::tfRecord, 4, 1, Dataset::kAutotune)
//                    .map(Dataset::decodeFn(maker), Dataset::kAutotune)
//                    .shuffle(1000, 7).batch(32).prefetch(Dataset::kAutotune);
//   auto it = ds.makeIterator(IteratorOptions::observedBy(&recorder));
//   Element batch;
//   Status s;
//   while ((s = it->getNext(&batch)).isOk()) train(batch);
//   // s.kind() == OutOfRange at the end; any other kind is an error naming file/record/offset.
//
// Thread-safe: a Dataset is immutable; make as many iterators as you like, from any thread.
class Dataset {
public:
    static constexpr int kAutotune = -1;

    // list_files: the patterns' matches (inputfiles.h), sorted, then shuffled each iteration when
    // `shuffle` (seed 0: random). NotFound/InvalidArgument naming the pattern, as TF raises.
    static Result<Dataset> listFiles(const QStringList &patterns, bool shuffle = true, quint64 seed = 0);
    static Dataset fromTensorSlices(const QStringList &files);
    static Dataset range(qint64 count);
    static Dataset tfRecord(const QString &file);   // TFRecordDataset(file)
    static Dataset tfRecordOf(const Element &file); // for interleave: the element's file name
    // TFRecordDataset(file, compression_type) reading a run's training records: the held-out
    // ones left out, `beforeRecord` (the classroom's read delay) called before each read.
    static Dataset tfRecord(const QString &file, const TfRecordOptions &options);
    // parse_single_example + decode + preprocess through SampleMaker, as the queue readers do.
    static MapFn decodeFn(const SampleMaker &maker);
    // The vectorised form of `perElement` for a map after batch: applies it to each element of
    // a batch and returns the batch of results; the first error fails the whole batch.
    static MapFn batchMapFn(MapFn perElement);

    Dataset interleave(InterleaveFn fn, int cycleLength, int blockLength = 1, int numParallelCalls = 1,
                       bool deterministic = true) const;
    // fnName: the function's name in code() (a lesson's program shows which map it is).
    Dataset map(MapFn fn, int numParallelCalls = 1, bool deterministic = true,
                const QString &fnName = QStringLiteral("parse_and_decode")) const;
    Dataset shuffle(int bufferSize, quint64 seed = 0, bool reshuffleEachIteration = true) const;
    Dataset repeat(qint64 count = -1) const;
    Dataset batch(int batchSize, bool dropRemainder = false, int numParallelCalls = 1) const;
    Dataset prefetch(int bufferSize) const;
    Dataset cache() const;
    Dataset take(qint64 count) const;
    Dataset ignoreErrors() const;

    std::unique_ptr<Iterator> makeIterator(const IteratorOptions &options = {}) const;
    const DatasetOpPtr &op() const { return m_op; }
    // The equivalent tf.data program, one line per stage, source first.
    QStringList code() const;

private:
    explicit Dataset(DatasetOpPtr op, QStringList code)
        : m_op(std::move(op))
        , m_code(std::move(code))
    {}
    Dataset then(DatasetOpPtr op) const;
    Dataset invalid(const QString &message) const;

    DatasetOpPtr m_op;
    QStringList m_code;
};

} // namespace qs
