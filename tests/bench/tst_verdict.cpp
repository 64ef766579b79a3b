#include "bench/verdict.h"

#include <QTest>

using namespace qs;

Q_DECLARE_METATYPE(qs::PipelineFigures)

namespace {

PipelineFigures run(int readers, double samplesPerSecond, double waiting, double blockedFull)
{
    PipelineFigures f;
    f.readers = readers;
    f.samples = qint64(samplesPerSecond * 2);
    f.seconds = 2;
    f.trainerWaiting = waiting;
    f.readersBlockedFull = blockedFull;
    return f;
}

} // namespace

class TestVerdict : public QObject {
    Q_OBJECT
private slots:
    void judge_data()
    {
        QTest::addColumn<int>("cores");
        QTest::addColumn<double>("readUs");
        QTest::addColumn<double>("makeUs");
        QTest::addColumn<QList<PipelineFigures>>("sweep");
        QTest::addColumn<QString>("bound");
        QTest::addColumn<QString>("bottleneck");
        QTest::addColumn<int>("suggested");
        QTest::addColumn<QString>("adviceStart");

        QTest::addRow("input-bound, one reader on two cores: add one")
            << 2 << 1.0 << 500.0 << QList{run(1, 1000, 0.5, 0.0)} << "input"
            << "decode + preprocess" << 2 << "input-bound: raise reader_threads to 2";
        QTest::addRow("input-bound, the second reader paid, but no core is left")
            << 2 << 1.0 << 500.0 << QList{run(1, 1000, 0.5, 0), run(2, 1800, 0.15, 0)} << "input"
            << "decode + preprocess" << 0
            << "input-bound: 2 reader threads and the trainer already share the 2 cores";
        QTest::addRow("input-bound, the second reader did not pay")
            << 8 << 1.0 << 500.0 << QList{run(1, 1000, 0.5, 0), run(2, 1030, 0.45, 0)} << "input"
            << "decode + preprocess" << 0 << "input-bound: reader thread 2 added only 3%";
        QTest::addRow("input-bound on reading")
            << 4 << 300.0 << 20.0 << QList{run(1, 3000, 0.6, 0)} << "input"
            << "record reading" << 2 << "input-bound: raise reader_threads to 2";
        QTest::addRow("model-bound, one reader keeps up")
            << 2 << 1.0 << 5.0 << QList{run(1, 10000, 0.01, 0.9), run(2, 10100, 0.0, 0.95)} << "model"
            << "training step" << 1 << "model-bound: the queue is full; more readers will not help";
        QTest::addRow("model-bound, both readers needed")
            << 2 << 1.0 << 50.0 << QList{run(1, 5000, 0.08, 0.35), run(2, 9000, 0.02, 0.6)} << "model"
            << "training step" << 0 << "model-bound: the queue is full";
        QTest::addRow("balanced") << 2 << 1.0 << 50.0 << QList{run(1, 5000, 0.05, 0.1)} << "balanced"
                                  << "training step" << 0 << "balanced: the trainer waits 5%";
        QTest::addRow("not observed") << 2 << 1.0 << 50.0 << QList{run(1, 5000, -1, -1)} << "unknown"
                                      << "" << 0 << "the run was not observed";
        QTest::addRow("no run") << 2 << 1.0 << 50.0 << QList<PipelineFigures>{} << "unknown"
                                << "" << 0 << "no pipeline run was measured";
    }

    void judge()
    {
        QFETCH(int, cores);
        QFETCH(double, readUs);
        QFETCH(double, makeUs);
        QFETCH(QList<PipelineFigures>, sweep);
        QFETCH(QString, bound);
        QFETCH(QString, bottleneck);
        QFETCH(int, suggested);
        QFETCH(QString, adviceStart);

        VerdictInput in;
        in.cores = cores;
        in.readUsPerRecord = readUs;
        in.makeUsPerRecord = makeUs;
        in.queueUsPerSample = 0.5;
        in.trainUsPerSample = 100;
        in.sweep = sweep;
        in.hidden = 64;
        in.imageWidth = in.imageHeight = 16;
        const Verdict v = Verdict::judge(in);
        QCOMPARE(boundKey(v.bound), bound);
        QCOMPARE(v.bottleneck, bottleneck);
        QCOMPARE(v.suggestedReaders, suggested);
        QVERIFY2(v.advice.startsWith(adviceStart), qPrintable(v.advice));
        if (!sweep.isEmpty()) {
            QCOMPARE(v.readers, sweep.last().readers);
            QCOMPARE(v.trainerWaiting, sweep.last().trainerWaiting);
        }
        if (v.bound == Bound::Model)
            QVERIFY2(v.advice.contains(QLatin1String("hidden units (now 64) or image size (now 16x16)")),
                     qPrintable(v.advice));
    }

    void json()
    {
        VerdictInput in;
        in.cores = 2;
        in.makeUsPerRecord = 10;
        in.sweep = {run(1, 1000, 0.5, 0)};
        const QJsonObject o = Verdict::judge(in).toJson();
        QCOMPARE(o.value("bound").toString(), QStringLiteral("input"));
        QCOMPARE(o.value("suggested_readers").toInt(), 2);
        QCOMPARE(o.value("trainer_waiting").toDouble(), 0.5);
        QCOMPARE(o.value("readers").toInt(), 1);
        QVERIFY(!o.value("advice").toString().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestVerdict)
#include "tst_verdict.moc"
