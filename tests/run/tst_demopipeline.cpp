#include "rundata.h"

#include "run/pipeline.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;
using namespace std::chrono_literals;

// The demo dataset through the real pipeline, end to end: 2000 training samples in four files
// read by two reader threads into shuffle_batch, 2000 steps of 32 (32 epochs), held-out
// accuracy on a separate file of 1000 samples drawn from another seed. What the app shows on
// first start must learn, in one run: the seeds are random and the readers' interleaving is
// the scheduler's, so the order of the batches differs from run to run and training must not
// depend on it (scripts/demoseeds.sh measures many seeds).
class TestDemoPipeline : public QObject {
    Q_OBJECT
private slots:
    void learnsTheDemoData()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        RunConfig c;
        c.pipeline.files = test::writeDemoFiles(dir.path(), QStringLiteral("train"), 4, 500, 1);
        c.trainer.evalFile = test::writeDemoFiles(dir.path(), QStringLiteral("eval"), 1, 1000, 1001).first();
        c.pipeline.numEpochs = 0;
        c.pipeline.readerThreads = 2;
        // The default shuffle buffer (min_after_dequeue 128, capacity 224): with four files the
        // batches come from a window of two files in much the same order every epoch, where the
        // model used to settle on three classes of four now and then.
        QCOMPARE(c.pipeline.minAfterDequeue, 128);
        c.pipeline.batchSize = 32;
        c.trainer.maxSteps = 2000;
        c.trainer.evalEvery = 250;
        c.pipeline.imageWidth = c.pipeline.imageHeight = 16;
        c.trainer.hidden = 64;

        auto p = Pipeline::create(c);
        QVERIFY2(p.isOk(), qPrintable(p.status().toString()));
        QElapsedTimer t;
        t.start();
        QVERIFY((*p)->start().isOk());
        QVERIFY((*p)->waitFinished(600s));
        const qint64 ms = t.elapsed();
        const RunSummary s = (*p)->summary();
        QVERIFY2(s.error.isOk(), qPrintable(s.error.toString()));
        QCOMPARE(s.howKey(), QStringLiteral("stopped")); // max_steps
        QCOMPARE(s.steps, 2000);
        QCOMPARE(s.heldOutSamples, 1000);
        QString curve;
        const SnapshotPtr snap = (*p)->snapshot(0);
        for (const MetricPoint &m : snap->metrics) {
            if (m.evalAccuracy >= 0)
                curve += QStringLiteral(" %1:%2").arg(m.step).arg(m.evalAccuracy, 0, 'f', 3);
        }
        const ThreadSummary *trainer = s.thread(QStringLiteral("trainer"));
        QVERIFY(trainer);
        qInfo("demo through the pipeline: %lld steps in %lld ms, %.0f samples/s; training accuracy %.3f, "
              "held-out %.3f; trainer blocked_empty %.0f%%; held-out curve%s",
              s.steps, ms, s.samplesPerSec, s.trainAccuracy, s.evalAccuracy,
              100 * trainer->fraction(ThreadState::BlockedEmpty), qPrintable(curve));
        QVERIFY2(s.evalAccuracy >= 0.90, qPrintable(QString::number(s.evalAccuracy)));
    }
};

QTEST_GUILESS_MAIN(TestDemoPipeline)
#include "tst_demopipeline.moc"
