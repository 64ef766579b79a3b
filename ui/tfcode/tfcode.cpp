#include "tfcode/tfcode.h"

#include "tfcode/tfcode_p.h"

namespace qs {

int TfProgram::lineOf(CodeLine id) const
{
    return id == CodeLine::None ? -1 : int(tags.indexOf(id));
}

QString TfProgram::text() const
{
    return lines.join(QLatin1Char('\n'));
}

TfVariant tfVariant(const TfCodeInput &input)
{
    if (input.mode == RunMode::Workers)
        return TfVariant::Workers;
    if (input.config.pipeline.kind == PipelineKind::Dataset)
        return TfVariant::Dataset;
    return input.config.trainer.feed == FeedMode::Naive ? TfVariant::Naive : TfVariant::Queues;
}

namespace {

using namespace tfcode_detail;

TfProgram queuesProgram(const TfCodeInput &in)
{
    const PipelineConfig &p = in.config.pipeline;
    const TrainerConfig &t = in.config.trainer;
    Emitter out;
    emitHeader(out, in, false);
    out.line(QStringLiteral("def read_and_decode(filename_queue):"));
    out.line(QStringLiteral("    reader = tf.TFRecordReader()"));
    out.line(QStringLiteral("    _, serialized = reader.read(filename_queue)"), CodeLine::ReaderRead);
    if (p.skipCorrupt)
        out.line(
            QStringLiteral("    # skip_corrupt: QueueScope counts and skips a record that fails its CRC; "
                           "TensorFlow would raise DataLossError"));
    emitSlowMotion(out, p, QStringLiteral("    "));
    emitParseAndDecode(out, in, QStringLiteral("serialized"), QStringLiteral("    "), CodeLine::Decode);
    out.line(QStringLiteral("    return image, label"));
    out.blank();
    out.line(QStringLiteral("filename_queue = tf.train.string_input_producer("), CodeLine::InputProducer);
    out.line(QStringLiteral("    FILES, num_epochs=%1, shuffle=%2, seed=%3, capacity=%4)")
                 .arg(p.numEpochs > 0 ? QString::number(p.numEpochs) : QStringLiteral("None"),
                      pyBool(p.shuffleFiles), pySeed(p.fileSeed))
                 .arg(p.filenameCapacity));
    out.line(QStringLiteral("image, label = read_and_decode(filename_queue)"));
    out.line(QStringLiteral("# %1 threads run read_and_decode and enqueue its result into the example queue")
                 .arg(p.readerThreads));
    if (p.useShuffleQueue) {
        out.line(QStringLiteral("image_batch, label_batch = tf.train.shuffle_batch("),
                 CodeLine::BatchEnqueue);
        out.line(QStringLiteral("    [image, label], batch_size=BATCH_SIZE, num_threads=%1, capacity=%2,")
                     .arg(p.readerThreads)
                     .arg(p.exampleCapacity));
        out.line(QStringLiteral("    min_after_dequeue=%1, seed=%2, allow_smaller_final_batch=%3)")
                     .arg(QString::number(p.minAfterDequeue), pySeed(p.shuffleSeed),
                          pyBool(p.allowSmallerFinalBatch)));
    } else {
        out.line(QStringLiteral("image_batch, label_batch = tf.train.batch("), CodeLine::BatchEnqueue);
        out.line(QStringLiteral("    [image, label], batch_size=BATCH_SIZE, num_threads=%1, capacity=%2,")
                     .arg(p.readerThreads)
                     .arg(p.exampleCapacity));
        out.line(QStringLiteral("    allow_smaller_final_batch=%1)").arg(pyBool(p.allowSmallerFinalBatch)));
    }
    out.blank();
    emitModel(out, in.config);
    out.line(QStringLiteral("init_op = tf.group(tf.global_variables_initializer(),"));
    out.line(QStringLiteral("                   tf.local_variables_initializer())  # num_epochs is a local"));
    out.line(QStringLiteral("with tf.Session() as sess:"), CodeLine::Session);
    out.line(QStringLiteral("    sess.run(init_op)"));
    emitHeldOut(out, t, QStringLiteral("    "));
    out.line(QStringLiteral("    coord = tf.train.Coordinator()"));
    if (t.startQueueRunners) {
        out.line(QStringLiteral("    threads = tf.train.start_queue_runners(sess=sess, coord=coord)"),
                 CodeLine::StartThreads);
    } else {
        out.line(QStringLiteral(
            "    # threads = tf.train.start_queue_runners(sess=sess, coord=coord)  # forgotten!"));
        out.line(
            QStringLiteral("    threads = []  # nobody fills the queues: the first dequeue waits forever"));
    }
    out.line(QStringLiteral("    # Each QueueRunner also runs a close_on_stop thread:"));
    out.line(QStringLiteral("    #     coord.wait_for_stop()"), CodeLine::WaitForStop);
    out.line(QStringLiteral("    #     sess.run(queue.close(cancel_pending_enqueues=True))"),
             CodeLine::CloseOnStop);
    if (p.trainerDelayMs > 0)
        out.line(QStringLiteral("    # slow motion: +%1 ms per training step (trainer_delay_ms)")
                     .arg(p.trainerDelayMs));
    out.line(QStringLiteral("    step = 0"));
    out.line(QStringLiteral("    try:"));
    out.line(QStringLiteral("        while not coord.should_stop():"), CodeLine::ShouldStop);
    out.line(QStringLiteral(
                 "            images, labels = sess.run([image_batch, label_batch])  # dequeue_many(%1)")
                 .arg(p.batchSize),
             CodeLine::DequeueBatch);
    emitStep(out, t, QStringLiteral("{x: images, y: labels}"), QStringLiteral("            "));
    out.line(QStringLiteral("    except tf.errors.OutOfRangeError:"), CodeLine::OutOfRange);
    out.line(QStringLiteral("        print('Done: %1 epoch(s) read')").arg(p.numEpochs));
    out.line(QStringLiteral("    finally:"));
    out.line(QStringLiteral("        coord.request_stop()"), CodeLine::RequestStop);
    out.line(QStringLiteral("    coord.join(threads, stop_grace_period_secs=%1)").arg(t.gracePeriodS),
             CodeLine::Join);
    return out.take(TfVariant::Queues);
}

TfProgram naiveProgram(const TfCodeInput &in)
{
    const PipelineConfig &p = in.config.pipeline;
    const TrainerConfig &t = in.config.trainer;
    Emitter out;
    emitHeader(out, in, p.shuffleFiles);
    out.line(
        QStringLiteral("# No queues and no reader threads: the loop reads and decodes every sample itself."));
    out.line(QStringLiteral("def records():"));
    if (p.numEpochs > 0)
        out.line(QStringLiteral("    for epoch in range(%1):  # num_epochs").arg(p.numEpochs));
    else
        out.line(QStringLiteral("    while True:  # num_epochs=0: until stopped"));
    out.line(p.shuffleFiles ? QStringLiteral("        for filename in random.sample(FILES, len(FILES)):")
                            : QStringLiteral("        for filename in FILES:"));
    out.line(QStringLiteral("            for record in tf.python_io.tf_record_iterator(filename):"),
             CodeLine::ReaderRead);
    emitSlowMotion(out, p, QStringLiteral("                "));
    out.line(QStringLiteral("                yield record"));
    out.blank();
    out.line(QStringLiteral("def decode(serialized):"));
    // The Python thread is at the sess.run() that evaluates this graph, tagged there instead.
    emitParseAndDecode(out, in, QStringLiteral("serialized"), QStringLiteral("    "), CodeLine::None);
    out.line(QStringLiteral("    return image, label"));
    out.blank();
    out.line(QStringLiteral("serialized = tf.placeholder(tf.string, [])"));
    out.line(QStringLiteral("decoded = decode(serialized)"));
    out.blank();
    emitModel(out, in.config);
    out.line(QStringLiteral("with tf.Session() as sess:"), CodeLine::Session);
    out.line(QStringLiteral("    sess.run(tf.global_variables_initializer())"));
    emitHeldOut(out, t, QStringLiteral("    "));
    out.line(QStringLiteral("    coord = tf.train.Coordinator()"));
    out.line(QStringLiteral("    step, images, labels = 0, [], []"));
    out.line(QStringLiteral("    for record in records():"));
    out.line(QStringLiteral("        if coord.should_stop():"), CodeLine::ShouldStop);
    out.line(QStringLiteral("            break"));
    out.line(QStringLiteral("        image, label = sess.run(decoded, feed_dict={serialized: record})"),
             CodeLine::Decode);
    out.line(QStringLiteral("        images.append(image)"));
    out.line(QStringLiteral("        labels.append(label)"));
    out.line(QStringLiteral("        if len(images) < BATCH_SIZE:"));
    out.line(QStringLiteral("            continue"));
    if (p.trainerDelayMs > 0)
        out.line(QStringLiteral("        # slow motion: +%1 ms per training step (trainer_delay_ms)")
                     .arg(p.trainerDelayMs));
    emitStep(out, t, QStringLiteral("{x: images, y: labels}"), QStringLiteral("        "));
    out.line(QStringLiteral("        images, labels = [], []"));
    out.line(QStringLiteral("    coord.request_stop()"), CodeLine::RequestStop);
    return out.take(TfVariant::Naive);
}

TfProgram workersProgram(const TfCodeInput &in)
{
    const TrainerConfig &t = in.config.trainer;
    Emitter out;
    out.line(QStringLiteral("# The Coordinator's own example: worker threads that stop together."));
    out.line(QStringLiteral("import random"));
    out.line(QStringLiteral("import threading"));
    out.line(QStringLiteral("import tensorflow as tf"));
    out.blank();
    out.line(QStringLiteral("WORKERS = %1").arg(t.workers));
    out.line(QStringLiteral("STEP_SECONDS = %1").arg(t.workerStepMs / 1000.0));
    out.line(QStringLiteral("STOP_PROBABILITY = %1").arg(t.stopProbability));
    out.blank();
    out.line(QStringLiteral("def worker(coord, index):"));
    out.line(QStringLiteral("    while not coord.should_stop():"), CodeLine::WorkerLoop);
    out.line(QStringLiteral("        if coord.wait_for_stop(STEP_SECONDS):  # a step's work: the wait"),
             CodeLine::WaitForStop);
    out.line(QStringLiteral("            break"));
    out.line(QStringLiteral("        if random.random() < STOP_PROBABILITY:"), CodeLine::WorkerStep);
    out.line(QStringLiteral("            coord.request_stop()  # the others see it on their next check"),
             CodeLine::WorkerRequestStop);
    out.blank();
    out.line(QStringLiteral("coord = tf.train.Coordinator()"));
    out.line(QStringLiteral("threads = [threading.Thread(target=worker, args=(coord, i))"));
    out.line(QStringLiteral("           for i in range(WORKERS)]"));
    out.line(QStringLiteral("for t in threads:"));
    out.line(QStringLiteral("    t.start()"), CodeLine::StartThreads);
    out.line(QStringLiteral("coord.join(threads, stop_grace_period_secs=%1)").arg(t.gracePeriodS),
             CodeLine::Join);
    return out.take(TfVariant::Workers);
}

} // namespace

TfProgram generateTfProgram(const TfCodeInput &input)
{
    switch (tfVariant(input)) {
    case TfVariant::Queues:
        return queuesProgram(input);
    case TfVariant::Naive:
        return naiveProgram(input);
    case TfVariant::Workers:
        return workersProgram(input);
    case TfVariant::Dataset:
        return datasetProgram(input);
    }
    return {};
}

} // namespace qs
