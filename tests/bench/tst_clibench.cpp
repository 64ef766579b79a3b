// queuescope-cli bench as a user runs it: it runs, its JSON has every key, bad input gives a
// clear error and a usage status. Short measurements (--seconds 0.05); no figure is checked
// against a speed.
#include "bench/benchdataset.h"

#include <algorithm>

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;

namespace {

struct Ran {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Ran runCli(const QStringList &args, int timeoutMs = 240000)
{
    QProcess p;
    p.start(QStringLiteral(QS_BINARY_DIR "/bin/queuescope-cli"), args);
    Ran r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        r.err = "timed out";
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QJsonObject jsonOf(const Ran &r)
{
    QJsonParseError e{};
    const QJsonDocument d = QJsonDocument::fromJson(r.out, &e);
    return d.isObject() ? d.object() : QJsonObject();
}

void requireKeys(const QJsonObject &o, std::initializer_list<const char *> keys, const char *where)
{
    for (const char *k : keys)
        QVERIFY2(o.contains(QLatin1String(k)), qPrintable(QStringLiteral("%1 lacks '%2'").arg(where, k)));
}

} // namespace

class TestCliBench : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(QFileInfo::exists(QStringLiteral(QS_BINARY_DIR "/bin/queuescope-cli")));
        QVERIFY(m_dir.isValid());
        BenchDatasetOptions o;
        o.count = 300;
        o.imageSize = 24;
        o.classes = 3;
        Result<BenchDatasetInfo> w = writeBenchDataset(m_dir.filePath(QStringLiteral("shapes.tfrecords")), o);
        QVERIFY2(w.isOk(), qPrintable(w.status().toString()));
        m_file = w->path;
        o.count = 20;
        o.imageSize = 64;
        o.encoding = BenchEncoding::Jpeg;
        Result<BenchDatasetInfo> j = writeBenchDataset(m_dir.filePath(QStringLiteral("jpeg.tfrecords")), o);
        QVERIFY2(j.isOk(), qPrintable(j.status().toString()));
        m_jpegFile = j->path;
    }

