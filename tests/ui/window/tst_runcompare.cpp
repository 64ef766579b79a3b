// Comparing runs in the window: every finished run of the session and every opened run is
// listed with its figures; ticking Compare overlays a run's curves on the metrics charts and
// puts its threads' time beside the others', and what is compared is what the runs recorded.

#include "charts/chartstyle.h"
#include "charts/linechart.h"
#include "charts/metricscharts.h"
#include "demodata.h"
#include "observe/runfilereader.h"
#include "runs/runsmodel.h"
#include "runs/runspanel.h"
#include "runs/stateseconds.h"
#include "window/mainwindow.h"
#include "window/runcontroller.h"
#include "windowparts.h"

#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;

namespace {

// Thread time per role of a snapshot, in the states a thread leaves (a final state keeps
// growing until the snapshot is taken, so it is left out).
std::array<qint64, kThreadStateCount> liveTime(const Snapshot &s, ThreadRole role, int *threads)
{
    std::array<qint64, kThreadStateCount> out{};
    *threads = 0;
    for (const ThreadInfo &t : s.threads) {
        if (t.role != role)
            continue;
        ++*threads;
        for (int i = 0; i < kThreadStateCount; ++i) {
            if (!isFinalState(ThreadState(i)))
                out[size_t(i)] += t.usIn[size_t(i)];
        }
    }
    return out;
}

RunDigest digestNamed(const QString &label)
{
    RunDigest d;
    d.label = label;
    d.path = QStringLiteral("/nowhere/%1.qsrun").arg(label);
    d.metrics.append(MetricPoint{1, 1000, 2.0, 0.1, -1, 10});
    d.metrics.append(MetricPoint{2, 2000, 1.5, 0.3, 0.25, 12});
    return d;
}

} // namespace

