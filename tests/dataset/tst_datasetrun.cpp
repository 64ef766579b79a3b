// tf.data pipelines running for real: errors reaching get_next with file/record/offset,
// ignore_errors, cancellation by cancel() and by destruction, what the Recorder sees (lanes,
// gauges, topology), AUTOTUNE's direction, and decoding real image records.
//
// Behaviours ported from TensorFlow's kernel tests: tf_record_dataset_test (testReadWithBuffer,
// corrupted records raise DataLossError), map_test (testMapErrors...: an error in fn reaches
// get_next and the iterator goes on), ignore_errors_test (testMapIgnoreError, testReadFileIgnoreError),
// iterator cancellation (testIteratorDestruction..., no thread left), list_files_test
// (testEmptyDirectory / testNoMatch: NotFound), autotune model tests (parallelism grows for a
// stage that starves its consumer).
#include "datasetfiles.h"
#include "rundata.h"

#include "dataset/autotuner.h"
#include "dataset/datasetrecipe.h"
#include "feed/datasetprobe.h"
#include "feed/samplemaker.h"
#include "observe/recorder.h"
#include "record/recordreader.h"

#include <QDir>
#include <QHash>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <chrono>
#include <thread>

using namespace qs;
using namespace qs::test;

namespace {

MapFn slowWork(std::chrono::microseconds d)
{
    return [d](const Element &in, Element *out) -> Status {
        std::this_thread::sleep_for(d);
        *out = in;
        return {};
    };
}

bool everyLaneEnded(const Recorder &recorder)
{
    for (const ThreadInfo &t : recorder.threads())
        if (!isFinalState(t.state))
            return false;
    return true;
}

} // namespace

class TestDatasetRun : public QObject {
    Q_OBJECT

private slots:
    void readErrorNamesFileRecordOffset_data()
    {
        QTest::addColumn<int>("parallel");
        QTest::addRow("sequential") << 1;
        QTest::addRow("parallel interleave and map") << 2;
    }
    void readErrorNamesFileRecordOffset()
    {
        QFETCH(int, parallel);
        QTemporaryDir dir;
        const QStringList files = writeTextFiles(dir.path(), {4, 6});
        corruptRecord(files[1], 1, 3);
        auto it = Dataset::fromTensorSlices(files)
                      .interleave(Dataset::tfRecordOf, 2, 1, parallel)
                      .map(parseText(), parallel)
                      .makeIterator();
        QList<qint64> got;
        Status error;
        Element e;
        Status s;
        while ((s = it->getNext(&e)).kind() != ErrorKind::OutOfRange) {
            if (s.isOk())
                got << e.value;
            else
                error = s;
        }
        QCOMPARE(error.kind(), ErrorKind::DataLoss);
        QCOMPARE(error.where().file, files[1]);
        QCOMPARE(error.where().record, 3);
        QCOMPARE(error.where().offset, textRecordOffset(1, 3));
        // The broken file ends at its error; the other file is read to its end.
        QCOMPARE(got, (QList<qint64>{0, 1000, 1, 1001, 2, 1002, 3}));
    }

    void mapErrorNamesTheElement()
    {
        QTemporaryDir dir;
        const QStringList files = writeTextFiles(dir.path(), {5});
        MapFn failOn2 = [](const Element &in, Element *out) -> Status {
            if (in.where.record == 2)
                return invalidArgument(QStringLiteral("label out of range"));
            *out = in;
            return {};
        };
        auto it = Dataset::fromTensorSlices(files)
                      .interleave(Dataset::tfRecordOf, 1)
                      .map(failOn2, 2)
                      .makeIterator();
        Element e;
        QVERIFY(it->getNext(&e).isOk());
        QVERIFY(it->getNext(&e).isOk());
        const Status s = it->getNext(&e);
        QCOMPARE(s.kind(), ErrorKind::InvalidArgument);
        QCOMPARE(s.where().file, files[0]);
        QCOMPARE(s.where().record, 2);
        QCOMPARE(s.where().offset, textRecordOffset(0, 2));
        QVERIFY(it->getNext(&e).isOk()); // the iterator goes on after an element's error
        QCOMPARE(e.where.record, 3);
    }

