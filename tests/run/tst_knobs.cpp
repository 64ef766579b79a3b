// The one table of run settings (run/knobs.h): defaults, JSON round trips, refusals and ranges,
// each checked against literals, not against the table itself.
#include "run/knobs.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTest>

using namespace qs;

namespace {

RunConfig valid()
{
    RunConfig c;
    c.pipeline.files =
        QStringList{QStringLiteral("/data/train-0.tfrecords"), QStringLiteral("/data/train-1.tfrecords")};
    return c;
}

} // namespace

class TestKnobs : public QObject {
    Q_OBJECT
private slots:
    void everyKnobOnceWithHelp()
    {
        QSet<QString> keys, flags;
        for (const Knob &k : knobs()) {
            QVERIFY2(!keys.contains(QLatin1String(k.key)), k.key);
            keys << QLatin1String(k.key);
            QVERIFY2(*k.help && *k.label, k.key);
            if (*k.flag) {
                QVERIFY2(!flags.contains(QLatin1String(k.flag)), k.flag);
                flags << QLatin1String(k.flag);
            }
        }
        QCOMPARE(keys.size(), 48);
        QCOMPARE(RunConfig().toJson().size(), 48);
    }

    // The defaults, the same in the window, the CLI and the bench (written out here on purpose).
    void defaults()
    {
        const RunConfig c;
        QCOMPARE(c.pipeline.numEpochs, 30);
        QCOMPARE(c.pipeline.readerThreads, 2);
        QCOMPARE(c.pipeline.filenameCapacity, 32);
        QCOMPARE(c.pipeline.exampleCapacity, 224);
        QCOMPARE(c.pipeline.minAfterDequeue, 128);
        QCOMPARE(c.pipeline.batchSize, 32);
        QCOMPARE(c.pipeline.imageWidth, 16);
        QCOMPARE(c.pipeline.imageHeight, 16);
        QCOMPARE(c.pipeline.shuffleFiles, true);
        QCOMPARE(c.pipeline.useShuffleQueue, true);
        QCOMPARE(c.pipeline.skipCorrupt, false);
        QCOMPARE(c.pipeline.fileSeed, quint64(0));
        QCOMPARE(c.trainer.feed, FeedMode::ShuffleBatch);
        QCOMPARE(c.trainer.maxSteps, qint64(0));
        QCOMPARE(c.trainer.evalEvery, 50);
        QCOMPARE(c.trainer.evalFraction, 0.1);
        QCOMPARE(c.trainer.evalMaxSamples, 1000);
        QCOMPARE(c.trainer.hidden, 64);
        QCOMPARE(c.trainer.gracePeriodS, 5.0);
        QCOMPARE(c.trainer.hangSeconds, 3.0);
        QCOMPARE(c.trainer.startQueueRunners, true);
        QCOMPARE(c.trainer.speed, 1.0);
        QCOMPARE(c.trainer.workers, 5);
        QCOMPARE(c.trainer.workerStepMs, 50);
        QCOMPARE(c.trainer.stopProbability, 0.05);
        QCOMPARE(c.trainer.stopAfterS, 0.0);
        QVERIFY(c.trainer.specJson.isEmpty());
        QVERIFY(c.pipeline.files.isEmpty());
    }

    void defaultsWithFilesAreValid() { QVERIFY(valid().validate().isOk()); }

