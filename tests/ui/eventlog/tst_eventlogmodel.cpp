#include "eventlog/eventlogfilter.h"
#include "eventlog/eventlogmodel.h"
#include "eventlog/eventlogview.h"
#include "eventlog/quietscrollbar.h"
#include "syntheticsnapshot.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QJsonArray>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace qs;

Q_DECLARE_METATYPE(qs::Event)

namespace {
QList<Event> makeEvents(qint64 firstSeq, int n)
{
    QList<Event> events;
    for (int i = 0; i < n; ++i) {
        const qint64 seq = firstSeq + i;
        events.append({seq,
                       seq * 1000,
                       QStringLiteral("reader_%1").arg(seq % 3),
                       seq % 5 == 0 ? EventKind::Error : EventKind::Note,
                       {{QStringLiteral("n"), double(seq)}}});
    }
    return events;
}

// Events with the fields the core writes (observe/snapshot.h), as a corrupt-record run has them.
Event ev(EventKind kind, const QString &thread, QJsonObject details)
{
    static qint64 seq = 0;
    return Event{seq++, seq * 1000, thread, kind, std::move(details)};
}
QJsonObject dataLoss()
{
    return {{QStringLiteral("kind"), QStringLiteral("DataLoss")},
            {QStringLiteral("message"), QStringLiteral("corrupted record at offset 62560")},
            {QStringLiteral("thread"), QStringLiteral("QueueRunner/shuffle_batch/random_shuffle_queue/1")},
            {QStringLiteral("file"), QStringLiteral("/tmp/run/demo-train.tfrecords")},
            {QStringLiteral("record"), 20},
            {QStringLiteral("offset"), 62560}};
}
} // namespace