    void ignoreErrorsSkipsAndCounts()
    {
        QTemporaryDir dir;
        const QStringList files = writeTextFiles(dir.path(), {10, 10});
        corruptRecord(files[0], 0, 7);
        Recorder recorder;
        MapFn failOdd = [](const Element &in, Element *out) -> Status {
            if (in.where.file.endsWith(QStringLiteral("001.tfrecord")) && in.where.record % 2 == 1)
                return invalidArgument(QStringLiteral("odd"));
            *out = in;
            return {};
        };
        auto it = Dataset::fromTensorSlices(files)
                      .interleave(Dataset::tfRecordOf, 2, 1, 2)
                      .map(failOdd, 2)
                      .ignoreErrors()
                      .makeIterator(IteratorOptions::observedBy(&recorder));
        qint64 n = 0;
        Element e;
        Status s;
        while ((s = it->getNext(&e)).isOk())
            ++n;
        QCOMPARE(s.kind(), ErrorKind::OutOfRange);
        QCOMPARE(n, 7 + 5);               // file 0 up to its corrupt record, file 1's even records
        QCOMPARE(it->ignoredErrors(), 6); // one DataLoss and five map errors
        int notes = 0;
        for (const Event &ev : recorder.events())
            notes += ev.kind == EventKind::Note &&
                     ev.details.value(QStringLiteral("what")).toString() == QStringLiteral("skipped_record");
        QCOMPARE(notes, 6);
    }

    void destructionCancelsWorkers_data()
    {
        QTest::addColumn<int>("pipeline");
        QTest::addRow("map + prefetch") << 0;
        QTest::addRow("interleave + map + batch + prefetch") << 1;
        QTest::addRow("autotuned") << 2;
    }
    void destructionCancelsWorkers()
    {
        QFETCH(int, pipeline);
        QTemporaryDir dir;
        const QStringList files = writeTextFiles(dir.path(), {200, 200, 200});
        Recorder recorder;
        const Dataset endless = Dataset::range(1 << 30);
        const Dataset d[] = {endless.map(slowWork(std::chrono::microseconds(200)), 3).prefetch(8),
                             Dataset::fromTensorSlices(files)
                                 .repeat()
                                 .interleave(Dataset::tfRecordOf, 3, 2, 3)
                                 .map(parseText(), 2)
                                 .batch(4, false, 2)
                                 .prefetch(3),
                             endless.map(slowWork(std::chrono::microseconds(100)), Dataset::kAutotune)
                                 .prefetch(Dataset::kAutotune)};
        {
            auto it = d[pipeline].makeIterator(IteratorOptions::observedBy(&recorder));
            Element e;
            for (int i = 0; i < 20; ++i)
                QVERIFY(it->getNext(&e).isOk());
        } // destroyed mid-run, with its buffers full and its workers busy or blocked
        QVERIFY(recorder.threadCount() >= 2);
        QVERIFY(everyLaneEnded(recorder));
    }

    void cancelWakesBlockedGetNext()
    {
        Recorder recorder;
        auto it = Dataset::range(1 << 30)
                      .map(slowWork(std::chrono::milliseconds(1)), 2)
                      .prefetch(2)
                      .makeIterator(IteratorOptions::observedBy(&recorder));
        std::atomic<int> got{0};
        Status last;
        std::thread consumer([&] {
            Element e;
            Status s;
            while ((s = it->getNext(&e)).isOk())
                got.fetch_add(1);
            last = s;
        });
        QTRY_VERIFY_WITH_TIMEOUT(got.load() >= 5, 20000);
        it->cancel();
        consumer.join();
        QCOMPARE(last.kind(), ErrorKind::Cancelled);
        Element e;
        QCOMPARE(it->getNext(&e).kind(), ErrorKind::Cancelled);
        it.reset();
        QVERIFY(everyLaneEnded(recorder));
    }

    void observedLanesGaugesTopology()
    {
        QTemporaryDir dir;
        const QStringList files = writeTextFiles(dir.path(), {30, 30});
        Recorder recorder;
        const Dataset d = Dataset::fromTensorSlices(files)
                              .interleave(Dataset::tfRecordOf, 2, 1, 2)
                              .map(parseText(), 2)
                              .shuffle(8, 3)
                              .batch(5)
                              .prefetch(2);
        auto it = d.makeIterator(IteratorOptions::observedBy(&recorder));
        QCOMPARE(drain(*it).size(), 12);
        const Topology top = it->topology();
        QStringList queues;
        for (const TopologyQueue &q : top.queues)
            queues << q.name;
        QCOMPARE(queues.size(), 4);
        for (const char *kind : {"interleave_1", "map_2", "shuffle_3", "prefetch_5"})
            QVERIFY2(queues.contains(QLatin1String(kind)), kind);
        // Workers are linked through the buffers they fill and drain.
        const TopologyThread *mapWorker = top.thread(QStringLiteral("map_2/0"));
        QVERIFY(mapWorker);
        QCOMPARE(mapWorker->enqueuesInto, QStringList{QStringLiteral("map_2")});
        QCOMPARE(mapWorker->dequeuesFrom, QStringList{QStringLiteral("interleave_1")});
        QVERIFY(top.thread(QStringLiteral("interleave_1/1")));
        QVERIFY(top.thread(QStringLiteral("prefetch_5/0")));
        QVERIFY(recorder.topology() && *recorder.topology() == top);
        // Every buffer is a gauge that saw elements go through it and was closed at the end.
        for (const QueueInfo &q : recorder.queues()) {
            QVERIFY2(q.enqueued > 0, qPrintable(q.name));
            QVERIFY2(q.closed, qPrintable(q.name));
        }
        QCOMPARE(recorder.queues().size(), 4);
        it.reset();
        QVERIFY(everyLaneEnded(recorder));
    }

