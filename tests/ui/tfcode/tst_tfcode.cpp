#include "common/uitext.h"
#include "tfcode/tfcode.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTest>

using namespace qs;

Q_DECLARE_METATYPE(qs::TfCodeInput)
Q_DECLARE_METATYPE(qs::ThreadRole)
Q_DECLARE_METATYPE(qs::ThreadState)
Q_DECLARE_METATYPE(qs::Activity)
Q_DECLARE_METATYPE(qs::CodeRole)

namespace {

TfCodeInput queues()
{
    TfCodeInput in;
    in.config.pipeline.files = {QStringLiteral("/data/a.tfrecords"), QStringLiteral("/data/b.tfrecords")};
    return in;
}

TfCodeInput fifo()
{
    TfCodeInput in = queues();
    in.config.pipeline.useShuffleQueue = false;
    return in;
}

TfCodeInput naive()
{
    TfCodeInput in = queues();
    in.config.trainer.feed = FeedMode::Naive;
    return in;
}

TfCodeInput dataset()
{
    TfCodeInput in = queues();
    in.config.pipeline.kind = PipelineKind::Dataset;
    return in;
}

TfCodeInput workers()
{
    TfCodeInput in;
    in.mode = RunMode::Workers;
    return in;
}

FeatureSpec rawSpec()
{
    ImageSpec image;
    image.key = QStringLiteral("img_raw");
    image.encoding = ImageEncoding::Raw;
    image.width = 32;
    image.height = 32;
    image.channels = 3;
    LabelSpec label;
    label.key = QStringLiteral("label");
    return FeatureSpec{image, label};
}

} // namespace

