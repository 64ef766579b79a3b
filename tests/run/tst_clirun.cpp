#include "rundata.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace qs;

// queuescope-cli run as a user runs it: a real process, real files, its exit status, its
// --json summary and its exports.
namespace {

const QString kCli = QStringLiteral(QS_BINARY_DIR "/bin/queuescope-cli");

struct Ran {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Ran runCli(const QStringList &args)
{
    QProcess p;
    p.start(kCli, QStringList{QStringLiteral("run")} + args);
    Ran r;
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
        qWarning("queuescope-cli run did not finish");
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QByteArray helpOf(const QString &command)
{
    QProcess p;
    p.start(kCli, {command, QStringLiteral("--help")});
    p.waitForFinished(30000);
    return p.readAllStandardOutput();
}

// The "--flag" words in the string literals of a source file.
QStringList flagsNamedIn(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {QStringLiteral("cannot read ") + path};
    const QString text = QString::fromUtf8(f.readAll());
    static const QRegularExpression literal(QStringLiteral("\"((?:[^\"\\\\\\n]|\\\\.)*)\""));
    static const QRegularExpression flag(QStringLiteral("(?<![\\w-])--([a-z][a-z0-9-]*)"));
    QStringList flags;
    for (auto lit = literal.globalMatch(text); lit.hasNext();) {
        const QString body = lit.next().captured(1);
        for (auto m = flag.globalMatch(body); m.hasNext();)
            flags << m.next().captured(1);
    }
    flags.removeDuplicates();
    return flags;
}

QJsonObject jsonOf(const QByteArray &out)
{
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(out.trimmed(), &err);
    return err.error == QJsonParseError::NoError ? doc.object() : QJsonObject();
}

} // namespace

class TestCliRun : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        if (!QFile::exists(kCli))
            QSKIP("queuescope-cli is not built");
        QVERIFY(m_dir.isValid());
        m_files = test::writeDemoFiles(m_dir.path(), QStringLiteral("train"), 3, 60);
    }

