// queuescope-cli settings prints the one knob table, and the README's table of run settings is
// exactly that output, so the docs cannot drift from the code.
#include "datasetcheck.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace qs::test;

class TestCliSettings : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        if (!QFileInfo::exists(cliPath()))
            QSKIP("queuescope-cli is not built");
    }

    void jsonListsEveryKnobOnce()
    {
        const CliRun r = runCli({QStringLiteral("settings"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray list = QJsonDocument::fromJson(r.out.toUtf8()).object().value("settings").toArray();
        QCOMPARE(list.size(), 48);
        bool found = false;
        for (const QJsonValue &v : list) {
            const QJsonObject o = v.toObject();
            if (o.value("key").toString() == QLatin1String("batch_size")) {
                found = true;
                QCOMPARE(o.value("flag").toString(), QStringLiteral("--batch-size"));
                QCOMPARE(o.value("default").toInt(), 32);
                QCOMPARE(o.value("min").toInt(), 1);
                QCOMPARE(o.value("tf").toString(), QStringLiteral("shuffle_batch(batch_size)"));
            }
        }
        QVERIFY(found);
    }

    void readmeShowsTheTable()
    {
        QFile readme(QStringLiteral(QS_SOURCE_DIR "/README.md"));
        QVERIFY(readme.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(readme.readAll());
        const CliRun r = runCli({QStringLiteral("settings")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(text.contains(r.out.trimmed()),
                 "README.md's run settings table differs from `queuescope-cli settings`: paste its output");
    }
};

QTEST_GUILESS_MAIN(TestCliSettings)
#include "tst_clisettings.moc"
