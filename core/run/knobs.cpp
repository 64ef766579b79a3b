#include "run/knobs.h"

#include "example/specoverrides.h"
#include "record/compression.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>
#include <limits>

namespace qs {

namespace {

#define QS_FIELD(member) [](RunConfig &c) -> KnobField { return &c.member; }

constexpr double kIntMax = std::numeric_limits<int>::max();
constexpr const char *kFeeds[] = {"shuffle_batch", "naive", nullptr};
constexpr const char *kPipelines[] = {"queues", "dataset", nullptr};

using T = KnobType;

// key, type, default, min, max, zeroMeansOff, unit, label, help, tfArg, flag, valueName,
// benchFlag, workersMode, choices, field
const Knob kKnobs[] = {
    {"pipeline", T::Choice, 0, 0, 0, false, "", QT_TRANSLATE_NOOP("qs::Knob", "Pipeline:"),
     QT_TRANSLATE_NOOP("qs::Knob",
                       "Which input pipeline reads the files: the TF 1.x queues and queue runners, or its "
                       "tf.data equivalent built from the same settings."),
     "tf.train.shuffle_batch queues, or tf.data.Dataset", "pipeline", "queues|dataset", true, false,
     kPipelines, QS_FIELD(pipeline.kind)},
    {"files", T::Files, 0, 0, 0, false, "", QT_TRANSLATE_NOOP("qs::Knob", "Files:"),
     QT_TRANSLATE_NOOP("qs::Knob", "The TFRecord files to read: names or glob patterns."),
     "string_input_producer(string_tensor)", "", "", false, false, nullptr, QS_FIELD(pipeline.files)},
    {"num_epochs", T::Int, 30, 0, kIntMax, false, "", QT_TRANSLATE_NOOP("qs::Knob", "Epochs:"),
     QT_TRANSLATE_NOOP(
         "qs::Knob",
         "How many times string_input_producer hands out every file (num_epochs). 0 cycles until you stop."),
     "string_input_producer(num_epochs)", "epochs", "N", false, false, nullptr, QS_FIELD(pipeline.numEpochs)},
    {"shuffle_files", T::Bool, 1, 0, 1, false, "",
     QT_TRANSLATE_NOOP("qs::Knob", "Shuffle the file order each epoch"),
     QT_TRANSLATE_NOOP("qs::Knob",
                       "string_input_producer(shuffle=True): a fresh permutation of the files every epoch."),
     "string_input_producer(shuffle)", "no-shuffle-files", "", false, false, nullptr,
     QS_FIELD(pipeline.shuffleFiles)},
    {"file_seed", T::Seed, 0, 0, 0, false, "", QT_TRANSLATE_NOOP("qs::Knob", "File order seed:"),
     QT_TRANSLATE_NOOP("qs::Knob", "The seed of the file shuffle; 0 picks a random one."),
     "string_input_producer(seed)", "file-seed", "S", false, false, nullptr, QS_FIELD(pipeline.fileSeed)},
    {"filename_capacity", T::Int, 32, 1, 1000000, false, "",
     QT_TRANSLATE_NOOP("qs::Knob", "Filename queue capacity:"),
     QT_TRANSLATE_NOOP("qs::Knob",
                       "How many file names the filename queue holds (capacity of string_input_producer)."),
     "string_input_producer(capacity)", "filename-capacity", "N", false, false, nullptr,
     QS_FIELD(pipeline.filenameCapacity)},
    {"reader_threads", T::Int, 2, 1, 256, false, "", QT_TRANSLATE_NOOP("qs::Knob", "Reader threads:"),
     QT_TRANSLATE_NOOP(
         "qs::Knob",
         "How many threads read, parse, decode and enqueue examples (num_threads of shuffle_batch)."),
     "shuffle_batch(num_threads)", "readers", "N", false, false, nullptr, QS_FIELD(pipeline.readerThreads)},
    {"skip_corrupt", T::Bool, 0, 0, 1, false, "", QT_TRANSLATE_NOOP("qs::Knob", "Skip corrupt records"),
     QT_TRANSLATE_NOOP(
         "qs::Knob",
         "Count and skip a record whose checksum fails instead of stopping the run with DataLoss."),
     "tf.data.experimental.ignore_errors()", "skip-corrupt", "", false, false, nullptr,
     QS_FIELD(pipeline.skipCorrupt)},
    {"compression", T::Text, 0, 0, 0, false, "", QT_TRANSLATE_NOOP("qs::Knob", "Compression:"),
     QT_TRANSLATE_NOOP(
         "qs::Knob",
         "How the training files are compressed: none, gzip, zlib, or auto (detected from each file)."),
     "TFRecordOptions(compression_type)", "compression", "none|gzip|zlib|auto", true, false, nullptr,
     QS_FIELD(pipeline.compression)},

    {"dataset_autotune", T::Bool, 0, 0, 1, false, "", QT_TRANSLATE_NOOP("qs::Knob", "tf.data AUTOTUNE"),
     QT_TRANSLATE_NOOP("qs::Knob",
                       "Dataset pipeline: let the tuner choose the interleave and map parallelism and the "
                       "prefetch buffer while the run goes."),
     "num_parallel_calls=tf.data.AUTOTUNE, prefetch(tf.data.AUTOTUNE)", "dataset-autotune", "", true, false,
     nullptr, QS_FIELD(pipeline.datasetAutotune)},
    {"dataset_interleave_calls", T::Int, 0, 0, 256, false, "",
     QT_TRANSLATE_NOOP("qs::Knob", "Interleave parallelism:"),
     QT_TRANSLATE_NOOP("qs::Knob",
                       "Dataset pipeline: threads reading files at once in interleave; 0 follows the reader "
                       "threads."),
     "interleave(num_parallel_calls)", "interleave-calls", "N", true, false, nullptr,
     QS_FIELD(pipeline.datasetInterleaveCalls)},
    {"dataset_map_calls", T::Int, 0, 0, 256, false, "", QT_TRANSLATE_NOOP("qs::Knob", "Map parallelism:"),
     QT_TRANSLATE_NOOP(
         "qs::Knob", "Dataset pipeline: threads parsing and decoding in map; 0 follows the reader threads."),
     "map(num_parallel_calls)", "map-calls", "N", true, false, nullptr, QS_FIELD(pipeline.datasetMapCalls)},
    {"dataset_prefetch", T::Int, -1, -1, 100000, false, "",
     QT_TRANSLATE_NOOP("qs::Knob", "Prefetch batches:"),
     QT_TRANSLATE_NOOP(
         "qs::Knob", "Dataset pipeline: batches prefetch keeps ready; 0 no prefetch, -1 the example queue's "
                     "room above min_after_dequeue, in batches."),
     "prefetch(buffer_size)", "prefetch", "N", true, false, nullptr, QS_FIELD(pipeline.datasetPrefetch)},
    {"dataset_cache", T::Bool, 0, 0, 1, false, "", QT_TRANSLATE_NOOP("qs::Knob", "Cache decoded examples"),
     QT_TRANSLATE_NOOP("qs::Knob",
                       "Dataset pipeline: keep the decoded examples of the first epoch in memory and serve "
                       "the later epochs from there."),
     "cache()", "cache", "", true, false, nullptr, QS_FIELD(pipeline.datasetCache)},
    {"dataset_deterministic", T::Bool, 1, 0, 1, false, "",
     QT_TRANSLATE_NOOP("qs::Knob", "Deterministic order"),
     QT_TRANSLATE_NOOP("qs::Knob",
                       "Dataset pipeline: interleave and map hand out elements in input order; off, they "
                       "hand out whichever is ready first, so one slow file or element holds nobody up."),
     "interleave(deterministic), map(deterministic)", "nondeterministic", "", true, false, nullptr,
     QS_FIELD(pipeline.datasetDeterministic)},
    {"dataset_map_after_batch", T::Bool, 0, 0, 1, false, "",
     QT_TRANSLATE_NOOP("qs::Knob", "Map after batch (vectorised)"),
     QT_TRANSLATE_NOOP("qs::Knob",
                       "Dataset pipeline: batch the serialized records first, then one map call parses and "
                       "decodes a whole batch, paying the per-call cost once per batch."),
     "batch(batch_size).map(parse_and_decode_batch)", "map-after-batch", "", true, false, nullptr,
     QS_FIELD(pipeline.datasetMapAfterBatch)},

    {"feed", T::Choice, 0, 0, 0, false, "", QT_TRANSLATE_NOOP("qs::Knob", "Feed:"),
     QT_TRANSLATE_NOOP("qs::Knob", "How batches reach the trainer: queues filled by reader threads, or the "
                                   "naive way where the training "
                                   "loop reads every sample itself."),
     "shuffle_batch, or a feed_dict per batch", "feed", "MODE", false, false, kFeeds, QS_FIELD(trainer.feed)},
    {"use_shuffle_queue", T::Bool, 1, 0, 1, false, "",
     QT_TRANSLATE_NOOP("qs::Knob", "Shuffle queue (RandomShuffleQueue)"),
     QT_TRANSLATE_NOOP(
         "qs::Knob",
         "On: tf.train.shuffle_batch over a RandomShuffleQueue. Off: tf.train.batch over a FIFOQueue, in "
         "reading order."),
     "tf.train.shuffle_batch / tf.train.batch", "no-shuffle-queue", "", false, false, nullptr,
     QS_FIELD(pipeline.useShuffleQueue)},
    {"example_capacity", T::Int, 224, 1, 1000000, false, "",
     QT_TRANSLATE_NOOP("qs::Knob", "Example queue capacity:"),
     QT_TRANSLATE_NOOP("qs::Knob", "How many decoded examples the example queue holds. TensorFlow's advice: "
                                   "min_after_dequeue + 3 × batch "
                                   "size."),
     "shuffle_batch(capacity)", "capacity", "N", true, false, nullptr, QS_FIELD(pipeline.exampleCapacity)},
    {"min_after_dequeue", T::Int, 128, 0, 1000000, false, "",
     QT_TRANSLATE_NOOP("qs::Knob", "min_after_dequeue:"),
     QT_TRANSLATE_NOOP("qs::Knob", "A dequeue waits until this many examples would remain, so each batch is "
                                   "drawn from a well-mixed pool. "
                                   "Must be smaller than the capacity."),
     "shuffle_batch(min_after_dequeue)", "min-after-dequeue", "N", true, false, nullptr,
     QS_FIELD(pipeline.minAfterDequeue)},
    {"batch_size", T::Int, 32, 1, 100000, false, "", QT_TRANSLATE_NOOP("qs::Knob", "Batch size:"),
     QT_TRANSLATE_NOOP("qs::Knob", "Examples per training step: the trainer's dequeue_many(n)."),
     "shuffle_batch(batch_size)", "batch-size", "N", true, false, nullptr, QS_FIELD(pipeline.batchSize)},
    {"allow_smaller_final_batch", T::Bool, 0, 0, 1, false, "",
     QT_TRANSLATE_NOOP("qs::Knob", "Allow a smaller final batch"),
     QT_TRANSLATE_NOOP("qs::Knob",
                       "When the data ends, hand out the remaining examples as a last, smaller batch."),
     "shuffle_batch(allow_smaller_final_batch)", "allow-smaller-final-batch", "", false, false, nullptr,
     QS_FIELD(pipeline.allowSmallerFinalBatch)},
    {"shuffle_seed", T::Seed, 0, 0, 0, false, "", QT_TRANSLATE_NOOP("qs::Knob", "Shuffle queue seed:"),
     QT_TRANSLATE_NOOP("qs::Knob", "The seed of the RandomShuffleQueue; 0 picks a random one."),
     "shuffle_batch(seed)", "shuffle-seed", "S", false, false, nullptr, QS_FIELD(pipeline.shuffleSeed)},

    {"image_width", T::Int, 16, 2, PipelineConfig::kMaxImageSide, false, "",
     QT_TRANSLATE_NOOP("qs::Knob", "Image width:"),
     QT_TRANSLATE_NOOP(
         "qs::Knob",
         "Readers resize every decoded image to this width; the model sees width × height × 3 values."),
     "tf.image.resize_images(size)", "image-width", "N", true, false, nullptr, QS_FIELD(pipeline.imageWidth)},
    {"image_height", T::Int, 16, 2, PipelineConfig::kMaxImageSide, false, "",
     QT_TRANSLATE_NOOP("qs::Knob", "Image height:"),
     QT_TRANSLATE_NOOP(
         "qs::Knob",
         "Readers resize every decoded image to this height; the model sees width × height × 3 values."),
     "tf.image.resize_images(size)", "image-height", "N", true, false, nullptr,
     QS_FIELD(pipeline.imageHeight)},
    {"input_follows_data", T::Bool, 1, 0, 1, false, "",
     QT_TRANSLATE_NOOP("qs::Knob", "Model input follows the data"),
     QT_TRANSLATE_NOOP(
         "qs::Knob",
         "The model's input takes the size and channels of the first image (28x28 gray stays 28x28 gray), "
         "scaled down to at most 784 values (28x28x1, 16x16x3) to keep the pace; off uses image_width x "
         "image_height x 3. Setting image_width, image_height or input_size turns it off."),
     "", "fixed-input-size", "", true, false, nullptr, QS_FIELD(pipeline.inputFollowsData)},
    {"scaled_jpeg", T::Bool, 1, 0, 1, false, "", QT_TRANSLATE_NOOP("qs::Knob", "Decode JPEG at reduced size"),
     QT_TRANSLATE_NOOP(
         "qs::Knob",
         "Decode a JPEG larger than the model's input at 1/2, 1/4 or 1/8 size in the DCT domain, then "
         "resize: much faster, within a few grey levels of a full decode."),
     "tf.image.decode_jpeg(ratio)", "full-jpeg-decode", "", true, false, nullptr,
     QS_FIELD(pipeline.scaledJpeg)},
    {"hidden", T::Int, 64, 2, 4096, false, "", QT_TRANSLATE_NOOP("qs::Knob", "Hidden units:"),
     QT_TRANSLATE_NOOP("qs::Knob", "Units in the model's hidden layer (OpenCV ANN_MLP)."),
     "tf.layers.dense(units)", "hidden", "N", true, false, nullptr, QS_FIELD(trainer.hidden)},
    {"max_steps", T::Int, 0, 0, 1e15, false, "", QT_TRANSLATE_NOOP("qs::Knob", "Max steps:"),
     QT_TRANSLATE_NOOP("qs::Knob",
                       "Stop after this many training steps; 0 trains until the data ends or you stop."),
     "tf.train.StopAtStepHook(last_step)", "max-steps", "N", false, false, nullptr,
     QS_FIELD(trainer.maxSteps)},
    {"min_steps", T::Int, 300, 0, 1e9, false, "", QT_TRANSLATE_NOOP("qs::Knob", "Train at least:"),
     QT_TRANSLATE_NOOP(
         "qs::Knob",
         "Repeat the data (more epochs than num_epochs) until the run trains at least this many steps, or "
         "max_steps when larger: epochs = ceil(steps x batch_size / training records per epoch). 0 keeps "
         "num_epochs as given; setting num_epochs turns it off."),
     "", "min-steps", "N", false, false, nullptr, QS_FIELD(trainer.minSteps)},
    {"eval_every", T::Int, 50, 0, 1e9, false, "", QT_TRANSLATE_NOOP("qs::Knob", "Evaluate every:"),
     QT_TRANSLATE_NOOP("qs::Knob", "Measure the accuracy on held-out samples every N steps; 0 never."), "",
     "eval-every", "N", false, false, nullptr, QS_FIELD(trainer.evalEvery)},
    {"eval_file", T::Text, 0, 0, 0, false, "", QT_TRANSLATE_NOOP("qs::Knob", "Held-out file:"),
     QT_TRANSLATE_NOOP("qs::Knob",
                       "Held-out data from this TFRecord file instead of every k-th training record."),
     "", "eval", "FILE", false, false, nullptr, QS_FIELD(trainer.evalFile)},
    {"eval_fraction", T::Number, 0.1, 0, 0.5, false, "", QT_TRANSLATE_NOOP("qs::Knob", "Held-out fraction:"),
     QT_TRANSLATE_NOOP(
         "qs::Knob",
         "Without a held-out file, hold out every round(1/F)-th training record; 0 holds out none."),
     "", "eval-fraction", "F", false, false, nullptr, QS_FIELD(trainer.evalFraction)},
    {"eval_max_samples", T::Int, 1000, 0, 1000000, false, "",
     QT_TRANSLATE_NOOP("qs::Knob", "Held-out samples at most:"),
     QT_TRANSLATE_NOOP("qs::Knob", "The held-out set is kept in memory: at most this many samples."), "",
     "eval-max-samples", "N", false, false, nullptr, QS_FIELD(trainer.evalMaxSamples)},
    {"num_classes", T::Int, 0, 2, 1000, true, "", QT_TRANSLATE_NOOP("qs::Knob", "Classes:"),
     QT_TRANSLATE_NOOP("qs::Knob", "How many classes the model tells apart; 0 finds out from the labels."),
     "tf.one_hot(depth)", "num-classes", "N", false, false, nullptr, QS_FIELD(trainer.numClasses)},
    {"spec", T::Json, 0, 0, 0, false, "", QT_TRANSLATE_NOOP("qs::Knob", "Feature spec:"),
     QT_TRANSLATE_NOOP(
         "qs::Knob",
         "Which features are the image and the label, as JSON overrides of what was detected (as `inspect "
         "--spec` takes)."),
     "tf.parse_single_example(features)", "spec", "JSON", true, false, nullptr, QS_FIELD(trainer.specJson)},
    {"preview_count", T::Int, 16, 0, 256, false, "", QT_TRANSLATE_NOOP("qs::Knob", "Preview images:"),
     QT_TRANSLATE_NOOP("qs::Knob", "How many images of the latest batch the window shows."), "", "", "",
     false, false, nullptr, QS_FIELD(trainer.previewCount)},

    {"reader_delay_ms", T::Int, 0, 0, 60000, false, "ms", QT_TRANSLATE_NOOP("qs::Knob", "Reader delay:"),
     QT_TRANSLATE_NOOP("qs::Knob", "Extra time per record read, to watch the readers work."), "",
     "reader-delay", "MS", false, false, nullptr, QS_FIELD(pipeline.readerDelayMs)},
    {"decode_delay_ms", T::Int, 0, 0, 60000, false, "ms", QT_TRANSLATE_NOOP("qs::Knob", "Decode delay:"),
     QT_TRANSLATE_NOOP("qs::Knob", "Extra time per example decoded."), "", "decode-delay", "MS", false, false,
     nullptr, QS_FIELD(pipeline.decodeDelayMs)},
    {"trainer_delay_ms", T::Int, 0, 0, 60000, false, "ms", QT_TRANSLATE_NOOP("qs::Knob", "Trainer delay:"),
     QT_TRANSLATE_NOOP("qs::Knob", "Extra time per training step: a slow model."), "", "trainer-delay", "MS",
     false, false, nullptr, QS_FIELD(pipeline.trainerDelayMs)},
    {"speed", T::Number, 1, 0.01, 1, false, "", QT_TRANSLATE_NOOP("qs::Knob", "Speed:"),
     QT_TRANSLATE_NOOP("qs::Knob", "Slow motion for every stage: 1 is full speed, 0.1 ten times slower."), "",
     "speed", "F", false, true, nullptr, QS_FIELD(trainer.speed)},

    {"grace_period_s", T::Number, 5, 0, 3600, false, "s", QT_TRANSLATE_NOOP("qs::Knob", "Grace period:"),
     QT_TRANSLATE_NOOP(
         "qs::Knob",
         "How long coord.join() waits for the threads after a stop before it names the ones still running "
         "(stop_grace_period_secs)."),
     "coord.join(stop_grace_period_secs)", "grace-period", "S", false, true, nullptr,
     QS_FIELD(trainer.gracePeriodS)},
    {"hang_s", T::Number, 3, 0.1, 3600, false, "s", QT_TRANSLATE_NOOP("qs::Knob", "Hang watchdog:"),
     QT_TRANSLATE_NOOP("qs::Knob",
                       "After this long with no progress, the watchdog explains which thread waits on what."),
     "", "hang", "S", false, true, nullptr, QS_FIELD(trainer.hangSeconds)},
    {"start_queue_runners", T::Bool, 1, 0, 1, false, "",
     QT_TRANSLATE_NOOP("qs::Knob", "Start the queue runners"),
     QT_TRANSLATE_NOOP(
         "qs::Knob",
         "Off reproduces the classic mistake of forgetting tf.train.start_queue_runners(): the first dequeue "
         "waits forever."),
     "tf.train.start_queue_runners()", "no-queue-runners", "", false, false, nullptr,
     QS_FIELD(trainer.startQueueRunners)},
    {"stop_after_s", T::Number, 0, 0, 1e7, false, "s", QT_TRANSLATE_NOOP("qs::Knob", "Stop after:"),
     QT_TRANSLATE_NOOP("qs::Knob", "Request stop after this many seconds; 0 never."), "", "stop-after", "S",
     false, true, nullptr, QS_FIELD(trainer.stopAfterS)},

    {"workers", T::Int, 5, 1, 64, false, "", QT_TRANSLATE_NOOP("qs::Knob", "Workers:"),
     QT_TRANSLATE_NOOP("qs::Knob", "How many worker threads loop while not coord.should_stop()."),
     "threading.Thread(target=worker)", "workers", "N", false, true, nullptr, QS_FIELD(trainer.workers)},
    {"worker_step_ms", T::Int, 50, 0, 60000, false, "ms", QT_TRANSLATE_NOOP("qs::Knob", "Step length:"),
     QT_TRANSLATE_NOOP("qs::Knob", "How long one worker step takes."), "", "worker-step", "MS", false, true,
     nullptr, QS_FIELD(trainer.workerStepMs)},
    {"stop_probability", T::Number, 0.05, 0, 1, false, "",
     QT_TRANSLATE_NOOP("qs::Knob", "Stop chance per step:"),
     QT_TRANSLATE_NOOP("qs::Knob",
                       "After each step a worker calls coord.request_stop() with this probability."),
     "", "stop-probability", "P", false, true, nullptr, QS_FIELD(trainer.stopProbability)},
};

#undef QS_FIELD

Status bad(const QString &message)
{
    return Status(ErrorKind::InvalidArgument, QStringLiteral("run config: ") + message);
}

QString keyOf(const Knob &k)
{
    return QLatin1String(k.key);
}

QString number(double v)
{
    return v == std::floor(v) && std::abs(v) <= 1e15 ? QString::number(qint64(v))
                                                     : QString::number(v, 'g', 12);
}

// The field's value as a double (numbers, bools, seeds).
double numeric(const KnobField &field)
{
    return std::visit(
        [](auto *p) -> double {
            using V = std::remove_pointer_t<decltype(p)>;
            if constexpr (std::is_arithmetic_v<V>)
                return double(*p);
            else
                return 0;
        },
        field);
}

// A Choice knob's enum as the index of its spelling.
int choiceIndex(const KnobField &field)
{
    if (auto *const *p = std::get_if<PipelineKind *>(&field))
        return int(**p);
    return int(*std::get<FeedMode *>(field));
}

void setChoice(const KnobField &field, int index)
{
    if (auto *const *p = std::get_if<PipelineKind *>(&field))
        **p = PipelineKind(index);
    else
        *std::get<FeedMode *>(field) = FeedMode(index);
}

} // namespace

std::span<const Knob> knobs()
{
    return kKnobs;
}

const Knob *findKnob(QStringView name)
{
    for (const Knob &k : kKnobs) {
        if (name == QLatin1String(k.key))
            return &k;
    }
    return nullptr;
}

QString knobLabel(const Knob &knob)
{
    return QCoreApplication::translate("qs::Knob", knob.label);
}

QString knobHelp(const Knob &knob)
{
    return QCoreApplication::translate("qs::Knob", knob.help);
}

QString knobFlagHelp(const Knob &knob)
{
    // The table's texts are UTF-8 (the help says "3 × batch size"), as tr() reads them.
    QString text = QString::fromUtf8(knob.help);
    if (*knob.tfArg)
        text += QStringLiteral(" TensorFlow: %1.").arg(QString::fromUtf8(knob.tfArg));
    RunConfig defaults;
    const QJsonValue d = knob.read(defaults);
    if (knob.type == KnobType::Bool)
        text += QStringLiteral(" Sets %1 to %2.")
                    .arg(keyOf(knob), d.toBool() ? QStringLiteral("false") : QStringLiteral("true"));
    else if (d.isDouble())
        text += QStringLiteral(" Default %1%2.")
                    .arg(number(d.toDouble()),
                         QLatin1String(*knob.unit ? " " : "") + QString::fromUtf8(knob.unit));
    else if (d.isString() && !d.toString().isEmpty())
        text += QStringLiteral(" Default %1.").arg(d.toString());
    return text;
}

QJsonValue Knob::read(const RunConfig &config) const
{
    const KnobField f = field(const_cast<RunConfig &>(config));
    switch (type) {
    case KnobType::Int:
    case KnobType::Number:
        return numeric(f);
    case KnobType::Seed:
        return qint64(*std::get<quint64 *>(f));
    case KnobType::Bool:
        return *std::get<bool *>(f);
    case KnobType::Text:
        return *std::get<QString *>(f);
    case KnobType::Files:
        return QJsonArray::fromStringList(*std::get<QStringList *>(f));
    case KnobType::Choice:
        return QLatin1String(choices[choiceIndex(f)]);
    case KnobType::Json: {
        const QJsonDocument doc = QJsonDocument::fromJson(std::get<QString *>(f)->toUtf8());
        return doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(QJsonObject());
    }
    }
    return {};
}

Status Knob::write(RunConfig &config, const QJsonValue &v) const
{
    const KnobField f = field(config);
    const QString name = keyOf(*this);
    switch (type) {
    case KnobType::Int: {
        const double d = v.toDouble(std::nan(""));
        const double limit = std::holds_alternative<int *>(f) ? kIntMax : 9007199254740991.0;
        if (!v.isDouble() || d != std::floor(d) || std::abs(d) > limit)
            return bad(QStringLiteral("'%1' must be an integer").arg(name));
        if (int *const *p = std::get_if<int *>(&f))
            **p = int(d);
        else
            *std::get<qint64 *>(f) = qint64(d);
        return {};
    }
    case KnobType::Number:
        if (!v.isDouble() || !std::isfinite(v.toDouble()))
            return bad(QStringLiteral("'%1' must be a number").arg(name));
        *std::get<double *>(f) = v.toDouble();
        return {};
    case KnobType::Seed: {
        const double d = v.toDouble(-1);
        if (!v.isDouble() || d < 0 || d != std::floor(d) || d > double(PipelineConfig::kMaxSeed))
            return bad(QStringLiteral("'%1' must be an integer from 0 to 2^53 - 1").arg(name));
        *std::get<quint64 *>(f) = quint64(v.toInteger());
        return {};
    }
    case KnobType::Bool:
        if (!v.isBool())
            return bad(QStringLiteral("'%1' must be true or false").arg(name));
        *std::get<bool *>(f) = v.toBool();
        return {};
    case KnobType::Text:
        if (!v.isString())
            return bad(QStringLiteral("'%1' must be a string").arg(name));
        *std::get<QString *>(f) = v.toString();
        return {};
    case KnobType::Files: {
        if (!v.isArray())
            return bad(QStringLiteral("'%1' must be an array of strings").arg(name));
        QStringList files;
        for (const QJsonValue &item : v.toArray()) {
            if (!item.isString())
                return bad(QStringLiteral("'%1' must be an array of strings").arg(name));
            files << item.toString();
        }
        *std::get<QStringList *>(f) = files;
        return {};
    }
    case KnobType::Choice: {
        QStringList spellings;
        for (int i = 0; choices[i]; ++i) {
            if (v.toString() == QLatin1String(choices[i])) {
                setChoice(f, i);
                return {};
            }
            spellings << QStringLiteral("\"%1\"").arg(QLatin1String(choices[i]));
        }
        return bad(QStringLiteral("'%1' must be %2").arg(name, spellings.join(QStringLiteral(" or "))));
    }
    case KnobType::Json: {
        QJsonObject object;
        if (v.isObject()) {
            object = v.toObject();
        } else if (v.isString()) {
            if (!v.toString().trimmed().isEmpty()) {
                QJsonParseError err{};
                const QJsonDocument doc = QJsonDocument::fromJson(v.toString().toUtf8(), &err);
                if (err.error != QJsonParseError::NoError || !doc.isObject())
                    return bad(QStringLiteral("'%1' is not a JSON object (%2 at byte %3)")
                                   .arg(name, err.errorString())
                                   .arg(err.offset));
                object = doc.object();
            }
        } else if (!v.isNull()) {
            return bad(QStringLiteral("'%1' must be an object of feature-spec overrides").arg(name));
        }
        *std::get<QString *>(f) =
            object.isEmpty() ? QString()
                             : QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
        return {};
    }
    }
    return {};
}

Status Knob::check(const RunConfig &config) const
{
    const KnobField f = field(const_cast<RunConfig &>(config));
    switch (type) {
    case KnobType::Int:
    case KnobType::Number: {
        const double v = numeric(f);
        if ((zeroMeansOff && v == 0) || (v >= min && v <= max))
            return {};
        return bad(QStringLiteral("%1 must be %2from %3 to %4 (got %5)")
                       .arg(keyOf(*this), zeroMeansOff ? QStringLiteral("0 or ") : QString(), number(min),
                            number(max), number(v)));
    }
    case KnobType::Seed:
        if (*std::get<quint64 *>(f) > PipelineConfig::kMaxSeed)
            return bad(QStringLiteral("%1 must be at most 2^53 - 1").arg(keyOf(*this)));
        return {};
    case KnobType::Json: {
        const QString &text = *std::get<QString *>(f);
        if (text.isEmpty())
            return {};
        const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8());
        if (!doc.isObject())
            return bad(QStringLiteral("%1 is not a JSON object").arg(keyOf(*this)));
        if (Result<SpecOverrides> o = SpecOverrides::fromJson(doc.object()); !o)
            return bad(QStringLiteral("%1: %2").arg(keyOf(*this), o.status().message()));
        return {};
    }
    case KnobType::Bool:
    case KnobType::Text:
    case KnobType::Files:
    case KnobType::Choice:
        return {};
    }
    return {};
}

