#include "common/statepalette.h"
#include "syntheticsnapshot.h"
#include "timeline/threadtablemodel.h"

#include <QAbstractItemModelTester>
#include <QColor>
#include <QSignalSpy>
#include <QTest>

using namespace qs;

class TestThreadTableModel : public QObject {
    Q_OBJECT
private slots:
    void showsEveryThread()
    {
        ThreadTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const Snapshot snap = test::richSnapshot();
        model.setSnapshot(snap);
        QCOMPARE(model.rowCount(), snap.threads.size());
        QCOMPARE(model.columnCount(), int(ThreadTableModel::ColumnCount));
        for (int r = 0; r < model.rowCount(); ++r) {
            const ThreadInfo &t = snap.threads[r];
            QCOMPARE(model.index(r, ThreadTableModel::Name).data().toString(), t.name);
            QCOMPARE(model.index(r, ThreadTableModel::State).data().toString(), StatePalette::name(t.state));
            QCOMPARE(model.index(r, ThreadTableModel::State).data(Qt::DecorationRole).value<QColor>(),
                     StatePalette::color(t.state));
            QCOMPARE(model.index(r, 0).data(ThreadTableModel::StateRole).toInt(), int(t.state));
        }
    }
    void timeInStateColumns()
    {
        ThreadTableModel model;
        Snapshot snap;
        snap.tUs = 4000;
        ThreadInfo t;
        t.name = QStringLiteral("trainer");
        t.usIn[size_t(ThreadState::Running)] = 1000;
        t.usIn[size_t(ThreadState::BlockedEmpty)] = 3000;
        snap.threads = {t};
        model.setSnapshot(snap);
        auto columnOf = [](ThreadState s) {
            for (int c = ThreadTableModel::FirstStateColumn; c < ThreadTableModel::ColumnCount; ++c)
                if (ThreadTableModel::stateOfColumn(c) == s)
                    return c;
            return -1;
        };
        const int running = columnOf(ThreadState::Running);
        const int starved = columnOf(ThreadState::BlockedEmpty);
        const int paused = columnOf(ThreadState::Paused);
        QCOMPARE(model.index(0, running).data().toString(), QStringLiteral("1.0 ms (25%)"));
        QCOMPARE(model.index(0, starved).data().toString(), QStringLiteral("3.0 ms (75%)"));
        QCOMPARE(model.index(0, starved).data(ThreadTableModel::SortRole).toLongLong(), qint64(3000));
        QVERIFY(model.index(0, paused).data().toString().isEmpty());
    }
    void threadsAppearAsInsertedRows()
    {
        ThreadTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        const test::SyntheticRun run;
        int last = 0;
        for (qint64 t = 0; t <= run.durationUs(); t += run.durationUs() / 10) {
            model.setSnapshot(run.at(t));
            QVERIFY(model.rowCount() >= last);
            last = model.rowCount();
        }
        QVERIFY(inserted.count() >= 2); // the late evaluator comes after the others
        QCOMPARE(reset.count(), 0);
    }
    void aDifferentRunResets()
    {
        ThreadTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSnapshot(test::richSnapshot());
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        Snapshot other;
        ThreadInfo t;
        t.name = QStringLiteral("solo");
        other.threads = {t};
        model.setSnapshot(other);
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.rowCount(), 1);
        model.setSnapshot(Snapshot{});
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(TestThreadTableModel)
#include "tst_threadtablemodel.moc"
