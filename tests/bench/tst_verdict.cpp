#include "bench/verdict.h"
#include "observe/rangeview.h"

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

    // The window's Explanation panel judges by ThroughputVerdict; bench's Verdict names the same
    // bound on the same fractions, at and around both thresholds.
    void oneRuleForBenchAndWindow_data()
    {
        QTest::addColumn<double>("waiting");
        QTest::addColumn<double>("blockedFull");
        QTest::addColumn<QString>("bound");
        const double w = ThroughputVerdict::kWaitingShare, f = ThroughputVerdict::kFullShare;
        QTest::addRow("starved") << 0.6 << 0.0 << "input";
        QTest::addRow("at the waiting threshold") << w << 0.9 << "input";
        QTest::addRow("just under it, readers full") << w - 0.001 << 0.9 << "model";
        QTest::addRow("at the full threshold") << 0.0 << f << "model";
        QTest::addRow("just under both") << w - 0.001 << f - 0.001 << "balanced";
        QTest::addRow("not observed") << -1.0 << -1.0 << "unknown";
    }
    void oneRuleForBenchAndWindow()
    {
        QFETCH(double, waiting);
        QFETCH(double, blockedFull);
        QFETCH(QString, bound);
        ThroughputShares shares;
        shares.trainerWaiting = waiting;
        shares.readersBlockedFull = blockedFull;
        shares.readers = 2;
        const ThroughputVerdict window = ThroughputVerdict::judge(shares);
        QCOMPARE(boundKey(window.bound), bound);
        VerdictInput in;
        in.cores = 2;
        in.makeUsPerRecord = 10;
        in.sweep = {run(2, 1000, waiting, blockedFull)};
        QCOMPARE(Verdict::judge(in).bound, window.bound);
    }

    // The shares between two snapshots: the difference of the time per state over the window.
    void sharesBetweenSnapshots()
    {
        auto thread = [](const QString &name, ThreadRole role, ThreadState state, qint64 us) {
            ThreadInfo t;
            t.name = name;
            t.role = role;
            t.usIn[size_t(state)] = us;
            return t;
        };
        Snapshot a, b;
        a.tUs = 1'000'000;
        b.tUs = 3'000'000;
        a.threads = {thread("trainer", ThreadRole::Trainer, ThreadState::BlockedEmpty, 200'000),
                     thread("r0", ThreadRole::Reader, ThreadState::BlockedFull, 0),
                     thread("r1", ThreadRole::Reader, ThreadState::BlockedFull, 100'000)};
        b.threads = {thread("trainer", ThreadRole::Trainer, ThreadState::BlockedEmpty, 1'200'000),
                     thread("r0", ThreadRole::Reader, ThreadState::BlockedFull, 400'000),
                     thread("r1", ThreadRole::Reader, ThreadState::BlockedFull, 900'000),
                     thread("r2", ThreadRole::Reader, ThreadState::BlockedFull, 50'000)}; // new: left out
        const ThroughputShares s = ThroughputShares::between(a, b);
        QCOMPARE(s.seconds(), 2.0);
        QCOMPARE(s.trainerWaiting, 0.5);
        QCOMPARE(s.readers, 2);
        QCOMPARE(s.readersBlockedFull, (0.2 + 0.4) / 2);
        QCOMPARE(ThroughputVerdict::judge(s).bound, Bound::Input);
        QVERIFY(!ThroughputShares::between(b, a).isObserved());        // no window
        QVERIFY(!ThroughputShares::before(b, 1'000'000).isObserved()); // no record to ask
    }

    // The shares of a range query: exact spans clipped to the window, or the lane's buckets.
    void sharesOfARange()
    {
        RangeView view;
        view.fromUs = 1'000'000;
        view.toUs = 2'000'000;
        LaneRecord trainer;
        trainer.role = ThreadRole::Trainer;
        trainer.exact = true;
        trainer.spans = {
            StateSpan{0, 1'200'000, ThreadState::BlockedEmpty, Activity::None, {}}, // 0.2 s inside
            StateSpan{1'200'000, 1'900'000, ThreadState::Running, Activity::None, {}},
            StateSpan{1'900'000, -1, ThreadState::BlockedEmpty, Activity::None, {}}}; // open: 0.1 s
        LaneRecord reader;
        reader.role = ThreadRole::Reader;
        StateMix mix;
        mix.add(ThreadState::BlockedFull, 600'000);
        mix.add(ThreadState::Running, 400'000);
        reader.mix = {mix};
        LaneRecord watcher;
        watcher.role = ThreadRole::Watcher;
        watcher.mix = {mix};
        view.lanes = {trainer, reader, watcher};
        const ThroughputShares s = ThroughputShares::of(view);
        QCOMPARE(s.fromUs, view.fromUs);
        QCOMPARE(s.toUs, view.toUs);
        QVERIFY(qFuzzyCompare(s.trainerWaiting, 0.3));
        QCOMPARE(s.readers, 1);
        QVERIFY(qFuzzyCompare(s.readersBlockedFull, 0.6));
        QCOMPARE(ThroughputVerdict::judge(s).bound, Bound::Input);
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
