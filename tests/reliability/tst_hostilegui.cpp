// The window after hostile input: Start on a hostile file puts the error, naming its file,
// record and offset, in the status bar (never a dialog), and the same window then runs the
// bundled demo data as usual.
#include "demo/bundleddata.h"
#include "hostilefiles.h"

#include "controls/configpanel.h"
#include "controls/controlspanel.h"
#include "controls/runcontrols.h"
#include "run/pipeline.h"
#include "window/mainwindow.h"
#include "window/runcontroller.h"
#include "window/runstatusview.h"
#include "windowparts.h"

#include <QAction>
#include <QApplication>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;
using namespace qs::test;

namespace {

void setKnobs(MainWindow &window, int epochs, int evalEvery)
{
    RunConfig c;
    c.pipeline.numEpochs = epochs;
    c.pipeline.batchSize = 8;
    c.pipeline.exampleCapacity = 32;
    c.pipeline.minAfterDequeue = 8;
    c.pipeline.readerThreads = 2;
    c.trainer.hidden = 16;
    c.pipeline.imageWidth = c.pipeline.imageHeight = 8;
    c.trainer.evalEvery = evalEvery;
    // Join's grace period is not what this test is about: on a loaded machine (a sanitizer
    // build beside other suites) the default 5 s can pass before every thread has seen the
    // stop, and the run would rightly end with join's error.
    c.trainer.gracePeriodS = 600;
    c.trainer.evalFraction = evalEvery > 0 ? 0.1 : 0;
    c.trainer.evalMaxSamples = 40;
    test::configPanel(window)->setConfig(c);
}

bool names(const QString &text, const QString &what, qint64 value)
{
    return value < 0 || text.contains(QRegularExpression(QStringLiteral("\\b%1 %2\\b").arg(what).arg(value)));
}

QString describe(const MainWindow &window, const RunStatusView *status)
{
    const SnapshotPtr s = window.lastSnapshot();
    return QStringLiteral("status bar: %1; run %2, steps %3")
        .arg(status->summary())
        .arg(s ? int(s->run) : -1)
        .arg(s ? s->steps : -1);
}

} // namespace

class TestHostileGui : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("QueueScopeTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_hostilegui"));
        QVERIFY(m_dir.isValid());
    }
    void init() { QSettings().clear(); }

    void errorThenDemo_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<qint64>("record");
        QTest::addColumn<qint64>("offset");
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("refusedAtStart"); // else the run starts and ends with the error
        const auto at = [&](const char *name) { return m_dir.filePath(QLatin1String(name)); };

        Made m = HostileStream(Layout::RawDims).hostileBytes(header(1ull << 63)).good(3).write(at("first"));
        QTest::addRow("length 2^63 at record 0")
            << m.path << m.record << m.offset << "over the limit" << true;
        m = HostileStream(Layout::RawDims)
                .good(kGoodBefore)
                .hostileBytes(header(1ull << 63))
                .write(at("later"));
        QTest::addRow("length 2^63 at record 20")
            << m.path << m.record << m.offset << "over the limit" << false;
        m = withHostileFrame(at("nan"), Layout::FloatPixels, withFloatPixel(kNaN));
        QTest::addRow("NaN pixel") << m.path << m.record << m.offset << "holds nan at value 5" << false;
        m = bombZeroRecords(at("bomb.gz"), 1ll << 30);
        QTest::addRow("gzip bomb: 1 GiB of zero-filled records")
            << m.path << m.record << m.offset << "is not a tf.train.Example" << false;
        QVERIFY(writeBytes(at("empty"), {}));
        QTest::addRow("empty file") << at("empty") << qint64(-1) << qint64(-1) << "holds no records" << true;
        QVERIFY(QDir().mkpath(at("folder")));
        QTest::addRow("a directory") << at("folder") << qint64(-1) << qint64(-1) << "is a directory" << true;
    }
    void errorThenDemo()
    {
        QFETCH(QString, file);
        QFETCH(qint64, record);
        QFETCH(qint64, offset);
        QFETCH(QString, text);
        QFETCH(bool, refusedAtStart);
        if (!bundledDemo().isFound())
            QSKIP("the bundled demo data is not built (target qs_demo_data)");

        MainWindow window;
        RunController controller(&window);
        window.setPollInterval(20);
        window.resize(1200, 800);
        window.show();
        auto *status = window.findChild<RunStatusView *>();
        window.openFiles({file});
        setKnobs(window, 1, 0);
        QSignalSpy failed(&controller, &RunController::startFailed);
        test::runControls(window)->startAction()->trigger();
        if (refusedAtStart) {
            QCOMPARE(failed.count(), 1);
            QVERIFY(!controller.isRunning());
        } else {
            QCOMPARE(failed.count(), 0);
            QTRY_VERIFY2_WITH_TIMEOUT(!controller.isRunning(), qPrintable(describe(window, status)), 60000);
            window.poll(); // the ended run's last snapshot
            QCOMPARE(window.lastSnapshot()->how, EndHow::Error);
        }
        const QString shown = status->summary();
        QVERIFY2(shown.contains(text) && shown.contains(file), qPrintable(shown));
        QVERIFY2(names(shown, QStringLiteral("record"), record), qPrintable(shown));
        QVERIFY2(names(shown, QStringLiteral("offset"), offset), qPrintable(shown));
        QVERIFY(!QApplication::activeModalWidget());
        QVERIFY(test::runControls(window)->startAction()->isEnabled());
        QVERIFY(test::configPanel(window)->isEnabled());

        // The same window, now on the bundled demo data: a normal run, stopped by the user.
        window.openFiles({bundledDemo().trainFile});
        setKnobs(window, 0, 10);
        test::runControls(window)->startAction()->trigger();
        QCOMPARE(failed.count(), refusedAtStart ? 1 : 0);
        QVERIFY(controller.isRunning());
        QTRY_VERIFY2_WITH_TIMEOUT(window.lastSnapshot() && window.lastSnapshot()->steps > 5,
                                  qPrintable(describe(window, status)), 60000);
        QVERIFY2(!status->summary().contains(file), qPrintable(status->summary()));
        test::runControls(window)->stopAction()->trigger();
        QTRY_VERIFY2_WITH_TIMEOUT(!controller.isRunning(), qPrintable(describe(window, status)), 30000);
        window.poll();
        QVERIFY2(window.lastSnapshot()->how == EndHow::Stopped && window.lastSnapshot()->error.isOk(),
                 qPrintable(describe(window, status) + QStringLiteral("; error: ") +
                            window.lastSnapshot()->error.toString()));
        QVERIFY(window.lastSnapshot()->steps > 5);
    }
};

QTEST_MAIN(TestHostileGui)
#include "tst_hostilegui.moc"
