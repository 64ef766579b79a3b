#include "dataset/dataset.h"

#include "dataset/iterator.h"
#include "dataset/iteratorcontext.h"
#include "dataset/stagecancel.h"
#include "example/exampleparser.h"
#include "feed/samplemaker.h"
#include "record/inputfiles.h"

#include <QCoreApplication>

namespace qs {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("Dataset", text);
}

} // namespace

Result<Dataset> Dataset::listFiles(const QStringList &patterns, bool shuffle, quint64 seed)
{
    Result<QStringList> files = expandInputs(patterns);
    if (!files)
        return files.status();
    Dataset d(makeSliceOp(*files),
              {QStringLiteral("dataset = tf.data.Dataset.list_files(patterns, shuffle=%1, seed=%2)")
                   .arg(shuffle ? QStringLiteral("True") : QStringLiteral("False"))
                   .arg(seed)});
    if (!shuffle)
        return d;
    Dataset s = d.then(makeShuffleOp(d.m_op, int(std::max<qsizetype>(1, files->size())), seed, true));
    s.m_code = d.m_code; // list_files' own shuffle, not a line of its own
    return s;
}

Dataset Dataset::fromTensorSlices(const QStringList &files)
{
    return Dataset(makeSliceOp(files),
                   {QStringLiteral("dataset = tf.data.Dataset.from_tensor_slices(files)")});
}

Dataset Dataset::range(qint64 count)
{
    return Dataset(makeRangeOp(std::max<qint64>(0, count)),
                   {QStringLiteral("dataset = tf.data.Dataset.range(%1)").arg(count)});
}

Dataset Dataset::tfRecord(const QString &file)
{
    return Dataset(makeTfRecordOp(file), {QStringLiteral("tf.data.TFRecordDataset(filename)")});
}

Dataset Dataset::tfRecord(const QString &file, const TfRecordOptions &options)
{
    return Dataset(makeTfRecordOp(file, options), {QStringLiteral("tf.data.TFRecordDataset(filename)")});
}

Dataset Dataset::tfRecordOf(const Element &file)
{
    return tfRecord(file.text);
}

MapFn Dataset::decodeFn(const SampleMaker &maker)
{
    return [maker](const Element &in, Element *out) -> Status {
        thread_local ExampleParser parser;
        Result<Sample> sample = maker.make(parser, in.bytes, in.where);
        if (!sample)
            return sample.status();
        *out = Element{};
        out->sample = std::move(*sample);
        out->where = in.where;
        return {};
    };
}

MapFn Dataset::batchMapFn(MapFn perElement)
{
    return [perElement = std::move(perElement)](const Element &in, Element *out) -> Status {
        Element batch;
        batch.where = in.where;
        batch.batch.reserve(in.batch.size());
        for (const Element &e : in.batch) {
            Element decoded;
            if (Status s = perElement(e, &decoded); !s)
                return s.where().file.isEmpty() && !e.where.file.isEmpty() ? s.withLocation(e.where) : s;
            batch.batch.push_back(std::move(decoded));
        }
        *out = std::move(batch);
        return {};
    };
}

Dataset Dataset::then(DatasetOpPtr op) const
{
    QStringList code = m_code;
    code.append(op->code());
    return Dataset(std::move(op), std::move(code));
}

Dataset Dataset::invalid(const QString &message) const
{
    QStringList code = m_code;
    code.append(QStringLiteral("# InvalidArgument: ") + message);
    return Dataset(makeErrorOp(invalidArgument(message)), std::move(code));
}

Dataset Dataset::interleave(InterleaveFn fn, int cycleLength, int blockLength, int numParallelCalls,
                            bool deterministic) const
{
    if (cycleLength <= 0)
        return invalid(tr("cycle_length must be greater than zero"));
    if (blockLength <= 0)
        return invalid(tr("block_length must be greater than zero"));
    if (numParallelCalls == 0 || numParallelCalls < kAutotune)
        return invalid(tr("num_parallel_calls must be positive or AUTOTUNE"));
    return then(
        makeInterleaveOp(m_op, std::move(fn), cycleLength, blockLength, numParallelCalls, deterministic));
}

Dataset Dataset::map(MapFn fn, int numParallelCalls, bool deterministic, const QString &fnName) const
{
    if (numParallelCalls == 0 || numParallelCalls < kAutotune)
        return invalid(tr("num_parallel_calls must be positive or AUTOTUNE"));
    return then(makeMapOp(m_op, std::move(fn), numParallelCalls, deterministic, fnName));
}

Dataset Dataset::shuffle(int bufferSize, quint64 seed, bool reshuffleEachIteration) const
{
    if (bufferSize <= 0)
        return invalid(tr("buffer_size must be greater than zero"));
    return then(makeShuffleOp(m_op, bufferSize, seed, reshuffleEachIteration));
}

Dataset Dataset::repeat(qint64 count) const
{
    return then(makeRepeatOp(m_op, count < 0 ? -1 : count));
}

Dataset Dataset::batch(int batchSize, bool dropRemainder, int numParallelCalls) const
{
    if (batchSize <= 0)
        return invalid(tr("batch_size must be greater than zero"));
    if (numParallelCalls == 0 || numParallelCalls < kAutotune)
        return invalid(tr("num_parallel_calls must be positive or AUTOTUNE"));
    if (numParallelCalls == 1)
        return then(makeBatchOp(m_op, batchSize, dropRemainder));
    return then(makeParallelBatchOp(m_op, batchSize, dropRemainder, numParallelCalls));
}

Dataset Dataset::prefetch(int bufferSize) const
{
    if (bufferSize == 0 || bufferSize < kAutotune)
        return invalid(tr("buffer_size must be positive or AUTOTUNE"));
    return then(makePrefetchOp(m_op, bufferSize));
}

Dataset Dataset::cache() const
{
    return then(makeCacheOp(m_op));
}

Dataset Dataset::take(qint64 count) const
{
    return then(makeTakeOp(m_op, count));
}

Dataset Dataset::ignoreErrors() const
{
    return then(makeIgnoreErrorsOp(m_op));
}

std::unique_ptr<Iterator> Dataset::makeIterator(const IteratorOptions &options) const
{
    auto tuner = std::make_shared<Autotuner>(options.autotune, options.recorder);
    auto context = std::make_shared<IteratorContext>(options.recorder, std::move(tuner));
    auto cancel = std::make_unique<StageCancel>(nullptr, [] {});
    std::unique_ptr<IteratorBase> root = m_op->makeIterator(IteratorEnv{context, cancel->manager()});
    context->publish();
    return std::make_unique<Iterator>(std::move(context), std::move(cancel), std::move(root));
}

QStringList Dataset::code() const
{
    return m_code;
}

} // namespace qs