// RunConfig, driven by the table.

QString feedModeKey(FeedMode mode)
{
    return QLatin1String(kFeeds[int(mode)]);
}

QString pipelineKindKey(PipelineKind kind)
{
    return QLatin1String(kPipelines[int(kind)]);
}

RunConfig::RunConfig()
{
    for (const Knob &k : kKnobs) {
        std::visit(
            [&](auto *p) {
                using V = std::remove_pointer_t<decltype(p)>;
                if constexpr (std::is_same_v<V, bool>)
                    *p = k.defaultValue != 0;
                else if constexpr (std::is_same_v<V, FeedMode> || std::is_same_v<V, PipelineKind>)
                    *p = V(int(k.defaultValue));
                else if constexpr (std::is_arithmetic_v<V>)
                    *p = V(k.defaultValue);
                else
                    *p = V();
            },
            k.field(*this));
    }
    pipeline.compression = QStringLiteral("auto"); // the one text knob whose default is not empty
}

QJsonObject RunConfig::toJson() const
{
    QJsonObject json;
    for (const Knob &k : kKnobs)
        json.insert(keyOf(k), k.read(*this));
    return json;
}

Result<RunConfig> RunConfig::fromJson(const QJsonObject &json, const RunConfig &base)
{
    RunConfig config = base;
    if (const QJsonValue side = json.value(QLatin1String("input_size")); !side.isUndefined()) {
        if (!side.isDouble() || side.toDouble() != double(side.toInt()))
            return bad(QStringLiteral("'input_size' must be an integer"));
        // An explicit image_width or image_height is laid over these by the loop below.
        config.pipeline.imageWidth = side.toInt();
        config.pipeline.imageHeight = side.toInt();
    }
    // A size or an epoch count the user sets means what it says: it turns off the rules that
    // would otherwise choose them (unless the same object sets those rules too).
    auto has = [&](const char *key) { return json.contains(QLatin1String(key)); };
    if ((has("image_width") || has("image_height") || has("input_size")) && !has("input_follows_data"))
        config.pipeline.inputFollowsData = false;
    if (has("num_epochs") && !has("min_steps"))
        config.trainer.minSteps = 0;
    for (auto it = json.begin(); it != json.end(); ++it) {
        if (it.key() == QLatin1String("input_size"))
            continue;
        const Knob *k = findKnob(it.key());
        if (!k)
            return bad(QStringLiteral("unknown key '%1'").arg(it.key()));
        if (Status s = k->write(config, it.value()); !s.isOk())
            return s;
    }
    return config;
}

