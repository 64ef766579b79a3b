#include "rundata.h"

#include "record/recordreader.h"
#include "record/recordwriter.h"
#include "run/pipeline.h"
#include "scenario/scenario.h"
#include "scenario/scenariofaults.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;
using namespace std::chrono_literals;

// Every built-in scenario, run headless on small real files, must end the way its "expect"
// says, as its events tell it (the same events the GUI's log and the JSON Lines export show).
namespace {

struct RunRecord {
    QList<Event> events;
    RunSummary summary;

    QList<Event> of(EventKind kind) const
    {
        QList<Event> out;
        for (const Event &e : events) {
            if (e.kind == kind)
                out << e;
        }
        return out;
    }
    QString roleOf(const QString &thread) const
    {
        for (const Event &e : of(EventKind::ThreadStart)) {
            if (e.thread == thread)
                return e.details.value(QStringLiteral("role")).toString();
        }
        return {};
    }
    QString exitHow(const QString &thread) const
    {
        for (const Event &e : of(EventKind::ThreadExit)) {
            if (e.thread == thread)
                return e.details.value(QStringLiteral("how")).toString();
        }
        return {};
    }
};

// How far apart, in the file, consecutive samples of a batch preview were: the mean of
// |record(i+1) - record(i)| over neighbours from the same file (sources read "name #record").
// Files read in order and barely shuffled step by 1 or 2; a large shuffle buffer by tens.
// -1 when the preview has fewer than three such neighbours.
double meanShuffleStep(const BatchPreview &preview)
{
    double sum = 0;
    int pairs = 0;
    for (qsizetype i = 0; i + 1 < preview.thumbs.size(); ++i) {
        const QString a = preview.thumbs[i].source, b = preview.thumbs[i + 1].source;
        const QString fileA = a.section(QStringLiteral(" #"), 0, 0),
                      fileB = b.section(QStringLiteral(" #"), 0, 0);
        if (fileA != fileB)
            continue;
        sum += std::abs(a.section(QStringLiteral(" #"), 1).toLongLong() -
                        b.section(QStringLiteral(" #"), 1).toLongLong());
        ++pairs;
    }
    return pairs >= 3 ? sum / pairs : -1;
}

// The mean shuffle steps of every kept preview that has one.
QList<double> shuffleSteps(const Snapshot &snap)
{
    QList<double> out;
    if (snap.batches)
        for (const BatchPreview &p : *snap.batches)
            if (const double m = meanShuffleStep(p); m >= 0)
                out << m;
    return out;
}

// Headless, and short: a scenario's stop_after_s and the watchdog's patience are cut down.
RunConfig configFor(const Scenario &s, const QStringList &files)
{
    Result<RunConfig> c = RunConfig::fromJson(s.config, test::smallConfig(files));
    if (!c)
        qFatal("%s: %s", qPrintable(s.name), qPrintable(c.status().toString()));
    if (s.stopAfterSeconds > 0)
        c->trainer.stopAfterS = std::min(s.stopAfterSeconds, 1.5);
    c->trainer.hangSeconds = 0.4;
    c->trainer.gracePeriodS = std::min(c->trainer.gracePeriodS, 1.0);
    return *c;
}

} // namespace

