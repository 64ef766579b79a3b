#include "datasetcheck.h"

#include "demo/bundleddata.h"
#include "demo/demogenerator.h"

#include <QCoreApplication>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;
using namespace qs::test;

class TestBundledData : public QObject {
    Q_OBJECT
private slots:
    void settings()
    {
        const DemoOptions train = bundledDemoTrainOptions(), eval = bundledDemoEvalOptions();
        QCOMPARE(train.count, 2000);
        QCOMPARE(train.size, 32);
        QCOMPARE(train.classes, 4);
        QCOMPARE(eval.count, 400);
        QCOMPARE(eval.seed, demoEvalSeed(train.seed));
        QCOMPARE(eval.size, train.size);
        QCOMPARE(bundledDemoClassNames(), demoClassNames(4));
        QCOMPARE(bundledDemoWriterOptions().layout, DatasetLayout::Raw);
        QVERIFY(train.validate() && eval.validate());
    }

    void findsTheFirstFolderHoldingTheTrainingFile()
    {
        QTemporaryDir a, b, c;
        QFile marker(QDir(b.path()).filePath(QLatin1String(kBundledDemoTrainFile)));
        QVERIFY(marker.open(QIODevice::WriteOnly));
        marker.close();
        QFile other(QDir(c.path()).filePath(QLatin1String(kBundledDemoTrainFile)));
        QVERIFY(other.open(QIODevice::WriteOnly));
        other.close();
        QCOMPARE(findBundledDemoDir({a.path(), b.path(), c.path()}), b.path());
        QCOMPARE(findBundledDemoDir({a.path()}), QString());
        QCOMPARE(findBundledDemoDir({}), QString());
    }

    void searchPathOrder()
    {
        const QString bin = QCoreApplication::applicationDirPath();
        qunsetenv("QS_DEMO_DIR");
        QStringList path = bundledDemoSearchPath();
        QCOMPARE(path.value(0), QDir::cleanPath(bin + QStringLiteral("/../data")));
        QCOMPARE(path.value(1), QDir::cleanPath(bin + QStringLiteral("/../share/queuescope/demo")));
        QVERIFY2(path.last().endsWith(QStringLiteral("/share/queuescope/demo")), qPrintable(path.last()));
        qputenv("QS_DEMO_DIR", "/somewhere/else");
        path = bundledDemoSearchPath();
        qunsetenv("QS_DEMO_DIR");
        QCOMPARE(path.value(0), QStringLiteral("/somewhere/else"));
    }

    void noBundledDemoLeavesOnlyTheEnvFolder()
    {
        const auto restore = qScopeGuard([] {
            qunsetenv("QS_NO_BUNDLED_DEMO");
            qunsetenv("QS_DEMO_DIR");
        });
        qputenv("QS_NO_BUNDLED_DEMO", "1");
        qunsetenv("QS_DEMO_DIR");
        QCOMPARE(bundledDemoSearchPath(), QStringList());
        QVERIFY(!bundledDemo().isFound());
        qputenv("QS_DEMO_DIR", "/somewhere/else");
        QCOMPARE(bundledDemoSearchPath(), QStringList{QStringLiteral("/somewhere/else")});
    }

    // The build writes <build>/data (target qs_demo_data); tests run from <build>/bin.
    void theBuildTreeHoldsTheDataset()
    {
        const QString dir = bundledDemoDir();
        if (dir.isEmpty())
            QSKIP("no bundled demo data next to the test: build the qs_demo_data target first");
        QCOMPARE(QDir(dir).canonicalPath(), QDir(QStringLiteral(QS_BINARY_DIR "/data")).canonicalPath());
        const struct {
            const char *file;
            DemoOptions demo;
        } splits[] = {{kBundledDemoTrainFile, bundledDemoTrainOptions()},
                      {kBundledDemoEvalFile, bundledDemoEvalOptions()}};
        for (const auto &split : splits) {
            const Result<ReadBack> back = readDataset({QDir(dir).filePath(QLatin1String(split.file))});
            QVERIFY2(back, qPrintable(back.status().toString()));
            QCOMPARE(qint64(back->samples.size()), split.demo.count);
            QCOMPARE(back->spec.image->encoding, ImageEncoding::Raw);
            const DemoGenerator generator = *DemoGenerator::create(split.demo);
            std::vector<qint64> perLabel(size_t(split.demo.classes), 0);
            for (size_t i = 0; i < back->samples.size(); ++i) {
                QCOMPARE(back->samples[i].label, generator.labelOf(qint64(i)));
                ++perLabel[size_t(back->samples[i].label)];
            }
            QCOMPARE(perLabel,
                     std::vector<qint64>(size_t(split.demo.classes), split.demo.count / split.demo.classes));
            for (const qint64 i : {qint64(0), qint64(17), split.demo.count - 1})
                QVERIFY(sameImage(back->samples[size_t(i)].image, generator.sample(i).image));
        }
    }

    void writingAgainGivesTheSameBytes()
    {
        const QString built = bundledDemoDir();
        if (built.isEmpty())
            QSKIP("no bundled demo data next to the test: build the qs_demo_data target first");
        QTemporaryDir dir;
        const QString target = QDir(dir.path()).filePath(QStringLiteral("nested/demo"));
        int calls = 0;
        QVERIFY(writeBundledDemo(target, {{}, [&](qint64) { ++calls; }}));
        QCOMPARE(calls, 2400);
        for (const char *file : {kBundledDemoTrainFile, kBundledDemoEvalFile}) {
            const QByteArray mine = fileBytes(QDir(target).filePath(QLatin1String(file)));
            QVERIFY(!mine.isEmpty());
            QCOMPARE(mine, fileBytes(QDir(built).filePath(QLatin1String(file))));
        }
        QCOMPARE(findBundledDemoDir({target}), target);
    }
};

QTEST_GUILESS_MAIN(TestBundledData)
#include "tst_bundleddata.moc"