class TestTfCode : public QObject {
    Q_OBJECT
private slots:
    void programText_data()
    {
        QTest::addColumn<TfCodeInput>("input");
        QTest::addColumn<QStringList>("present");
        QTest::addColumn<QStringList>("absent");

        QTest::addRow("defaults: shuffle_batch")
            << queues()
            << QStringList{"'/data/a.tfrecords',",
                           "tf.train.string_input_producer(",
                           "FILES, num_epochs=30, shuffle=True, seed=None, capacity=32)",
                           "reader = tf.TFRecordReader()",
                           "_, serialized = reader.read(filename_queue)",
                           "tf.parse_single_example(serialized, features={",
                           "'image': tf.FixedLenFeature([], tf.string),",
                           "'label': tf.FixedLenFeature([], tf.int64),",
                           "tf.image.decode_image(features['image'], channels=3)",
                           "tf.image.resize_images(image, [HEIGHT, WIDTH])",
                           "HEIGHT, WIDTH = 16, 16  # the model sees HEIGHT x WIDTH x 3",
                           "tf.train.shuffle_batch(",
                           "batch_size=BATCH_SIZE, num_threads=2, capacity=224,",
                           "min_after_dequeue=128, seed=None, allow_smaller_final_batch=False)",
                           "BATCH_SIZE = 32",
                           "tf.layers.dense(flat, 64, activation=tf.nn.sigmoid)",
                           "coord = tf.train.Coordinator()",
                           "threads = tf.train.start_queue_runners(sess=sess, coord=coord)",
                           "while not coord.should_stop():",
                           "sess.run([image_batch, label_batch])  # dequeue_many(32)",
                           "if step % 50 == 0:",
                           "except tf.errors.OutOfRangeError:",
                           "finally:",
                           "        coord.request_stop()",
                           "coord.join(threads, stop_grace_period_secs=5)"}
            << QStringList{"tf.train.batch(", "tf_record_iterator", "threading"};

        TfCodeInput knobs = queues();
        PipelineConfig &p = knobs.config.pipeline;
        p.numEpochs = 0;
        p.shuffleFiles = false;
        p.fileSeed = 9007199254740991ull;
        p.filenameCapacity = 7;
        p.readerThreads = 6;
        p.exampleCapacity = 500;
        p.minAfterDequeue = 300;
        p.batchSize = 64;
        p.shuffleSeed = 42;
        p.allowSmallerFinalBatch = true;
        p.skipCorrupt = true;
        p.readerDelayMs = 20;
        p.trainerDelayMs = 60;
        knobs.config.trainer.evalEvery = 0;
        knobs.config.trainer.maxSteps = 1000;
        knobs.config.trainer.gracePeriodS = 2.5;
        knobs.config.trainer.hidden = 128;
        QTest::addRow("every knob")
            << knobs
            << QStringList{"num_epochs=None, shuffle=False, seed=9007199254740991, capacity=7)",
                           "num_threads=6, capacity=500,",
                           "min_after_dequeue=300, seed=42, allow_smaller_final_batch=True)",
                           "BATCH_SIZE = 64",
                           "MAX_STEPS = 1000",
                           "# 6 threads run read_and_decode",
                           "skip_corrupt",
                           "+20 ms per record read",
                           "+60 ms per training step",
                           "tf.layers.dense(flat, 128,",
                           "stop_grace_period_secs=2.5)"}
            << QStringList{"sess.run(accuracy", "eval_x, eval_y ="};

        QTest::addRow("FIFO: tf.train.batch")
            << fifo() << QStringList{"tf.train.batch(", "allow_smaller_final_batch=False)"}
            << QStringList{"shuffle_batch", "min_after_dequeue="};

        QTest::addRow("naive feed")
            << naive()
            << QStringList{"for record in tf.python_io.tf_record_iterator(filename):",
                           "for filename in random.sample(FILES, len(FILES)):",
                           "import random",
                           "sess.run(decoded, feed_dict={serialized: record})",
                           "if len(images) < BATCH_SIZE:",
                           "sess.run([train_op, loss], feed_dict={x: images, y: labels})"}
            << QStringList{"start_queue_runners", "shuffle_batch", "string_input_producer", "TFRecordReader"};

        TfCodeInput forgot = queues();
        forgot.config.trainer.startQueueRunners = false;
        QTest::addRow("forgotten queue runners")
            << forgot
            << QStringList{"# threads = tf.train.start_queue_runners(sess=sess, coord=coord)  # forgotten!",
                           "threads = []"}
            << QStringList{"    threads = tf.train.start_queue_runners"};

        QTest::addRow("workers demo") << workers()
                                      << QStringList{"WORKERS = 5",
                                                     "STEP_SECONDS = 0.05",
                                                     "STOP_PROBABILITY = 0.05",
                                                     "threading.Thread(target=worker, args=(coord, i))",
                                                     "if coord.wait_for_stop(STEP_SECONDS):",
                                                     "coord.request_stop()",
                                                     "coord.join(threads, stop_grace_period_secs=5)"}
                                      << QStringList{"TFRecordReader", "shuffle_batch", "FILES"};

        TfCodeInput raw = queues();
        raw.spec = rawSpec();
        QTest::addRow("detected raw image")
            << raw
            << QStringList{"'img_raw': tf.FixedLenFeature([], tf.string),",
                           "image = tf.decode_raw(features['img_raw'], tf.uint8)",
                           "image = tf.reshape(image, tf.stack([32, 32, 3]))"}
            << QStringList{"decode_image", "'image'"};

        TfCodeInput counted = queues();
        counted.numClasses = 7;
        QTest::addRow("classes found in the data")
            << counted << QStringList{"NUM_CLASSES = 7  # found in the data"}
            << QStringList{"NUM_CLASSES = 10"};
        TfCodeInput fixed = counted;
        fixed.config.trainer.numClasses = 3;
        QTest::addRow("classes set") << fixed << QStringList{"NUM_CLASSES = 3\n"}
                                     << QStringList{"NUM_CLASSES = 7"};

        TfCodeInput jpeg = queues();
        jpeg.spec = FeatureSpec{};
        jpeg.spec->image = ImageSpec{};
        jpeg.spec->image->key = QStringLiteral("image/encoded");
        jpeg.spec->image->format = ImageFormat::Jpeg;
        jpeg.spec->label = LabelSpec{};
        jpeg.spec->label->key = QStringLiteral("image/class/label");
        QTest::addRow("detected jpeg")
            << jpeg
            << QStringList{"tf.image.decode_jpeg(features['image/encoded'], channels=3)",
                           "tf.cast(features['image/class/label'], tf.int32)"}
            << QStringList{"set_shape"};

        TfCodeInput shaped = queues();
        shaped.spec = rawSpec();
        shaped.spec->image->width = 0;
        shaped.spec->image->height = 0;
        shaped.spec->image->heightKey = QStringLiteral("height");
        shaped.spec->image->widthKey = QStringLiteral("width");
        shaped.spec->label->encoding = LabelEncoding::OneHot;
        shaped.spec->label->numClasses = 10;
        QTest::addRow("per-record shape, one-hot label")
            << shaped
            << QStringList{"'height': tf.FixedLenFeature([], tf.int64),",
                           "tf.stack([tf.cast(features['height'], tf.int32), tf.cast(features['width'], "
                           "tf.int32), 3])",
                           "'label': tf.FixedLenFeature([10], tf.int64),",
                           "tf.argmax(features['label'], output_type=tf.int32)"}
            << QStringList{};

        // The tf.data program has DatasetRecipe's stages and arguments, in its order.
        TfCodeInput ds = dataset();
        ds.config.pipeline.readerThreads = 3;
        ds.config.pipeline.datasetMapCalls = 2;
        ds.config.pipeline.compression = QStringLiteral("gzip");
        QTest::addRow("tf.data")
            << ds
            << QStringList{"files = tf.data.Dataset.list_files(FILES, shuffle=True, seed=None)\n"
                           "files = files.repeat(30)  # num_epochs\n"
                           "dataset = files.interleave(\n"
                           "    lambda f: tf.data.TFRecordDataset(f, compression_type='GZIP'),\n"
                           "    cycle_length=3, block_length=1, num_parallel_calls=3)\n"
                           "dataset = dataset.map(parse_and_decode, num_parallel_calls=2)\n"
                           "dataset = dataset.shuffle(buffer_size=128, seed=None)\n"
                           "dataset = dataset.batch(BATCH_SIZE, drop_remainder=True)\n"
                           "dataset = dataset.prefetch(3)\n",
                           "def parse_and_decode(serialized):", "get_next()",
                           "except tf.errors.OutOfRangeError:"}
            << QStringList{"string_input_producer", "shuffle_batch(", "start_queue_runners", "AUTOTUNE",
                           "ignore_errors",         "cache()"};
        TfCodeInput tuned = dataset();
        tuned.config.pipeline.datasetAutotune = true;
        tuned.config.pipeline.datasetCache = true;
        tuned.config.pipeline.skipCorrupt = true;
        tuned.config.pipeline.numEpochs = 0;
        tuned.config.pipeline.useShuffleQueue = false;
        QTest::addRow("tf.data: AUTOTUNE, cache, ignore_errors")
            << tuned
            << QStringList{"num_parallel_calls=tf.data.AUTOTUNE)\n"
                           "dataset = dataset.map(parse_and_decode, num_parallel_calls=tf.data.AUTOTUNE)\n"
                           "dataset = dataset.apply(tf.data.experimental.ignore_errors())\n"
                           "dataset = dataset.cache().repeat()",
                           "dataset = dataset.prefetch(tf.data.AUTOTUNE)"}
            << QStringList{"files.repeat(", ".shuffle("};
        TfCodeInput unprefetched = dataset();
        unprefetched.config.pipeline.datasetPrefetch = 0;
        QTest::addRow("tf.data without prefetch")
            << unprefetched << QStringList{"drop_remainder=True)"} << QStringList{".prefetch("};

        TfCodeInput many = queues();
        for (int i = 0; i < 10; ++i)
            many.config.pipeline.files << QStringLiteral("/d/it's-%1.tfrecords").arg(i);
        QTest::addRow("many files, quoted")
            << many << QStringList{"'/d/it\\'s-0.tfrecords',", "# ... and 6 more"} << QStringList{"it's-9"};
    }
    void programText()
    {
        QFETCH(TfCodeInput, input);
        QFETCH(QStringList, present);
        QFETCH(QStringList, absent);
        const TfProgram program = generateTfProgram(input);
        const QString text = program.text();
        for (const QString &s : present)
            QVERIFY2(text.contains(s), qPrintable(QStringLiteral("missing: %1\n%2").arg(s, text)));
        for (const QString &s : absent)
            QVERIFY2(!text.contains(s), qPrintable(QStringLiteral("unexpected: %1").arg(s)));
        QCOMPARE(program.tags.size(), program.lines.size());
        QCOMPARE(generateTfProgram(input).text(), text); // a pure function
    }

