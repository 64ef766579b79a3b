#include "run/runconfig.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace qs;

Q_DECLARE_METATYPE(qs::RunConfig)

namespace {

// JSON written with single quotes, so the tables stay readable (and moc is not confused by raw
// string literals).
QString dq(const char *text)
{
    return QString::fromUtf8(text).replace(QLatin1Char('\''), QLatin1Char('"'));
}

QJsonObject parse(const char *json)
{
    return QJsonDocument::fromJson(dq(json).toUtf8()).object();
}

RunConfig everythingChanged()
{
    RunConfig c;
    c.pipeline.files = {QStringLiteral("a.tfrecords"), QStringLiteral("b-*.tfrecords")};
    c.pipeline.numEpochs = 3;
    c.pipeline.batchSize = 16;
    c.pipeline.useShuffleQueue = false;
    c.pipeline.skipCorrupt = true;
    c.pipeline.shuffleSeed = 42;
    c.pipeline.imageWidth = 12;
    c.pipeline.imageHeight = 10;
    TrainerConfig &t = c.trainer;
    t.feed = FeedMode::Naive;
    t.maxSteps = 1234567890123;
    t.evalEvery = 7;
    t.evalFile = QStringLiteral("eval.tfrecords");
    t.evalFraction = 0.25;
    t.evalMaxSamples = 77;
    t.hidden = 33;
    t.numClasses = 5;
    t.specJson = dq("{'image':{'key':'img_raw'},'label':{'key':'y'}}");
    t.gracePeriodS = 1.5;
    t.startQueueRunners = false;
    t.hangSeconds = 0.75;
    t.previewCount = 4;
    t.speed = 0.2;
    t.workers = 3;
    t.workerStepMs = 10;
    t.stopProbability = 0.5;
    t.stopAfterS = 2.5;
    return c;
}

} // namespace

class TestRunConfig : public QObject {
    Q_OBJECT
private slots:
    void roundTrip_data()
    {
        QTest::addColumn<RunConfig>("config");
        QTest::addRow("defaults") << RunConfig();
        QTest::addRow("every knob changed") << everythingChanged();
    }
    void roundTrip()
    {
        QFETCH(RunConfig, config);
        const QJsonObject json = config.toJson();
        Result<RunConfig> back = RunConfig::fromJson(json);
        QVERIFY2(back.isOk(), qPrintable(back.status().toString()));
        QVERIFY(*back == config);
        QCOMPARE(back->toJson(), json);
        // One flat object: trainer keys beside the pipeline's.
        QVERIFY(json.contains(QStringLiteral("batch_size")));
        QVERIFY(json.contains(QStringLiteral("eval_every")));
        QVERIFY(json.value(QStringLiteral("spec")).isObject());
    }

    void layersOverABase()
    {
        RunConfig base;
        base.pipeline.batchSize = 8;
        base.trainer.hidden = 10;
        base.trainer.evalEvery = 3;
        Result<RunConfig> c =
            RunConfig::fromJson(parse("{'num_epochs': 0, 'hidden': 20, 'feed': 'naive'}"), base);
        QVERIFY(c.isOk());
        QCOMPARE(c->pipeline.numEpochs, 0);
        QCOMPARE(c->pipeline.batchSize, 8); // kept from the base
        QCOMPARE(c->trainer.hidden, 20);
        QCOMPARE(c->trainer.evalEvery, 3);
        QCOMPARE(c->trainer.feed, FeedMode::Naive);
    }

    // "input_size": N is shorthand for a square image; an explicit side wins over it.
    void inputSizeSetsBothSides()
    {
        Result<RunConfig> square = RunConfig::fromJson(parse("{'input_size': 20}"));
        QVERIFY(square.isOk());
        QCOMPARE(square->pipeline.imageWidth, 20);
        QCOMPARE(square->pipeline.imageHeight, 20);
        Result<RunConfig> wide = RunConfig::fromJson(parse("{'input_size': 20, 'image_width': 30}"));
        QVERIFY(wide.isOk());
        QCOMPARE(wide->pipeline.imageWidth, 30);
        QCOMPARE(wide->pipeline.imageHeight, 20);
        QVERIFY(!wide->toJson().contains(QLatin1String("input_size"))); // written as its two sides
    }