Status RunConfig::validate(RunMode mode) const
{
    const bool workers = mode == RunMode::Workers;
    if (!workers && pipeline.files.isEmpty())
        return bad(QStringLiteral("files must name at least one file"));
    for (const Knob &k : kKnobs) {
        if (workers && !k.workersMode)
            continue;
        if (Status s = k.check(*this); !s.isOk())
            return s;
    }
    if (!workers && (pipeline.compression.isEmpty() || !parseCompression(pipeline.compression)))
        return bad(QStringLiteral("compression must be none, gzip, zlib or auto (got '%1')")
                       .arg(pipeline.compression));
    if (pipeline.kind == PipelineKind::Dataset) {
        if (workers)
            return bad(QStringLiteral("the workers demo has no input pipeline: pipeline must be queues"));
        if (trainer.feed == FeedMode::Naive)
            return bad(QStringLiteral("feed naive reads without a pipeline: use pipeline queues with it"));
        if (!trainer.startQueueRunners)
            return bad(QStringLiteral("a tf.data pipeline has no queue runners to forget: "
                                      "start_queue_runners false needs pipeline queues"));
    }
    if (!workers && pipeline.useShuffleQueue && pipeline.exampleCapacity <= pipeline.minAfterDequeue)
        return bad(QStringLiteral("example_capacity %1 must be bigger than min_after_dequeue %2.")
                       .arg(pipeline.exampleCapacity)
                       .arg(pipeline.minAfterDequeue));
    return {};
}

} // namespace qs
