#include "rundata.h"

#include "pipeline/coordinatedthread.h"
#include "run/pipeline.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;
using namespace std::chrono_literals;

namespace {

QList<Event> eventsOf(const Pipeline &p, EventKind kind)
{
    QList<Event> out;
    const SnapshotPtr snap = p.snapshot(0);
    for (const Event &e : snap->events) {
        if (e.kind == kind)
            out << e;
    }
    return out;
}

} // namespace

class TestPipeline : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_files = test::writeDemoFiles(m_dir.path(), QStringLiteral("train"), 3, 60);
    }

    void cleanEndOfData()
    {
        RunConfig c = test::smallConfig(m_files);
        auto p = Pipeline::create(c);
        QVERIFY2(p.isOk(), qPrintable(p.status().toString()));
        QCOMPARE((*p)->numClasses(), 4);
        QVERIFY((*p)->start().isOk());
        QVERIFY((*p)->waitFinished(30s));
        const RunSummary s = (*p)->summary();
        QCOMPARE(s.howKey(), QStringLiteral("end_of_data"));
        QVERIFY2(s.error.isOk(), qPrintable(s.error.toString()));
        // 180 records, every 10th held out: 162 to train on, 20 whole batches of 8.
        QCOMPARE(s.steps, 20);
        QCOMPARE(s.samples, 160);
        QCOMPARE(s.heldOutSamples, 18);
        QCOMPARE(s.joinResult, QStringLiteral("ok"));
        // End of data flows downstream: the producer closes the filename queue, the last reader
        // the example queue (plain closes; the watchers' cancelling ones come with the stop).
        QStringList plain;
        for (const Event &e : eventsOf(**p, EventKind::QueueClose)) {
            if (!e.details.value("cancel_pending").toBool())
                plain << e.thread + QLatin1Char(':') + e.details.value("queue").toString();
        }
        QCOMPARE(plain.size(), 2);
        QCOMPARE(
            plain[0],
            QStringLiteral(
                "QueueRunnerThread-input_producer-input_producer/input_producer_EnqueueMany:input_producer"));
        QVERIFY(plain[1].startsWith("QueueRunnerThread-shuffle_batch/random_shuffle_queue-"));
        QVERIFY(plain[1].endsWith(":shuffle_batch/random_shuffle_queue"));
        const QList<Event> ends = eventsOf(**p, EventKind::End);
        QCOMPARE(ends.size(), 1);
        QCOMPARE(ends[0].details.value("how").toString(), QStringLiteral("end_of_data"));
    }

    void destroyedMidRunDoesNotHang()
    {
        RunConfig c = test::smallConfig(m_files);
        c.pipeline.numEpochs = 0;
        const int live = CoordinatedThread::liveCount();
        auto p = Pipeline::create(c);
        QVERIFY(p.isOk());
        QVERIFY((*p)->start().isOk());
        QTRY_VERIFY_WITH_TIMEOUT((*p)->snapshot(0)->steps > 3, 20000);
        QVERIFY(CoordinatedThread::liveCount() > live);
        QElapsedTimer t;
        t.start();
        p->reset();
        // The destructor's promise: at most grace_period_s + 5 s, and every thread joined.
        const qint64 bound = qint64(c.trainer.gracePeriodS * 1000) + 5000;
        QVERIFY2(t.elapsed() < bound, qPrintable(QStringLiteral("%1 ms").arg(t.elapsed())));
        QCOMPARE(CoordinatedThread::liveCount(), live);
    }

    void batchQueueAndSmallFinalBatch()
    {
        RunConfig c = test::smallConfig(m_files);
        c.pipeline.useShuffleQueue = false;
        c.pipeline.allowSmallerFinalBatch = true;
        c.pipeline.batchSize = 10;
        c.trainer.evalFraction = 0; // train on all 180
        auto p = Pipeline::create(c);
        QVERIFY(p.isOk());
        QVERIFY((*p)->start().isOk());
        QVERIFY((*p)->waitFinished(30s));
        const RunSummary s = (*p)->summary();
        QCOMPARE(s.howKey(), QStringLiteral("end_of_data"));
        QCOMPARE(s.samples, 180);
        QCOMPARE(s.steps, 18);
        QCOMPARE(s.heldOutSamples, 0);
        QCOMPARE(s.evalAccuracy, -1.0);
        QCOMPARE((*p)->snapshot(0)->queues.last().name, QStringLiteral("batch/fifo_queue"));
    }

    void maxStepsStopsTheRun()
    {
        RunConfig c = test::smallConfig(m_files);
        c.pipeline.numEpochs = 0;
        c.trainer.maxSteps = 25;
        c.trainer.evalEvery = 10;
        auto p = Pipeline::create(c);
        QVERIFY(p.isOk());
        QVERIFY((*p)->start().isOk());
        QVERIFY((*p)->waitFinished(30s));
        const RunSummary s = (*p)->summary();
        QCOMPARE(s.howKey(), QStringLiteral("stopped"));
        QCOMPARE(s.steps, 25);
        QVERIFY(s.evalAccuracy >= 0 && s.evalAccuracy <= 1);
        QVERIFY(s.trainAccuracy >= 0 && s.trainAccuracy <= 1);
        const SnapshotPtr snap = (*p)->snapshot(0);
        QCOMPARE(snap->run, RunState::Finished);
        QCOMPARE(snap->how, EndHow::Stopped);
        QCOMPARE(snap->steps, 25);
        QCOMPARE(snap->metrics.size(), 25);
        int evaluated = 0;
        for (const MetricPoint &m : snap->metrics)
            evaluated += m.evalAccuracy >= 0;
        QCOMPARE(evaluated, 2); // steps 10 and 20
        QVERIFY(!snap->batch.isEmpty());
        const Thumbnail &t = snap->batch.first();
        QCOMPARE(t.width, 32);
        QCOMPARE(t.channels, 3);
        QCOMPARE(t.pixels.size(), 32 * 32 * 3);
        QVERIFY(t.label >= 0 && t.label < 4);
        QVERIFY(t.prediction >= 0 && t.prediction < 4);
        QCOMPARE(snap->classNames.size(), 4);

        // The summary as JSON, with exactly the documented keys.
        const QJsonObject json = s.toJson();
        QStringList keys = json.keys();
        keys.sort();
        QCOMPARE(keys,
                 QStringList({"confusion", "epochs", "error", "eval_accuracy", "how", "input_only",
                              "model_input", "no_label", "notices", "per_class", "samples", "samples_per_s",
                              "skipped_records", "steps", "threads", "train_accuracy", "warnings"}));
        QVERIFY(json.value("error").isNull());
        const QJsonArray threads = json.value("threads").toArray();
        QCOMPARE(threads.size(), 7);
        for (const QJsonValue &thread : threads)
            QVERIFY(thread.toObject().value("seconds_in").toObject().size() > 0);

        // The exports are written from the same history.
        QTemporaryDir out;
        QVERIFY((*p)->writeEvents(out.filePath("events.jsonl")).isOk());
        QVERIFY((*p)->writeTrace(out.filePath("trace.json")).isOk());
        QFile f(out.filePath("events.jsonl"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        int lines = 0;
        while (!f.atEnd()) {
            QJsonParseError err{};
            QJsonDocument::fromJson(f.readLine(), &err);
            QCOMPARE(err.error, QJsonParseError::NoError);
            ++lines;
        }
        QVERIFY(lines > 20);
    }

    void createErrorsSayWhatToFix_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("message");
        QTest::addRow("missing file") << "{\"files\": [\"/nonexistent/x.tfrecords\"]}"
                                      << int(ErrorKind::NotFound) << "/nonexistent/x.tfrecords";
        QTest::addRow("bad knob") << "{\"batch_size\": 0}" << int(ErrorKind::InvalidArgument) << "batch_size";
        QTest::addRow("image key that is not there")
            << "{\"spec\": {\"image\": {\"key\": \"pixels\"}}}" << int(ErrorKind::InvalidArgument)
            << "the features are: img_raw (bytes x1), label (int64 x1)";
        QTest::addRow("missing eval file") << "{\"eval_file\": \"/nonexistent/e.tfrecords\"}"
                                           << int(ErrorKind::NotFound) << "/nonexistent/e.tfrecords";
    }
    void createErrorsSayWhatToFix()
    {
        QFETCH(QString, json);
        QFETCH(int, kind);
        QFETCH(QString, message);
        Result<RunConfig> c =
            RunConfig::fromJson(QJsonDocument::fromJson(json.toUtf8()).object(), test::smallConfig(m_files));
        QVERIFY2(c.isOk(), qPrintable(c.status().toString()));
        auto p = Pipeline::create(*c);
        QVERIFY(!p.isOk());
        QVERIFY2(p.status().toString().contains(message), qPrintable(p.status().toString()));
        QCOMPARE(int(p.status().kind()), kind);
    }

    void corruptFaultOutsideTheFiles()
    {
        Scenario s = *Scenario::load(QStringLiteral("corrupt-record"));
        s.faults[0].file = 9;
        auto p = Pipeline::create(test::smallConfig(m_files), s);
        QVERIFY(!p.isOk());
        QVERIFY2(p.status().message().contains("file 9"), qPrintable(p.status().toString()));
    }

    void stepModeHoldsAndReleasesOneEventAtATime()
    {
        RunConfig c = test::smallConfig(m_files);
        c.pipeline.numEpochs = 0;
        c.trainer.gracePeriodS = 0.1; // shorter than the stepping below: join must wait for the gate
        auto p = Pipeline::create(c);
        QVERIFY(p.isOk());
        Pipeline &run = **p;
        QVERIFY(run.start().isOk());
        QTRY_VERIFY_WITH_TIMEOUT(run.snapshot(0)->steps > 3, 20000);
        run.setStepMode(true);
        QVERIFY(run.snapshot(0)->stepMode);
        run.requestStop(); // on the controlling thread: recorded at once, never held
        const QList<Event> stops = eventsOf(run, EventKind::RequestStop);
        QVERIFY(!stops.isEmpty());
        QCOMPARE(stops[0].thread, QString()); // not a thread of the run
        QVERIFY(stops[0].details.value("first").toBool());
        QTRY_VERIFY_WITH_TIMEOUT(run.snapshot(0)->threadsAtGate >= 1, 20000);
        QVERIFY(!run.isFinished());
        QCOMPARE(run.stepsPassed(), 0);
        for (qint64 k = 1; !run.isFinished(); ++k) {
            QVERIFY2(k < 200, "stepping never finished the run");
            run.nextStep();
            // Exactly one more held event got through; then the run holds again or ends.
            QTRY_COMPARE_WITH_TIMEOUT(run.stepsPassed(), k, 20000);
            QTRY_VERIFY_WITH_TIMEOUT(run.snapshot(0)->threadsAtGate >= 1 || run.isFinished(), 20000);
            QCOMPARE(run.stepsPassed(), k);
        }
        const RunSummary s = run.summary();
        QCOMPARE(s.howKey(), QStringLiteral("stopped"));
        QCOMPARE(s.joinResult, QStringLiteral("ok")); // the grace period waited for the gate
        QCOMPARE(eventsOf(run, EventKind::End).size(), 1);
    }

    void leavingStepModeFinishes()
    {
        RunConfig c = test::smallConfig(m_files);
        c.pipeline.numEpochs = 0;
        auto p = Pipeline::create(c);
        QVERIFY(p.isOk());
        QVERIFY((*p)->start().isOk());
        (*p)->setStepMode(true);
        QTRY_VERIFY_WITH_TIMEOUT((*p)->snapshot(0)->steps > 0, 20000);
        (*p)->requestStop();
        QTRY_VERIFY_WITH_TIMEOUT((*p)->snapshot(0)->threadsAtGate >= 1, 20000);
        (*p)->setStepMode(false);
        QVERIFY((*p)->waitFinished(20s));
        QCOMPARE((*p)->summary().howKey(), QStringLiteral("stopped"));
        QCOMPARE((*p)->snapshot(0)->threadsAtGate, 0);
    }

    void destroyedWhileHeldAtTheGate()
    {
        RunConfig c = test::smallConfig(m_files);
        c.pipeline.numEpochs = 0;
        auto p = Pipeline::create(c);
        QVERIFY(p.isOk());
        QVERIFY((*p)->start().isOk());
        (*p)->setStepMode(true);
        (*p)->requestStop();
        QTRY_VERIFY_WITH_TIMEOUT((*p)->snapshot(0)->threadsAtGate >= 1, 20000);
        QElapsedTimer t;
        t.start();
        p->reset();
        QVERIFY(t.elapsed() < 10000);
    }

    void destroyedWithAStuckWorker()
    {
        RunConfig c = test::smallConfig(m_files);
        c.pipeline.numEpochs = 0;
        c.trainer.gracePeriodS = 30; // the destructor must not wait for it
        auto p = Pipeline::create(c, *Scenario::load(QStringLiteral("stuck-thread")));
        QVERIFY(p.isOk());
        QVERIFY((*p)->start().isOk());
        QTRY_VERIFY_WITH_TIMEOUT((*p)->snapshot(0)->steps > 2, 20000);
        QElapsedTimer t;
        t.start();
        p->reset();
        QVERIFY2(t.elapsed() < 10000, qPrintable(QString::number(t.elapsed())));
        QTRY_COMPARE_WITH_TIMEOUT(CoordinatedThread::liveCount(), 0, 10000);
    }

    void destroyedBeforeStart()
    {
        auto p = Pipeline::create(test::smallConfig(m_files));
        QVERIFY(p.isOk());
        QVERIFY(!(*p)->isFinished());
        QVERIFY(!(*p)->waitFinished(0ms));
        QCOMPARE((*p)->snapshot(0)->run, RunState::Idle);
        p->reset();
    }

    void startsOnce()
    {
        auto p = Pipeline::create(test::smallConfig(m_files));
        QVERIFY(p.isOk());
        QVERIFY((*p)->start().isOk());
        QCOMPARE((*p)->start().kind(), ErrorKind::FailedPrecondition);
        QVERIFY((*p)->waitFinished(30s));
    }

    void speedSlowsEveryStage()
    {
        RunConfig c = test::smallConfig(m_files);
        c.pipeline.useShuffleQueue = false;
        c.pipeline.batchSize = 2;
        c.pipeline.numEpochs = 0;
        c.trainer.maxSteps = 3;
        c.trainer.speed = 0.05; // (1 / 0.05 - 1) * 4 ms = 76 ms more per stage
        auto p = Pipeline::create(c);
        QVERIFY(p.isOk());
        QCOMPARE((*p)->speed(), 0.05);
        QElapsedTimer t;
        t.start();
        QVERIFY((*p)->start().isOk());
        QVERIFY((*p)->waitFinished(30s));
        // Each step is a dequeue and a training step, two stages: at least 6 x 76 ms.
        QVERIFY2(t.elapsed() >= 6 * 76, qPrintable(QString::number(t.elapsed())));
        QCOMPARE((*p)->summary().steps, 3);
    }

    void speedChangesWhileRunning()
    {
        RunConfig c = test::smallConfig(m_files);
        c.pipeline.numEpochs = 0;
        auto p = Pipeline::create(c);
        QVERIFY(p.isOk());
        QVERIFY((*p)->start().isOk());
        QTRY_VERIFY_WITH_TIMEOUT((*p)->snapshot(0)->steps > 0, 20000);
        (*p)->setSpeed(0.1);
        QCOMPARE((*p)->speed(), 0.1);
        (*p)->setSpeed(5); // clamped
        QCOMPARE((*p)->speed(), 1.0);
        (*p)->setSpeed(0.001);
        QCOMPARE((*p)->speed(), 0.01);
        int notes = 0;
        for (const Event &e : eventsOf(**p, EventKind::Note))
            notes += e.details.value("what").toString() == QLatin1String("speed");
        QCOMPARE(notes, 3);
        // Slow motion never delays a stop.
        QElapsedTimer t;
        t.start();
        (*p)->requestStop();
        QVERIFY((*p)->waitFinished(20s));
        QVERIFY2(t.elapsed() < 5000, qPrintable(QString::number(t.elapsed())));
        QCOMPARE((*p)->summary().howKey(), QStringLiteral("stopped"));
    }

private:
    QTemporaryDir m_dir;
    QStringList m_files;
};

QTEST_GUILESS_MAIN(TestPipeline)
#include "tst_pipeline.moc"