    void jsonRoundTrip()
    {
        RunConfig c = valid();
        c.pipeline.numEpochs = 0;
        c.pipeline.shuffleFiles = false;
        c.pipeline.fileSeed = PipelineConfig::kMaxSeed;
        c.pipeline.readerThreads = 7;
        c.pipeline.exampleCapacity = 99;
        c.pipeline.minAfterDequeue = 3;
        c.pipeline.batchSize = 9;
        c.pipeline.allowSmallerFinalBatch = true;
        c.pipeline.imageWidth = 64;
        c.pipeline.trainerDelayMs = 3;
        c.trainer.feed = FeedMode::Naive;
        c.trainer.maxSteps = 1234567890123;
        c.trainer.evalFile = QStringLiteral("/data/eval.tfrecords");
        c.trainer.specJson = QStringLiteral("\u007b\"label\":\"y\"\u007d");
        c.trainer.hangSeconds = 0.5;
        const QJsonObject json = c.toJson();
        QCOMPARE(json.value(QStringLiteral("batch_size")).toInt(), 9);
        QCOMPARE(json.value(QStringLiteral("feed")).toString(), QStringLiteral("naive"));
        QCOMPARE(json.value(QStringLiteral("spec")).toObject().value(QStringLiteral("label")).toString(),
                 QStringLiteral("y"));
        QCOMPARE(json.value(QStringLiteral("files")).toArray().size(), 2);
        const QJsonObject reread = QJsonDocument::fromJson(QJsonDocument(json).toJson()).object();
        auto back = RunConfig::fromJson(reread);
        QVERIFY2(back.isOk(), qPrintable(back.status().toString()));
        QCOMPARE(*back, c);
    }

    void fromJsonLayersOverBase()
    {
        RunConfig base;
        base.pipeline.readerThreads = 6;
        auto c = RunConfig::fromJson(QJsonObject{{QStringLiteral("batch_size"), 4}}, base);
        QVERIFY(c.isOk());
        QCOMPARE(c->pipeline.batchSize, 4);
        QCOMPARE(c->pipeline.readerThreads, 6);
    }

    void inputSizeShorthand()
    {
        auto c = RunConfig::fromJson(
            QJsonObject{{QStringLiteral("input_size"), 28}, {QStringLiteral("image_height"), 20}});
        QVERIFY(c.isOk());
        QCOMPARE(c->pipeline.imageWidth, 28);
        QCOMPARE(c->pipeline.imageHeight, 20);
    }

