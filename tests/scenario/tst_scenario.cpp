#include "scenario/scenario.h"

#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;

class TestScenario : public QObject {
    Q_OBJECT
private slots:
    void builtinsAreTheIssuesList()
    {
        const QStringList names = Scenario::builtinNames();
        const QStringList expected{QStringLiteral("clean-end-of-data"),
                                   QStringLiteral("corrupt-record"),
                                   QStringLiteral("dataset-autotune"),
                                   QStringLiteral("dataset-cache"),
                                   QStringLiteral("dataset-corrupt-record"),
                                   QStringLiteral("dataset-ignore-errors"),
                                   QStringLiteral("dataset-map-after-batch"),
                                   QStringLiteral("dataset-map-error"),
                                   QStringLiteral("dataset-map-ignore-errors"),
                                   QStringLiteral("dataset-naive"),
                                   QStringLiteral("dataset-nondeterministic"),
                                   QStringLiteral("dataset-parallel-interleave"),
                                   QStringLiteral("dataset-parallel-map"),
                                   QStringLiteral("dataset-prefetch"),
                                   QStringLiteral("dataset-small-shuffle-buffer"),
                                   QStringLiteral("forgot-queue-runners"),
                                   QStringLiteral("naive-feed"),
                                   QStringLiteral("random-stop-workers"),
                                   QStringLiteral("reader-exception"),
                                   QStringLiteral("skip-corrupt"),
                                   QStringLiteral("slow-reader"),
                                   QStringLiteral("slow-trainer"),
                                   QStringLiteral("stuck-thread"),
                                   QStringLiteral("trainer-exception"),
                                   QStringLiteral("user-stop")};
        QCOMPARE(names, expected);
    }
    void everyBuiltinLoadsWithThreeLanguages()
    {
        for (const QString &name : Scenario::builtinNames()) {
            Result<Scenario> s = Scenario::load(name);
            QVERIFY2(s.isOk(), qPrintable(s.status().toString()));
            QCOMPARE(s->name, name);
            QVERIFY(!s->description.isEmpty());
            QVERIFY(s->expect.contains(QStringLiteral("how")));
            for (const char *lang : {"zh_TW", "zh_CN"}) {
                QVERIFY2(s->titleIn(QLatin1String(lang)) != s->title, qPrintable(name));
                QVERIFY2(s->descriptionIn(QLatin1String(lang)) != s->description, qPrintable(name));
            }
            QCOMPARE(s->titleIn(QStringLiteral("fr")), s->title);
        }
    }
    void faultsParse()
    {
        Result<Scenario> s = Scenario::load(QStringLiteral("corrupt-record"));
        QVERIFY(s.isOk());
        QCOMPARE(s->faults.size(), 1);
        QCOMPARE(s->faults[0].type, Fault::Type::CorruptRecord);
        QCOMPARE(s->faults[0].how, QStringLiteral("flip_data_crc"));
        Result<Scenario> t = Scenario::load(QStringLiteral("trainer-exception"));
        QVERIFY(t.isOk());
        QCOMPARE(t->faults[0].where, QStringLiteral("trainer"));
        QVERIFY(t->faults[0].atStep > 0);
    }
    void userFileLoads()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("mine.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"name":"mine","title":"Mine","description":"d","config":{"batch_size":8},
                    "faults":[{"type":"throw","where":"reader","after_records":3}]})");
        f.close();
        Result<Scenario> s = Scenario::load(path);
        QVERIFY2(s.isOk(), qPrintable(s.status().toString()));
        QCOMPARE(s->config.value(QStringLiteral("batch_size")).toInt(), 8);
        QCOMPARE(s->faults[0].afterRecords, 3);
    }
    void readsTheNewFaults()
    {
        Result<Scenario> s =
            Scenario::fromJson(QJsonDocument::fromJson(R"({"name":"n","title":"t","shards":4,"faults":[
                {"type":"slow_file","file":2,"delay_ms":15},{"type":"corrupt_image","file":1,"record":7}]})")
                                   .object(),
                               QStringLiteral("test"));
        QVERIFY2(s.isOk(), qPrintable(s.status().toString()));
        QCOMPARE(s->shards, 4);
        QCOMPARE(s->faults.size(), 2);
        QCOMPARE(s->faults[0].type, Fault::Type::SlowFile);
        QCOMPARE(s->faults[0].file, 2);
        QCOMPARE(s->faults[0].delayMs, 15);
        QCOMPARE(s->faults[1].type, Fault::Type::CorruptImage);
        QCOMPARE(s->faults[1].file, 1);
        QCOMPARE(s->faults[1].record, 7);
    }
    void badInputsAreClearErrors_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("needle");
        QTest::addRow("not json") << QByteArray("{nope") << QStringLiteral("not a JSON object");
        QTest::addRow("no name") << QByteArray(R"({"title":"t"})") << QStringLiteral("needs a \"name\"");
        QTest::addRow("bad fault") << QByteArray(R"({"name":"n","title":"t","faults":[{"type":"meteor"}]})")
                                   << QStringLiteral("unknown fault type 'meteor'");
        QTest::addRow("bad where") << QByteArray(R"({"name":"n","title":"t","faults":[{"type":"throw"}]})")
                                   << QStringLiteral("\"where\"");
        QTest::addRow("bad mode") << QByteArray(R"({"name":"n","title":"t","mode":"x"})")
                                  << QStringLiteral("unknown mode 'x'");
        QTest::addRow("pace too fast") << QByteArray(R"({"name":"n","title":"t","pace":2})")
                                       << QStringLiteral("\"pace\" must be a speed from 0.01 to 1");
        QTest::addRow("slow file without a delay")
            << QByteArray(R"({"name":"n","title":"t","faults":[{"type":"slow_file","file":0}]})")
            << QStringLiteral("\"delay_ms\" between 1 and 10000");
        QTest::addRow("shards out of range") << QByteArray(R"({"name":"n","title":"t","shards":65})")
                                             << QStringLiteral("\"shards\" must be between 0 and 64");
        QTest::addRow("pace not a number")
            << QByteArray(R"({"name":"n","title":"t","pace":"slow"})") << QStringLiteral("\"pace\"");
    }
    void badInputsAreClearErrors()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, needle);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(json);
        f.close();
        Result<Scenario> s = Scenario::load(path);
        QVERIFY(!s.isOk());
        QVERIFY2(s.status().message().contains(needle), qPrintable(s.status().message()));
        QVERIFY(s.status().message().contains(path));
    }
    void unknownNameListsBuiltins()
    {
        Result<Scenario> s = Scenario::load(QStringLiteral("no-such-thing"));
        QVERIFY(!s.isOk());
        QCOMPARE(s.status().kind(), ErrorKind::NotFound);
        QVERIFY(s.status().message().contains(QStringLiteral("user-stop")));
    }
};

QTEST_GUILESS_MAIN(TestScenario)
#include "tst_scenario.moc"