    void jsonHasEveryKey()
    {
        const Ran r =
            runCli({QStringLiteral("bench"), m_file, QStringLiteral("--json"), QStringLiteral("--seconds"),
                    QStringLiteral("0.05"), QStringLiteral("--repeat"), QStringLiteral("1"),
                    QStringLiteral("--readers"), QStringLiteral("2"), QStringLiteral("--hidden"),
                    QStringLiteral("8"), QStringLiteral("--input-size"), QStringLiteral("8"),
                    QStringLiteral("--temp-dir"), m_dir.path(), QStringLiteral("--jpeg"), m_jpegFile});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = jsonOf(r);
        QVERIFY2(!o.isEmpty(), r.out.constData());
        requireKeys(o,
                    {"machine", "load_start", "load_end", "seconds", "data", "config", "stages", "pipeline",
                     "bottleneck", "targets"},
                    "bench");
        QVERIFY(!o.contains(QLatin1String("memory")));
        requireKeys(o.value("machine").toObject(), {"nproc", "cpu", "kernel"}, "machine");

        const QJsonObject data = o.value("data").toObject();
        QCOMPARE(data.value("files").toArray().first().toString(), m_file);
        QCOMPARE(data.value("demo").toBool(), false);
        QCOMPARE(data.value("records").toInt(), 300);
        QVERIFY(data.value("spec").toString().contains(QLatin1String("img_raw")));

        const QJsonObject config = o.value("config").toObject();
        QCOMPARE(config.value("hidden").toInt(), 8);
        QCOMPARE(config.value("image_width").toInt(), 8);
        QCOMPARE(config.value("image_height").toInt(), 8);
        QCOMPARE(config.value("eval_every").toInt(), 0);

        const QJsonObject stages = o.value("stages").toObject();
        requireKeys(stages,
                    {"scan", "parse", "decode_preprocess", "reader_body", "reader_body_all", "queue",
                     "train_step", "reader_thread_per_s", "load"},
                    "stages");
        requireKeys(stages.value("scan").toObject(),
                    {"read_mb_per_s", "scan_mb_per_s", "records_per_s", "ratio"}, "stages.scan");
        for (const char *k : {"parse", "decode_preprocess", "reader_body", "queue", "train_step"})
            requireKeys(stages.value(QLatin1String(k)).toObject(), {"per_s", "us_per_item"}, k);

        const QJsonArray pipeline = o.value("pipeline").toArray();
        QCOMPARE(pipeline.size(), 2); // 1 and 2 readers
        for (int i = 0; i < pipeline.size(); ++i) {
            const QJsonObject run = pipeline[i].toObject();
            requireKeys(run,
                        {"readers", "samples_per_s", "trainer_blocked_empty", "readers_blocked_full",
                         "queue_fill", "efficiency", "slowest_stage_per_s", "load"},
                        "pipeline run");
            QCOMPARE(run.value("readers").toInt(), i + 1);
        }
        QVERIFY(pipeline.last().toObject().contains(QLatin1String("snapshot")));

        const QJsonObject verdict = o.value("bottleneck").toObject();
        requireKeys(verdict,
                    {"bound", "bottleneck", "trainer_waiting", "readers", "suggested_readers", "advice"},
                    "bottleneck");
        QVERIFY(QStringList({"input", "model", "balanced"}).contains(verdict.value("bound").toString()));
        QVERIFY(!verdict.value("advice").toString().isEmpty());

        QStringList keys;
        QStringList jpegSets;
        for (const QJsonValue &t : o.value("targets").toArray()) {
            const QJsonObject target = t.toObject();
            requireKeys(target, {"key", "what", "value", "unit", "goal", "met", "detail", "load"}, "target");
            // A figure the machine could not measure in its window (a reference that made no
            // progress under a sanitizer's slowdown) is null, and then it claims nothing either way.
            QVERIFY2(target.value("value").isDouble() ||
                         (target.value("value").isNull() && target.value("met").isNull()),
                     qPrintable(target.value("key").toString()));
            keys << target.value("key").toString();
            const QJsonObject detail = target.value("detail").toObject();
            if (keys.last() == QLatin1String("jpeg_scaled_decode")) {
                jpegSets << detail.value("set").toString();
                QCOMPARE(detail.value("side").toInt(), 16); // the demo model's input, whatever --input-size
                QVERIFY(detail.value("images").toInt() > 0);
                // Each round times its set's entropy decoding alone too (jpegbench.h).
                QCOMPARE(detail.value("entropy_only_us_per_image").toArray().size(),
                         detail.value("scaled_us_per_image").toArray().size());
            }
            if (keys.last() == QLatin1String("jpeg_scaled_vs_entropy")) {
                QCOMPARE(detail.value("set").toString(), jpegSets.last()); // the row above's set
                QVERIFY(target.value("value").toDouble() > 0);
                QVERIFY(target.value("met").isNull()); // a reading, not a goal
            }
            if (keys.last() == QLatin1String("shared_libraries"))
                QVERIFY(target.value("value").toDouble() >= 1); // Qt at least
            if (keys.last() == QLatin1String("inspect_vs_cat"))
                QCOMPARE(detail.value("cat_ms").toArray().size(),
                         detail.value("inspect_ms").toArray().size());
            if (keys.last() == QLatin1String("inspect_fixed_cost")) // a whole process: start-up at least
                QVERIFY(target.value("value").toDouble() > 0);
            if (keys.last() == QLatin1String("pipeline_efficiency"))
                QCOMPARE(detail.value("slowest_stage").toArray().size(), 1); // one round, --repeat 1
            // On/off comparisons: five pairs whatever --repeat, the figure their median ratio.
            if (keys.last() == QLatin1String("observation_overhead") ||
                keys.last() == QLatin1String("recording_overhead") ||
                keys.last() == QLatin1String("dataset_observation")) {
                const QJsonArray pairRatios = detail.value("ratios").toArray();
                QCOMPARE(pairRatios.size(), 5);
                QList<double> sorted;
                for (const QJsonValue &v : pairRatios)
                    sorted << v.toDouble();
                std::sort(sorted.begin(), sorted.end());
                QCOMPARE(target.value("value").toDouble(), sorted[2]);
            }
        }
        QCOMPARE(keys, QStringList({"scan_vs_read",
                                    "scan_vs_read_threads",
                                    "scan_one_thread_vs_read",
                                    "scan_mapped_vs_read",
                                    "startup",
                                    "shared_libraries",
                                    "inspect_vs_cat",
                                    "inspect_fixed_cost",
                                    "jpeg_scaled_decode",
                                    "jpeg_scaled_vs_entropy",
                                    "jpeg_scaled_decode",
                                    "jpeg_scaled_vs_entropy",
                                    "decode_scaling",
                                    "fifo_queue",
                                    "pipeline_efficiency",
                                    "observation_overhead",
                                    "recording_overhead",
                                    "snapshot_cost",
                                    "naive_speedup",
                                    "naive_speedup_decode_bound",
                                    "dataset_autotune",
                                    "dataset_observation"}));
        QCOMPARE(jpegSets, QStringList({"jpeg.tfrecords", "made 256x256 shapes (q90)"}));
        // Nothing left behind in the temporary folder but our own dataset.
        QCOMPARE(QDir(m_dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 QStringList({QStringLiteral("jpeg.tfrecords"), QStringLiteral("shapes.tfrecords")}));
    }

    void tableWithoutFileUsesTheDemoData()
    {
        const Ran r =
            runCli({QStringLiteral("bench"), QStringLiteral("--no-targets"), QStringLiteral("--seconds"),
                    QStringLiteral("0.05"), QStringLiteral("--readers"), QStringLiteral("1")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString text = QString::fromUtf8(r.out);
        for (const char *line :
             {"QueueScope bench:", "demo dataset", "demo-train.tfrecords", "record scan + CRC",
              "Example parsing", "decode + preprocess", "queue hand-off", "training step", "trainer waiting",
              "bottleneck:", "advice:"})
            QVERIFY2(text.contains(QLatin1String(line)),
                     qPrintable(QStringLiteral("no '%1' in:\n%2").arg(line, text)));
        QVERIFY(!text.contains(QLatin1String("target")));
    }

    void bigFileOption()
    {
        const Ran r =
            runCli({QStringLiteral("bench"), m_file, QStringLiteral("--json"), QStringLiteral("--no-targets"),
                    QStringLiteral("--seconds"), QStringLiteral("0.05"), QStringLiteral("--readers"),
                    QStringLiteral("1"), QStringLiteral("--big-file-gb"), QStringLiteral("0.003"),
                    QStringLiteral("--temp-dir"), m_dir.path()});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = jsonOf(r);
        requireKeys(o.value("memory").toObject(),
                    {"file_bytes", "records", "epoch_s", "samples", "peak_rss_mb", "early_max_rss_mb",
                     "late_max_rss_mb", "rss_mb", "load"},
                    "memory");
        const QJsonArray targets = o.value("targets").toArray();
        QCOMPARE(targets.size(), 1);
        QCOMPARE(targets.first().toObject().value("key").toString(), QStringLiteral("memory"));
        QCOMPARE(QDir(m_dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 QStringList({QStringLiteral("jpeg.tfrecords"), QStringLiteral("shapes.tfrecords")}));
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::addRow("seconds not a number") << QStringList{"--seconds", "soon"} << 2 << "take numbers";
        QTest::addRow("seconds out of range") << QStringList{"--seconds", "0"} << 2 << "--seconds must be in";
        QTest::addRow("no readers") << QStringList{"--readers", "0"} << 2 << "--readers must be at least 1";
        QTest::addRow("batch size") << QStringList{"--batch-size", "x"} << 2 << "--batch-size needs a number";
        QTest::addRow("bad config key")
            << QStringList{"--config", "{\"batch_sise\": 3}"} << 2 << "batch_sise";
        QTest::addRow("missing file")
            << QStringList{"/nonexistent/none.tfrecords"} << 1 << "/nonexistent/none.tfrecords";
    }

    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const Ran r = runCli(QStringList{QStringLiteral("bench")} + args, 60000);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

private:
    QTemporaryDir m_dir;
    QString m_file;
    QString m_jpegFile;
};

QTEST_GUILESS_MAIN(TestCliBench)
#include "tst_clibench.moc"
