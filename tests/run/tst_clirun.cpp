#include "rundata.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
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
        QCOMPARE(keys, QStringList({"error", "eval_accuracy", "how", "samples", "samples_per_s",
                                    "skipped_records", "steps", "threads", "train_accuracy"}));
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

    void missingFileIsAnError()
    {
        const Ran r = runCli({m_dir.filePath("gone.tfrecords")});
        QCOMPARE(r.exitCode, 1);
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