    void specAsTextOrObject()
    {
        Result<RunConfig> a = RunConfig::fromJson(parse("{'spec': {'label': {'key': 'y'}}}"));
        Result<RunConfig> b =
            RunConfig::fromJson(parse("{'spec': '{ \\\"label\\\" : { \\\"key\\\" : \\\"y\\\" } }'}"));
        QVERIFY(a.isOk() && b.isOk());
        QCOMPARE(a->trainer.specJson, dq("{'label':{'key':'y'}}"));
        QCOMPARE(b->trainer.specJson, a->trainer.specJson);
        Result<RunConfig> none = RunConfig::fromJson(parse("{'spec': {}}"));
        QVERIFY(none.isOk());
        QVERIFY(none->trainer.specJson.isEmpty());
    }

    void refusesBadJson_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("message");
        QTest::addRow("unknown key") << "{'batchsize': 3}"
                                     << "unknown key 'batchsize'";
        QTest::addRow("unknown trainer-like key") << "{'max_step': 3}"
                                                  << "unknown key 'max_step'";
        QTest::addRow("pipeline type") << "{'batch_size': '8'}"
                                       << "'batch_size' must be an integer";
        QTest::addRow("trainer int type") << "{'hidden': 1.5}"
                                          << "'hidden' must be an integer";
        QTest::addRow("trainer number type") << "{'speed': 'slow'}"
                                             << "'speed' must be a number";
        QTest::addRow("trainer bool type") << "{'start_queue_runners': 0}"
                                           << "'start_queue_runners' must be true or false";
        QTest::addRow("feed") << "{'feed': 'fast'}"
                              << "'feed' must be \"shuffle_batch\" or \"naive\"";
        QTest::addRow("spec text") << "{'spec': '{oops'}"
                                   << "'spec' is not a JSON object";
        QTest::addRow("spec type") << "{'spec': 3}"
                                   << "'spec' must be an object";
        QTest::addRow("input size type") << "{'input_size': 'big'}"
                                         << "'input_size' must be an integer";
        QTest::addRow("eval file type") << "{'eval_file': ['a']}"
                                        << "'eval_file' must be a string";
    }
    void refusesBadJson()
    {
        QFETCH(QString, json);
        QFETCH(QString, message);
        Result<RunConfig> c = RunConfig::fromJson(parse(qPrintable(json)));
        QVERIFY(!c.isOk());
        QCOMPARE(c.status().kind(), ErrorKind::InvalidArgument);
        QVERIFY2(c.status().message().contains(message), qPrintable(c.status().message()));
    }

    void validate_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("key");
        QTest::addRow("no files") << "{'files': []}"
                                  << "files";
        QTest::addRow("pipeline knob") << "{'batch_size': 0}"
                                       << "batch_size";
        QTest::addRow("hidden") << "{'hidden': 1}"
                                << "hidden";
        QTest::addRow("input size") << "{'input_size': 1}"
                                    << "image_width";
        QTest::addRow("eval fraction") << "{'eval_fraction': 0.7}"
                                       << "eval_fraction";
        QTest::addRow("num classes") << "{'num_classes': 1}"
                                     << "num_classes";
        QTest::addRow("speed") << "{'speed': 0}"
                               << "speed";
        QTest::addRow("hang") << "{'hang_s': 0}"
                              << "hang_s";
        QTest::addRow("workers") << "{'workers': 0}"
                                 << "workers";
        QTest::addRow("stop probability") << "{'stop_probability': 2}"
                                          << "stop_probability";
        QTest::addRow("negative max steps") << "{'max_steps': -1}"
                                            << "max_steps";
        QTest::addRow("spec override") << "{'spec': {'image': {'colour': 3}}}"
                                       << "spec";
    }
    void validate()
    {
        QFETCH(QString, json);
        QFETCH(QString, key);
        RunConfig base;
        base.pipeline.files = {QStringLiteral("a.tfrecords")};
        QVERIFY(base.validate().isOk());
        Result<RunConfig> c = RunConfig::fromJson(parse(qPrintable(json)), base);
        QVERIFY2(c.isOk(), qPrintable(c.status().toString()));
        const Status s = c->validate();
        QCOMPARE(s.kind(), ErrorKind::InvalidArgument);
        QVERIFY2(s.message().contains(key), qPrintable(s.message()));
    }
};

QTEST_GUILESS_MAIN(TestRunConfig)
#include "tst_runconfig.moc"
