#include "tfcode/tfcode_p.h"

namespace qs::tfcode_detail {

namespace {

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

} // namespace

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
    if ((label.encoding == LabelEncoding::OneHot || label.encoding == LabelEncoding::Argmax) &&
        label.numClasses > 0)
        out.line(indent + QStringLiteral("    %1: tf.FixedLenFeature([%2], %3),")
                              .arg(pyString(label.key))
                              .arg(label.numClasses)
                              .arg(label.encoding == LabelEncoding::Argmax ? QStringLiteral("tf.float32")
                                                                           : QStringLiteral("tf.int64")));
    else if (label.encoding == LabelEncoding::ClassName)
        out.line(indent +
                 QStringLiteral("    %1: tf.FixedLenFeature([], tf.string),").arg(pyString(label.key)));
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
    if (label.encoding == LabelEncoding::ClassName) // the sorted names: tf.tables_initializer() fills it
        out.line(indent +
                 QStringLiteral("label = tf.cast(tf.contrib.lookup.index_table_from_tensor(CLASS_NAMES)"
                                ".lookup(features[%1]), tf.int32)")
                     .arg(pyString(label.key)));
    else if (label.encoding == LabelEncoding::OneHot || label.encoding == LabelEncoding::Argmax)
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

void emitHeader(Emitter &out, const TfCodeInput &in, bool needsRandom)
{
    const RunConfig &c = in.config;
    out.line(
        QStringLiteral("# The TensorFlow 1.x program this run re-enacts (tf.compat.v1 in TensorFlow 2)."));
    if (needsRandom)
        out.line(QStringLiteral("import random"));
    out.line(QStringLiteral("import tensorflow as tf"));
    out.blank();
    emitFiles(out, c.pipeline.files);
    out.line(QStringLiteral("HEIGHT, WIDTH = %1, %2  # the model sees HEIGHT x WIDTH x 3")
                 .arg(c.pipeline.imageHeight)
                 .arg(c.pipeline.imageWidth));
    if (c.trainer.numClasses > 0)
        out.line(QStringLiteral("NUM_CLASSES = %1").arg(c.trainer.numClasses));
    else if (in.numClasses > 0)
        out.line(QStringLiteral("NUM_CLASSES = %1  # found in the data").arg(in.numClasses));
    else
        out.line(QStringLiteral("NUM_CLASSES = 10  # QueueScope takes it from the data"));
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
    out.line(QStringLiteral("flat = tf.reshape(tf.map_fn(tf.image.per_image_standardization, x),"));
    out.line(QStringLiteral("                  [-1, HEIGHT * WIDTH * 3])"));
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

} // namespace qs::tfcode_detail
