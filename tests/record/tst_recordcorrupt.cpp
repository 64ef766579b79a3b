#include "record/recordreader.h"

#include "recordtestutil.h"

#include <QTemporaryDir>
#include <QTest>

using namespace qs;

Q_DECLARE_METATYPE(qs::Compression)

// Damaged files, made here from a good one: each damage must give the right error kind, text,
// record index and offset, and the records before it must still arrive.
class TestRecordCorrupt : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QList<QByteArray> m_records;
    QByteArray m_good;       // frames of m_records
    QList<qint64> m_offsets; // where each record starts, then the end
    int m_fileNumber = 0;

    QString put(const QByteArray &bytes)
    {
        const QString path = m_dir.filePath(QStringLiteral("f%1").arg(m_fileNumber++));
        if (!test::writeBytes(path, bytes))
            qFatal("cannot write test file");
        return path;
    }

    static QByteArray flipped(QByteArray bytes, qint64 at)
    {
        bytes[at] = char(bytes[at] ^ 0x40);
        return bytes;
    }
    QByteArray withHeader(int record, quint64 length) const
    {
        QByteArray bytes = m_good;
        bytes.replace(m_offsets[record], 12, test::header(length));
        return bytes;
    }

    static void expectError(const test::ReadAll &all, const QList<QByteArray> &before, const QString &path,
                            ErrorKind kind, const QString &message, qint64 record, qint64 offset)
    {
        QCOMPARE(all.records, before);
        QCOMPARE(all.end.kind(), kind);
        QCOMPARE(all.end.message(), message);
        QCOMPARE(all.end.where().file, path);
        QCOMPARE(all.end.where().record, record);
        QCOMPARE(all.end.where().offset, offset);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_records = test::randomRecords(5, 1, 77);
        const int sizes[] = {10, 0, 33, 100, 5};
        for (int i = 0; i < 5; ++i)
            m_records[i] = test::randomRecords(1, 0, 100 + i).first().leftJustified(sizes[i], char('a' + i));
        m_good = test::frames(m_records);
        qint64 offset = 0;
        for (const QByteArray &r : m_records) {
            m_offsets << offset;
            offset += 16 + r.size();
        }
        m_offsets << offset;
        QCOMPARE(m_offsets, (QList<qint64>{0, 26, 42, 91, 207, 228}));
    }

    // The same damaged stream read plain, and gzip- and zlib-compressed. Without compression
    // the reader knows the file size and says how much the header asked for.
    void damagedStream_data()
    {
        QTest::addColumn<QByteArray>("stream");
        QTest::addColumn<int>("failingRecord");
        QTest::addColumn<QString>("plainMessage");
        QTest::addColumn<QString>("compressedMessage");
        const QString truncated91 = QStringLiteral("truncated record at offset 91");
        QTest::addRow("truncated header")
            << m_good.left(m_offsets[2] + 5) << 2 << "truncated record at offset 42"
            << "truncated record at offset 42";
        QTest::addRow("truncated payload")
            << m_good.left(m_offsets[3] + 12 + 50) << 3
            << truncated91 + " (length 100, but only 50 bytes follow the header)" << truncated91;
        QTest::addRow("truncated footer")
            << m_good.left(m_offsets[3] + 12 + 100 + 2) << 3
            << truncated91 + " (length 100, but only 102 bytes follow the header)" << truncated91;
        QTest::addRow("flipped payload byte")
            << flipped(m_good, m_offsets[2] + 12 + 5) << 2 << "corrupted record at offset 42"
            << "corrupted record at offset 42";
        QTest::addRow("flipped data crc")
            << flipped(m_good, m_offsets[2] + 12 + 33 + 1) << 2 << "corrupted record at offset 42"
            << "corrupted record at offset 42";
        QTest::addRow("flipped length crc")
            << flipped(m_good, m_offsets[3] + 9) << 3 << "corrupted record at offset 91"
            << "corrupted record at offset 91";
        QTest::addRow("flipped length byte")
            << flipped(m_good, m_offsets[3] + 1) << 3 << "corrupted record at offset 91"
            << "corrupted record at offset 91";
        const QString huge = QStringLiteral(
            "record at offset 91 has length 18446744073709551611, over the limit of 268435456 bytes");
        QTest::addRow("length near 2^64") << withHeader(3, ~quint64(0) - 4) << 3 << huge << huge;
        // 228 - 91 - 12 = 125 bytes follow the header; 122 + 4 is one too many.
        QTest::addRow("length just over the file")
            << withHeader(3, 122) << 3 << truncated91 + " (length 122, but only 125 bytes follow the header)"
            << truncated91;
        QTest::addRow("short garbage after the last record")
            << m_good + "garbage" << 5 << "truncated record at offset 228"
            << "truncated record at offset 228";
        QTest::addRow("garbage after the last record")
            << m_good + "this is not a record frame" << 5 << "corrupted record at offset 228"
            << "corrupted record at offset 228";
        QTest::addRow("zeros after the last record")
            << m_good + QByteArray(16, '\0') << 5 << "corrupted record at offset 228"
            << "corrupted record at offset 228";
        // Bytes that are nothing known (tst_filesniffer covers text and other formats).
        QTest::addRow("only garbage") << QByteArray("\x01\x02\x03", 3) << 0 << "truncated record at offset 0"
                                      << "truncated record at offset 0";
    }
    void damagedStream()
    {
        QFETCH(QByteArray, stream);
        QFETCH(int, failingRecord);
        QFETCH(QString, plainMessage);
        QFETCH(QString, compressedMessage);
        const QList<QByteArray> before = m_records.first(failingRecord);
        const qint64 offset = m_offsets[failingRecord];
        for (Compression c : {Compression::None, Compression::Gzip, Compression::Zlib}) {
            const QString path =
                put(c == Compression::None ? stream : test::deflateBytes(stream, c == Compression::Gzip));
            const test::ReadAll all = test::readAll(path);
            expectError(all, before, path, ErrorKind::DataLoss,
                        c == Compression::None ? plainMessage : compressedMessage, failingRecord, offset);
            if (QTest::currentTestFailed())
                qWarning("with compression %s", qPrintable(compressionName(c)));
            // the same error again: errors are sticky
            auto reader = RecordReader::open(path);
            QByteArray record;
            for (int i = 0; i < failingRecord; ++i)
                QVERIFY((*reader)->next(&record).isOk());
            const Status first = (*reader)->next(&record);
            QCOMPARE((*reader)->next(&record).toString(), first.toString());
        }
    }

    // Damage to the compressed stream itself. The file is cut where the decompressed stream is
    // exactly at a record boundary, so the error lands on a known record.
    void damagedCompression_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<int>("failingRecord");
        QTest::addColumn<QString>("message");
        for (bool gzip : {true, false}) {
            const char *name = gzip ? "gzip" : "zlib";
            QList<qsizetype> cuts;
            const QByteArray whole = test::deflateBytes(m_good, gzip, {m_offsets[3]}, &cuts);
            QTest::addRow("%s cut at record 3", name)
                << whole.left(cuts[0]) << 3 << QStringLiteral("truncated %1 stream").arg(name);
            QTest::addRow("%s trailer missing", name) << whole.left(whole.size() - (gzip ? 8 : 4)) << 5
                                                      << QStringLiteral("truncated %1 stream").arg(name);
            QTest::addRow("%s check value flipped", name)
                << flipped(whole, whole.size() - (gzip ? 8 : 1)) << 5
                << QStringLiteral("invalid %1 stream: incorrect data check").arg(name);
            QTest::addRow("%s trailing bytes", name)
                << whole + "xyz" << 5
                << QStringLiteral("unexpected data after the end of the %1 stream").arg(name);
        }
        QTest::addRow("gzip header only")
            << QByteArray("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03", 10) << 0 << "truncated gzip stream";
    }
    void damagedCompression()
    {
        QFETCH(QByteArray, file);
        QFETCH(int, failingRecord);
        QFETCH(QString, message);
        const QString path = put(file);
        expectError(test::readAll(path), m_records.first(failingRecord), path, ErrorKind::DataLoss, message,
                    failingRecord, m_offsets[failingRecord]);
    }

    // A hostile length must not be allocated: a compressed stream grows the record only as the
    // bytes arrive, and a plain file is checked against its size first.
    void hostileLengthIsNotAllocated_data()
    {
        QTest::addColumn<Compression>("compression");
        QTest::addRow("none") << Compression::None;
        QTest::addRow("gzip") << Compression::Gzip;
    }
    void hostileLengthIsNotAllocated()
    {
        QFETCH(Compression, compression);
        const QByteArray stream = test::header(200 * 1024 * 1024) + QByteArray(3 * 1024 * 1024, 'q');
        const QString path =
            put(compression == Compression::None ? stream : test::deflateBytes(stream, true));
        auto reader = RecordReader::open(path);
        QByteArray record;
        const Status s = (*reader)->next(&record);
        QCOMPARE(s.kind(), ErrorKind::DataLoss);
        QVERIFY2(s.message().startsWith(QStringLiteral("truncated record at offset 0")),
                 qPrintable(s.message()));
        QVERIFY2(record.capacity() <= 8 * 1024 * 1024, qPrintable(QString::number(record.capacity())));
    }

    void maxRecordBytesIsHonoured()
    {
        const QString path = put(m_good);
        RecordReaderOptions options;
        options.maxRecordBytes = 50;
        expectError(test::readAll(path, options), m_records.first(3), path, ErrorKind::DataLoss,
                    QStringLiteral("record at offset 91 has length 100, over the limit of 50 bytes"), 3, 91);
    }

    void skipCorruptSkipsBadPayloads()
    {
        const QString path = put(flipped(flipped(m_good, m_offsets[1] + 12), m_offsets[3] + 20));
        RecordReaderOptions options;
        options.skipCorrupt = true;
        auto reader = RecordReader::open(path, options);
        QByteArray record;
        QList<QByteArray> got;
        QList<qint64> offsets;
        Status s;
        while ((s = (*reader)->next(&record)).isOk()) {
            got << record;
            offsets << (*reader)->recordOffset();
        }
        QCOMPARE(s.kind(), ErrorKind::OutOfRange);
        QCOMPARE(got, (QList<QByteArray>{m_records[0], m_records[2], m_records[4]}));
        QCOMPARE(offsets, (QList<qint64>{0, 42, 207}));
        QCOMPARE((*reader)->recordIndex(), 3);
        QCOMPARE((*reader)->skippedCount(), 2);
        QCOMPARE((*reader)->skipped()[0].message(), QStringLiteral("corrupted record at offset 26"));
        QCOMPARE((*reader)->skipped()[0].where().record, 1);
        QCOMPARE((*reader)->skipped()[1].message(), QStringLiteral("corrupted record at offset 91"));
        QCOMPARE((*reader)->skipped()[1].where().record, 3);
        QCOMPARE(s.where().record, 5);
    }

    // Without trustworthy framing there is no next record to find: the file ends there.
    void skipCorruptStopsAtBrokenFraming_data()
    {
        QTest::addColumn<QByteArray>("stream");
        QTest::addColumn<int>("failingRecord");
        QTest::addColumn<QString>("skippedMessage");
        QTest::addRow("length crc") << flipped(m_good, m_offsets[2] + 8) << 2
                                    << "corrupted record at offset 42";
        QTest::addRow("truncated") << m_good.left(m_offsets[4] + 3) << 4 << "truncated record at offset 207";
        QTest::addRow("huge length")
            << withHeader(1, quint64(1) << 40) << 1
            << "record at offset 26 has length 1099511627776, over the limit of 268435456 bytes";
    }
    void skipCorruptStopsAtBrokenFraming()
    {
        QFETCH(QByteArray, stream);
        QFETCH(int, failingRecord);
        QFETCH(QString, skippedMessage);
        RecordReaderOptions options;
        options.skipCorrupt = true;
        auto reader = RecordReader::open(put(stream), options);
        QByteArray record;
        for (int i = 0; i < failingRecord; ++i)
            QVERIFY((*reader)->next(&record).isOk());
        const Status end = (*reader)->next(&record);
        QCOMPARE(end.kind(), ErrorKind::OutOfRange);
        QCOMPARE((*reader)->skippedCount(), 1);
        QCOMPARE((*reader)->skipped()[0].message(), skippedMessage);
        QCOMPARE((*reader)->skipped()[0].where().offset, m_offsets[failingRecord]);
        QCOMPARE((*reader)->next(&record).kind(), ErrorKind::OutOfRange);
        QCOMPARE((*reader)->skippedCount(), 1);
    }

    // A record longer than the read buffer takes another path; its CRC check must hold too.
    void largeCorruptRecordIsSkipped()
    {
        const QByteArray big(1024 * 1024, 'B');
        QByteArray stream = test::frame("first") + test::frame(big) + test::frame("last");
        const qint64 bigOffset = 16 + 5;
        stream[bigOffset + 12 + 700000] = 'C';
        const QString path = put(stream);
        expectError(test::readAll(path), {"first"}, path, ErrorKind::DataLoss,
                    QStringLiteral("corrupted record at offset 21"), 1, bigOffset);
        RecordReaderOptions options;
        options.skipCorrupt = true;
        const test::ReadAll skipping = test::readAll(path, options);
        QCOMPARE(skipping.records, (QList<QByteArray>{"first", "last"}));
        QCOMPARE(skipping.end.kind(), ErrorKind::OutOfRange);
    }
};

QTEST_GUILESS_MAIN(TestRecordCorrupt)
#include "tst_recordcorrupt.moc"