class TestEventLogModel : public QObject {
    Q_OBJECT
private slots:
    // What happened in words, never raw fields: "kept: true", "error: null", "first: …" are gone.
    void detailsAreWords_data()
    {
        QTest::addColumn<Event>("event");
        QTest::addColumn<QStringList>("words");
        QJsonObject kept = dataLoss();
        kept.insert(QStringLiteral("kept"), true);
        QTest::addRow("error kept") << ev(EventKind::Error, QStringLiteral("reader"), kept)
                                    << QStringList{
                                           QStringLiteral("DataLoss: corrupted record at offset 62560"),
                                           QStringLiteral("file demo-train.tfrecords"),
                                           QStringLiteral("record 20"), QStringLiteral("offset 62560"),
                                           QStringLiteral("kept as the run's error")};
        QTest::addRow("first request_stop with its error")
            << ev(EventKind::RequestStop, QStringLiteral("trainer"),
                  {{QStringLiteral("error"), dataLoss()}, {QStringLiteral("first"), true}})
            << QStringList{QStringLiteral("asks every thread to stop: the first error — DataLoss")};
        QTest::addRow("later request_stop")
            << ev(EventKind::RequestStop, QStringLiteral("trainer"),
                  {{QStringLiteral("error"), QJsonValue()}, {QStringLiteral("first"), false}})
            << QStringList{QStringLiteral("a stop was already requested")};
        QTest::addRow("cancelling close")
            << ev(EventKind::QueueClose, QStringLiteral("close_on_stop"),
                  {{QStringLiteral("queue"), QStringLiteral("input_producer")},
                   {QStringLiteral("cancel_pending"), true}})
            << QStringList{QStringLiteral("closes input_producer and cancels the enqueues still waiting")};
        QTest::addRow("clean exit") << ev(EventKind::ThreadExit, QStringLiteral("reader"),
                                          {{QStringLiteral("how"), QStringLiteral("clean")}})
                                    << QStringList{QStringLiteral("ends normally")};
        QTest::addRow("join timeout")
            << ev(EventKind::Join, QStringLiteral("main"),
                  {{QStringLiteral("result"), QStringLiteral("timeout")},
                   {QStringLiteral("still_running"), QJsonArray{QStringLiteral("stuck-worker")}}})
            << QStringList{QStringLiteral("join gives up waiting for stuck-worker")};
        QTest::addRow("end") << ev(EventKind::End, QStringLiteral("main"),
                                   {{QStringLiteral("how"), QStringLiteral("error")},
                                    {QStringLiteral("error"), dataLoss()}})
                             << QStringList{QStringLiteral("the run ends: ended by an error — DataLoss")};
        QJsonObject skipped = dataLoss();
        skipped.insert(QStringLiteral("what"), QStringLiteral("skipped_record"));
        QTest::addRow("skipped record")
            << ev(EventKind::Note, QStringLiteral("reader"), skipped)
            << QStringList{
                   QStringLiteral("skipped corrupt record 20 at offset 62560 in …/demo-train.tfrecords"),
                   QStringLiteral("DataLoss")};
        // An image that did not decode in a sound record (ignore_errors after map): not corrupt.
        QJsonObject undecodable = dataLoss();
        undecodable.insert(QStringLiteral("what"), QStringLiteral("skipped_record"));
        undecodable.insert(QStringLiteral("kind"), QStringLiteral("InvalidArgument"));
        undecodable.insert(QStringLiteral("message"), QStringLiteral("cannot decode the image"));
        QTest::addRow("skipped undecodable record")
            << ev(EventKind::Note, QStringLiteral("reader"), undecodable)
            << QStringList{QStringLiteral("skipped record 20 at offset 62560 in …/demo-train.tfrecords — "),
                           QStringLiteral("cannot decode the image")};
        QTest::addRow("run plan")
            << ev(EventKind::Note, QStringLiteral("main"),
                  {{QStringLiteral("what"), QStringLiteral("run_plan")},
                   {QStringLiteral("input"), QStringLiteral("16x16x3")},
                   {QStringLiteral("input_only"), true},
                   {QStringLiteral("epochs"), 12},
                   {QStringLiteral("allow_smaller_final_batch"), false},
                   {QStringLiteral("notices"),
                    QJsonArray{QStringLiteral("an epoch holds 25 training records")}},
                   {QStringLiteral("warnings"), QJsonArray{}}})
            << QStringList{QStringLiteral("model input 16x16x3, 12 epoch(s), no label: input pipeline only"),
                           QStringLiteral("an epoch holds 25 training records")};
        QTest::addRow("confusion")
            << ev(EventKind::Note, QStringLiteral("trainer"),
                  {{QStringLiteral("what"), QStringLiteral("confusion")},
                   {QStringLiteral("step"), 40},
                   {QStringLiteral("classes"), QJsonArray{QStringLiteral("circle"), QStringLiteral("cross")}},
                   {QStringLiteral("per_class_accuracy"), QJsonArray{0.875, QJsonValue()}},
                   {QStringLiteral("counts"), QJsonArray{8, 0}}})
            << QStringList{QStringLiteral("held-out accuracy per class at step 40"),
                           QStringLiteral("circle 88%"), QStringLiteral("cross none held out")};
    }
    // A record skip_corrupt dropped is an event of its own to the reader of the log, not a "note".
    void aSkipHasAKindOfItsOwn()
    {
        QJsonObject skipped = dataLoss();
        skipped.insert(QStringLiteral("what"), QStringLiteral("skipped_record"));
        EventLogModel model;
        model.append({ev(EventKind::Note, QStringLiteral("reader"), skipped),
                      ev(EventKind::Note, QStringLiteral("trainer"),
                         {{QStringLiteral("what"), QStringLiteral("speed")}})},
                     -1);
        QCOMPARE(model.index(0, EventLogModel::Kind).data().toString(), QStringLiteral("skipped record"));
        QCOMPARE(model.index(1, EventLogModel::Kind).data().toString(), QStringLiteral("note"));
    }
    void detailsAreWords()
    {
        QFETCH(Event, event);
        QFETCH(QStringList, words);
        EventLogModel model;
        model.append({event}, event.seq + 1);
        const QString text = model.index(0, EventLogModel::Details).data().toString();
        for (const QString &w : words)
            QVERIFY2(text.contains(w), qPrintable(text));
        for (const char *raw : {"kept:", "null", "first:", "how:", "cancel_pending", "still_running"})
            QVERIFY2(!text.contains(QLatin1String(raw)), qPrintable(text));
        // The tooltip keeps the fields as recorded, for whoever wants them.
        QVERIFY(model.index(0, EventLogModel::Details).data(Qt::ToolTipRole).toString().contains(text));
    }
    // Every row says who: the topology's short label with the full name on hover, and the
    // window's user for a Stop pressed in the window (which runs on no pipeline thread).
    void everyRowHasAThread()
    {
        auto topology = std::make_shared<Topology>();
        topology->threads << TopologyThread{
            QStringLiteral("QueueRunner/shuffle_batch/random_shuffle_queue/1"),
            ThreadRole::Reader,
            CodeRole::Reader,
            QStringLiteral("reader 1"),
            {},
            {},
            {}};
        EventLogModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTopology(topology);
        model.append(
            {ev(EventKind::ThreadExit, QStringLiteral("QueueRunner/shuffle_batch/random_shuffle_queue/1"),
                {{QStringLiteral("how"), QStringLiteral("clean")}}),
             ev(EventKind::RequestStop, QString(),
                {{QStringLiteral("error"), QJsonValue()}, {QStringLiteral("first"), true}}),
             ev(EventKind::Note, QString(),
                {{QStringLiteral("what"), QStringLiteral("speed")}, {QStringLiteral("speed"), 0.1}})},
            -1);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.index(0, EventLogModel::Thread).data().toString(), QStringLiteral("reader 1"));
        QCOMPARE(model.index(0, EventLogModel::Thread).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("QueueRunner/shuffle_batch/random_shuffle_queue/1"));
        QCOMPARE(model.index(1, EventLogModel::Thread).data().toString(), QStringLiteral("you (Stop)"));
        QCOMPARE(model.index(1, EventLogModel::Details).data().toString(),
                 QStringLiteral("asks every thread to stop"));
        QCOMPARE(model.index(2, EventLogModel::Thread).data().toString(), QStringLiteral("you (speed)"));
        QCOMPARE(model.index(2, EventLogModel::Details).data().toString(),
                 QStringLiteral("speed: 10× slower"));
        for (int row = 0; row < model.rowCount(); ++row)
            QVERIFY(!model.index(row, EventLogModel::Thread).data().toString().isEmpty());
        // Without the topology the full name shows.
        model.setTopology(nullptr);
        QCOMPARE(model.index(0, EventLogModel::Thread).data().toString(),
                 QStringLiteral("QueueRunner/shuffle_batch/random_shuffle_queue/1"));
    }
    void appendsAndShowsColumns()
    {
        EventLogModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.append(makeEvents(0, 10), 10);
        QCOMPARE(model.rowCount(), 10);
        QCOMPARE(model.columnCount(), int(EventLogModel::ColumnCount));
        const QModelIndex first = model.index(0, EventLogModel::Kind);
        QCOMPARE(first.data().toString(), QStringLiteral("error"));
        QCOMPARE(first.data(EventLogModel::KindRole).toInt(), int(EventKind::Error));
        QCOMPARE(model.index(1, 0).data(EventLogModel::ThreadRole).toString(), QStringLiteral("reader_1"));
        QCOMPARE(model.index(3, 0).data(EventLogModel::SeqRole).toLongLong(), qint64(3));
        QCOMPARE(model.index(3, EventLogModel::Time).data().toString(), QStringLiteral("0.003 s"));
        QCOMPARE(model.index(4, EventLogModel::Details).data().toString(), QStringLiteral("n: 4"));
        QCOMPARE(model.headerData(EventLogModel::Thread, Qt::Horizontal).toString(),
                 QStringLiteral("Thread"));
    }
    void skipsEventsAlreadySeen()
    {
        EventLogModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.append(makeEvents(0, 5), 5);
        model.append(makeEvents(0, 8), 8); // the same cursor asked twice
        QCOMPARE(model.rowCount(), 8);
        QCOMPARE(model.lastSeq(), qint64(7));
    }
    void appendsPastTheBound_data()
    {
        QTest::addColumn<int>("bound");
        QTest::addColumn<int>("batch");
        QTest::addColumn<int>("total");
        QTest::addRow("small batches") << 100 << 30 << 250;
        QTest::addRow("one batch larger than the bound") << 50 << 120 << 120;
        QTest::addRow("batches of one") << 7 << 1 << 20;
        QTest::addRow("batches of one, a tenth dropped at once") << 100 << 1 << 345;
    }
    void appendsPastTheBound()
    {
        QFETCH(int, bound);
        QFETCH(int, batch);
        QFETCH(int, total);
        EventLogModel model(bound);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        for (int seq = 0; seq < total; seq += batch)
            model.append(makeEvents(seq, std::min(batch, total - seq)), std::min(seq + batch, total));
        // Within the bound, and past it less by at most the slack the model drops at once.
        QVERIFY(model.rowCount() <= std::min(bound, total));
        QVERIFY(model.rowCount() > std::min(bound, total) - model.slack());
        QVERIFY(removed.count() <= std::max(0, total - bound) / model.slack() + 1); // not a row at a time
        QCOMPARE(model.index(0, 0).data(EventLogModel::SeqRole).toLongLong(),
                 qint64(total - model.rowCount()));
        QCOMPARE(model.index(model.rowCount() - 1, 0).data(EventLogModel::SeqRole).toLongLong(),
                 qint64(total - 1));
    }
    void aNewRunClearsTheLog()
    {
        EventLogModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy threads(&model, &EventLogModel::threadNamesChanged);
        model.append(makeEvents(0, 20), 20);
        QCOMPARE(model.threadNames().size(), 3);
        model.append(makeEvents(0, 4), 4); // the sequence went back: another run
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.index(0, 0).data(EventLogModel::SeqRole).toLongLong(), qint64(0));
        QVERIFY(threads.count() >= 2);
    }
    void filterByThreadAndKind_data()
    {
        QTest::addColumn<QString>("thread");
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("rows");
        // 30 events: thread = seq % 3, Error when seq % 5 == 0.
        QTest::addRow("everything") << QString() << -1 << 30;
        QTest::addRow("one thread") << QStringLiteral("reader_1") << -1 << 10;
        QTest::addRow("one kind") << QString() << int(EventKind::Error) << 6;
        QTest::addRow("both") << QStringLiteral("reader_0") << int(EventKind::Error) << 2;
        QTest::addRow("unknown thread") << QStringLiteral("nobody") << -1 << 0;
    }
    void filterByThreadAndKind()
    {
        QFETCH(QString, thread);
        QFETCH(int, kind);
        QFETCH(int, rows);
        EventLogModel model;
        EventLogFilter filter;
        filter.setSourceModel(&model);
        QAbstractItemModelTester tester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
        filter.setThread(thread);
        filter.setKind(kind);
        model.append(makeEvents(0, 30), 30);
        QCOMPARE(filter.rowCount(), rows);
        for (int r = 0; r < filter.rowCount(); ++r) {
            const QModelIndex i = filter.index(r, 0);
            if (!thread.isEmpty())
                QCOMPARE(i.data(EventLogModel::ThreadRole).toString(), thread);
            if (kind >= 0)
                QCOMPARE(i.data(EventLogModel::KindRole).toInt(), kind);
        }
        filter.setThread({});
        filter.setKind(-1);
        QCOMPARE(filter.rowCount(), 30);
    }
    // The log keeps the newest row in view while the user is at the bottom, and leaves the rows
    // where they are once the user scrolled up to read; with the mouse over the rows or not.
    void followsTheNewestRowUntilScrolledUp_data()
    {
        QTest::addColumn<bool>("mouseOver");
        QTest::addRow("mouse elsewhere") << false;
        QTest::addRow("mouse over the rows") << true;
    }
    void followsTheNewestRowUntilScrolledUp()
    {
        QFETCH(bool, mouseOver);
        EventLogView view;
        view.resize(600, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        if (mouseOver)
            QTest::mouseMove(view.table()->viewport(), view.table()->viewport()->rect().center());
        Snapshot snap;
        const auto push = [&](qint64 from, int n) {
            snap.events = makeEvents(from, n);
            snap.nextEventSeq = from + n;
            view.setSnapshot(snap);
        };
        QScrollBar *bar = view.table()->verticalScrollBar();
        push(0, 100);
        QVERIFY(bar->maximum() > 0);
        QCOMPARE(bar->value(), bar->maximum());
        const int before = bar->maximum();
        push(100, 5);
        QVERIFY(bar->maximum() > before);
        QCOMPARE(bar->value(), bar->maximum());
        bar->setValue(0); // scrolled up to read
        push(105, 5);
        QCOMPARE(bar->value(), 0);
        view.table()->scrollToBottom(); // back at the bottom (laid out first): following again
        push(110, 5);
        QCOMPARE(bar->value(), bar->maximum());
        QCOMPARE(view.model()->rowCount(), 115);
        QVERIFY(dynamic_cast<QuietScrollBar *>(bar)); // the log's bars are quiet ones
        QVERIFY(dynamic_cast<QuietScrollBar *>(view.table()->horizontalScrollBar()));
    }
    // The event log's bars copy what the style drew while they look the same: pixel for pixel
    // what a plain QScrollBar draws, and drawn by the style again only when the handle moves.
    void quietScrollBarLooksLikeAPlainOne_data()
    {
        QTest::addColumn<int>("orientation");
        QTest::addColumn<int>("maximum");
        QTest::addColumn<int>("value");
        QTest::addRow("vertical, at the end") << int(Qt::Vertical) << 500 << 500;
        QTest::addRow("vertical, at the start") << int(Qt::Vertical) << 500 << 0;
        QTest::addRow("vertical, midway") << int(Qt::Vertical) << 500 << 250;
        QTest::addRow("vertical, nothing to scroll") << int(Qt::Vertical) << 0 << 0;
        QTest::addRow("horizontal, midway") << int(Qt::Horizontal) << 80 << 30;
    }
    void quietScrollBarLooksLikeAPlainOne()
    {
        QFETCH(int, orientation);
        QFETCH(int, maximum);
        QFETCH(int, value);
        const auto o = Qt::Orientation(orientation);
        QuietScrollBar quiet(o);
        QScrollBar plain(o);
        for (QScrollBar *bar : {static_cast<QScrollBar *>(&quiet), &plain}) {
            bar->resize(o == Qt::Vertical ? QSize(16, 240) : QSize(240, 16));
            bar->setRange(0, maximum);
            bar->setPageStep(20);
            bar->setValue(value);
        }
        const QImage drawn = quiet.grab().toImage();
        QCOMPARE(drawn, plain.grab().toImage());
        QCOMPARE(quiet.grab().toImage(), drawn); // the second time from the copy
        QCOMPARE(quiet.styleDraws(), 1);
    }
    void quietScrollBarDrawsOnceWhileItLooksTheSame()
    {
        QuietScrollBar bar(Qt::Vertical);
        bar.resize(16, 240);
        bar.setPageStep(10);
        bar.setRange(0, 100'000);
        bar.setValue(bar.maximum());
        bar.show();
        QVERIFY(QTest::qWaitForWindowExposed(&bar));
        bar.repaint();
        const int draws = bar.styleDraws();
        QVERIFY(draws >= 1);
        for (int i = 0; i < 20; ++i) { // a log gaining rows: the handle stays at the end
            bar.setRange(0, bar.maximum() + 1);
            bar.setPageStep(10);
            bar.setValue(bar.maximum());
            bar.repaint();
        }
        QCOMPARE(bar.styleDraws(), draws);
        bar.setValue(0); // the handle moves: drawn again
        bar.repaint();
        QCOMPARE(bar.styleDraws(), draws + 1);
    }
    void viewCombosFilter()
    {
        EventLogView view;
        QAbstractItemModelTester tester(view.filter(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        const test::SyntheticRun run;
        view.setSnapshot(run.end());
        QCOMPARE(view.model()->rowCount(), run.eventCount());
        const int reader2 = view.threadBox()->findData(QStringLiteral("reader_2"));
        QVERIFY(reader2 > 0);
        view.threadBox()->setCurrentIndex(reader2);
        QVERIFY(view.filter()->rowCount() >= 3); // start, error, request stop, exit
        const int errors = view.kindBox()->findData(int(EventKind::Error));
        view.kindBox()->setCurrentIndex(errors);
        QCOMPARE(view.filter()->rowCount(), 1);
        view.threadBox()->setCurrentIndex(0);
        view.kindBox()->setCurrentIndex(0);
        QCOMPARE(view.filter()->rowCount(), run.eventCount());
    }
};

QTEST_MAIN(TestEventLogModel)
#include "tst_eventlogmodel.moc"