class TestRunCompare : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("QueueScopeTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_runcompare"));
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        const Result<QStringList> files =
            test::writeDemoTfRecords(m_dir.path(), QStringLiteral("cmp"), 2, 60);
        QVERIFY2(files.isOk(), qPrintable(files.status().toString()));
        m_window = std::make_unique<MainWindow>();
        m_controller = std::make_unique<RunController>(m_window.get());
        // shuffle_batch first, then the naive feed on the same files: the naive-feed lesson.
        QVERIFY(test::runSmallToTheEnd(*m_window, *m_controller, *files));
        m_first = m_window->lastSnapshot();
        QVERIFY(test::runSmallToTheEnd(*m_window, *m_controller, *files,
                                       [](RunConfig &c) { c.trainer.feed = FeedMode::Naive; }));
        m_second = m_window->lastSnapshot();
        QVERIFY(m_first && m_second && m_first != m_second);
    }
    void cleanupTestCase()
    {
        m_controller.reset();
        m_window.reset();
    }

    void listsEveryFinishedRun()
    {
        RunsModel *model = runs()->model();
        QCOMPARE(model->rowCount(), 2);
        QVERIFY(model->digest(0).label.startsWith(QStringLiteral("Run 1")));
        QVERIFY(model->digest(1).label.startsWith(QStringLiteral("Run 2")));
        // The one shown is the latest; each row's figures are those its run ended with.
        QVERIFY(!model->isShown(0));
        QVERIFY(model->isShown(1));
        const SnapshotPtr ends[] = {m_first, m_second};
        for (int row = 0; row < 2; ++row) {
            const RunDigest &d = model->digest(row);
            QCOMPARE(d.how, EndHow::EndOfData);
            QCOMPARE(d.steps, ends[row]->steps);
            QCOMPARE(d.samples, ends[row]->samples);
            QCOMPARE(d.metrics.size(), ends[row]->metrics.size());
            QVERIFY(d.steps > 0);
            QVERIFY(model->data(model->index(row, RunsModel::Steps), Qt::DisplayRole).toString() ==
                    QString::number(d.steps));
        }
    }

    void roleTimeIsWhatTheRunRecorded()
    {
        RunsModel *model = runs()->model();
        const SnapshotPtr ends[] = {m_first, m_second};
        for (int row = 0; row < 2; ++row) {
            const RunDigest &d = model->digest(row);
            for (ThreadRole role :
                 {ThreadRole::Producer, ThreadRole::Reader, ThreadRole::Trainer, ThreadRole::Watcher}) {
                int threads = 0;
                const auto live = liveTime(*ends[row], role, &threads);
                const RoleTime *t = d.role(role);
                QCOMPARE(t ? t->threads : 0, threads);
                if (!t)
                    continue;
                for (int i = 0; i < kThreadStateCount; ++i) {
                    if (!isFinalState(ThreadState(i)))
                        QCOMPARE(t->usIn[size_t(i)], live[size_t(i)]);
                }
            }
        }
        // The naive feed has no reader threads: the trainer reads and decodes by itself.
        QVERIFY(model->digest(0).role(ThreadRole::Reader));
        QCOMPARE(model->digest(0).role(ThreadRole::Reader)->threads, 2);
        QVERIFY(!model->digest(1).role(ThreadRole::Reader));
    }

    void comparedRunsOverlayTheCharts()
    {
        RunsPanel *panel = runs();
        auto *metrics = m_window->findChild<MetricsCharts *>();
        QVERIFY(metrics);
        const int base = metrics->trainingChart()->seriesCount();
        QCOMPARE(metrics->overlayCount(), 0);
        // The shown run is the charts' own lines: comparing it draws nothing over them.
        QVERIFY(panel->setCompared(1, true));
        QCOMPARE(metrics->overlayCount(), 0);
        QVERIFY(panel->setCompared(0, true));
        QCOMPARE(metrics->overlayCount(), 1);
        QCOMPARE(metrics->trainingChart()->seriesCount(), base + 2);
        QCOMPARE(metrics->throughputChart()->seriesCount(), 2);
        // Run 1's loss, with as many points as it has (decimation keeps short series whole).
        const int lossSeries = base;
        QCOMPARE(metrics->trainingChart()->pointCount(lossSeries),
                 int(runs()->model()->digest(0).metrics.size()));
        QVERIFY(metrics->throughputChart()->pointCount(1) > 0);
        // Both in the thread-time comparison, each bar in its run's colour order.
        const StateSecondsView *seconds = panel->stateSeconds();
        QCOMPARE(seconds->runCount(), 2);
        const QList<StateSecondsView::Bar> bars = seconds->bars();
        QVERIFY(std::any_of(bars.begin(), bars.end(),
                            [](const auto &b) { return b.role == ThreadRole::Reader; }));
        // A reader bar of Run 1 names its role and its seconds when hovered.
        for (const StateSecondsView::Bar &b : bars) {
            if (b.role != ThreadRole::Reader || b.run != 0)
                continue;
            const QString tip = seconds->toolTipAt(QPoint(b.rect.right() - 2, b.rect.center().y()));
            QVERIFY2(tip.contains(QStringLiteral("Run 1")), qPrintable(tip));
        }
        QVERIFY(panel->setCompared(0, false));
        QCOMPARE(metrics->overlayCount(), 0);
        QCOMPARE(metrics->trainingChart()->seriesCount(), base);
        QVERIFY(panel->setCompared(1, false));
        QCOMPARE(seconds->runCount(), 0);
    }

    void anOpenedRunJoinsTheList()
    {
        const QString path = m_dir.filePath(QStringLiteral("second.qsrun"));
        QVERIFY(m_controller->saveRun(path));
        QVERIFY(m_controller->openRun(path).isOk());
        RunsModel *model = runs()->model();
        QCOMPARE(model->rowCount(), 3);
        QVERIFY(model->isShown(2));
        QVERIFY(!model->isShown(1));
        QCOMPARE(model->digest(2).steps, model->digest(1).steps);
        // Run 2 (the session's copy) is now a run to overlay on the opened one.
        QVERIFY(runs()->setCompared(1, true));
        QCOMPARE(m_window->findChild<MetricsCharts *>()->overlayCount(), 1);
        QVERIFY(runs()->setCompared(1, false));
        // Opening it again does not list it twice.
        QVERIFY(m_controller->openRun(path).isOk());
        QCOMPARE(model->rowCount(), 3);
    }

    void atMostFourAreCompared()
    {
        RunsModel model;
        for (int i = 0; i < 5; ++i)
            model.addRun(digestNamed(QStringLiteral("r%1").arg(i)));
        for (int i = 0; i < 4; ++i)
            QVERIFY(model.setCompared(i, true));
        QVERIFY(!model.setCompared(4, true));
        QVERIFY(!model.isCompared(4));
        QCOMPARE(model.compared().size(), kMaxOverlays);
        // Each keeps its colour; a freed colour goes to the next run ticked.
        QCOMPARE(model.colourOf(2), 2);
        QVERIFY(model.setCompared(1, false));
        QVERIFY(model.setCompared(4, true));
        QCOMPARE(model.colourOf(4), 1);
        QCOMPARE(model.colourOf(2), 2);
        QVERIFY(!model.setCompared(7, true));
        QCOMPARE(model.data(model.index(4, RunsModel::Compare), Qt::CheckStateRole).toInt(),
                 int(Qt::Checked));
        QVERIFY(model.setData(model.index(4, RunsModel::Compare), int(Qt::Unchecked), Qt::CheckStateRole));
        QVERIFY(!model.isCompared(4));
    }

private:
    RunsPanel *runs() const { return m_window->findChild<RunsPanel *>(); }

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<RunController> m_controller;
    SnapshotPtr m_first;
    SnapshotPtr m_second;
};

QTEST_MAIN(TestRunCompare)
#include "tst_runcompare.moc"
