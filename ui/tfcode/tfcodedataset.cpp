// The tf.data program of a run with `pipeline: dataset`: the same stages, in the same order and
// with the same arguments, as DatasetRecipe::build makes from the run's knobs.
#include "tfcode/tfcode_p.h"

#include <algorithm>

namespace qs::tfcode_detail {

namespace {

QString calls(const PipelineConfig &p, int explicitCalls)
{
    if (p.datasetAutotune)
        return QStringLiteral("tf.data.AUTOTUNE");
    return QString::number(explicitCalls > 0 ? explicitCalls : std::max(1, p.readerThreads));
}

QString compressionArgument(const PipelineConfig &p)
{
    if (p.compression.compare(QLatin1String("gzip"), Qt::CaseInsensitive) == 0)
        return QStringLiteral(", compression_type='GZIP'");
    if (p.compression.compare(QLatin1String("zlib"), Qt::CaseInsensitive) == 0)
        return QStringLiteral(", compression_type='ZLIB'");
    return {};
}

// prefetch's buffer as the recipe sizes it; empty when the run has no prefetch.
QString prefetchArgument(const PipelineConfig &p)
{
    if (p.datasetAutotune)
        return QStringLiteral("tf.data.AUTOTUNE");
    const int room = std::max(1, (p.exampleCapacity - p.minAfterDequeue) / std::max(1, p.batchSize));
    const int buffer = p.datasetPrefetch < 0 ? room : p.datasetPrefetch;
    return buffer > 0 ? QString::number(buffer) : QString();
}

} // namespace

TfProgram datasetProgram(const TfCodeInput &in)
{
    const PipelineConfig &p = in.config.pipeline;
    const TrainerConfig &t = in.config.trainer;
    const QString epochs = p.numEpochs > 0 ? QString::number(p.numEpochs) : QString();
    Emitter out;
    emitHeader(out, in, false);
    out.line(QStringLiteral("def parse_and_decode(serialized):"));
    emitParseAndDecode(out, in, QStringLiteral("serialized"), QStringLiteral("    "), CodeLine::Decode);
    out.line(QStringLiteral("    return image, label"));
    out.blank();
    if (p.datasetMapAfterBatch) {
        out.line(QStringLiteral("def parse_and_decode_batch(serialized):  # one call for a whole batch"));
        out.line(QStringLiteral("    return tf.map_fn(parse_and_decode, serialized,"));
        out.line(QStringLiteral("                     fn_output_signature=(tf.float32, tf.int64))"));
        out.blank();
    }
    const QString det = p.datasetDeterministic ? QString() : QStringLiteral(", deterministic=False");
    out.line(QStringLiteral("files = tf.data.Dataset.list_files(FILES, shuffle=%1, seed=%2)")
                 .arg(pyBool(p.shuffleFiles), pySeed(p.fileSeed)));
    if (!p.datasetCache)
        out.line(QStringLiteral("files = files.repeat(%1)  # num_epochs").arg(epochs));
    out.line(QStringLiteral("dataset = files.interleave("), CodeLine::DatasetInterleave);
    out.line(QStringLiteral("    lambda f: tf.data.TFRecordDataset(f%1),").arg(compressionArgument(p)),
             CodeLine::ReaderRead);
    out.line(QStringLiteral("    cycle_length=%1, block_length=1, num_parallel_calls=%2%3)")
                 .arg(std::max(1, p.readerThreads))
                 .arg(calls(p, p.datasetInterleaveCalls), det));
    if (p.readerDelayMs > 0 || p.decodeDelayMs > 0)
        emitSlowMotion(out, p, QString());
    auto emitShuffle = [&] {
        if (p.useShuffleQueue)
            out.line(QStringLiteral("dataset = dataset.shuffle(buffer_size=%1, seed=%2)")
                         .arg(std::max(1, p.minAfterDequeue))
                         .arg(pySeed(p.shuffleSeed)));
    };
    auto emitBatch = [&] {
        out.line(QStringLiteral("dataset = dataset.batch(BATCH_SIZE, drop_remainder=%1)")
                     .arg(pyBool(!p.allowSmallerFinalBatch)));
    };
    if (p.datasetMapAfterBatch) {
        emitShuffle();
        emitBatch();
    }
    out.line(QStringLiteral("dataset = dataset.map(%1, num_parallel_calls=%2%3)")
                 .arg(p.datasetMapAfterBatch ? QStringLiteral("parse_and_decode_batch")
                                             : QStringLiteral("parse_and_decode"),
                      calls(p, p.datasetMapCalls), det),
             CodeLine::DatasetMap);
    if (p.skipCorrupt)
        out.line(QStringLiteral("dataset = dataset.apply(tf.data.experimental.ignore_errors())"));
    if (p.datasetCache)
        out.line(
            QStringLiteral("dataset = dataset.cache().repeat(%1)  # later epochs from memory").arg(epochs));
    if (!p.datasetMapAfterBatch) {
        emitShuffle();
        emitBatch();
    }
    const QString prefetch = prefetchArgument(p);
    if (!prefetch.isEmpty())
        out.line(QStringLiteral("dataset = dataset.prefetch(%1)").arg(prefetch), CodeLine::DatasetPrefetch);
    out.line(QStringLiteral("image_batch, label_batch = tf.data.make_one_shot_iterator(dataset).get_next()"));
    out.blank();
    emitModel(out, in.config);
    out.line(QStringLiteral("with tf.Session() as sess:"), CodeLine::Session);
    out.line(QStringLiteral("    sess.run(tf.global_variables_initializer())"));
    emitHeldOut(out, t, QStringLiteral("    "));
    out.line(QStringLiteral("    coord = tf.train.Coordinator()"));
    out.line(
        QStringLiteral("    # QueueScope's cancel_on_stop thread plays a close_on_stop watcher's part:"));
    out.line(QStringLiteral("    #     coord.wait_for_stop()"), CodeLine::WaitForStop);
    out.line(QStringLiteral("    #     cancel the iterator: get_next and every stage's threads wake and end"),
             CodeLine::CloseOnStop);
    if (p.trainerDelayMs > 0)
        out.line(QStringLiteral("    # slow motion: +%1 ms per training step (trainer_delay_ms)")
                     .arg(p.trainerDelayMs));
    out.line(QStringLiteral("    step = 0"));
    out.line(QStringLiteral("    try:"));
    out.line(QStringLiteral("        while not coord.should_stop():"), CodeLine::ShouldStop);
    out.line(
        QStringLiteral("            images, labels = sess.run([image_batch, label_batch])  # get_next()"),
        CodeLine::DequeueBatch);
    emitStep(out, t, QStringLiteral("{x: images, y: labels}"), QStringLiteral("            "));
    out.line(QStringLiteral("    except tf.errors.OutOfRangeError:  # the end of the dataset"),
             CodeLine::OutOfRange);
    out.line(QStringLiteral("        print('Done: the dataset is exhausted')"));
    out.line(QStringLiteral("    finally:"));
    out.line(QStringLiteral("        coord.request_stop()"), CodeLine::RequestStop);
    out.line(QStringLiteral("    coord.join(stop_grace_period_secs=%1)").arg(t.gracePeriodS), CodeLine::Join);
    return out.take(TfVariant::Dataset);
}

} // namespace qs::tfcode_detail
