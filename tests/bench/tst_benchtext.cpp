#include "bench/benchtext.h"

#include <QRegularExpression>
#include <QTest>

using namespace qs;

namespace {

TargetFigure target(const QString &what, double value, const QString &goal, std::optional<bool> met)
{
    TargetFigure t;
    t.key = QStringLiteral("k");
    t.what = what;
    t.value = value;
    t.unit = QStringLiteral("x");
    t.goal = goal;
    t.met = met;
    return t;
}

} // namespace

class TestBenchText : public QObject {
    Q_OBJECT
private slots:
    // A description longer than the column once ran into its figure: "...-of-00008" then
    // "5.71x" read as "000085.71x". Every row's figure starts in one column, after a space.
    void aLongDescriptionNeverRunsIntoItsFigure()
    {
        BenchReport r;
        const QString longName = QStringLiteral(
            "JPEG to 16x16, scaled vs full: tfbench_fake_i..00000-of-00008 and then some more words");
        r.targets = {target(QStringLiteral("scan + CRC vs read()"), 1.16, QStringLiteral(">= 1.00"), true),
                     target(longName, 5.71, QStringLiteral(">= 3.00"), true),
                     target(QStringLiteral("tf.data AUTOTUNE vs the best hand-tuned setting, JPEG data"),
                            0.91, QStringLiteral(">= 0.95"), false),
                     target(QStringLiteral("a reading without a goal"), 2.08, QString(), std::nullopt)};
        const QStringList lines = benchReportLines(r);
        const qsizetype header =
            lines.indexOf(QRegularExpression(QStringLiteral("  target +measured +goal.*")));
        QVERIFY2(header >= 0, qPrintable(lines.join(QLatin1Char('\n'))));
        const qsizetype column = lines[header].indexOf(QLatin1String("measured"));
        QVERIFY(column > longName.size() + 2);
        for (int i = 0; i < r.targets.size(); ++i) {
            const QString &line = lines[header + 1 + i];
            const TargetFigure &t = r.targets[i];
            QVERIFY2(line.startsWith(QStringLiteral("  ") + t.what + QLatin1Char(' ')), qPrintable(line));
            QVERIFY2(line.mid(column).startsWith(QString::number(t.value, 'f', 2) + QLatin1Char('x')),
                     qPrintable(line));
            QCOMPARE(line.at(column - 1), QLatin1Char(' '));
        }
        QVERIFY(lines[header + 2].contains(QLatin1String("met")));
        QVERIFY(lines[header + 3].contains(QLatin1String("MISSED")));
    }

    // A figure just on the wrong side of its goal must not print as the goal itself: "0.98x
    // >= 0.98 MISSED" reads as a fault of the bench.
    void aFigureNeverPrintsAsItsGoalWhenItMisses_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("unit");
        QTest::addColumn<QString>("goal");
        QTest::addColumn<bool>("met");
        QTest::addColumn<QString>("shown");
        QTest::addRow("just under") << 0.978 << "x"
                                    << ">= 0.98" << false << "0.978x";
        QTest::addRow("further under") << 0.9749 << "x"
                                       << ">= 0.98" << false << "0.97x";
        QTest::addRow("met, rounds to the goal") << 0.9801 << "x"
                                                 << ">= 0.98" << true << "0.98x";
        QTest::addRow("just over a ceiling") << 20.004 << "ms"
                                             << "<= 20 ms" << false << "20.004 ms";
        QTest::addRow("under a ceiling") << 13.84 << "ms"
                                         << "<= 20 ms" << true << "13.84 ms";
        QTest::addRow("no goal") << 1.2345 << "x"
                                 << "" << false << "1.23x";
    }
    void aFigureNeverPrintsAsItsGoalWhenItMisses()
    {
        QFETCH(double, value);
        QFETCH(QString, unit);
        QFETCH(QString, goal);
        QFETCH(bool, met);
        QFETCH(QString, shown);
        BenchReport r;
        TargetFigure t = target(QStringLiteral("a figure"), value, goal,
                                goal.isEmpty() ? std::nullopt : std::optional<bool>(met));
        t.unit = unit;
        r.targets = {t};
        const QStringList lines = benchReportLines(r);
        const qsizetype header =
            lines.indexOf(QRegularExpression(QStringLiteral("  target +measured +goal.*")));
        QVERIFY(header >= 0);
        const qsizetype column = lines[header].indexOf(QLatin1String("measured"));
        QCOMPARE(lines[header + 1].mid(column).section(QStringLiteral("  "), 0, 0), shown);
    }
};

QTEST_GUILESS_MAIN(TestBenchText)
#include "tst_benchtext.moc"
