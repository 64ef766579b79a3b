#include "controls/runcontrols.h"
#include "eventlog/eventlogmodel.h"
#include "eventlog/eventlogview.h"
#include "imagecheck.h"
#include "scenario/scenario.h"
#include "syntheticsnapshot.h"
#include "timeline/threadtablemodel.h"
#include "timeline/threadtimeline.h"
#include "window/inputblock.h"
#include "window/mainwindow.h"
#include "windowparts.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QMimeData>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QUrl>

using namespace qs;

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("QueueScopeTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_mainwindow"));
        QSettings().clear();
    }
    void feedsEveryPanelFromTheSource()
    {
        const test::SyntheticRun run;
        qint64 now = 0;
        QList<qint64> cursors;
        MainWindow window([&](qint64 cursor) {
            cursors.append(cursor);
            now = std::min(now + run.durationUs() / 40, run.durationUs());
            return run.shared(now, cursor);
        });
        window.setPollInterval(5);
        window.resize(1400, 900);
        window.show();
        QTRY_VERIFY_WITH_TIMEOUT(window.lastSnapshot() && window.lastSnapshot()->tUs == run.durationUs(),
                                 20000);
        // The cursor handed back is the previous snapshot's nextEventSeq, so each event comes once.
        QCOMPARE(cursors.first(), qint64(0));
        QCOMPARE(window.eventCursor(), qint64(run.eventCount()));
        auto *log = window.findChild<EventLogView *>();
        QVERIFY(log);
        QCOMPARE(log->model()->rowCount(), run.eventCount());
        auto *timeline = window.findChild<ThreadTimeline *>();
        QVERIFY(timeline);
        QCOMPARE(timeline->laneCount(), run.end().threads.size());
        const QImage image = window.grab().toImage();
        QVERIFY2(test::grayDeviation(image) > 20, qPrintable(QString::number(test::grayDeviation(image))));
    }
    void emptyWindowDrawsSomething()
    {
        MainWindow window;
        window.show();
        QVERIFY(window.lastSnapshot());
        QCOMPARE(window.lastSnapshot()->run, RunState::Idle);
        QVERIFY(test::grayDeviation(window.grab().toImage()) > 10);
    }
    // The thread table waits behind the event log's tab and is fed only once it shows.
    void theThreadTableCatchesUpWhenItShows()
    {
        QSettings().clear(); // the default layout: the event log's tab in front
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const test::SyntheticRun run;
        auto *model = window.findChild<ThreadTableModel *>();
        QVERIFY(model);
        window.applySnapshot(run.shared(run.durationUs() / 2, window.eventCursor()));
        QCOMPARE(model->rowCount(), 0);
        QVERIFY(window.showPanel(QStringLiteral("threads")));
        QTRY_COMPARE(model->rowCount(), int(run.at(run.durationUs() / 2).threads.size()));
        window.applySnapshot(run.shared(run.durationUs(), window.eventCursor()));
        QCOMPARE(model->rowCount(), int(run.end().threads.size())); // and follows the run from then on
        QVERIFY(window.showPanel(QStringLiteral("events")));
    }
    void aNewRunStartsTheLogAgain()
    {
        MainWindow window;
        const test::SyntheticRun run;
        window.applySnapshot(run.shared(run.durationUs(), 0));
        auto *log = window.findChild<EventLogView *>();
        QCOMPARE(log->model()->rowCount(), run.eventCount());
        // A second run: its sequence starts again below the cursor.
        window.applySnapshot(run.shared(100'000, window.eventCursor()));
        QCOMPARE(log->model()->rowCount(), 0);
        QCOMPARE(window.eventCursor(), qint64(0));
        window.applySnapshot(run.shared(100'000, window.eventCursor()));
        QCOMPARE(log->model()->rowCount(), run.at(100'000).events.size());
    }
    void actionsBecomeSignals()
    {
        MainWindow window;
        QSignalSpy start(&window, &MainWindow::startRequested);
        QSignalSpy stop(&window, &MainWindow::stopRequested);
        QSignalSpy stepMode(&window, &MainWindow::stepModeToggled);
        QSignalSpy next(&window, &MainWindow::nextStepRequested);
        QSignalSpy speed(&window, &MainWindow::speedChanged);
        RunControls *c = test::runControls(window);
        c->startAction()->trigger();
        QCOMPARE(start.count(), 0); // nothing to read yet
        window.setDefaultInput({QStringLiteral("/demo/demo-train.tfrecords")});
        c->startAction()->trigger();
        QCOMPARE(start.count(), 1);
        Snapshot running;
        running.run = RunState::Running;
        window.applySnapshot(std::make_shared<const Snapshot>(running));
        QVERIFY(!c->startAction()->isEnabled());
        c->stopAction()->trigger();
        QCOMPARE(stop.count(), 1);
        c->stepModeAction()->trigger();
        QCOMPARE(stepMode.count(), 1);
        QCOMPARE(stepMode.at(0).at(0).toBool(), true);
        window.applySnapshot(std::make_shared<const Snapshot>(running)); // not yet applied by the pipeline
        QVERIFY(c->stepModeAction()->isChecked());
        QVERIFY(c->nextStepAction()->isEnabled());
        c->nextStepAction()->trigger();
        QCOMPARE(next.count(), 1);
        c->speedBox()->setCurrentIndex(3);
        emit c->speedBox()->activated(3);
        QCOMPARE(speed.count(), 1);
        QCOMPARE(speed.at(0).at(0).toDouble(), c->speed());
        QVERIFY(speed.at(0).at(0).toDouble() < 1.0);
    }
    void dropsAndRecentFiles()
    {
        QTemporaryDir dir;
        const QString a = dir.filePath(QStringLiteral("a.tfrecords"));
        const QString b = dir.filePath(QStringLiteral("b.tfrecords"));
        for (const QString &path : {a, b}) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
        }
        MainWindow window;
        QSignalSpy open(&window, &MainWindow::openFilesRequested);
        QMimeData mime;
        mime.setUrls(
            {QUrl::fromLocalFile(a), QUrl::fromLocalFile(b), QUrl(QStringLiteral("https://example.org/x"))});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &drop);
        QCOMPARE(open.count(), 1);
        QCOMPARE(open.at(0).at(0).toStringList(), QStringList({a, b}));
        QCOMPARE(QSettings().value(QStringLiteral("recentFiles")).toStringList().mid(0, 2),
                 QStringList({a, b}));
        QVERIFY(window.windowTitle().contains(QStringLiteral("2 input files")));
    }
    void inputIsDroppedWhileBlocked()
    {
        // RunController::readRun holds an InputBlock while a saved run opens. A click on Start,
        // its key, and a dropped file meanwhile are lost, not replayed once the block ends;
        // the window's own events (timers, paints) go on.
        MainWindow window;
        window.setDefaultInput({QStringLiteral("/demo/demo-train.tfrecords")});
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QSignalSpy start(&window, &MainWindow::startRequested);
        QSignalSpy open(&window, &MainWindow::openFilesRequested);
        QAction *startAction = test::runControls(window)->startAction();
        QWidget *startButton = nullptr;
        for (QObject *o : startAction->associatedObjects()) {
            if (auto *w = qobject_cast<QToolButton *>(o); w && w->isVisible())
                startButton = w;
        }
        QVERIFY(startButton);
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("a.tfrecords"));
        QFile touched(file);
        QVERIFY(touched.open(QIODevice::WriteOnly));
        touched.close();
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(file)});
        const auto userActs = [&] {
            QTest::mouseClick(startButton, Qt::LeftButton);
            QTest::keyClick(&window, Qt::Key_F5);
            QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
            QApplication::sendEvent(&window, &enter);
            QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
            QApplication::sendEvent(&window, &drop);
        };
        {
            InputBlock block;
            QCOMPARE(QApplication::overrideCursor()->shape(), Qt::BusyCursor);
            bool timerRan = false;
            QTimer::singleShot(0, &window, [&timerRan] { timerRan = true; });
            userActs();
            QVERIFY(QTest::qWaitFor([&] { return timerRan; }));
            QVERIFY(block.dropped() >= 3);
            QCOMPARE(start.count(), 0);
            QCOMPARE(open.count(), 0);
        }
        QCoreApplication::processEvents(); // nothing was kept for later
        QCOMPARE(start.count(), 0);
        QCOMPARE(open.count(), 0);
        QVERIFY(!QApplication::overrideCursor());
        userActs();
        QCOMPARE(start.count(), 2); // the click and F5
        QCOMPARE(open.count(), 1);
    }
    void docksAreNamedAndTheLayoutIsKept()
    {
        QByteArray saved;
        {
            MainWindow window;
            const QList<QDockWidget *> docks = window.findChildren<QDockWidget *>();
            QCOMPARE(docks.size(), 11);
            for (QDockWidget *d : docks) {
                QVERIFY(!d->objectName().isEmpty());
                QVERIFY(!d->windowTitle().isEmpty());
            }
            window.findChild<QDockWidget *>(QStringLiteral("samplesDock"))->hide();
            window.close(); // saves the layout
            saved = QSettings().value(QStringLiteral("window/state")).toByteArray();
        }
        QVERIFY(!saved.isEmpty());
        MainWindow again;
        again.show();
        QVERIFY(again.findChild<QDockWidget *>(QStringLiteral("samplesDock"))->isHidden());
        QSettings().remove(QStringLiteral("window/state"));
    }
    void presentationZoomScalesFontsAndLanes()
    {
        MainWindow window;
        window.show();
        auto *timeline = window.findChild<ThreadTimeline *>();
        const int lane = timeline->laneHeight();
        const qreal size = QApplication::font().pointSizeF();
        window.zoomIn();
        window.zoomIn();
        QVERIFY(window.presentationZoom() > 1.4);
        QVERIFY(QApplication::font().pointSizeF() > size * 1.4);
        QTRY_VERIFY(timeline->laneHeight() > lane);
        window.zoomReset();
        QCOMPARE(QApplication::font().pointSizeF(), size);
        QTRY_COMPARE(timeline->laneHeight(), lane);
    }
    void scenarios()
    {
        MainWindow window;
        QSignalSpy chosen(&window, &MainWindow::scenarioChosen);
        QVERIFY(!window.selectScenario(QStringLiteral("hang")));
        QCOMPARE(chosen.count(), 0);
        QVERIFY(window.selectScenario(QStringLiteral("slow-reader")));
        QCOMPARE(window.scenario(), QStringLiteral("slow-reader"));
        QCOMPARE(chosen.count(), 1);
        QVERIFY(window.selectScenario(QString()));
        QCOMPARE(window.scenario(), QString());
    }

    // Each built-in scenario brings its teaching pace to the Speed box (a speed the box offers),
    // the user can change it, and no scenario goes back to full speed.
    void scenarioSetsItsPace()
    {
        MainWindow window;
        QSignalSpy speed(&window, &MainWindow::speedChanged);
        bool anySlow = false;
        for (const QString &name : Scenario::builtinNames()) {
            const Result<Scenario> s = Scenario::load(name);
            QVERIFY2(s.isOk(), qPrintable(name));
            QVERIFY(window.selectScenario(name));
            QVERIFY2(
                qAbs(window.speed() - s->pace) < 1e-9,
                qPrintable(
                    QStringLiteral("%1: pace %2, Speed box %3").arg(name).arg(s->pace).arg(window.speed())));
            anySlow = anySlow || s->pace < 1;
        }
        QVERIFY(anySlow);
        QVERIFY(speed.count() > 0);
        QVERIFY(window.selectScenario(QString()));
        QCOMPARE(window.speed(), 1.0);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
