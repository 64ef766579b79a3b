// Saved runs in the window: a finished run saved with Save Run, opened again (Open Run, a drop,
// the command line's path), shows in every view what the live run showed at the same instant;
// files that are not runs, or are broken, are refused with a clear note and change nothing;
// File > Export writes the trace and the event log of the shown run.

#include "demodata.h"
#include "diagram/pipelinediagram.h"
#include "observe/runfilereader.h"
#include "timeline/threadtablemodel.h"
#include "window/mainwindow.h"
#include "window/runcontroller.h"
#include "window/runstatusview.h"
#include "windowparts.h"

#include <QAction>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;

namespace {

// What a view shows of a snapshot at t, in one comparable value.
QStringList viewOf(const Snapshot &s)
{
    QStringList out{QStringLiteral("t=%1 run=%2 events=%3 steps=%4")
                        .arg(s.tUs)
                        .arg(int(s.run))
                        .arg(s.events.size())
                        .arg(s.steps)};
    for (const ThreadInfo &t : s.threads)
        out << QStringLiteral("%1 %2 %3 %4").arg(t.name).arg(int(t.state)).arg(int(t.activity)).arg(t.detail);
    // A queue's size at t is its time bucket's mean: the saved run keeps every change, so its
    // buckets are the live run's.
    for (const QueueInfo &q : s.queues)
        out << QStringLiteral("%1 closed %2 size %3").arg(q.name).arg(q.closed).arg(q.size);
    // The samples view: the batch trained at t, as the run kept it.
    for (const Thumbnail &th : s.batch)
        out << QStringLiteral("sample %1 %2 %3 %4")
                   .arg(th.source)
                   .arg(th.label)
                   .arg(th.prediction)
                   .arg(qHash(th.pixels));
    return out;
}

} // namespace