    void jsonSummaryAtTheEndOfData()
    {
        const Ran r = runCli(m_files + QStringList{"--json", "--epochs", "1", "--batch-size", "8",
                                                   "--min-after-dequeue", "16", "--capacity", "48",
                                                   "--input-size", "8", "--hidden", "16"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject s = jsonOf(r.out);
        QStringList keys = s.keys();
        keys.sort();
        QCOMPARE(keys,
                 QStringList({"confusion", "epochs", "error", "eval_accuracy", "how", "input_only",
                              "model_input", "no_label", "notices", "per_class", "samples", "samples_per_s",
                              "skipped_records", "steps", "threads", "train_accuracy", "warnings"}));
        QCOMPARE(s.value("how").toString(), QStringLiteral("end_of_data"));
        QVERIFY(s.value("error").isNull());
        QCOMPARE(s.value("steps").toInt(), 20);
        QCOMPARE(s.value("samples").toInt(), 160);
        QVERIFY(s.value("samples_per_s").toDouble() > 0);
        QVERIFY(s.value("eval_accuracy").isDouble());
        QCOMPARE(s.value("threads").toArray().size(), 7);
        for (const QJsonValue &t : s.value("threads").toArray()) {
            const QJsonObject o = t.toObject();
            QVERIFY(!o.value("name").toString().isEmpty());
            QVERIFY(!o.value("role").toString().isEmpty());
            QVERIFY(o.value("seconds_in").isObject());
        }
        QVERIFY2(r.err.contains("how it ended: end_of_data"), r.err.constData()); // people read stderr
    }

    void datasetPipelineJson()
    {
        const Ran r =
            runCli(m_files + QStringList{"--pipeline", "dataset", "--json", "--epochs", "1", "--batch-size",
                                         "8", "--min-after-dequeue", "16", "--capacity", "48", "--input-size",
                                         "8", "--hidden", "16", "--map-calls", "2"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject s = jsonOf(r.out);
        QCOMPARE(s.value("how").toString(), QStringLiteral("end_of_data"));
        QVERIFY(s.value("error").isNull());
        QCOMPARE(s.value("steps").toInt(), 20); // 162 training records, whole batches of 8
        QVERIFY(s.value("eval_accuracy").isDouble());
        QStringList names;
        for (const QJsonValue &t : s.value("threads").toArray())
            names << t.toObject().value("name").toString();
        QVERIFY2(names.contains("trainer") && names.contains("dataset/cancel_on_stop"),
                 qPrintable(names.join(' ')));
        const Ran bad = runCli(m_files + QStringList{"--pipeline", "dataflow"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("\"queues\" or \"dataset\""), bad.err.constData());
    }

    void errorExitsOne()
    {
        const Ran r = runCli(m_files + QStringList{"--scenario", "corrupt-record", "--json", "--batch-size",
                                                   "8", "--min-after-dequeue", "16", "--capacity", "48"});
        QCOMPARE(r.exitCode, 1);
        const QJsonObject s = jsonOf(r.out);
        QCOMPARE(s.value("how").toString(), QStringLiteral("error"));
        const QJsonObject e = s.value("error").toObject();
        QCOMPARE(e.value("kind").toString(), QStringLiteral("DataLoss"));
        QVERIFY(e.value("thread").toString().startsWith("QueueRunnerThread-shuffle_batch"));
        QCOMPARE(e.value("record").toInt(), 20);
        QVERIFY(e.value("file").toString().endsWith("train-0.tfrecords"));
    }

    void eventsAndTrace()
    {
        QTemporaryDir out;
        const QString events = out.filePath("events.jsonl");
        const QString trace = out.filePath("trace.json");
        const Ran r = runCli(m_files + QStringList{"--events", events, "--trace", trace, "--max-steps", "5",
                                                   "--epochs", "0", "--batch-size", "8"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("how it ended: stopped"), r.out.constData());
        QFile f(events);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QSet<QString> kinds;
        qint64 lastT = -1;
        while (!f.atEnd()) {
            QJsonParseError err{};
            const QJsonObject o = QJsonDocument::fromJson(f.readLine(), &err).object();
            QCOMPARE(err.error, QJsonParseError::NoError);
            QVERIFY(o.contains("t_us") && o.contains("thread") && o.contains("event"));
            QVERIFY(o.value("t_us").toInteger() >= lastT);
            lastT = o.value("t_us").toInteger();
            kinds.insert(o.value("event").toString());
        }
        for (const char *k :
             {"thread_start", "state", "request_stop", "queue_close", "thread_exit", "join", "end"})
            QVERIFY2(kinds.contains(QLatin1String(k)), k);
        QFile t(trace);
        QVERIFY(t.open(QIODevice::ReadOnly));
        QJsonParseError err{};
        const QJsonObject doc = QJsonDocument::fromJson(t.readAll(), &err).object();
        QCOMPARE(err.error, QJsonParseError::NoError);
        QVERIFY(doc.value("traceEvents").toArray().size() > 10);
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::addRow("bad number") << QStringList{"x.tfrecords", "--batch-size", "many"} << "--batch-size";
        QTest::addRow("bad config key")
            << QStringList{"x.tfrecords", "--config", "{\"batchsize\": 1}"} << "batchsize";
        QTest::addRow("bad value") << QStringList{"x.tfrecords", "--hidden", "1"} << "hidden";
        QTest::addRow("unknown scenario") << QStringList{"--scenario", "nope"} << "built-in ones";
    }
    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Ran r = runCli(args);
        QVERIFY(r.exitCode == 2 || r.exitCode == 1);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    void noFilesTrainsOnTheBundledDemo()
    {
        if (!QFile::exists(QStringLiteral(QS_BINARY_DIR "/data/demo-train.tfrecords")))
            QSKIP("the bundled demo dataset is not built (target qs_demo_data)");
        const Ran r = runCli({"--max-steps", "5", "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains("bundled demo dataset"), r.err.constData());
        const QJsonObject s = jsonOf(r.out);
        QCOMPARE(s.value("how").toString(), QStringLiteral("stopped"));
        QCOMPARE(s.value("steps").toInt(), 5);
    }

    // Every way forward a data error names is a flag the command has.
    void hintsNameFlagsThatExist()
    {
        const QByteArray run = helpOf(QStringLiteral("run")), bench = helpOf(QStringLiteral("bench"));
        QStringList sources{QStringLiteral("core/feed/datasetprobe.cpp")};
        for (const QString &f : QDir(QStringLiteral(QS_SOURCE_DIR "/core/example")).entryList({"*.cpp"}))
            sources << QStringLiteral("core/example/") + f;
        int named = 0;
        for (const QString &source : sources) {
            for (const QString &flag : flagsNamedIn(QStringLiteral(QS_SOURCE_DIR "/") + source)) {
                ++named;
                const QByteArray option = "--" + flag.toUtf8() + ' ';
                QVERIFY2(run.contains(option) || run.contains("--" + flag.toUtf8() + " <"),
                         qPrintable(source + QStringLiteral(": run has no --") + flag));
                QVERIFY2(bench.contains(option) || bench.contains("--" + flag.toUtf8() + " <"),
                         qPrintable(source + QStringLiteral(": bench has no --") + flag));
            }
        }
        QVERIFY(named >= 2); // --label-feature and --image-feature at least
        // The run plan's notes and the summary's warnings name run's flags.
        int planned = 0;
        for (const QString &source :
             {QStringLiteral("core/run/runplan.cpp"), QStringLiteral("core/run/runsummary.cpp")}) {
            for (const QString &flag : flagsNamedIn(QStringLiteral(QS_SOURCE_DIR "/") + source)) {
                ++planned;
                QVERIFY2(run.contains("--" + flag.toUtf8() + ' ') ||
                             run.contains("--" + flag.toUtf8() + " <"),
                         qPrintable(source + QStringLiteral(": run has no --") + flag));
            }
        }
        QVERIFY(planned >= 4); // --allow-smaller-final-batch, --epochs, --min-steps, --batch-size
        // The reader's hints are about --compression, which inspect, run and bench take.
        const QByteArray inspect = helpOf(QStringLiteral("inspect"));
        for (const QString &flag :
             flagsNamedIn(QStringLiteral(QS_SOURCE_DIR "/core/record/filesniffer.cpp"))) {
            QVERIFY2(run.contains("--" + flag.toUtf8()), qPrintable(QStringLiteral("run has no --") + flag));
            QVERIFY2(bench.contains("--" + flag.toUtf8()),
                     qPrintable(QStringLiteral("bench has no --") + flag));
        }
        for (const QString &flag : flagsNamedIn(QStringLiteral(QS_SOURCE_DIR "/core/record/filesniffer.cpp")))
            QVERIFY2(inspect.contains("--" + flag.toUtf8()),
                     qPrintable(QStringLiteral("inspect has no --") + flag));
    }

    void noLabelNamesTheFeaturesAndTheFlag()
    {
        const QString path = QStringLiteral(QS_FIXTURES_DIR "/t2r_pose_env_test_data.tfrecord");
        if (!QFile::exists(path))
            QSKIP("fixtures not present");
        // No label is no dead end: the input pipeline runs, and both outputs say why and how to name one.
        const Ran r = runCli({path, "--json", "--max-steps", "3"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject s = jsonOf(r.out);
        QVERIFY(s.value("input_only").toBool());
        QCOMPARE(s.value("steps").toInt(), 3);
        QVERIFY2(s.value("no_label").toString().contains("--label-feature KEY"), r.out.constData());
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(err.contains("no label: input pipeline only"), r.err.constData());
        QVERIFY2(err.contains("--label-feature KEY"), r.err.constData());
        QVERIFY2(err.contains("reward (float x1)"), r.err.constData());
        QVERIFY2(!err.contains("()"), r.err.constData());
    }

    void specShorthands()
    {
        const Ran ok =
            runCli(m_files + QStringList{"--label-feature", "label", "--max-steps", "3", "--json"});
        QVERIFY2(ok.exitCode == 0, ok.err.constData());
        // Turning the label off runs the input pipeline only, and says so.
        const Ran gone = runCli(m_files + QStringList{"--label-feature", "none", "--max-steps", "3"});
        QCOMPARE(gone.exitCode, 0);
        QVERIFY2(gone.err.contains("turned off with --label-feature none"), gone.err.constData());
        QVERIFY2(gone.out.contains("no label: input pipeline only"), gone.out.constData());
        const Ran wrongImage = runCli(m_files + QStringList{"--image-feature", "nosuch", "--max-steps", "3"});
        QCOMPARE(wrongImage.exitCode, 1);
        QVERIFY2(wrongImage.err.contains("nosuch"), wrongImage.err.constData());
        const Ran badShape = runCli(m_files + QStringList{"--image-shape", "28by28"});
        QCOMPARE(badShape.exitCode, 2);
        QVERIFY2(badShape.err.contains("--image-shape needs HxW"), badShape.err.constData());
    }

    void missingFileIsAnError()
    {
        const Ran r = runCli({m_dir.filePath("gone.tfrecords"), "--json"});
        QCOMPARE(r.exitCode, 2); // a missing input, as for inspect
        QVERIFY2(jsonOf(r.out).value("error").toString().contains("gone.tfrecords"), r.out.constData());
        QVERIFY2(r.err.contains("gone.tfrecords"), r.err.constData());
    }

    void ctrlCStopsCleanly()
    {
        QProcess p;
        p.start(kCli, QStringList{"run", "--epochs", "0", "--json", "--batch-size", "8"} + m_files);
        QVERIFY(p.waitForStarted());
        QByteArray err;
        QTRY_VERIFY_WITH_TIMEOUT((err += p.readAllStandardError()).contains("Ctrl-C requests a stop"), 20000);
        ::kill(pid_t(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 0);
        const QJsonObject s = jsonOf(p.readAllStandardOutput());
        QCOMPARE(s.value("how").toString(), QStringLiteral("stopped"));
        QVERIFY(s.value("error").isNull());
    }

    void workersScenarioNeedsNoFiles()
    {
        const Ran r = runCli({"--scenario", "random-stop-workers", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject s = jsonOf(r.out);
        QCOMPARE(s.value("how").toString(), QStringLiteral("stopped"));
        QCOMPARE(s.value("threads").toArray().size(), 6); // coordinator + 5 workers
    }

private:
    QTemporaryDir m_dir;
    QStringList m_files;
};

QTEST_GUILESS_MAIN(TestCliRun)
#include "tst_clirun.moc"