    // Each program is valid Python (it parses; TensorFlow itself is not needed for that).
    void programsParseAsPython_data()
    {
        QTest::addColumn<TfCodeInput>("input");
        QTest::addRow("queues") << queues();
        QTest::addRow("fifo") << fifo();
        QTest::addRow("naive") << naive();
        QTest::addRow("workers") << workers();
        QTest::addRow("tf.data") << dataset();
        TfCodeInput tunedDataset = dataset();
        tunedDataset.config.pipeline.datasetAutotune = true;
        tunedDataset.config.pipeline.datasetCache = true;
        tunedDataset.config.pipeline.numEpochs = 0;
        tunedDataset.config.pipeline.readerDelayMs = 5;
        QTest::addRow("tf.data, autotune, cache, forever") << tunedDataset;
        TfCodeInput raw = queues();
        raw.spec = rawSpec();
        raw.config.trainer.startQueueRunners = false;
        raw.config.pipeline.numEpochs = 0;
        QTest::addRow("raw, forgotten runners") << raw;
        TfCodeInput naiveForever = naive();
        naiveForever.config.pipeline.numEpochs = 0;
        naiveForever.config.pipeline.shuffleFiles = false;
        QTest::addRow("naive, forever") << naiveForever;
    }
    void programsParseAsPython()
    {
        QFETCH(TfCodeInput, input);
        const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
        if (python.isEmpty())
            QSKIP("python3 is not installed; the syntax check needs it");
        QProcess p;
        p.start(python,
                {QStringLiteral("-c"), QStringLiteral("import ast, sys; ast.parse(sys.stdin.read())")});
        QVERIFY(p.waitForStarted());
        p.write(generateTfProgram(input).text().toUtf8());
        p.closeWriteChannel();
        QVERIFY(p.waitForFinished(30000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    }

    void lineOfThread_data()
    {
        QTest::addColumn<TfCodeInput>("input");
        QTest::addColumn<ThreadRole>("role");
        QTest::addColumn<ThreadState>("state");
        QTest::addColumn<Activity>("activity");
        QTest::addColumn<QString>("line"); // a piece of the expected line; empty: no line
        using R = ThreadRole;
        using S = ThreadState;
        using A = Activity;
        const TfCodeInput q = queues();
        QTest::addRow("reader reading")
            << q << R::Reader << S::Running << A::Reading << "_, serialized = reader.read(filename_queue)";
        QTest::addRow("reader waits for a file name")
            << q << R::Reader << S::BlockedEmpty << A::Dequeuing << "reader.read(filename_queue)";
        QTest::addRow("reader decoding")
            << q << R::Reader << S::Running << A::Decoding << "image = tf.image.decode_image(";
        QTest::addRow("reader enqueuing")
            << q << R::Reader << S::Running << A::Enqueuing << "= tf.train.shuffle_batch(";
        QTest::addRow("reader blocked full")
            << q << R::Reader << S::BlockedFull << A::Enqueuing << "= tf.train.shuffle_batch(";
        QTest::addRow("reader paused decoding")
            << q << R::Reader << S::Paused << A::Decoding << "image = tf.image.decode_image(";
        QTest::addRow("reader starting")
            << q << R::Reader << S::Starting << A::None << "threads = tf.train.start_queue_runners(";
        QTest::addRow("reader stopped") << q << R::Reader << S::Stopped << A::None << "";
        QTest::addRow("reader failed") << q << R::Reader << S::Failed << A::Decoding << "";
        QTest::addRow("reader cancelled") << q << R::Reader << S::Cancelled << A::Enqueuing << "";
        QTest::addRow("fifo reader blocked full")
            << fifo() << R::Reader << S::BlockedFull << A::Enqueuing << "= tf.train.batch(";
        QTest::addRow("producer enqueuing") << q << R::Producer << S::Running << A::Enqueuing
                                            << "filename_queue = tf.train.string_input_producer(";
        QTest::addRow("producer blocked full")
            << q << R::Producer << S::BlockedFull << A::Enqueuing << "tf.train.string_input_producer(";
        QTest::addRow("trainer training")
            << q << R::Trainer << S::Running << A::Training << "_, loss_value = sess.run([train_op, loss]";
        QTest::addRow("trainer starved") << q << R::Trainer << S::BlockedEmpty << A::Dequeuing
                                         << "images, labels = sess.run([image_batch, label_batch])";
        QTest::addRow("trainer dequeuing")
            << q << R::Trainer << S::Running << A::Dequeuing << "sess.run([image_batch, label_batch])";
        QTest::addRow("trainer evaluating")
            << q << R::Trainer << S::Running << A::Evaluating << "acc = sess.run(accuracy";
        QTest::addRow("trainer between steps")
            << q << R::Trainer << S::Running << A::None << "while not coord.should_stop():";
        QTest::addRow("trainer joining")
            << q << R::Trainer << S::Joining << A::None << "coord.join(threads, stop_grace_period_secs=5)";
        QTest::addRow("trainer starting")
            << q << R::Trainer << S::Starting << A::None << "with tf.Session() as sess:";
        QTest::addRow("close_on_stop waiting")
            << q << R::Watcher << S::Waiting << A::None << "#     coord.wait_for_stop()";
        QTest::addRow("close_on_stop closing")
            << q << R::Watcher << S::Running << A::None << "queue.close(cancel_pending_enqueues=True)";
        QTest::addRow("naive trainer reading") << naive() << R::Trainer << S::Running << A::Reading
                                               << "tf.python_io.tf_record_iterator(filename)";
        QTest::addRow("naive trainer decoding") << naive() << R::Trainer << S::Running << A::Decoding
                                                << "sess.run(decoded, feed_dict={serialized: record})";
        QTest::addRow("naive trainer training") << naive() << R::Trainer << S::Running << A::Training
                                                << "sess.run([train_op, loss], feed_dict={x: images";
        QTest::addRow("naive: no queue to starve on")
            << naive() << R::Trainer << S::BlockedEmpty << A::Dequeuing << "";
        QTest::addRow("naive: no producer") << naive() << R::Producer << S::Running << A::Enqueuing << "";
        QTest::addRow("worker waiting")
            << workers() << R::Worker << S::Waiting << A::None << "if coord.wait_for_stop(STEP_SECONDS):";
        QTest::addRow("worker working")
            << workers() << R::Worker << S::Running << A::Working << "if random.random() < STOP_PROBABILITY:";
        QTest::addRow("worker checking")
            << workers() << R::Worker << S::Running << A::None << "    while not coord.should_stop():";
        QTest::addRow("worker starting") << workers() << R::Worker << S::Starting << A::None << "t.start()";
        QTest::addRow("coordinator starting workers")
            << workers() << R::Main << S::Running << A::None << "t.start()";
        QTest::addRow("coordinator joining")
            << workers() << R::Main << S::Joining << A::None << "coord.join(threads";
    }
    void lineOfThread()
    {
        QFETCH(TfCodeInput, input);
        QFETCH(ThreadRole, role);
        QFETCH(ThreadState, state);
        QFETCH(Activity, activity);
        QFETCH(QString, line);
        const TfProgram program = generateTfProgram(input);
        const int at = program.lineOf(codeLineFor(role, state, activity));
        if (line.isEmpty()) {
            QVERIFY2(at < 0, qPrintable(program.lines.value(at)));
            return;
        }
        QVERIFY2(at >= 0, "no line");
        QVERIFY2(program.lines[at].contains(line), qPrintable(program.lines[at]));
    }

    // A tf.data stage's threads are at their stage's line; the run's own threads keep theirs.
    void datasetLineOfThread_data()
    {
        QTest::addColumn<CodeRole>("code");
        QTest::addColumn<ThreadRole>("role");
        QTest::addColumn<ThreadState>("state");
        QTest::addColumn<Activity>("activity");
        QTest::addColumn<QString>("line");
        using C = CodeRole;
        using R = ThreadRole;
        using S = ThreadState;
        using A = Activity;
        QTest::addRow("read worker reading") << C::DatasetRead << R::Reader << S::Running << A::Reading
                                             << "lambda f: tf.data.TFRecordDataset(f";
        QTest::addRow("read worker, cycle buffer full")
            << C::DatasetRead << R::Reader << S::BlockedFull << A::Enqueuing << "dataset = files.interleave(";
        QTest::addRow("map worker decoding")
            << C::DatasetMap << R::Worker << S::Running << A::Decoding << "image = tf.image.decode_image(";
        QTest::addRow("map worker waiting for input") << C::DatasetMap << R::Worker << S::BlockedEmpty
                                                      << A::Dequeuing << "dataset.map(parse_and_decode";
        QTest::addRow("map worker paused")
            << C::DatasetMap << R::Worker << S::Paused << A::None << "dataset.map(parse_and_decode";
        QTest::addRow("prefetch thread filling")
            << C::DatasetPrefetch << R::Worker << S::BlockedFull << A::Enqueuing << "dataset.prefetch(";
        QTest::addRow("map worker starting") << C::DatasetMap << R::Worker << S::Starting << A::None << "";
        QTest::addRow("map worker stopped") << C::DatasetMap << R::Worker << S::Stopped << A::None << "";
        QTest::addRow("trainer at get_next")
            << C::Trainer << R::Trainer << S::BlockedEmpty << A::Dequeuing << "# get_next()";
        QTest::addRow("trainer at the end")
            << C::Trainer << R::Trainer << S::Joining << A::None << "coord.join(";
        QTest::addRow("cancel_on_stop waiting")
            << C::CloseOnStop << R::Watcher << S::Waiting << A::None << "#     coord.wait_for_stop()";
        QTest::addRow("cancel_on_stop cancelling")
            << C::CloseOnStop << R::Watcher << S::Running << A::None << "cancel the iterator";
    }
    void datasetLineOfThread()
    {
        QFETCH(CodeRole, code);
        QFETCH(ThreadRole, role);
        QFETCH(ThreadState, state);
        QFETCH(Activity, activity);
        QFETCH(QString, line);
        const TfProgram program = generateTfProgram(dataset());
        QCOMPARE(program.variant, TfVariant::Dataset);
        const int at = program.lineOf(codeLineFor(code, role, state, activity));
        if (line.isEmpty()) {
            QVERIFY2(at < 0, qPrintable(program.lines.value(at)));
            return;
        }
        QVERIFY2(at >= 0, "no line");
        QVERIFY2(program.lines[at].contains(line), qPrintable(program.lines[at]));
    }

    // What a thread stands for comes from the topology, whatever its name says.
    void threadsWithoutCounterpart_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("shown");
        QTest::addColumn<QString>("label");
        QTest::addRow("watcher") << "t1" << true << "close_on_stop";
        QTest::addRow("watchdog named like a runner")
            << "QueueRunnerThread-x-close_on_stop" << false << "watchdog";
        QTest::addRow("reader") << "t3" << true << "reader 1";
        QTest::addRow("not in the topology") << "trainer" << false << "trainer";
    }
    void threadsWithoutCounterpart()
    {
        QFETCH(QString, name);
        QFETCH(bool, shown);
        QFETCH(QString, label);
        Topology topology;
        topology.threads = {
            TopologyThread{"t1", ThreadRole::Watcher, CodeRole::CloseOnStop, "close_on_stop", {}, {}, "q"},
            TopologyThread{"QueueRunnerThread-x-close_on_stop",
                           ThreadRole::Watcher,
                           CodeRole::None,
                           "watchdog",
                           {},
                           {},
                           {}},
            TopologyThread{"t3", ThreadRole::Reader, CodeRole::Reader, "reader 1", {"q"}, {}, {}}};
        QCOMPARE(hasTfCounterpart(&topology, name), shown);
        QCOMPARE(UiText::threadLabel(&topology, name), label);
        QVERIFY(hasTfCounterpart(nullptr, name)); // no topology: nothing is left out
    }

    void variants()
    {
        QCOMPARE(tfVariant(queues()), TfVariant::Queues);
        QCOMPARE(tfVariant(naive()), TfVariant::Naive);
        QCOMPARE(tfVariant(dataset()), TfVariant::Dataset);
        TfCodeInput w = naive();
        w.mode = RunMode::Workers;
        QCOMPARE(tfVariant(w), TfVariant::Workers);
        QCOMPARE(generateTfProgram(w).variant, TfVariant::Workers);
        QCOMPARE(generateTfProgram(queues()).lineOf(CodeLine::None), -1);
    }
};

QTEST_GUILESS_MAIN(TestTfCode)
#include "tst_tfcode.moc"