class TestScenarios : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_files = test::writeDemoFiles(m_dir.path(), QStringLiteral("train"), 3, 60);
    }

    void endsAsExpected_data()
    {
        QTest::addColumn<QString>("name");
        const QStringList names = Scenario::builtinNames();
        QCOMPARE(names.size(), 25);
        for (const QString &n : names)
            QTest::addRow("%s", qPrintable(n)) << n;
    }
    void endsAsExpected()
    {
        QFETCH(QString, name);
        Result<Scenario> scenario = Scenario::load(name);
        QVERIFY2(scenario.isOk(), qPrintable(scenario.status().toString()));
        auto p = Pipeline::create(configFor(*scenario, m_files), *scenario);
        QVERIFY2(p.isOk(), qPrintable(p.status().toString()));
        QVERIFY((*p)->start().isOk());
        QVERIFY2((*p)->waitFinished(20s), "the run did not end");
        RunRecord run{(*p)->snapshot(0)->events, (*p)->summary()};
        const QJsonObject expect = scenario->expect;

        // The end event says how, and is the run's last coordination word from its main thread.
        const QList<Event> ends = run.of(EventKind::End);
        QCOMPARE(ends.size(), 1);
        const QString how = ends[0].details.value(QStringLiteral("how")).toString();
        QCOMPARE(how, expect.value(QStringLiteral("how")).toString());
        QCOMPARE(run.summary.howKey(), how);
        const QList<Event> joins = run.of(EventKind::Join);
        QCOMPARE(joins.size(), 1);
        QVERIFY(joins[0].seq < ends[0].seq);

        if (expect.contains(QStringLiteral("error_kind"))) {
            const ErrorKind kind = errorKindFromName(expect.value(QStringLiteral("error_kind")).toString());
            QCOMPARE(errorKindName(run.summary.error.kind()), errorKindName(kind));
            // The first request_stop carried that error: the first real error wins.
            const QList<Event> stops = run.of(EventKind::RequestStop);
            QVERIFY(!stops.isEmpty());
            if (qEnvironmentVariableIsSet("QS_DUMP_EVENTS")) {
                for (const Event &e : run.events)
                    qInfo("%lld %s %s %s", e.seq, qPrintable(eventKindKey(e.kind)), qPrintable(e.thread),
                          QJsonDocument(e.details).toJson(QJsonDocument::Compact).constData());
            }
            QVERIFY(stops[0].details.value(QStringLiteral("first")).toBool());
            const QJsonObject first = stops[0].details.value(QStringLiteral("error")).toObject();
            QCOMPARE(errorKindFromName(first.value(QStringLiteral("kind")).toString()), kind);
            QCOMPARE(first.value(QStringLiteral("thread")).toString(), run.summary.error.thread());
            QCOMPARE(joins[0].details.value(QStringLiteral("result")).toString(), QStringLiteral("error"));
        }
        if (expect.contains(QStringLiteral("error_thread_role"))) {
            const QString thread = run.summary.error.thread();
            QCOMPARE(run.roleOf(thread), expect.value(QStringLiteral("error_thread_role")).toString());
            if (run.roleOf(thread) != QLatin1String("watcher")) // the watchdog reports, it does not fail
                QCOMPARE(run.exitHow(thread), QStringLiteral("error"));
        }
        if (expect.contains(QStringLiteral("join_result")))
            QCOMPARE(run.summary.joinResult, expect.value(QStringLiteral("join_result")).toString());
        if (expect.contains(QStringLiteral("still_running"))) {
            QStringList names;
            for (const QJsonValue &v : expect.value(QStringLiteral("still_running")).toArray())
                names << v.toString();
            QCOMPARE(run.summary.stillRunning, names);
            QCOMPARE(joins[0].details.value(QStringLiteral("still_running")).toArray().toVariantList().size(),
                     names.size());
        }
        if (expect.contains(QStringLiteral("skipped_records"))) {
            const int skipped = expect.value(QStringLiteral("skipped_records")).toInt();
            QCOMPARE(run.summary.skippedRecords, skipped);
            int notes = 0;
            for (const Event &e : run.of(EventKind::Note))
                notes +=
                    e.details.value(QStringLiteral("what")).toString() == QLatin1String("skipped_record");
            QCOMPARE(notes, skipped);
        }
        if (expect.contains(QStringLiteral("max_shuffle_step"))) {
            // A small shuffle buffer barely moves anything: every batch holds neighbours.
            const QList<double> steps = shuffleSteps(*(*p)->snapshot(0));
            QVERIFY(!steps.isEmpty());
            for (double m : steps)
                QVERIFY2(m <= expect.value(QStringLiteral("max_shuffle_step")).toDouble(),
                         qPrintable(QString::number(m)));
        }
        if (expect.contains(QStringLiteral("autotune_raises"))) {
            // The tuner raised each named kind of stage's parallelism or buffer by itself.
            for (const QJsonValue &kind : expect.value(QStringLiteral("autotune_raises")).toArray()) {
                bool raised = false;
                for (const Event &e : run.of(EventKind::Note)) {
                    const QJsonObject &d = e.details;
                    raised |=
                        d.value(QStringLiteral("what")).toString() == QLatin1String("autotune") &&
                        d.value(QStringLiteral("op")).toString().startsWith(kind.toString()) &&
                        d.value(QStringLiteral("to")).toDouble() > d.value(QStringLiteral("from")).toDouble();
                }
                QVERIFY2(raised,
                         qPrintable(QStringLiteral("no autotune decision raised a ") + kind.toString()));
            }
        }
        const QString bottleneck = expect.value(QStringLiteral("bottleneck")).toString();
        if (bottleneck == QLatin1String("input")) {
            const ThreadSummary *trainer = run.summary.thread(QStringLiteral("trainer"));
            QVERIFY(trainer);
            QVERIFY2(trainer->fraction(ThreadState::BlockedEmpty) > 0.5,
                     qPrintable(QString::number(trainer->fraction(ThreadState::BlockedEmpty))));
        } else if (bottleneck == QLatin1String("trainer")) {
            int readers = 0;
            for (const ThreadSummary &t : run.summary.threads) {
                if (t.role != ThreadRole::Reader)
                    continue;
                ++readers;
                QVERIFY2(t.fraction(ThreadState::BlockedFull) > 0.5,
                         qPrintable(t.name + QStringLiteral(": ") +
                                    QString::number(t.fraction(ThreadState::BlockedFull))));
            }
            QVERIFY(readers > 0);
        }

        if (how == QLatin1String("end_of_data")) {
            // End of data flows downstream: the filename queue closes before the example queue,
            // and no thread was cancelled or failed.
            const QList<Event> closes = run.of(EventKind::QueueClose);
            const bool dataset =
                scenario->config.value(QStringLiteral("pipeline")).toString() == QLatin1String("dataset");
            if (dataset) {
                // No TF 1.x queue: the iterator's OutOfRange reached the trainer, and the
                // dataset's stages (lanes of the topology) ran before it.
                QVERIFY(closes.isEmpty());
                const SnapshotPtr snap = (*p)->snapshot(0);
                QVERIFY(snap->topology);
                QVERIFY(!snap->topology->queueOf(QueueRole::Examples));
                QVERIFY(snap->topology->thread(QStringLiteral("dataset/cancel_on_stop")));
            } else if (scenario->config.value(QStringLiteral("feed")).toString() != QLatin1String("naive")) {
                // The plain closes (the cancelling ones of the close-on-stop watchers follow the
                // trainer's request_stop, and may be logged before the last reader's own).
                QStringList plain;
                for (const Event &e : closes) {
                    if (!e.details.value(QStringLiteral("cancel_pending")).toBool())
                        plain << e.details.value(QStringLiteral("queue")).toString();
                }
                QCOMPARE(plain, QStringList({"input_producer", "shuffle_batch/random_shuffle_queue"}));
            } else {
                QVERIFY(closes.isEmpty());
                QVERIFY(run.of(EventKind::ThreadStart).size() == 2); // watchdog and trainer only
            }
            for (const Event &e : run.of(EventKind::ThreadExit))
                QCOMPARE(e.details.value(QStringLiteral("how")).toString(), QStringLiteral("clean"));
            QVERIFY(run.summary.steps > 0);
        }
        if (how == QLatin1String("stopped")) {
            QVERIFY(run.summary.error.isOk());
            QCOMPARE(run.summary.joinResult, QStringLiteral("ok"));
            for (const Event &e : run.of(EventKind::ThreadExit))
                QVERIFY(e.details.value(QStringLiteral("how")).toString() != QLatin1String("error"));
        }
        if (scenario->mode == RunMode::Workers) {
            int requested = 0;
            for (const Event &e : run.of(EventKind::Note))
                requested += e.details.value(QStringLiteral("what")).toString() ==
                             QLatin1String("worker_requests_stop");
            // At least one worker asks; a second may too when it draws its stop before it sees the
            // first one's (on a loaded machine; request_stop is idempotent, as in TensorFlow).
            const int workers = scenario->config.value(QStringLiteral("workers")).toInt();
            QVERIFY2(requested >= 1 && requested <= workers, qPrintable(QString::number(requested)));
            QCOMPARE(run.of(EventKind::ThreadExit).size(), workers + 1);
        }
        qInfo("%s: %s after %lld steps, %lld samples, %.0f samples/s; error %s; join %s", qPrintable(name),
              qPrintable(how), run.summary.steps, run.summary.samples, run.summary.samplesPerSec,
              qPrintable(run.summary.error.toString()), qPrintable(run.summary.joinResult));
    }

    // The statistic behind max_shuffle_step tells the lesson's buffer from a large one: on one
    // file of 600 records in order, shuffle(2) steps by about 2, shuffle(256) by tens.
    void shuffleStepTellsBufferSizes()
    {
        QTemporaryDir dir;
        const QStringList files = test::writeDemoFiles(dir.path(), QStringLiteral("one"), 1, 600);
        Result<Scenario> scenario = Scenario::load(QStringLiteral("dataset-small-shuffle-buffer"));
        QVERIFY(scenario.isOk());
        QList<double> steps[2];
        const int buffers[2] = {2, 256};
        for (int i = 0; i < 2; ++i) {
            RunConfig c = configFor(*scenario, files);
            c.pipeline.minAfterDequeue = buffers[i];
            c.pipeline.exampleCapacity = buffers[i] + 64;
            auto p = Pipeline::create(c);
            QVERIFY2(p.isOk(), qPrintable(p.status().toString()));
            QVERIFY((*p)->start().isOk());
            QVERIFY((*p)->waitFinished(20s));
            steps[i] = shuffleSteps(*(*p)->snapshot(0));
            QVERIFY(!steps[i].isEmpty());
        }
        for (double m : steps[0])
            QVERIFY2(m <= 4, qPrintable(QString::number(m)));
        for (double m : steps[1])
            QVERIFY2(m > 10, qPrintable(QString::number(m)));
    }

    // slow_file and shards: the lesson's run reads 8 shard files of the 3 it was given, every
    // record once, and the slow shard's reads take longer: its interleave worker spends more
    // time running (reading) per record than any other.
    void shardsAndASlowFile()
    {
        Result<Scenario> scenario = Scenario::load(QStringLiteral("dataset-nondeterministic"));
        QVERIFY(scenario.isOk());
        QCOMPARE(scenario->shards, 8);
        Result<InjectedFaults> faults = injectScenarioFaults(*scenario, m_files);
        QVERIFY2(faults.isOk(), qPrintable(faults.status().toString()));
        QCOMPARE(faults->files.size(), 8);
        QCOMPARE(faults->slowFile, faults->files[0]);
        QCOMPARE(faults->slowFileDelayMs, 10);
        qint64 records = 0;
        QList<qint64> perShard;
        for (const QString &f : faults->files) {
            auto reader = RecordReader::open(f);
            QVERIFY(reader.isOk());
            QByteArray r;
            qint64 n = 0;
            while ((*reader)->next(&r).isOk())
                ++n;
            perShard << n;
            records += n;
        }
        QCOMPARE(records, 180);
        for (qint64 n : perShard)
            QVERIFY(n == 22 || n == 23);

        // More shards than records, and a fault naming a shard that is not there.
        Scenario tooMany = *scenario;
        tooMany.shards = 64;
        QTemporaryDir dir;
        const QStringList tiny = test::writeDemoFiles(dir.path(), QStringLiteral("tiny"), 1, 10);
        Result<InjectedFaults> refused = injectScenarioFaults(tooMany, tiny);
        QCOMPARE(refused.status().kind(), ErrorKind::InvalidArgument);
        QVERIFY2(refused.status().message().contains(QStringLiteral("only 10 records")),
                 qPrintable(refused.status().message()));
        Scenario beyond = *scenario;
        beyond.faults[0].file = 8;
        QCOMPARE(injectScenarioFaults(beyond, m_files).status().kind(), ErrorKind::InvalidArgument);
    }

    // corrupt_image: the record is still a sound frame and Example, and only its decode fails,
    // naming the file, record and offset.
    void aCorruptImageFailsOnlyItsDecode()
    {
        Result<Scenario> scenario = Scenario::load(QStringLiteral("dataset-map-error"));
        QVERIFY(scenario.isOk());
        Result<InjectedFaults> faults = injectScenarioFaults(*scenario, m_files);
        QVERIFY2(faults.isOk(), qPrintable(faults.status().toString()));
        auto reader = RecordReader::open(faults->files[0]);
        QVERIFY(reader.isOk());
        QByteArray r;
        qint64 n = 0;
        Status s;
        while ((s = (*reader)->next(&r)).isOk())
            ++n;
        QCOMPARE(s.kind(), ErrorKind::OutOfRange); // every checksum holds
        QCOMPARE(n, 60);
        auto p = Pipeline::create(configFor(*scenario, m_files), *scenario);
        QVERIFY(p.isOk());
        QVERIFY((*p)->start().isOk());
        QVERIFY((*p)->waitFinished(20s));
        const Status error = (*p)->summary().error;
        QCOMPARE(error.kind(), ErrorKind::InvalidArgument);
        QCOMPARE(error.where().record, 20);
        QVERIFY(error.where().offset > 0);
        QVERIFY2(error.where().file.endsWith(QStringLiteral("train-0.tfrecords")),
                 qPrintable(error.where().file));

        // A record that is not an Example cannot have its image garbled: said, with file and record.
        QTemporaryDir dir;
        const QString other = dir.filePath(QStringLiteral("text.tfrecords"));
        auto writer = RecordWriter::create(other);
        QVERIFY(writer.isOk());
        for (int i = 0; i < 30; ++i)
            QVERIFY((*writer)->write(QByteArray("\xff\xff not a protobuf")).isOk());
        QVERIFY((*writer)->commit().isOk());
        Result<InjectedFaults> refused = injectScenarioFaults(*scenario, {other});
        QCOMPARE(refused.status().kind(), ErrorKind::InvalidArgument);
        QVERIFY2(refused.status().message().contains(QStringLiteral("record 20 of ") + other),
                 qPrintable(refused.status().message()));
    }

private:
    QTemporaryDir m_dir;
    QStringList m_files;
};

QTEST_GUILESS_MAIN(TestScenarios)
#include "tst_scenarios.moc"
