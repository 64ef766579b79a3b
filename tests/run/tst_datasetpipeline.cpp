#include "rundata.h"

#include "pipeline/coordinatedthread.h"
#include "run/pipeline.h"
#include "scenario/scenario.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;
using namespace std::chrono_literals;

// A run with pipeline = dataset: the tf.data program of the run's knobs feeds the same trainer,
// end to end over real files.
namespace {

RunConfig datasetConfig(const QStringList &files)
{
    RunConfig c = test::smallConfig(files);
    c.pipeline.kind = PipelineKind::Dataset;
    return c;
}

Scenario corruptScenario()
{
    QJsonObject fault{{"type", "corrupt_record"}, {"file", 0}, {"record", 20}, {"how", "flip_data_crc"}};
    QJsonObject json{
        {"name", "dataset-corrupt"}, {"title", "a corrupt record"}, {"faults", QJsonArray{fault}}};
    Result<Scenario> s = Scenario::fromJson(json, QStringLiteral("test"));
    if (!s)
        qFatal("%s", qPrintable(s.status().toString()));
    return *s;
}

} // namespace

class TestDatasetPipeline : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_files = test::writeDemoFiles(m_dir.path(), QStringLiteral("train"), 3, 60);
    }

    void trainsToTheEndOfData_data()
    {
        QTest::addColumn<int>("interleave");
        QTest::addColumn<int>("map");
        QTest::addColumn<int>("prefetch");
        QTest::addColumn<bool>("autotune");
        QTest::addColumn<bool>("cache");
        QTest::addRow("sequential, no prefetch") << 1 << 1 << 0 << false << false;
        QTest::addRow("from the queue knobs") << 0 << 0 << -1 << false << false;
        QTest::addRow("parallel map, prefetch 2") << 1 << 3 << 2 << false << false;
        QTest::addRow("autotune") << 0 << 0 << -1 << true << false;
        QTest::addRow("cache") << 2 << 2 << 1 << false << true;
    }
    void trainsToTheEndOfData()
    {
        QFETCH(int, interleave);
        QFETCH(int, map);
        QFETCH(int, prefetch);
        QFETCH(bool, autotune);
        QFETCH(bool, cache);
        RunConfig c = datasetConfig(m_files);
        c.pipeline.datasetInterleaveCalls = interleave;
        c.pipeline.datasetMapCalls = map;
        c.pipeline.datasetPrefetch = prefetch;
        c.pipeline.datasetAutotune = autotune;
        c.pipeline.datasetCache = cache;
        c.pipeline.numEpochs = 2;
        c.trainer.evalEvery = 10;
        auto p = Pipeline::create(c);
        QVERIFY2(p.isOk(), qPrintable(p.status().toString()));
        QVERIFY((*p)->start().isOk());
        QVERIFY((*p)->waitFinished(60s));
        const RunSummary s = (*p)->summary();
        QVERIFY2(s.error.isOk(), qPrintable(s.error.toString()));
        QCOMPARE(s.howKey(), QStringLiteral("end_of_data"));
        // 180 records, every 10th held out: 162 a pass, 324 in two; whole batches of 8.
        QCOMPARE(s.steps, 40);
        QCOMPARE(s.samples, 320);
        QCOMPARE(s.heldOutSamples, 18);
        QVERIFY(s.evalAccuracy >= 0);
        QCOMPARE(s.joinResult, QStringLiteral("ok"));
        QTRY_COMPARE_WITH_TIMEOUT(CoordinatedThread::liveCount(), 0, 10000);
    }

    void topologyIsTheDatasets()
    {
        RunConfig c = datasetConfig(m_files);
        c.pipeline.readerThreads = 2;
        c.pipeline.datasetMapCalls = 3;
        auto p = Pipeline::create(c);
        QVERIFY2(p.isOk(), qPrintable(p.status().toString()));
        QVERIFY((*p)->start().isOk());
        QVERIFY((*p)->waitFinished(60s));
        const SnapshotPtr snap = (*p)->snapshot(0);
        QVERIFY(snap->topology);
        const Topology &t = *snap->topology;
        QStringList names;
        for (const TopologyThread &th : t.threads)
            names << th.name;
        // The stages' workers first (interleave, map, prefetch), then the run's own threads.
        int interleave = 0, map = 0, prefetch = 0;
        for (const QString &n : names) {
            interleave += n.startsWith(QLatin1String("interleave_"));
            map += n.startsWith(QLatin1String("map_"));
            prefetch += n.startsWith(QLatin1String("prefetch_"));
        }
        QCOMPARE(interleave, 2);
        QCOMPARE(map, 3);
        QCOMPARE(prefetch, 1);
        int lastStage = -1;
        for (int i = 0; i < names.size(); ++i) {
            if (names[i].contains(QLatin1Char('_')) && names[i].contains(QLatin1Char('/')) &&
                !names[i].startsWith(QLatin1String("dataset/")))
                lastStage = i;
        }
        QVERIFY(lastStage >= 0);
        QCOMPARE(names.indexOf(QStringLiteral("trainer")), lastStage + 1);
        QVERIFY(names.contains(QStringLiteral("dataset/cancel_on_stop")));
        QVERIFY(names.contains(QStringLiteral("watchdog")));
        const TopologyThread *trainer = t.thread(QStringLiteral("trainer"));
        QVERIFY(trainer);
        QCOMPARE(trainer->dequeuesFrom.size(), 1);
        QVERIFY(trainer->dequeuesFrom[0].startsWith(QLatin1String("prefetch_")));
        QVERIFY(t.queue(trainer->dequeuesFrom[0]));
        QVERIFY(!t.queueOf(QueueRole::Examples)); // no queue of TF 1.x in this run
    }

    void corruptRecordIsTheRunsError()
    {
        auto p = Pipeline::create(datasetConfig(m_files), corruptScenario());
        QVERIFY2(p.isOk(), qPrintable(p.status().toString()));
        QVERIFY((*p)->start().isOk());
        QVERIFY((*p)->waitFinished(60s));
        const RunSummary s = (*p)->summary();
        QCOMPARE(s.howKey(), QStringLiteral("error"));
        QCOMPARE(errorKindName(s.error.kind()), errorKindName(ErrorKind::DataLoss));
        const Location where = s.error.where();
        QVERIFY2(where.file.endsWith(QLatin1String("train-0.tfrecords")), qPrintable(where.file));
        QCOMPARE(where.record, 20);
        QVERIFY(where.offset > 0);
        QVERIFY2(s.error.toString().contains(QLatin1String("train-0.tfrecords")),
                 qPrintable(s.error.toString()));
        QTRY_COMPARE_WITH_TIMEOUT(CoordinatedThread::liveCount(), 0, 10000);
    }

    void ignoreErrorsSkipsAndCounts()
    {
        RunConfig c = datasetConfig(m_files);
        c.pipeline.skipCorrupt = true;
        auto p = Pipeline::create(c, corruptScenario());
        QVERIFY2(p.isOk(), qPrintable(p.status().toString()));
        QVERIFY((*p)->start().isOk());
        QVERIFY((*p)->waitFinished(60s));
        const RunSummary s = (*p)->summary();
        QVERIFY2(s.error.isOk(), qPrintable(s.error.toString()));
        QCOMPARE(s.howKey(), QStringLiteral("end_of_data"));
        QCOMPARE(s.skippedRecords, 1);
        QVERIFY(s.steps > 0);
        // The damaged file cannot be read past its broken frame: fewer batches than a clean pass.
        QVERIFY(s.steps < 20);
    }

    void stopEndsPromptly()
    {
        RunConfig c = datasetConfig(m_files);
        c.pipeline.numEpochs = 0; // forever
        c.trainer.minSteps = 0;
        c.pipeline.readerThreads = 3;
        c.pipeline.datasetMapCalls = 3;
        c.pipeline.readerDelayMs = 5;
        c.pipeline.decodeDelayMs = 5;
        c.trainer.gracePeriodS = 2;
        auto p = Pipeline::create(c);
        QVERIFY2(p.isOk(), qPrintable(p.status().toString()));
        QVERIFY((*p)->start().isOk());
        QTRY_VERIFY_WITH_TIMEOUT((*p)->snapshot(0)->steps > 3, 30000);
        (*p)->requestStop();
        QVERIFY((*p)->waitFinished(30s));
        const RunSummary s = (*p)->summary();
        QCOMPARE(s.howKey(), QStringLiteral("stopped"));
        QVERIFY2(s.error.isOk(), qPrintable(s.error.toString()));
        QCOMPARE(s.joinResult, QStringLiteral("ok")); // every thread ended within the grace period
        QVERIFY(s.stillRunning.isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(CoordinatedThread::liveCount(), 0, 10000);
    }

    void refusesWhatHasNoMeaningInDataset_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("message");
        QTest::addRow("naive feed") << "feed" << QJsonValue("naive") << "feed naive";
        QTest::addRow("forgotten runners") << "start_queue_runners" << QJsonValue(false) << "queue runners";
    }
    void refusesWhatHasNoMeaningInDataset()
    {
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        QFETCH(QString, message);
        Result<RunConfig> c = RunConfig::fromJson({{key, value}}, datasetConfig(m_files));
        QVERIFY(c.isOk());
        auto p = Pipeline::create(*c);
        QVERIFY(!p.isOk());
        QCOMPARE(p.status().kind(), ErrorKind::InvalidArgument);
        QVERIFY2(p.status().message().contains(message), qPrintable(p.status().message()));
    }

    void refusesTheWorkersDemoAndReaderThrows()
    {
        Result<Scenario> workers = Scenario::load(QStringLiteral("random-stop-workers"));
        QVERIFY(workers.isOk());
        auto p = Pipeline::create(datasetConfig(m_files), *workers);
        QVERIFY(!p.isOk());
        QVERIFY2(p.status().message().contains(QLatin1String("workers")), qPrintable(p.status().message()));
        Result<Scenario> thrower = Scenario::load(QStringLiteral("reader-exception"));
        QVERIFY(thrower.isOk());
        auto q = Pipeline::create(datasetConfig(m_files), *thrower);
        QVERIFY(!q.isOk());
        QVERIFY2(q.status().message().contains(QLatin1String("reader")), qPrintable(q.status().message()));
    }

private:
    QTemporaryDir m_dir;
    QStringList m_files;
};

QTEST_GUILESS_MAIN(TestDatasetPipeline)
#include "tst_datasetpipeline.moc"
