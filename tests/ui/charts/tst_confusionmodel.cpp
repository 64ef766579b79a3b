#include "charts/confusionmodel.h"
#include "charts/metricscharts.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QTabWidget>
#include <QTest>

using namespace qs;

namespace {

QJsonObject note(qint64 step, const QStringList &classes, const QList<QList<int>> &matrix)
{
    QJsonArray rows;
    for (const QList<int> &row : matrix) {
        QJsonArray cells;
        for (int n : row)
            cells << n;
        rows << cells;
    }
    return {{QStringLiteral("what"), QStringLiteral("confusion")},
            {QStringLiteral("step"), step},
            {QStringLiteral("classes"), QJsonArray::fromStringList(classes)},
            {QStringLiteral("matrix"), rows}};
}

} // namespace

class TestConfusionModel : public QObject {
    Q_OBJECT
private slots:
    void cellsAndHeaders()
    {
        ConfusionModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(model.isEmpty());
        model.setNote(note(40, {QStringLiteral("circle"), QStringLiteral("cross"), QStringLiteral("square")},
                           {{6, 2, 0}, {1, 3, 0}, {0, 0, 0}}));
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), 3);
        QCOMPARE(model.step(), 40);
        QCOMPARE(model.index(0, 1).data().toInt(), 2); // true circle, predicted cross
        QCOMPARE(model.index(0, 0).data(ConfusionModel::FractionRole).toDouble(), 0.75);
        QCOMPARE(model.headerData(0, Qt::Vertical).toString(), QStringLiteral("circle (75%)"));
        QCOMPARE(model.headerData(1, Qt::Vertical).toString(), QStringLiteral("cross (75%)"));
        QCOMPARE(model.headerData(2, Qt::Vertical).toString(), QStringLiteral("square (none held out)"));
        QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), QStringLiteral("square"));
        QVERIFY(model.index(1, 0)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("true cross, predicted circle")));
        // A note without a matrix (too many classes to show) clears it.
        QJsonObject big = note(50, {QStringLiteral("a")}, {});
        model.setNote(big);
        QVERIFY(model.isEmpty());
    }

    void metricsShowItOnceThereIsOne()
    {
        MetricsCharts charts;
        QVERIFY(!charts.hasConfusion());
        charts.setConfusion(note(10, {QStringLiteral("a"), QStringLiteral("b")}, {{1, 0}, {0, 1}}));
        QVERIFY(charts.hasConfusion());
        QCOMPARE(charts.confusionModel()->rowCount(), 2);
        if (const QByteArray shot = qgetenv("QS_CONFUSION_SHOT"); !shot.isEmpty()) {
            // For looking at it: the tab at a laptop's dock size.
            charts.setConfusion(note(600,
                                     {QStringLiteral("circle"), QStringLiteral("triangle"),
                                      QStringLiteral("cross"), QStringLiteral("square")},
                                     {{25, 3, 1, 1}, {2, 26, 0, 2}, {1, 1, 26, 2}, {6, 5, 5, 14}}));
            charts.resize(470, 220);
            charts.findChild<QTabWidget *>(QStringLiteral("metricsTabs"))->setCurrentIndex(1);
            charts.show();
            QVERIFY(charts.grab().save(QString::fromLocal8Bit(shot)));
        }
        charts.setConfusion({});
        QVERIFY(!charts.hasConfusion());
    }
};

QTEST_MAIN(TestConfusionModel)
#include "tst_confusionmodel.moc"
