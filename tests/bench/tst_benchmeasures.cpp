// The measuring helpers of the bench library: they count what they say they count, refuse bad input
// with a clear error, and clean up after themselves. No figure is checked against a speed.
#include "bench/benchdataset.h"
#include "bench/machineinfo.h"
#include "bench/memorybench.h"
#include "bench/pipelinebench.h"
#include "bench/queuebench.h"
#include "bench/recordfiles.h"
#include "bench/samplebench.h"
#include "bench/scanbench.h"
#include "bench/trainbench.h"
#include "example/exampleparser.h"
#include "feed/samplemaker.h"
#include "record/recordreader.h"
#include "run/pipeline.h"
#include "train/annmlpmodel.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;

Q_DECLARE_METATYPE(qs::BenchDatasetOptions)

namespace {

std::vector<QByteArray> readAll(const QString &path)
{
    std::vector<QByteArray> out;
    auto reader = RecordReader::open(path);
    if (!reader)
        return out;
    QByteArray r;
    while ((*reader)->next(&r).isOk()) {
        out.push_back(r);
        r = QByteArray();
    }
    return out;
}

} // namespace

class TestBenchMeasures : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        BenchDatasetOptions o;
        o.count = 96;
        Result<BenchDatasetInfo> w = writeBenchDataset(m_dir.filePath(QStringLiteral("demo.tfrecords")), o);
        QVERIFY2(w.isOk(), qPrintable(w.status().toString()));
        m_demo = w->path;
    }

    void dataset_data()
    {
        QTest::addColumn<int>("encoding");
        QTest::addColumn<int>("size");
        QTest::addColumn<QString>("imageKey");
        QTest::addRow("raw 32") << int(BenchEncoding::Raw) << 32 << "img_raw";
        QTest::addRow("raw 48") << int(BenchEncoding::Raw) << 48 << "img_raw";
        QTest::addRow("jpeg 64") << int(BenchEncoding::Jpeg) << 64 << "image/encoded";
    }

    void dataset()
    {
        QFETCH(int, encoding);
        QFETCH(int, size);
        QFETCH(QString, imageKey);
        BenchDatasetOptions o;
        o.count = 12;
        o.distinct = 5;
        o.imageSize = size;
        o.encoding = BenchEncoding(encoding);
        const QString path = m_dir.filePath(QStringLiteral("set-%1-%2.tfrecords").arg(encoding).arg(size));
        Result<BenchDatasetInfo> w = writeBenchDataset(path, o);
        QVERIFY2(w.isOk(), qPrintable(w.status().toString()));
        QCOMPARE(w->records, 12);
        QCOMPARE(w->bytes, QFileInfo(path).size());

        const std::vector<QByteArray> records = readAll(path);
        QCOMPARE(records.size(), size_t(12));
        QCOMPARE(records[0], records[5]); // five distinct images, cycled
        QCOMPARE(records[1], records[11]);
        QVERIFY(records[0] != records[1]);

        RunConfig c;
        c.pipeline.files = {path};
        c.trainer.numClasses = 4;
        Result<std::unique_ptr<Pipeline>> p = Pipeline::create(c);
        QVERIFY2(p.isOk(), qPrintable(p.status().toString()));
        const FeatureSpec spec = (*p)->featureSpec();
        QVERIFY(spec.image && spec.label);
        QCOMPARE(spec.image->key, imageKey);

        // Every record decodes to an image of the size written.
        const SampleMaker maker(spec, InputSpec{8, 8, 3});
        ExampleParser parser;
        for (size_t i = 0; i < records.size(); ++i) {
            Result<Sample> s = maker.make(parser, records[i], Location{path, qint64(i), -1});
            QVERIFY2(s.isOk(), qPrintable(s.status().toString()));
            QVERIFY(s->label >= 0 && s->label < 4);
        }
    }

    void datasetOptionsRefused_data()
    {
        QTest::addColumn<BenchDatasetOptions>("options");
        QTest::addColumn<QString>("field");
        BenchDatasetOptions o;
        o.count = 0;
        QTest::addRow("count") << o << "count";
        o = {};
        o.imageSize = 8;
        QTest::addRow("size") << o << "image size";
        o = {};
        o.jpegQuality = 0;
        QTest::addRow("quality") << o << "JPEG quality";
        o = {};
        o.classes = 9;
        QTest::addRow("classes") << o << "classes";
    }

    void datasetOptionsRefused()
    {
        QFETCH(BenchDatasetOptions, options);
        QFETCH(QString, field);
        const QString path = m_dir.filePath(QStringLiteral("refused.tfrecords"));
        Result<BenchDatasetInfo> w = writeBenchDataset(path, options);
        QVERIFY(!w.isOk());
        QCOMPARE(w.status().kind(), ErrorKind::InvalidArgument);
        QVERIFY2(w.status().message().contains(field), qPrintable(w.status().message()));
        QVERIFY(!QFileInfo::exists(path));
    }

    void stoppedWriteLeavesNothing()
    {
        BenchDatasetOptions o;
        o.count = 50;
        int calls = 0;
        const QString path = m_dir.filePath(QStringLiteral("stopped.tfrecords"));
        Result<BenchDatasetInfo> w = writeBenchDataset(path, o, [&] { return ++calls > 10; });
        QCOMPARE(w.status().kind(), ErrorKind::Cancelled);
        QVERIFY(w.status().message().contains(QLatin1String("10 of 50")));
        QVERIFY(!QFileInfo::exists(path));
        QCOMPARE(QDir(m_dir.path()).entryList({QStringLiteral(".*tmp*")}, QDir::Hidden | QDir::Files).size(),
                 0);
    }

    void repeatedAndNoiseRecords()
    {
        const std::vector<QByteArray> source = readAll(m_demo);
        const QString path = m_dir.filePath(QStringLiteral("repeated.tfrecords"));
        Result<BenchDatasetInfo> w = writeRepeatedRecords(path, source, 1 << 20);
        QVERIFY2(w.isOk(), qPrintable(w.status().toString()));
        QVERIFY(w->bytes >= 1 << 20);
        const std::vector<QByteArray> back = readAll(path);
        QCOMPARE(qint64(back.size()), w->records);
        QVERIFY(back.size() > source.size());
        for (size_t i = 0; i < back.size(); ++i)
            QCOMPARE(back[i], source[i % source.size()]);

        const QString noise = m_dir.filePath(QStringLiteral("noise.tfrecords"));
        Result<BenchDatasetInfo> n = writeNoiseRecords(noise, 1 << 20, 4096);
        QVERIFY2(n.isOk(), qPrintable(n.status().toString()));
        QCOMPARE(qint64(readAll(noise).size()), n->records);
        QCOMPARE(writeNoiseRecords(noise, 1 << 20, 100).status().kind(), ErrorKind::InvalidArgument);
        QCOMPARE(writeRepeatedRecords(noise, {}, 100).status().kind(), ErrorKind::InvalidArgument);
    }

    void scanAndRead()
    {
        Result<ScanComparison> c = compareScanToRead({m_demo}, 0, 2);
        QVERIFY2(c.isOk(), qPrintable(c.status().toString()));
        QCOMPARE(c->read.bytes, QFileInfo(m_demo).size());
        QCOMPARE(c->scan.bytes, QFileInfo(m_demo).size());
        QCOMPARE(c->scan.records, 96);
        QVERIFY(c->passes >= 2);
        QVERIFY(c->ratio() > 0);

        const QString missing = m_dir.filePath(QStringLiteral("missing.tfrecords"));
        Result<ScanComparison> gone = compareScanToRead({missing}, 0);
        QCOMPARE(gone.status().kind(), ErrorKind::NotFound);
        QVERIFY(gone.status().toString().contains(missing));
    }

    void loadRecordsBounds()
    {
        Result<std::vector<QByteArray>> some = loadRecords({m_demo}, 10, 1 << 30);
        QVERIFY(some.isOk());
        QCOMPARE(some->size(), size_t(10));
        Result<std::vector<QByteArray>> oneByBytes = loadRecords({m_demo, m_demo}, 1000, 1);
        QVERIFY(oneByBytes.isOk());
        QCOMPARE(oneByBytes->size(), size_t(1)); // at least one, then the byte bound
        Result<std::vector<QByteArray>> both = loadRecords({m_demo, m_demo}, 1000, 1 << 30);
        QCOMPARE(both->size(), size_t(192));
    }

    void sampleWork_data()
    {
        QTest::addColumn<int>("work");
        QTest::addColumn<int>("threads");
        for (int threads : {1, 2}) {
            QTest::addRow("parse, %d thread(s)", threads) << int(SampleWork::Parse) << threads;
            QTest::addRow("decode + preprocess, %d thread(s)", threads)
                << int(SampleWork::DecodePreprocess) << threads;
            QTest::addRow("reader body, %d thread(s)", threads) << int(SampleWork::ReaderBody) << threads;
        }
    }

    void sampleWork()
    {
        QFETCH(int, work);
        QFETCH(int, threads);
        Result<std::vector<QByteArray>> records = loadRecords({m_demo}, 32, 1 << 30);
        QVERIFY(records.isOk());
        Result<StageRate> r = measureSampleWork(SampleWork(work), *records, maker(), 0.02, threads);
        QVERIFY2(r.isOk(), qPrintable(r.status().toString()));
        QVERIFY(r->items >= 16 * threads); // at least one chunk per thread
        QVERIFY(r->seconds > 0);
    }

    void sampleWorkRefusesBadRecords()
    {
        std::vector<QByteArray> records = *loadRecords({m_demo}, 4, 1 << 30);
        records.push_back(QByteArrayLiteral("\xff\xff\xff not an example"));
        for (int threads : {1, 2}) {
            Result<StageRate> r = measureSampleWork(SampleWork::ReaderBody, records, maker(), 0.01, threads);
            QVERIFY(!r.isOk());
            QVERIFY2(r.status().toString().contains(QLatin1String("not a tf.train.Example")),
                     qPrintable(r.status().toString()));
        }
        QCOMPARE(measureSampleWork(SampleWork::Parse, {}, maker(), 0.01).status().kind(),
                 ErrorKind::InvalidArgument);
    }

    void queueCountsEveryElement_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("payload");
        QTest::addColumn<int>("producers");
        QTest::addColumn<int>("many");
        QTest::addColumn<bool>("observed");
        for (int kind : {int(QueueKind::Fifo), int(QueueKind::RandomShuffle)}) {
            for (int producers : {1, 3}) {
                QTest::addRow("%s %d producer(s), dequeue one", kind ? "shuffle" : "fifo", producers)
                    << kind << int(QueuePayload::Int) << producers << 1 << false;
                QTest::addRow("%s %d producer(s), up_to 8, samples, observed", kind ? "shuffle" : "fifo",
                              producers)
                    << kind << int(QueuePayload::Sample) << producers << 8 << true;
            }
        }
    }

    void queueCountsEveryElement()
    {
        QFETCH(int, kind);
        QFETCH(int, payload);
        QFETCH(int, producers);
        QFETCH(int, many);
        QFETCH(bool, observed);
        QueueBenchOptions o;
        o.kind = QueueKind(kind);
        o.payload = QueuePayload(payload);
        o.producers = producers;
        o.dequeueMany = many;
        o.observed = observed;
        o.capacity = 64;
        o.minAfterDequeue = kind == int(QueueKind::RandomShuffle) ? 16 : 0;
        o.elements = 10000;
        Result<StageRate> r = measureQueue(o);
        QVERIFY2(r.isOk(), qPrintable(r.status().toString()));
        QCOMPARE(r->items, 10000 / producers * producers);
        QVERIFY(r->seconds > 0);

        o.producers = 0;
        QCOMPARE(measureQueue(o).status().kind(), ErrorKind::InvalidArgument);
    }

    void trainStep()
    {
        cv::Mat inputs(10, 8 * 8 * 3, CV_32F);
        cv::randn(inputs, 0, 1);
        const std::vector<int> labels{0, 1, 2, 3, 0, 1, 2, 3, 0, 1};
        AnnMlpOptions model;
        model.input = InputSpec{8, 8, 3};
        model.hidden = 8;
        Result<StageRate> r = measureTrainStep(model, inputs, labels, 4, 0.02);
        QVERIFY2(r.isOk(), qPrintable(r.status().toString()));
        QVERIFY(r->items > 0);
        QCOMPARE(r->items % 4, 0);
        // A batch bigger than the rows reuses rows.
        QVERIFY(measureTrainStep(model, inputs, labels, 32, 0.01).isOk());

        QCOMPARE(measureTrainStep(model, inputs, {0, 1}, 4, 0.01).status().kind(),
                 ErrorKind::InvalidArgument);
        model.input = InputSpec{4, 4, 3}; // the rows are 8x8x3 wide
        QCOMPARE(measureTrainStep(model, inputs, labels, 4, 0.01).status().kind(),
                 ErrorKind::InvalidArgument);
    }

    void pipelineWindow_data()
    {
        QTest::addColumn<bool>("observe");
        QTest::addColumn<double>("snapshotHz");
        QTest::addRow("observed, snapshots") << true << 50.0;
        QTest::addRow("not observed") << false << 0.0;
    }

    void pipelineWindow()
    {
        QFETCH(bool, observe);
        QFETCH(double, snapshotHz);
        RunConfig c;
        c.pipeline.files = {m_demo};
        c.pipeline.numEpochs = 0;
        c.pipeline.batchSize = 8;
        c.pipeline.exampleCapacity = 48;
        c.pipeline.minAfterDequeue = 16;
        c.pipeline.imageWidth = c.pipeline.imageHeight = 8;
        c.trainer.hidden = 8;
        c.trainer.evalEvery = 0;
        c.trainer.evalFraction = 0;
        PipelineWindow w;
        w.warmupS = 0.02;
        w.windowS = 0.2;
        w.observe = observe;
        w.snapshotHz = snapshotHz;
        Result<PipelineFigures> f = measurePipeline(c, w);
        QVERIFY2(f.isOk(), qPrintable(f.status().toString()));
        QCOMPARE(f->readers, 2);
        QCOMPARE(f->observed, observe);
        QVERIFY(f->seconds > 0);
        QVERIFY(f->samples >= 0);
        QCOMPARE(f->samples % 8, 0);
        if (observe) {
            QVERIFY(f->trainerWaiting >= 0 && f->trainerWaiting <= 1.0001);
            QVERIFY(f->readersBlockedFull >= 0 && f->readersBlockedFull <= 1.0001);
            QVERIFY(f->queueFill >= 0 && f->queueFill <= 1.0001);
            QVERIFY(f->snapshots.calls >= 0);
            QVERIFY(f->snapshots.maxMs >= f->snapshots.meanMs);
        } else {
            QCOMPARE(f->trainerWaiting, -1.0);
            QCOMPARE(f->readersBlockedFull, -1.0);
            QCOMPARE(f->snapshots.calls, 0);
        }
        const QJsonObject j = f->toJson();
        for (const char *key :
             {"readers", "samples_per_s", "trainer_blocked_empty", "readers_blocked_full", "load"})
            QVERIFY2(j.contains(QLatin1String(key)), key);
    }

    void pipelineErrorsAreReturned()
    {
        RunConfig c;
        c.pipeline.files = {m_dir.filePath(QStringLiteral("nothing-here.tfrecords"))};
        Result<PipelineFigures> f = measurePipeline(c, PipelineWindow{});
        QVERIFY(!f.isOk());
        QVERIFY2(f.status().toString().contains(QLatin1String("nothing-here")),
                 qPrintable(f.status().toString()));
    }

    void bigFileEpochCleansUp()
    {
        QTemporaryDir where;
        QVERIFY(where.isValid());
        RunConfig c;
        c.pipeline.batchSize = 8;
        c.pipeline.exampleCapacity = 48;
        c.pipeline.minAfterDequeue = 16;
        MemoryBenchOptions o;
        o.fileGb = 0.002; // 2 MB
        o.imageSize = 64;
        o.dir = where.path();
        QStringList said;
        Result<MemoryFigures> m = measureBigFileEpoch(c, o, [&](const QString &s) { said << s; });
        QVERIFY2(m.isOk(), qPrintable(m.status().toString()));
        QVERIFY(m->records > 100);
        QVERIFY(m->fileBytes >= 1900000 && m->fileBytes <= 2100000);
        QCOMPARE(m->samples, m->records / 8 * 8); // one epoch, whole batches, nothing held out
        QVERIFY(m->peakRssMb > 0);
        QVERIFY(!m->rssMb.isEmpty());
        QVERIFY(m->lateMaxMb > 0 && m->earlyMaxMb > 0);
        QVERIFY(!said.isEmpty());
        QCOMPARE(QDir(where.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).size(),
                 0);

        o.fileGb = 0;
        QCOMPARE(measureBigFileEpoch(c, o).status().kind(), ErrorKind::InvalidArgument);
    }

    void machine()
    {
        const MachineInfo m = MachineInfo::current();
        QVERIFY(m.cores >= 1);
        QVERIFY(!m.cpuModel.isEmpty());
        const LoadAverage load = LoadAverage::now();
        QVERIFY(load.one >= 0 && load.five >= 0 && load.fifteen >= 0);
        QVERIFY(currentRssBytes() > 0);
        QVERIFY(peakRssBytes() >= currentRssBytes() / 2);
        QCOMPARE(m.toJson().value("nproc").toInt(), m.cores);
    }

private:
    SampleMaker maker() const
    {
        RunConfig c;
        c.pipeline.files = {m_demo};
        Result<std::unique_ptr<Pipeline>> p = Pipeline::create(c);
        return SampleMaker(p ? (*p)->featureSpec() : FeatureSpec{}, InputSpec{8, 8, 3});
    }

    QTemporaryDir m_dir;
    QString m_demo;
};

QTEST_GUILESS_MAIN(TestBenchMeasures)
#include "tst_benchmeasures.moc"
