#include "eventlog/eventlogfilter.h"
#include "eventlog/eventlogmodel.h"
#include "eventlog/eventlogview.h"
#include "syntheticsnapshot.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QSignalSpy>
#include <QTest>

using namespace qs;

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
} // namespace

class TestEventLogModel : public QObject {
    Q_OBJECT
private slots:
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
    }
    void appendsPastTheBound()
    {
        QFETCH(int, bound);
        QFETCH(int, batch);
        QFETCH(int, total);
        EventLogModel model(bound);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (int seq = 0; seq < total; seq += batch)
            model.append(makeEvents(seq, std::min(batch, total - seq)), std::min(seq + batch, total));
        QCOMPARE(model.rowCount(), std::min(bound, total));
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