    void fromJsonRejects_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("message");
        QTest::addRow("unknown_key") << R"({"batchSize": 4})"
                                     << "run config: unknown key 'batchSize'";
        QTest::addRow("int_as_string") << R"({"batch_size": "4"})"
                                       << "run config: 'batch_size' must be an integer";
        QTest::addRow("fraction") << R"({"reader_threads": 1.5})"
                                  << "run config: 'reader_threads' must be an integer";
        QTest::addRow("bool") << R"({"skip_corrupt": 1})"
                              << "run config: 'skip_corrupt' must be true or false";
        QTest::addRow("files") << R"({"files": ["a", 3]})"
                               << "run config: 'files' must be an array of strings";
        QTest::addRow("seed") << R"({"file_seed": -1})"
                              << "run config: 'file_seed' must be an integer from 0 to 2^53 - 1";
        QTest::addRow("feed") << R"({"feed": "fast"})"
                              << "run config: 'feed' must be \"shuffle_batch\" or \"naive\"";
        QTest::addRow("number") << R"({"speed": "slow"})"
                                << "run config: 'speed' must be a number";
        QTest::addRow("spec") << "{\"spec\": \"\u007bnope\"}"
                              << "run config: 'spec' is not a JSON object (unterminated object at byte 2)";
    }
    void fromJsonRejects()
    {
        QFETCH(QString, json);
        QFETCH(QString, message);
        auto c = RunConfig::fromJson(QJsonDocument::fromJson(json.toUtf8()).object());
        QVERIFY(!c.isOk());
        QCOMPARE(c.status().kind(), ErrorKind::InvalidArgument);
        QCOMPARE(c.status().message(), message);
    }

    void validateNamesTheBadKnob_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("message");
        QTest::addRow("files") << "files" << QJsonValue(QJsonArray())
                               << "run config: files must name at least one file";
        QTest::addRow("epochs") << "num_epochs" << QJsonValue(-1)
                                << "run config: num_epochs must be from 0 to 2147483647 (got -1)";
        QTest::addRow("readers") << "reader_threads" << QJsonValue(0)
                                 << "run config: reader_threads must be from 1 to 256 (got 0)";
        QTest::addRow("batch") << "batch_size" << QJsonValue(0)
                               << "run config: batch_size must be from 1 to 100000 (got 0)";
        QTest::addRow("width") << "image_width" << QJsonValue(1)
                               << "run config: image_width must be from 2 to 256 (got 1)";
        QTest::addRow("height") << "image_height" << QJsonValue(257)
                                << "run config: image_height must be from 2 to 256 (got 257)";
        QTest::addRow("delay") << "trainer_delay_ms" << QJsonValue(-5)
                               << "run config: trainer_delay_ms must be from 0 to 60000 (got -5)";
        QTest::addRow("classes") << "num_classes" << QJsonValue(1)
                                 << "run config: num_classes must be 0 or from 2 to 1000 (got 1)";
        QTest::addRow("hang") << "hang_s" << QJsonValue(0)
                              << "run config: hang_s must be from 0.1 to 3600 (got 0)";
        QTest::addRow("speed") << "speed" << QJsonValue(2)
                               << "run config: speed must be from 0.01 to 1 (got 2)";
        QTest::addRow("eval_fraction") << "eval_fraction" << QJsonValue(0.7)
                                       << "run config: eval_fraction must be from 0 to 0.5 (got 0.7)";
        QTest::addRow("mad") << "min_after_dequeue" << QJsonValue(224)
                             << "run config: example_capacity 224 must be bigger than min_after_dequeue 224.";
    }
    void validateNamesTheBadKnob()
    {
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        QFETCH(QString, message);
        QJsonObject json = valid().toJson();
        json.insert(key, value);
        auto c = RunConfig::fromJson(json);
        QVERIFY2(c.isOk(), qPrintable(c.status().toString()));
        const Status s = c->validate();
        QCOMPARE(s.kind(), ErrorKind::InvalidArgument);
        QCOMPARE(s.message(), message);
    }

    void workersModeChecksOnlyItsKnobs()
    {
        RunConfig c; // no files: fine for the workers demo
        c.pipeline.batchSize = 0;
        QVERIFY(c.validate(RunMode::Workers).isOk());
        c.trainer.workers = 0;
        QCOMPARE(c.validate(RunMode::Workers).message(),
                 QStringLiteral("run config: workers must be from 1 to 64 (got 0)"));
    }

    void minAfterDequeueMattersOnlyForTheShuffleQueue()
    {
        RunConfig c = valid();
        c.pipeline.minAfterDequeue = c.pipeline.exampleCapacity + 10;
        QVERIFY(!c.validate().isOk());
        c.pipeline.useShuffleQueue = false;
        QVERIFY(c.validate().isOk());
    }

    void flagHelpSaysTheDefaultAndTheTfArgument()
    {
        QCOMPARE(knobFlagHelp(*findKnob(u"batch_size")),
                 QStringLiteral("Examples per training step: the trainer's dequeue_many(n). TensorFlow: "
                                "shuffle_batch(batch_size). Default 32."));
        QCOMPARE(
            knobFlagHelp(*findKnob(u"skip_corrupt")),
            QStringLiteral("Count and skip a record whose checksum fails instead of stopping the run with "
                           "DataLoss. TensorFlow: tf.data.experimental.ignore_errors(). Sets skip_corrupt "
                           "to true."));
    }

    // The table is UTF-8: a flag's help must show "×" as one character, not its two bytes
    // read as Latin-1 ("Ã" and a control character), as --help once printed.
    void flagHelpKeepsTheTablesUnicode()
    {
        const QString help = knobFlagHelp(*findKnob(u"example_capacity"));
        QVERIFY2(help.contains(QStringLiteral("min_after_dequeue + 3 \u00d7 batch size")), qPrintable(help));
        QVERIFY2(!help.contains(QChar(0xc3)), qPrintable(help));
        for (const Knob &k : knobs()) {
            const QString text = knobFlagHelp(k);
            for (const QChar c : text)
                QVERIFY2(c.unicode() >= 0x20 && (c.unicode() < 0x7f || c.unicode() > 0x9f), qPrintable(text));
        }
    }
};

QTEST_GUILESS_MAIN(TestKnobs)
#include "tst_knobs.moc"
