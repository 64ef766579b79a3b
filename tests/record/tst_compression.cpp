#include "record/compression.h"

#include "recordtestutil.h"

#include <QTest>

using namespace qs;

class TestCompression : public QObject {
    Q_OBJECT
private slots:
    void names_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("compression");
        QTest::addColumn<QString>("printed");
        QTest::addRow("none") << "none" << int(Compression::None) << "none";
        QTest::addRow("gzip") << "gzip" << int(Compression::Gzip) << "gzip";
        QTest::addRow("zlib") << "zlib" << int(Compression::Zlib) << "zlib";
        QTest::addRow("auto") << "auto" << int(Compression::Auto) << "auto";
        QTest::addRow("TensorFlow GZIP") << "GZIP" << int(Compression::Gzip) << "gzip";
        QTest::addRow("TensorFlow ZLIB") << "ZLIB" << int(Compression::Zlib) << "zlib";
        QTest::addRow("TensorFlow empty") << "" << int(Compression::None) << "none";
    }
    void names()
    {
        QFETCH(QString, text);
        QFETCH(int, compression);
        QFETCH(QString, printed);
        const std::optional<Compression> parsed = parseCompression(text);
        QVERIFY(parsed.has_value());
        QCOMPARE(int(*parsed), compression);
        QCOMPARE(compressionName(*parsed), printed);
    }
    void rejectsUnknownNames()
    {
        QVERIFY(!parseCompression(u"bzip2").has_value());
        QVERIFY(!parseCompression(u"gz").has_value());
    }

    void detection_data()
    {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<int>("expected");
        QTest::addRow("empty file") << QByteArray() << int(Compression::None);
        QTest::addRow("record frame") << test::frame("abc").left(12) << int(Compression::None);
        QTest::addRow("zero-length record") << test::frame({}).left(12) << int(Compression::None);
        QTest::addRow("gzip") << test::deflateBytes(test::frame("abc"), true).left(12)
                              << int(Compression::Gzip);
        QTest::addRow("zlib default")
            << test::deflateBytes(test::frame("abc"), false).left(12) << int(Compression::Zlib);
        QTest::addRow("zlib 78 9c") << QByteArray("\x78\x9c", 2) << int(Compression::Zlib);
        QTest::addRow("zlib 78 01") << QByteArray("\x78\x01", 2) << int(Compression::Zlib);
        QTest::addRow("zlib 78 da") << QByteArray("\x78\xda", 2) << int(Compression::Zlib);
        QTest::addRow("zlib 4 KiB window") << QByteArray("\x48\x0d", 2) << int(Compression::Zlib);
        QTest::addRow("bad zlib check bits") << QByteArray("\x78\x9d", 2) << int(Compression::None);
        QTest::addRow("zlib with dictionary") << QByteArray("\x78\xbb", 2) << int(Compression::None);
        QTest::addRow("text") << QByteArray("hello world, not a record") << int(Compression::None);
        QTest::addRow("bad length crc") << QByteArray(12, '\x01') << int(Compression::None);
        QTest::addRow("one byte") << QByteArray("\x1f", 1) << int(Compression::None);
    }
    void detection()
    {
        QFETCH(QByteArray, head);
        QFETCH(int, expected);
        QCOMPARE(int(detectCompression(head)), expected);
    }
};

QTEST_GUILESS_MAIN(TestCompression)
#include "tst_compression.moc"
