#include "eventlog/eventlogview.h"
#include "syntheticsnapshot.h"
#include "window/explanationview.h"
#include "window/mainwindow.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>

using namespace qs;

Q_DECLARE_METATYPE(qs::Snapshot)

namespace {

const QString kReader = QStringLiteral("QueueRunnerThread-shuffle_batch/random_shuffle_queue-enqueue_1");

Event makeEvent(qint64 seq, EventKind kind, const QString &thread, QJsonObject details)
{
    return Event{seq, seq * 1000, thread, kind, std::move(details)};
}

// The end of a corrupt-record run as the core records it: the reader's DataLoss, its first
// request_stop, the watchers' cancelling closes, a cancelled reader, the trainer's later
// request_stop and join.
Snapshot corruptRecordEnd()
{
    Snapshot s;
    s.run = RunState::Finished;
    s.how = EndHow::Error;
    s.error = Status(ErrorKind::DataLoss, QStringLiteral("corrupted record at offset 62560"),
                     Location{QStringLiteral("/data/demo-train.tfrecords"), 20, 62560})
                  .withThread(kReader);
    auto topology = std::make_shared<Topology>();
    topology->threads << TopologyThread{
        kReader, ThreadRole::Reader, CodeRole::Reader, QStringLiteral("reader 1"), {}, {}, {}};
    s.topology = topology;
    const QJsonObject error{{QStringLiteral("kind"), QStringLiteral("DataLoss")},
                            {QStringLiteral("message"), QStringLiteral("corrupted record at offset 62560")}};
    s.events = {
        makeEvent(0, EventKind::RequestStop, kReader,
                  {{QStringLiteral("error"), error}, {QStringLiteral("first"), true}}),
        makeEvent(1, EventKind::QueueClose, QStringLiteral("close_on_stop"),
                  {{QStringLiteral("queue"), QStringLiteral("input_producer")},
                   {QStringLiteral("cancel_pending"), true}}),
        makeEvent(2, EventKind::ThreadExit, QStringLiteral("reader 0"),
                  {{QStringLiteral("how"), QStringLiteral("cancelled")}}),
        makeEvent(3, EventKind::RequestStop, QStringLiteral("trainer"),
                  {{QStringLiteral("error"), QJsonValue()}, {QStringLiteral("first"), false}}),
        makeEvent(4, EventKind::Join, QStringLiteral("trainer"),
                  {{QStringLiteral("result"), QStringLiteral("error")},
                   {QStringLiteral("still_running"), QJsonArray()}}),
    };
    s.nextEventSeq = 5;
    return s;
}

} // namespace

// The explanation panel says in full what the status bar can only begin: the error with its
// file, record and offset and who raised it, what followed, and the lesson's hint.
class TestExplanation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void explainsACorruptRecord()
    {
        ExplanationView view;
        view.setSnapshot(corruptRecordEnd());
        const QString text = view.toPlainText();
        for (const char *words :
             {"The run has ended: ended by an error.", "DataLoss: corrupted record at offset 62560",
              "raised by reader 1", "/data/demo-train.tfrecords", "at record 20", "at byte offset 62560",
              "reader 1 asked every thread to stop (coord.request_stop) with the error.",
              "close_on_stop closed input_producer, cancelling the enqueues still waiting.",
              "1 later stop request(s) changed nothing",
              "Cancelled (their queue was closed under them): reader 0.", "re-raised the kept error",
              "Skip corrupt records"})
            QVERIFY2(text.contains(QLatin1String(words)),
                     qPrintable(QLatin1String(words) + QStringLiteral("\n") + text));
        // Selectable and copyable.
        QVERIFY(view.textInteractionFlags() & Qt::TextSelectableByMouse);
        view.selectAll();
        QVERIFY(view.textCursor().selectedText().contains(QStringLiteral("62560")));
    }
    void hintsFollowTheStory_data()
    {
        QTest::addColumn<Snapshot>("snap");
        QTest::addColumn<QString>("hint");
        Snapshot forgot;
        forgot.run = RunState::Finished;
        forgot.how = EndHow::Error;
        forgot.error = Status(ErrorKind::FailedPrecondition, QStringLiteral("the trainer has waited 3.0 s"))
                           .withThread(QStringLiteral("watchdog"));
        auto watchdog = std::make_shared<Topology>();
        watchdog->threads << TopologyThread{QStringLiteral("watchdog"),
                                            ThreadRole::Watcher,
                                            CodeRole::None,
                                            QStringLiteral("watchdog"),
                                            {},
                                            {},
                                            {}};
        forgot.topology = watchdog;
        QTest::addRow("forgot-queue-runners") << forgot << QStringLiteral("tf.train.start_queue_runners");
        Snapshot stuck;
        stuck.run = RunState::Finished;
        stuck.how = EndHow::Stopped;
        stuck.events = {
            makeEvent(0, EventKind::Join, QStringLiteral("main"),
                      {{QStringLiteral("result"), QStringLiteral("timeout")},
                       {QStringLiteral("still_running"), QJsonArray{QStringLiteral("stuck-worker")}}})};
        stuck.nextEventSeq = 1;
        QTest::addRow("stuck-thread") << stuck << QStringLiteral("stop_grace_period_secs");
        Snapshot clean;
        clean.run = RunState::Finished;
        clean.how = EndHow::EndOfData;
        QTest::addRow("clean end") << clean << QStringLiteral("OutOfRangeError");
    }
    void hintsFollowTheStory()
    {
        QFETCH(Snapshot, snap);
        QFETCH(QString, hint);
        ExplanationView view;
        view.setSnapshot(snap);
        QVERIFY2(view.toPlainText().contains(QStringLiteral("Hint:")), qPrintable(view.toPlainText()));
        QVERIFY2(view.toPlainText().contains(hint), qPrintable(view.toPlainText()));
    }
    // Selecting a row of the window's log explains that event; the link goes back to the run.
    void aLogRowIsExplained()
    {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.applySnapshot(std::make_shared<const Snapshot>(corruptRecordEnd()));
        auto *view = window.findChild<ExplanationView *>();
        QVERIFY(view);
        QVERIFY(view->isVisible()); // an error brings it forward
        auto *log = window.findChild<EventLogView *>();
        log->table()->setCurrentIndex(log->table()->model()->index(1, 0));
        QVERIFY(view->isShowingEvent());
        QVERIFY2(view->toPlainText().contains(QStringLiteral("queue.close()")),
                 qPrintable(view->toPlainText()));
        QVERIFY(view->toPlainText().contains(QStringLiteral("closes input_producer and cancels")));
        // The row also moved the time cursor there: the story is the run's up to that event,
        // before the error. Back at live it is the whole run's.
        QCOMPARE(window.cursorUs(), qint64(1000)); // the close, event 1
        view->showRun();
        QVERIFY(!view->toPlainText().contains(QStringLiteral("What went wrong")));
        window.followNow();
        view->showRun();
        QVERIFY(view->toPlainText().contains(QStringLiteral("What went wrong")));
        // A new run starts the story again.
        window.resetRun();
        QVERIFY(!view->toPlainText().contains(QStringLiteral("What went wrong")));
    }
};

QTEST_MAIN(TestExplanation)
#include "tst_explanation.moc"