    void autotuneRaisesParallelismOfSlowMap()
    {
        Recorder recorder;
        IteratorOptions options = IteratorOptions::observedBy(&recorder);
        options.autotune.cpuBudget = 4; // the work sleeps, so it scales whatever the machine
        options.autotune.periodElements = 8;
        auto it = Dataset::range(1 << 30)
                      .map(slowWork(std::chrono::milliseconds(2)), Dataset::kAutotune)
                      .makeIterator(options);
        Element e;
        int raised = 0;
        for (int i = 0; i < 4000 && raised < 2; ++i) {
            QVERIFY(it->getNext(&e).isOk());
            raised = 0;
            for (const Autotuner::Decision &d : it->autotuner()->decisions())
                raised += d.knob == QStringLiteral("parallelism") && d.to > d.from;
        }
        QVERIFY2(raised >= 2, "AUTOTUNE never raised the slow map's parallelism twice");
        const QList<Autotuner::Decision> decisions = it->autotuner()->decisions();
        QCOMPARE(decisions.first().op, QStringLiteral("map_1"));
        QCOMPARE(decisions.first().from, 1);
        QVERIFY(decisions.first().latencyAfterMs < decisions.first().latencyBeforeMs);
        QVERIFY(decisions.first().message.contains(QStringLiteral("map_1 parallelism 1 -> 2")));
        for (const Autotuner::Decision &d : decisions)
            QVERIFY(d.to <= 4);
        int notes = 0;
        for (const Event &ev : recorder.events())
            notes += ev.kind == EventKind::Note &&
                     ev.details.value(QStringLiteral("what")).toString() == QStringLiteral("autotune");
        QCOMPARE(notes, decisions.size());
    }

    void decodesRealImageRecords()
    {
        QTemporaryDir dir;
        const QStringList files = writeDemoFiles(dir.path(), QStringLiteral("demo"), 3, 20);
        Result<DatasetProbe> probe = DatasetProbe::run(files, {0, {}});
        QVERIFY2(probe, qPrintable(probe.status().toString()));
        const SampleMaker maker(probe->spec, InputSpec{8, 8, 3});
        Result<Dataset> listed =
            Dataset::listFiles({dir.filePath(QStringLiteral("demo-*.tfrecords"))}, true, 11);
        QVERIFY(listed);
        auto it = listed->interleave(Dataset::tfRecordOf, 2, 1, Dataset::kAutotune)
                      .map(Dataset::decodeFn(maker), Dataset::kAutotune)
                      .shuffle(16, 2)
                      .batch(8)
                      .prefetch(Dataset::kAutotune)
                      .makeIterator();
        int samples = 0, batches = 0;
        Element b;
        while (it->getNext(&b).isOk()) {
            ++batches;
            for (const Element &x : b.batch) {
                QCOMPARE(x.sample.image.cols, 8 * 8 * 3);
                QVERIFY(x.sample.label >= 0);
                QVERIFY(files.contains(x.where.file));
                ++samples;
            }
        }
        QCOMPARE(samples, 60);
        QCOMPARE(batches, 8);
    }

