#include "run/runconfig.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace qs;

namespace {

PipelineConfig valid()
{
    PipelineConfig c;
    c.files =
        QStringList{QStringLiteral("/data/train-0.tfrecords"), QStringLiteral("/data/train-1.tfrecords")};
    return c;
}

} // namespace

class TestPipelineConfig : public QObject {
    Q_OBJECT
private slots:
    void defaultsWithFilesAreValid() { QVERIFY(valid().validate().isOk()); }

    void jsonRoundTrip()
    {
        PipelineConfig c = valid();
        c.numEpochs = 0;
        c.shuffleFiles = false;
        c.fileSeed = PipelineConfig::kMaxSeed;
        c.readerThreads = 7;
        c.filenameCapacity = 5;
        c.exampleCapacity = 99;
        c.minAfterDequeue = 3;
        c.useShuffleQueue = false;
        c.batchSize = 9;
        c.allowSmallerFinalBatch = true;
        c.shuffleSeed = 12345;
        c.imageWidth = 64;
        c.imageHeight = 48;
        c.skipCorrupt = true;
        c.readerDelayMs = 1;
        c.decodeDelayMs = 2;
        c.trainerDelayMs = 3;
        const QJsonObject json = c.toJson();
        QCOMPARE(json.size(), 18);
        QCOMPARE(json.value(QStringLiteral("batch_size")).toInt(), 9);
        QCOMPARE(json.value(QStringLiteral("files")).toArray().size(), 2);
        // Through text too, as a scenario file would carry it.
        const QJsonObject reread = QJsonDocument::fromJson(QJsonDocument(json).toJson()).object();
        auto back = PipelineConfig::fromJson(reread);
        QVERIFY2(back.isOk(), qPrintable(back.status().toString()));
        QCOMPARE(*back, c);
    }

    void fromJsonKeepsDefaultsForMissingKeys()
    {
        auto c = PipelineConfig::fromJson(QJsonObject{{QStringLiteral("batch_size"), 4}});
        QVERIFY(c.isOk());
        QCOMPARE(c->batchSize, 4);
        QCOMPARE(c->readerThreads, PipelineConfig().readerThreads);
    }

    void fromJsonRejects_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("message");
        QTest::addRow("unknown_key") << R"({"batchSize": 4})"
                                     << "pipeline config: unknown key 'batchSize'";
        QTest::addRow("int_as_string") << R"({"batch_size": "4"})"
                                       << "pipeline config: 'batch_size' must be an integer";
        QTest::addRow("fraction") << R"({"reader_threads": 1.5})"
                                  << "pipeline config: 'reader_threads' must be an integer";
        QTest::addRow("bool") << R"({"skip_corrupt": 1})"
                              << "pipeline config: 'skip_corrupt' must be true or false";
        QTest::addRow("files") << R"({"files": ["a", 3]})"
                               << "pipeline config: 'files' must be an array of strings";
        QTest::addRow("seed") << R"({"file_seed": -1})"
                              << "pipeline config: 'file_seed' must be an integer from 0 to 2^53 - 1";
    }
    void fromJsonRejects()
    {
        QFETCH(QString, json);
        QFETCH(QString, message);
        auto c = PipelineConfig::fromJson(QJsonDocument::fromJson(json.toUtf8()).object());
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
                               << "pipeline config: files must name at least one file";
        QTest::addRow("epochs") << "num_epochs" << QJsonValue(-1)
                                << "pipeline config: num_epochs must be at least 0 (got -1)";
        QTest::addRow("readers") << "reader_threads" << QJsonValue(0)
                                 << "pipeline config: reader_threads must be at least 1 (got 0)";
        QTest::addRow("batch") << "batch_size" << QJsonValue(0)
                               << "pipeline config: batch_size must be at least 1 (got 0)";
        QTest::addRow("width") << "image_width" << QJsonValue(1)
                               << "pipeline config: image_width must be at least 2 (got 1)";
        QTest::addRow("height") << "image_height" << QJsonValue(257)
                                << "pipeline config: image_height must be at most 256 (got 257)";
        QTest::addRow("delay") << "trainer_delay_ms" << QJsonValue(-5)
                               << "pipeline config: trainer_delay_ms must be at least 0 (got -5)";
        QTest::addRow("mad")
            << "min_after_dequeue" << QJsonValue(224)
            << "pipeline config: example_capacity 224 must be bigger than min_after_dequeue 224.";
    }
    void validateNamesTheBadKnob()
    {
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        QFETCH(QString, message);
        QJsonObject json = valid().toJson();
        json.insert(key, value);
        auto c = PipelineConfig::fromJson(json);
        QVERIFY(c.isOk());
        const Status s = c->validate();
        QCOMPARE(s.kind(), ErrorKind::InvalidArgument);
        QCOMPARE(s.message(), message);
    }

    void minAfterDequeueMattersOnlyForTheShuffleQueue()
    {
        PipelineConfig c = valid();
        c.minAfterDequeue = c.exampleCapacity + 10;
        QVERIFY(!c.validate().isOk());
        c.useShuffleQueue = false;
        QVERIFY(c.validate().isOk());
    }
};

QTEST_GUILESS_MAIN(TestPipelineConfig)
#include "tst_pipelineconfig.moc"
