#include "record/recordreader.h"
#include "record/recordwriter.h"

#include "recordtestutil.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace qs;

Q_DECLARE_METATYPE(qs::Compression)

// Round trips through RecordWriter and RecordReader, detection, overrides and open errors.
class TestRecordReader : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString file(const QString &name) const { return m_dir.filePath(name); }

    static void writeAll(const QString &path, Compression c, const QList<QByteArray> &records)
    {
        auto writer = RecordWriter::create(path, c);
        QVERIFY2(writer.isOk(), qPrintable(writer.status().toString()));
        for (const QByteArray &r : records)
            QVERIFY((*writer)->write(r).isOk());
        QVERIFY((*writer)->commit().isOk());
    }

    static void addCompressionRows()
    {
        QTest::addColumn<Compression>("compression");
        QTest::addRow("none") << Compression::None;
        QTest::addRow("gzip") << Compression::Gzip;
        QTest::addRow("zlib") << Compression::Zlib;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void roundTrip_data() { addCompressionRows(); }
    void roundTrip()
    {
        QFETCH(Compression, compression);
        QList<QByteArray> records = test::randomRecords(500, 3000, 42);
        records.insert(0, QByteArray());
        records.insert(250, QByteArray());
        records.append(QByteArray());
        const QString path = file(QStringLiteral("rt-%1").arg(compressionName(compression)));
        writeAll(path, compression, records);
        for (Compression asked : {Compression::Auto, compression}) {
            auto reader = RecordReader::open(path, {asked});
            QVERIFY2(reader.isOk(), qPrintable(reader.status().toString()));
            QCOMPARE((*reader)->compression(), compression);
            QByteArray record;
            qint64 offset = 0;
            for (qsizetype i = 0; i < records.size(); ++i) {
                const Status s = (*reader)->next(&record);
                QVERIFY2(s.isOk(), qPrintable(s.toString()));
                QCOMPARE(record, records[i]);
                QCOMPARE((*reader)->recordOffset(), offset);
                offset += 16 + records[i].size();
                QCOMPARE((*reader)->offset(), offset);
                QCOMPARE((*reader)->recordIndex(), i + 1);
            }
            const Status end = (*reader)->next(&record);
            QCOMPARE(end.kind(), ErrorKind::OutOfRange);
            QCOMPARE(end.where().record, records.size());
            QCOMPARE(end.where().offset, offset);
            QCOMPARE((*reader)->next(&record).toString(), end.toString()); // sticky
            QCOMPARE((*reader)->skippedCount(), 0);
        }
        if (compression == Compression::None)
            QCOMPARE(QFileInfo(path).size(), test::frames(records).size()); // independent framing
    }

    void emptyFileHasNoRecords_data() { addCompressionRows(); }
    void emptyFileHasNoRecords()
    {
        QFETCH(Compression, compression);
        const QString path = file(QStringLiteral("empty-%1").arg(compressionName(compression)));
        writeAll(path, compression, {});
        if (compression == Compression::None)
            QCOMPARE(QFileInfo(path).size(), 0);
        const test::ReadAll all = test::readAll(path);
        QCOMPARE(all.records.size(), 0);
        QCOMPARE(all.end.kind(), ErrorKind::OutOfRange);
        QCOMPARE(all.end.where().offset, 0);
    }

    // Records longer than the reader's 256 KiB buffer take the direct path.
    void largeRecords_data() { addCompressionRows(); }
    void largeRecords()
    {
        QFETCH(Compression, compression);
        QList<QByteArray> records = test::randomRecords(3, 100, 5);
        records.insert(1, test::randomRecords(1, 0, 9).first() + QByteArray(6 * 1024 * 1024 + 3, 'x'));
        records << test::randomRecords(1, 300000, 11).first().leftJustified(300000, 'y');
        records << QByteArray(256 * 1024 - 16, 'z'); // exactly fills the buffer
        const QString path = file(QStringLiteral("large-%1").arg(compressionName(compression)));
        writeAll(path, compression, records);
        const test::ReadAll all = test::readAll(path);
        QCOMPARE(all.end.kind(), ErrorKind::OutOfRange);
        QCOMPARE(all.records.size(), records.size());
        for (qsizetype i = 0; i < records.size(); ++i)
            QVERIFY2(all.records[i] == records[i], qPrintable(QStringLiteral("record %1 differs").arg(i)));
    }

    // Sizes on both sides of the direct-read threshold (64 KiB) and of the 256 KiB buffer, in an
    // order that leaves records split across buffer refills.
    void mixedSizes_data() { addCompressionRows(); }
    void mixedSizes()
    {
        QFETCH(Compression, compression);
        QList<QByteArray> records;
        QRandomGenerator rng(99);
        const int fixed[] = {0, 1, 65535, 65536, 65537, 100, 262128, 262129, 5, 70000, 262144, 3};
        for (int size : fixed)
            records << test::randomRecords(1, 0, quint32(size)).first().leftJustified(size, char(size));
        for (int i = 0; i < 40; ++i)
            records << QByteArray(rng.bounded(i % 3 == 0 ? 200000 : 2000), char('a' + i % 26));
        const QString path = file(QStringLiteral("mixed-%1").arg(compressionName(compression)));
        writeAll(path, compression, records);
        const test::ReadAll all = test::readAll(path);
        QCOMPARE(all.end.kind(), ErrorKind::OutOfRange);
        QCOMPARE(all.records.size(), records.size());
        for (qsizetype i = 0; i < records.size(); ++i)
            QVERIFY2(all.records[i] == records[i], qPrintable(QStringLiteral("record %1 differs").arg(i)));
    }

    void verifyCrcOffStillReads()
    {
        const QString path = file(QStringLiteral("nocrc"));
        const QList<QByteArray> records = test::randomRecords(20, 100, 3);
        writeAll(path, Compression::None, records);
        RecordReaderOptions options;
        options.verifyCrc = false;
        QCOMPARE(test::readAll(path, options).records, records);
    }

    void concatenatedGzipMembers()
    {
        const QList<QByteArray> a = test::randomRecords(10, 50, 1);
        const QList<QByteArray> b = test::randomRecords(7, 50, 2);
        const QString path = file(QStringLiteral("members.gz"));
        QVERIFY(test::writeBytes(path, test::deflateBytes(test::frames(a), true) +
                                           test::deflateBytes(test::frames(b), true)));
        const test::ReadAll all = test::readAll(path);
        QCOMPARE(all.end.kind(), ErrorKind::OutOfRange);
        QCOMPARE(all.records, a + b);
    }

    // An explicit compression is used as given, even when detection would say otherwise.
    void overrideBeatsDetection_data()
    {
        QTest::addColumn<Compression>("written");
        QTest::addColumn<Compression>("asked");
        QTest::addColumn<QString>("message");
        QTest::addRow("gzip read as none")
            << Compression::Gzip << Compression::None
            << "not a TFRecord file: it looks like a gzip-compressed file: use --compression gzip "
               "(corrupted record at offset 0)";
        QTest::addRow("none read as gzip")
            << Compression::None << Compression::Gzip
            << "not a TFRecord file: it is not gzip-compressed: use --compression auto "
               "(invalid gzip stream: incorrect header check)";
        QTest::addRow("none read as zlib")
            << Compression::None << Compression::Zlib
            << "not a TFRecord file: it is not zlib-compressed: use --compression auto "
               "(invalid zlib stream: incorrect header check)";
        QTest::addRow("gzip read as zlib")
            << Compression::Gzip << Compression::Zlib
            << "not a TFRecord file: it looks like a gzip-compressed file: use --compression gzip "
               "(invalid zlib stream: incorrect header check)";
    }
    void overrideBeatsDetection()
    {
        QFETCH(Compression, written);
        QFETCH(Compression, asked);
        QFETCH(QString, message);
        const QString path = file(QStringLiteral("override-%1").arg(compressionName(written)));
        writeAll(path, written, test::randomRecords(5, 40, 8));
        auto reader = RecordReader::open(path, {asked});
        QVERIFY(reader.isOk());
        QCOMPARE((*reader)->compression(), asked);
        QByteArray record;
        const Status s = (*reader)->next(&record);
        QCOMPARE(s.kind(), ErrorKind::DataLoss);
        QCOMPARE(s.message(), message);
        QCOMPARE(s.where().file, path);
        QCOMPARE(s.where().record, 0);
        QCOMPARE(s.where().offset, 0);
    }

    // A pipe has no size: detection peeks without seeking, and a large length is only believed as
    // far as bytes arrive.
    void readsFromAPipe_data()
    {
        QTest::addColumn<bool>("hostile");
        QTest::addRow("records") << false;
        QTest::addRow("hostile length") << true;
    }
    void readsFromAPipe()
    {
        QFETCH(bool, hostile);
        const QString fifo = file(QStringLiteral("pipe-%1").arg(hostile));
        QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
        const QList<QByteArray> records = test::randomRecords(50, 100000, 6);
        const QByteArray bytes = hostile ? test::header(100 * 1024 * 1024) + QByteArray(2 * 1024 * 1024, 'h')
                                         : test::frames(records);
        std::signal(SIGPIPE, SIG_IGN); // a write to a closed pipe must fail, not end the test
        std::jthread feeder([&] {
            QFile out(fifo);
            if (out.open(QIODevice::WriteOnly))
                out.write(bytes); // the reader drains it all, or closes and the write fails
        });
        auto reader = RecordReader::open(fifo);
        QVERIFY(reader.isOk());
        QCOMPARE((*reader)->fileSize(), -1);
        QCOMPARE((*reader)->compression(), Compression::None);
        QByteArray record;
        QList<QByteArray> got;
        Status s;
        while ((s = (*reader)->next(&record)).isOk())
            got << record;
        reader = Status(ErrorKind::Cancelled, {}); // close the read end before joining
        feeder.join();
        if (hostile) {
            QCOMPARE(s.message(), QStringLiteral("truncated record at offset 0"));
            QVERIFY(record.capacity() <= 8 * 1024 * 1024);
        } else {
            QCOMPARE(s.kind(), ErrorKind::OutOfRange);
            QCOMPARE(got, records);
        }
    }

    void openErrorsNameThePath()
    {
        const QString missing = file(QStringLiteral("no/such/file.tfrecord"));
        auto r1 = RecordReader::open(missing);
        QVERIFY(!r1.isOk());
        QCOMPARE(r1.status().kind(), ErrorKind::NotFound);
        QVERIFY(r1.status().message().contains(missing));
        QCOMPARE(r1.status().where().file, missing);

        auto r2 = RecordReader::open(m_dir.path());
        QVERIFY(!r2.isOk());
        QCOMPARE(r2.status().kind(), ErrorKind::InvalidArgument);
        QVERIFY(r2.status().message().contains(m_dir.path()));
    }

    void unreadableFile()
    {
        if (::geteuid() == 0)
            QSKIP("running as root: file permissions do not stop reads");
        const QString path = file(QStringLiteral("locked"));
        QVERIFY(test::writeBytes(path, test::frame("x")));
        QVERIFY(::chmod(QFile::encodeName(path).constData(), 0) == 0);
        auto reader = RecordReader::open(path);
        QVERIFY(!reader.isOk());
        QCOMPARE(reader.status().kind(), ErrorKind::PermissionDenied);
        QVERIFY(reader.status().message().contains(path));
    }
};

QTEST_GUILESS_MAIN(TestRecordReader)
#include "tst_recordreader.moc"