class TestSavedRuns : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("QueueScopeTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_savedruns"));
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        const Result<QStringList> files =
            test::writeDemoTfRecords(m_dir.path(), QStringLiteral("demo"), 2, 60);
        QVERIFY2(files.isOk(), qPrintable(files.status().toString()));
        m_window = std::make_unique<MainWindow>();
        m_controller = std::make_unique<RunController>(m_window.get());
        QVERIFY(test::runSmallToTheEnd(*m_window, *m_controller, *files));
        QVERIFY(m_window->canScrub());
    }
    void cleanupTestCase()
    {
        m_controller.reset();
        m_window.reset();
    }

    void saveOpenShowsTheSameRun()
    {
        MainWindow &w = *m_window;
        const qint64 end = w.history().endUs();
        const QList<Event> &liveEvents = w.history().events();
        QVERIFY(!liveEvents.isEmpty());
        // The saved record ends with the run's last flush, at most a poll after its last event.
        const qint64 savedEnd = liveEvents.last().tUs;
        QList<QStringList> live;
        const QList<double> fractions{0.0, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99};
        for (double f : fractions) {
            w.setCursorUs(qint64(double(savedEnd) * f));
            live << viewOf(*w.shownSnapshot());
        }
        w.followNow();
        QVERIFY(
            live.last().join(QLatin1Char('\n')).contains(QStringLiteral("sample "))); // a batch to compare

        const QString path = m_dir.filePath(QStringLiteral("saved.qsrun"));
        QVERIFY(m_controller->saveRun(path));
        QVERIFY(RunFileReader::read(path).isOk());
        QVERIFY(MainWindow::isRunFile(path));
        QVERIFY2(m_controller->openRun(path).isOk(), qPrintable(w.findChild<RunStatusView *>()->summary()));
        QVERIFY(w.windowTitle().contains(QStringLiteral("saved.qsrun")));
        QVERIFY(w.canScrub());
        QVERIFY(w.history().endUs() >= savedEnd);
        QVERIFY(w.history().endUs() <= end);
        QCOMPARE(w.history().events().size(), liveEvents.size());
        for (qsizetype i = 0; i < fractions.size(); ++i) {
            w.setCursorUs(qint64(double(savedEnd) * fractions[i]));
            QCOMPARE(viewOf(*w.shownSnapshot()), live[i]);
            // The diagram draws the threads and queues the window shows at the cursor.
            QCOMPARE(viewOf(w.findChild<PipelineDiagram *>()->snapshot()).mid(1), live[i].mid(1));
        }
        // Previous/Next walk the opened run's events as they walked the live one's.
        QVERIFY(w.history().events().size() > 5);

        // Saving the opened run copies it whole.
        const QString again = m_dir.filePath(QStringLiteral("again.qsrun"));
        QVERIFY(m_controller->saveRun(again));
        QCOMPARE(RunFileReader::read(again)->last.events.size(),
                 RunFileReader::read(path)->last.events.size());
    }

    void exportsTheShownRun()
    {
        const QString trace = m_dir.filePath(QStringLiteral("run.trace.json"));
        QVERIFY(m_controller->exportRun(0, trace));
        QFile t(trace);
        QVERIFY(t.open(QIODevice::ReadOnly));
        QVERIFY(QJsonDocument::fromJson(t.readAll()).object().contains(QStringLiteral("traceEvents")));
        const QString jsonl = m_dir.filePath(QStringLiteral("run.events.jsonl"));
        QVERIFY(m_controller->exportRun(1, jsonl));
        QFile j(jsonl);
        QVERIFY(j.open(QIODevice::ReadOnly));
        QVERIFY(j.readAll().count('\n') >= m_window->history().events().size());
    }

    void refusesWhatIsNotARun_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("says");
        QTest::addRow("text") << QByteArray("just some text\n") << QStringLiteral("not");
        QByteArray truncated;
        {
            QFile f(m_dir.filePath(QStringLiteral("saved.qsrun")));
            if (f.open(QIODevice::ReadOnly))
                truncated = f.read(f.size() / 2);
        }
        QTest::addRow("truncated run") << truncated << QStringLiteral("damaged");
        QByteArray corrupt = truncated;
        if (corrupt.size() > 200)
            corrupt.replace(100, 60, QByteArray(60, '\xff'));
        QTest::addRow("corrupt header") << corrupt << QStringLiteral("qsrun");
    }
    void refusesWhatIsNotARun()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, says);
        const QString path =
            m_dir.filePath(QStringLiteral("bad-%1.qsrun").arg(QTest::currentDataTag()).replace(' ', '-'));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(content);
        }
        const SnapshotPtr before = m_window->lastSnapshot();
        const QString title = m_window->windowTitle();
        const Status s = m_controller->openRun(path);
        QVERIFY(!s.isOk());
        QVERIFY2(s.toString().contains(says), qPrintable(s.toString()));
        QCOMPARE(m_window->lastSnapshot(), before); // nothing changed
        QCOMPARE(m_window->windowTitle(), title);
        QVERIFY2(
            m_window->findChild<RunStatusView *>()->summary().contains(QStringLiteral("Cannot open the run")),
            qPrintable(m_window->findChild<RunStatusView *>()->summary()));
    }

    void aDroppedRunOpensAsARun()
    {
        const QString path = m_dir.filePath(QStringLiteral("saved.qsrun"));
        QVERIFY(QFile::exists(path));
        QSignalSpy opened(m_window.get(), &MainWindow::openRunRequested);
        QSignalSpy input(m_window.get(), &MainWindow::openFilesRequested);
        m_window->openDropped({path});
        QCOMPARE(opened.size(), 1);
        QCOMPARE(opened.first().first().toString(), path);
        QCOMPARE(input.size(), 0);
        QVERIFY(!MainWindow::isRunFile(m_dir.filePath(QStringLiteral("demo-0.tfrecords"))));
    }

private:
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<RunController> m_controller;
};

QTEST_MAIN(TestSavedRuns)
#include "tst_savedruns.moc"
