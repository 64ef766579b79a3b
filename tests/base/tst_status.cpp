#include "base/result.h"
#include "base/status.h"

#include <QTest>

using namespace qs;

class TestStatus : public QObject {
    Q_OBJECT
private slots:
    void okByDefault()
    {
        Status s;
        QVERIFY(s.isOk());
        QCOMPARE(s.toString(), QStringLiteral("OK"));
    }
    void messageNamesFileRecordAndOffset()
    {
        Status s =
            dataLoss(QStringLiteral("corrupted record at offset 40"), {QStringLiteral("a.tfrecords"), 2, 40});
        QCOMPARE(s.kind(), ErrorKind::DataLoss);
        QCOMPARE(s.toString(),
                 QStringLiteral(
                     "DataLoss: corrupted record at offset 40 (file a.tfrecords, record 2, offset 40)"));
    }
    void kindNames_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("key");
        QTest::addRow("out_of_range") << int(ErrorKind::OutOfRange) << "OutOfRange"
                                      << "out_of_range";
        QTest::addRow("data_loss") << int(ErrorKind::DataLoss) << "DataLoss"
                                   << "data_loss";
        QTest::addRow("deadline") << int(ErrorKind::DeadlineExceeded) << "DeadlineExceeded"
                                  << "deadline_exceeded";
    }
    void kindNames()
    {
        QFETCH(int, kind);
        QFETCH(QString, name);
        QFETCH(QString, key);
        QCOMPARE(errorKindName(ErrorKind(kind)), name);
        QCOMPARE(errorKindKey(ErrorKind(kind)), key);
        QCOMPARE(errorKindFromName(name), ErrorKind(kind));
        QCOMPARE(errorKindFromName(key), ErrorKind(kind));
    }
    void resultHoldsValueOrError()
    {
        Result<int> good(7);
        QVERIFY(good.isOk());
        QCOMPARE(*good, 7);
        Result<int> bad(invalidArgument(QStringLiteral("no")));
        QVERIFY(!bad.isOk());
        QCOMPARE(bad.status().kind(), ErrorKind::InvalidArgument);
    }
};

QTEST_GUILESS_MAIN(TestStatus)
#include "tst_status.moc"
