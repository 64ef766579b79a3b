#include "ui/tfcode.h"

#include <QFileInfo>

namespace qs {

namespace {

// Collects lines with their tags; `line` takes %-free text, indentation included.
class Emitter {
public:
    void line(const QString &text, CodeLine tag = CodeLine::None)
    {
        m_program.lines << text;
        m_program.tags << tag;
    }
    void blank() { line(QString()); }
    TfProgram take(TfVariant variant)
    {
        m_program.variant = variant;
        return std::move(m_program);
    }

private:
    TfProgram m_program;
};

QString pyBool(bool b)
{
    return b ? QStringLiteral("True") : QStringLiteral("False");
}

QString pySeed(quint64 seed)
{
    return seed == 0 ? QStringLiteral("None") : QString::number(seed);
}

QString pyString(const QString &s)
{
    QString escaped = s;
    escaped.replace(QLatin1Char('\\'), QLatin1String("\\\\"))
        .replace(QLatin1Char('\''), QLatin1String("\\'"));
    return QLatin1Char('\'') + escaped + QLatin1Char('\'');
}

void emitFiles(Emitter &out, const QStringList &files)
{
    constexpr int kShown = 6;
    if (files.isEmpty()) {
        out.line(QStringLiteral("FILES = ['train.tfrecords']  # no file chosen yet"));
        return;
    }
    out.line(QStringLiteral("FILES = ["));
    for (int i = 0; i < files.size() && i < kShown; ++i)
        out.line(QStringLiteral("    %1,").arg(pyString(files[i])));
    if (files.size() > kShown)
        out.line(QStringLiteral("    # ... and %1 more").arg(files.size() - kShown));
    out.line(QStringLiteral("]"));
}

ImageSpec imageSpecOf(const TfCodeInput &in)
{
    if (in.spec && in.spec->image)
        return *in.spec->image;
    ImageSpec generic;
    generic.key = QStringLiteral("image");
    return generic;
}

LabelSpec labelSpecOf(const TfCodeInput &in)
{
    if (in.spec && in.spec->label)
        return *in.spec->label;
    LabelSpec generic;
    generic.key = QStringLiteral("label");
    return generic;
}

QString dtypeName(PixelType t)
{
    switch (t) {
    case PixelType::UInt8:
        return QStringLiteral("tf.uint8");
    case PixelType::Int16:
        return QStringLiteral("tf.int16");
    case PixelType::Float32:
        return QStringLiteral("tf.float32");
    }
    return QStringLiteral("tf.uint8");
}

// The shape a raw or float image is reshaped to: fixed numbers, or per-record features.
QString shapeExpr(const ImageSpec &img)
{
    auto dim = [](int fixed, const QString &key) {
        return fixed > 0 ? QString::number(fixed)
                         : QStringLiteral("tf.cast(features[%1], tf.int32)").arg(pyString(key));
    };
    const QString c = img.channels > 0 || img.channelsKey.isEmpty()
                          ? QString::number(std::max(1, img.channels))
                          : dim(0, img.channelsKey);
    return QStringLiteral("tf.stack([%1, %2, %3])")
        .arg(dim(img.height, img.heightKey), dim(img.width, img.widthKey), c);
}

// The parse_single_example features dict, then the decode lines, inside read_and_decode().
void emitParseAndDecode(Emitter &out, const TfCodeInput &in, const QString &serialized, const QString &indent,
                        CodeLine decodeTag)
{
    const ImageSpec img = imageSpecOf(in);
    const LabelSpec label = labelSpecOf(in);
    out.line(indent + QStringLiteral("features = tf.parse_single_example(%1, features={").arg(serialized));
    if (img.encoding == ImageEncoding::FloatPixels && img.width > 0 && img.height > 0) {
        out.line(indent + QStringLiteral("    %1: tf.FixedLenFeature([%2], tf.float32),")
                              .arg(pyString(img.key))
                              .arg(img.width * img.height * std::max(1, img.channels)));
    } else if (img.encoding == ImageEncoding::FloatPixels) {
        out.line(indent + QStringLiteral("    %1: tf.VarLenFeature(tf.float32),").arg(pyString(img.key)));
    } else {
        out.line(indent +
                 QStringLiteral("    %1: tf.FixedLenFeature([], tf.string),").arg(pyString(img.key)));
    }
    for (const QString &key : {img.heightKey, img.widthKey, img.channelsKey}) {
        if (!key.isEmpty())
            out.line(indent + QStringLiteral("    %1: tf.FixedLenFeature([], tf.int64),").arg(pyString(key)));
    }
    if (label.encoding == LabelEncoding::OneHot && label.numClasses > 0)
        out.line(indent + QStringLiteral("    %1: tf.FixedLenFeature([%2], tf.int64),")
                              .arg(pyString(label.key))
                              .arg(label.numClasses));
    else
        out.line(indent +
                 QStringLiteral("    %1: tf.FixedLenFeature([], tf.int64),").arg(pyString(label.key)));
    out.line(indent + QStringLiteral("})"));

    const QString feature = QStringLiteral("features[%1]").arg(pyString(img.key));
    switch (img.encoding) {
    case ImageEncoding::Encoded: {
        QString decoder = QStringLiteral("tf.image.decode_image");
        if (img.format == ImageFormat::Jpeg)
            decoder = QStringLiteral("tf.image.decode_jpeg");
        else if (img.format == ImageFormat::Png)
            decoder = QStringLiteral("tf.image.decode_png");
        out.line(indent + QStringLiteral("image = %1(%2, channels=3)").arg(decoder, feature), decodeTag);
        if (decoder == QLatin1String("tf.image.decode_image"))
            out.line(indent + QStringLiteral("image.set_shape([None, None, 3])"));
        break;
    }
    case ImageEncoding::Raw:
        out.line(indent + QStringLiteral("image = tf.decode_raw(%1, %2)").arg(feature, dtypeName(img.dtype)),
                 decodeTag);
        out.line(indent + QStringLiteral("image = tf.reshape(image, %1)").arg(shapeExpr(img)));
        break;
    case ImageEncoding::FloatPixels:
        out.line(indent + QStringLiteral("image = tf.reshape(%1, %2)")
                              .arg(img.width > 0 && img.height > 0
                                       ? feature
                                       : QStringLiteral("tf.sparse_tensor_to_dense(%1)").arg(feature),
                                   shapeExpr(img)),
                 decodeTag);
        break;
    }
    out.line(indent + QStringLiteral("image = tf.image.resize_images(image, [HEIGHT, WIDTH])"));
    if (label.encoding == LabelEncoding::OneHot)
        out.line(
            indent +
            QStringLiteral("label = tf.argmax(features[%1], output_type=tf.int32)").arg(pyString(label.key)));
    else
        out.line(indent + QStringLiteral("label = tf.cast(features[%1], tf.int32)").arg(pyString(label.key)));
}

void emitSlowMotion(Emitter &out, const PipelineConfig &p, const QString &indent)
{
    if (p.readerDelayMs > 0)
        out.line(
            indent +
            QStringLiteral("# slow motion: +%1 ms per record read (reader_delay_ms)").arg(p.readerDelayMs));
    if (p.decodeDelayMs > 0)
        out.line(indent + QStringLiteral("# slow motion: +%1 ms per example decoded (decode_delay_ms)")
                              .arg(p.decodeDelayMs));
}

void emitHeader(Emitter &out, const RunConfig &c, bool needsRandom)
{
    out.line(
        QStringLiteral("# The TensorFlow 1.x program this run re-enacts (tf.compat.v1 in TensorFlow 2)."));
    if (needsRandom)
        out.line(QStringLiteral("import random"));
    out.line(QStringLiteral("import tensorflow as tf"));
    out.blank();
    emitFiles(out, c.pipeline.files);
    out.line(QStringLiteral("HEIGHT, WIDTH = %1, %2").arg(c.pipeline.imageHeight).arg(c.pipeline.imageWidth));
    out.line(QStringLiteral("INPUT_SIZE = %1  # the model sees INPUT_SIZE x INPUT_SIZE x 3")
                 .arg(c.trainer.inputSize));
    out.line(c.trainer.numClasses > 0
                 ? QStringLiteral("NUM_CLASSES = %1").arg(c.trainer.numClasses)
                 : QStringLiteral("NUM_CLASSES = 10  # QueueScope takes it from the data"));
    out.line(QStringLiteral("BATCH_SIZE = %1").arg(c.pipeline.batchSize));
    out.line(QStringLiteral("MAX_STEPS = %1  # 0: until the data ends or a stop").arg(c.trainer.maxSteps));
    out.blank();
}

// The model on placeholders, so the batch can come from a queue or from Python alike.
void emitModel(Emitter &out, const RunConfig &c)
{
    out.line(QStringLiteral("# The model: one hidden layer of %1 units (QueueScope trains OpenCV's ANN_MLP)")
                 .arg(c.trainer.hidden));
    out.line(QStringLiteral("x = tf.placeholder(tf.float32, [None, HEIGHT, WIDTH, 3])"));
    out.line(QStringLiteral("y = tf.placeholder(tf.int32, [None])"));
    out.line(QStringLiteral("small = tf.image.resize_images(x, [INPUT_SIZE, INPUT_SIZE]) / 255.0"));
    out.line(QStringLiteral("flat = tf.reshape(small, [-1, INPUT_SIZE * INPUT_SIZE * 3])"));
    out.line(
        QStringLiteral("hidden = tf.layers.dense(flat, %1, activation=tf.nn.sigmoid)").arg(c.trainer.hidden));
    out.line(QStringLiteral("logits = tf.layers.dense(hidden, NUM_CLASSES)"));
    out.line(QStringLiteral("loss = tf.losses.sparse_softmax_cross_entropy(labels=y, logits=logits)"));
    out.line(QStringLiteral("train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss)"));
    out.line(QStringLiteral("correct = tf.equal(tf.argmax(logits, 1, output_type=tf.int32), y)"));
    out.line(QStringLiteral("accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))"));
    out.blank();
}

void emitHeldOut(Emitter &out, const TrainerConfig &t, const QString &indent)
{
    if (t.evalEvery <= 0)
        return;
    if (!t.evalFile.isEmpty())
        out.line(indent + QStringLiteral("eval_x, eval_y = load_examples(%1, limit=%2)")
                              .arg(pyString(t.evalFile))
                              .arg(t.evalMaxSamples));
    else
        out.line(indent + QStringLiteral("eval_x, eval_y = held_out_examples(every=%1, limit=%2)")
                              .arg(t.evalFraction > 0 ? qRound(1.0 / t.evalFraction) : 0)
                              .arg(t.evalMaxSamples));
}

// The body of the training step, shared by both feeds: train, count, evaluate, stop at max.
void emitStep(Emitter &out, const TrainerConfig &t, const QString &feed, const QString &indent)
{
    out.line(indent + QStringLiteral("_, loss_value = sess.run([train_op, loss], feed_dict=%1)").arg(feed),
             CodeLine::TrainStep);
    out.line(indent + QStringLiteral("step += 1"));
    if (t.evalEvery > 0) {
        out.line(indent + QStringLiteral("if step % %1 == 0:").arg(t.evalEvery));
        out.line(indent + QStringLiteral("    acc = sess.run(accuracy, feed_dict={x: eval_x, y: eval_y})"),
                 CodeLine::Evaluate);
    }
    out.line(indent + QStringLiteral("if step == MAX_STEPS:"));
    out.line(indent + QStringLiteral("    coord.request_stop()"));
}

} // namespace

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
    if (input.mode == QLatin1String("workers"))
        return TfVariant::Workers;
    return input.config.trainer.feed == FeedMode::Naive ? TfVariant::Naive : TfVariant::Queues;
}

namespace {

TfProgram queuesProgram(const TfCodeInput &in)
{
    const PipelineConfig &p = in.config.pipeline;
    const TrainerConfig &t = in.config.trainer;
    Emitter out;
    emitHeader(out, in.config, false);
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
    emitHeader(out, in.config, p.shuffleFiles);
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
    }
    return {};
}

} // namespace qs