    void recipeFromQueueKnobs()
    {
        QTemporaryDir dir;
        const QStringList files = writeDemoFiles(dir.path(), QStringLiteral("demo"), 2, 25);
        Result<DatasetProbe> probe = DatasetProbe::run(files, {0, {}});
        QVERIFY2(probe, qPrintable(probe.status().toString()));
        DatasetRecipe recipe;
        recipe.files = {dir.filePath(QStringLiteral("demo-*.tfrecords"))};
        recipe.numEpochs = 2;
        recipe.readerThreads = 2;
        recipe.batchSize = 8;
        recipe.minAfterDequeue = 16;
        recipe.exampleCapacity = 40;
        recipe.fileSeed = 3;
        recipe.shuffleSeed = 4;
        Result<Dataset> d = recipe.build(SampleMaker(probe->spec, InputSpec{8, 8, 3}));
        QVERIFY(d);
        const QStringList code = d->code();
        QVERIFY(code.first().startsWith(QStringLiteral("dataset = tf.data.Dataset.list_files")));
        QVERIFY(code.last().startsWith(QStringLiteral("dataset = dataset.prefetch(3)")));
        auto it = d->makeIterator();
        int batches = 0;
        Element b;
        while (it->getNext(&b).isOk()) {
            QCOMPARE(int(b.batch.size()), 8); // 100 samples, drop_remainder: 12 full batches
            ++batches;
        }
        QCOMPARE(batches, 12);
        recipe.allowSmallerFinalBatch = true;
        recipe.autotune = true;
        Result<Dataset> tuned = recipe.build(SampleMaker(probe->spec, InputSpec{8, 8, 3}));
        QVERIFY(tuned);
        QVERIFY(tuned->code().last().contains(QStringLiteral("AUTOTUNE")));
        auto all = tuned->makeIterator();
        int samples = 0;
        while (all->getNext(&b).isOk())
            samples += int(b.batch.size());
        QCOMPARE(samples, 100);
        recipe.files = {dir.filePath(QStringLiteral("nothing-*.tfrecords"))};
        QCOMPARE(recipe.build(SampleMaker(probe->spec, InputSpec{8, 8, 3})).status().kind(),
                 ErrorKind::NotFound);
    }

    void listFilesErrors()
    {
        QTemporaryDir dir;
        Result<Dataset> none = Dataset::listFiles({dir.filePath(QStringLiteral("*.tfrecord"))});
        QVERIFY(!none);
        QCOMPARE(none.status().kind(), ErrorKind::NotFound);
        const QStringList files = writeTextFiles(dir.path(), {1, 1, 1, 1, 1, 1});
        Result<Dataset> listed = Dataset::listFiles({dir.filePath(QStringLiteral("part-*.tfrecord"))}, false);
        QVERIFY(listed);
        auto it = listed->makeIterator();
        QStringList got;
        Element e;
        while (it->getNext(&e).isOk())
            got << e.text;
        QCOMPARE(got, files);
        // shuffle=True with a seed: a permutation, reproducible, fresh each epoch.
        Result<Dataset> shuffled =
            Dataset::listFiles({dir.filePath(QStringLiteral("part-*.tfrecord"))}, true, 5);
        QVERIFY(shuffled);
        auto a = shuffled->repeat(2).makeIterator();
        QStringList order;
        while (a->getNext(&e).isOk())
            order << e.text;
        QCOMPARE(order.size(), 12);
        QStringList first = order.mid(0, 6);
        first.sort();
        QCOMPARE(first, files);
    }

    void realFixturesThroughTfRecordDataset()
    {
        // Files written by TensorFlow (SOURCES.md): counts from the fixtures' table, a GZIP one
        // among them; and a gzip file that holds no TFRecord framing, a DataLoss at offset 0.
        const QDir fixtures(QString::fromLocal8Bit(qgetenv("QS_FIXTURES_DIR")).isEmpty()
                                ? QStringLiteral(QS_FIXTURES_DIR)
                                : QString::fromLocal8Bit(qgetenv("QS_FIXTURES_DIR")));
        const QString imagenet =
            fixtures.filePath(QStringLiteral("tfbench_fake_imagenet_train-00000-of-00008"));
        const QString penguin =
            fixtures.filePath(QStringLiteral("tfx_penguin_train_data_tfrecord-00000-of-00001.gz"));
        const QString bare = fixtures.filePath(QStringLiteral("dfalbel_myints_r.tfrecords.gz"));
        if (!QFile::exists(imagenet) || !QFile::exists(penguin) || !QFile::exists(bare))
            QSKIP("fixtures not present");
        auto it = Dataset::fromTensorSlices({imagenet, bare, penguin})
                      .interleave(Dataset::tfRecordOf, 2, 4, 2)
                      .makeIterator();
        QHash<QString, int> counts;
        QList<Status> errors;
        Element e;
        Status s;
        while ((s = it->getNext(&e)).kind() != ErrorKind::OutOfRange) {
            if (s.isOk())
                ++counts[e.where.file];
            else
                errors << s;
        }
        QCOMPARE(counts.value(imagenet), 64);
        QCOMPARE(counts.value(penguin), 234);
        QCOMPARE(errors.size(), 1);
        QCOMPARE(errors[0].kind(), ErrorKind::DataLoss);
        QCOMPARE(errors[0].where().file, bare);
        QCOMPARE(errors[0].where().offset, 0);
    }
};

QTEST_GUILESS_MAIN(TestDatasetRun)
#include "tst_datasetrun.moc"
