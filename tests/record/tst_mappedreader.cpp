// The mapped read path: views into the mapping that outlive the reader, the same records and
// errors as the buffered path, and files cut, grown or replaced while mapped (never a SIGBUS).
#include "record/recordreader.h"

#include "recordtestutil.h"

#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace qs;

class TestMappedReader : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString file(const QString &name) const { return m_dir.filePath(name); }

    static RecordReaderOptions mapped()
    {
        RecordReaderOptions o;
        o.mapFile = true;
        return o;
    }
    static std::unique_ptr<RecordReader> openOrFail(const QString &path, RecordReaderOptions o = mapped())
    {
        auto r = RecordReader::open(path, o);
        if (!r) {
            qWarning("%s", qPrintable(r.status().toString()));
            return nullptr;
        }
        return std::move(*r);
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void viewsMatchTheBufferedPath()
    {
        const QList<QByteArray> records = test::randomRecords(300, 70000, 3);
        const QString path = file(QStringLiteral("same"));
        QVERIFY(test::writeBytes(path, test::frames(records)));
        auto mapped = openOrFail(path);
        QVERIFY(mapped);
        QVERIFY(mapped->isMapped());
        RecordReaderOptions buffered;
        buffered.mapFile = false;
        auto streamed = openOrFail(path, buffered);
        QVERIFY(streamed);
        QVERIFY(!streamed->isMapped());
        RecordView a, b;
        for (const QByteArray &want : records) {
            QVERIFY(mapped->next(&a).isOk());
            QVERIFY(streamed->next(&b).isOk());
            QVERIFY(a.isMapped());
            QVERIFY(!b.isMapped());
            QCOMPARE(a.bytes(), QByteArrayView(want));
            QCOMPARE(b.bytes(), QByteArrayView(want));
        }
        QCOMPARE(mapped->next(&a).kind(), ErrorKind::OutOfRange);
        QCOMPARE(streamed->next(&b).kind(), ErrorKind::OutOfRange);
        QCOMPARE(mapped->offset(), streamed->offset());
        QCOMPARE(mapped->fileBytesRead(), mapped->fileSize());
    }

    void viewsOutliveTheReader_data()
    {
        QTest::addColumn<int>("how"); // 0 mapped, 1 read() into the buffer, 2 gzip through it
        QTest::addRow("mapped") << 0;
        QTest::addRow("buffered") << 1;
        QTest::addRow("gzip") << 2;
    }
    // Held views keep their bytes while the reader reads on through many buffers (a buffer a
    // view shows is never written again), and after the reader is gone. Some records are larger
    // than the buffer.
    void viewsOutliveTheReader()
    {
        QFETCH(int, how);
        QList<QByteArray> records = test::randomRecords(400, 5000, 4);
        records.insert(100, QByteArray(RecordReader::kBufferBytes + 4321, 'L'));
        records.insert(300, QByteArray(3 * RecordReader::kBufferBytes, 'M'));
        const QString path = file(QStringLiteral("outlive%1").arg(how));
        const QByteArray bytes = test::frames(records);
        QVERIFY(test::writeBytes(path, how == 2 ? test::deflateBytes(bytes, true) : bytes));
        RecordReaderOptions o;
        o.mapFile = how == 0;
        QList<RecordView> kept;
        {
            auto reader = openOrFail(path, o);
            QVERIFY(reader);
            QCOMPARE(reader->isMapped(), how == 0);
            RecordView v;
            while (reader->next(&v).isOk())
                kept << v;
        }
        QCOMPARE(kept.size(), records.size());
        for (int i = 0; i < kept.size(); ++i) {
            QCOMPARE(kept[i].toByteArray(), records[i]);
            QVERIFY(kept[i].intact());
        }
    }

    // A buffered stream hands out views of its buffer, not copies: the records of one buffer
    // lie in it one after another, each after its frame's footer and the next header.
    void bufferedViewsAreNotCopies()
    {
        const QList<QByteArray> records = test::randomRecords(50, 2000, 5);
        const QString path = file(QStringLiteral("nocopy"));
        QVERIFY(test::writeBytes(path, test::frames(records)));
        RecordReaderOptions o;
        o.mapFile = false;
        auto reader = openOrFail(path, o);
        QVERIFY(reader);
        RecordView first, second;
        QVERIFY(reader->next(&first).isOk());
        QVERIFY(reader->next(&second).isOk());
        QCOMPARE(first.bytes(), QByteArrayView(records[0]));
        QCOMPARE(second.bytes(), QByteArrayView(records[1]));
        QCOMPARE(second.data(), first.data() + first.size() + 4 + 12);
        QCOMPARE(first.toByteArray(), records[0]);
    }

    void corruptionIsReportedAsBuffered()
    {
        const QList<QByteArray> records = test::randomRecords(10, 3000, 5);
        QByteArray bytes = test::frames(records);
        const qint64 third = test::frames(records.mid(0, 2)).size();
        bytes[third + 12 + 1] = char(bytes[third + 12 + 1] ^ 0x40); // record 2's payload
        const QString path = file(QStringLiteral("corrupt"));
        QVERIFY(test::writeBytes(path, bytes));
        for (bool map : {true, false}) {
            RecordReaderOptions o;
            o.mapFile = map;
            o.skipCorrupt = true;
            const test::ReadAll all = test::readAll(path, o);
            QCOMPARE(all.records.size(), records.size() - 1);
            QCOMPARE(all.end.kind(), ErrorKind::OutOfRange);
            o.skipCorrupt = false;
            const test::ReadAll strict = test::readAll(path, o);
            QCOMPARE(strict.end.kind(), ErrorKind::DataLoss);
            QCOMPARE(strict.end.where().offset, third);
            QVERIFY2(strict.end.message().startsWith(QLatin1String("corrupted record at offset")),
                     qPrintable(strict.end.toString()));
        }
    }

    // Cut while a view is held: the bytes past the cut read as zeros instead of raising SIGBUS,
    // the view says it is no longer intact and the next record is DataLoss at its offset.
    void cutUnderAHeldView()
    {
        QList<QByteArray> records;
        for (int i = 0; i < 8; ++i)
            records << QByteArray(200000 - 16, char('a' + i));
        const QString path = file(QStringLiteral("cut-held"));
        QVERIFY(test::writeBytes(path, test::frames(records)));
        auto reader = openOrFail(path);
        QVERIFY(reader);
        RecordView first, second;
        QVERIFY(reader->next(&first).isOk());
        QVERIFY(reader->next(&second).isOk());
        QVERIFY(::truncate(QFile::encodeName(path).constData(), 100) == 0); // inside record 0
        // Reading the held views must not kill the process; past the cut they hold zeros.
        qint64 sum = 0;
        for (char c : second.bytes())
            sum += c;
        QVERIFY(sum < qint64(records[1].size()) * 'b');
        QVERIFY(!second.intact());
        QVERIFY(!first.intact());
        RecordView next;
        const Status s = reader->next(&next);
        QCOMPARE(s.kind(), ErrorKind::DataLoss);
        QCOMPARE(s.where().record, 2);
        QCOMPARE(s.where().offset, 2 * 200000);
        QVERIFY2(s.message().contains(QLatin1String("was truncated while being read")),
                 qPrintable(s.toString()));
    }

    // Cut before the reader reaches the bytes: DataLoss at the record where the data ends.
    void cutAhead_data()
    {
        QTest::addColumn<int>("cutInto");
        QTest::addRow("at a boundary") << 0;
        QTest::addRow("inside a header") << 5;
        QTest::addRow("mid-payload") << 50000;
        QTest::addRow("last page") << 200000 - 3;
    }
    void cutAhead()
    {
        QFETCH(int, cutInto);
        QList<QByteArray> records;
        for (int i = 0; i < 8; ++i)
            records << QByteArray(200000 - 16, char('a' + i));
        const QString path = file(QStringLiteral("cut-ahead-%1").arg(cutInto));
        QVERIFY(test::writeBytes(path, test::frames(records)));
        auto reader = openOrFail(path);
        QVERIFY(reader);
        QByteArray r;
        QVERIFY(reader->next(&r).isOk());
        QVERIFY(::truncate(QFile::encodeName(path).constData(), 3 * 200000 + cutInto) == 0);
        QVERIFY(reader->next(&r).isOk());
        QVERIFY(reader->next(&r).isOk());
        const Status s = reader->next(&r);
        QCOMPARE(s.kind(), ErrorKind::DataLoss);
        QCOMPARE(s.where().record, 3);
        QCOMPARE(s.where().offset, 3 * 200000);
        QVERIFY2(s.message().contains(QLatin1String("was truncated while being read")),
                 qPrintable(s.toString()));
    }

    // A file that grows while it is read is read on to its new end, as the buffered path does.
    void grownFileIsReadOn()
    {
        const QList<QByteArray> records = test::randomRecords(40, 9000, 6);
        const QString path = file(QStringLiteral("grows"));
        QVERIFY(test::writeBytes(path, test::frames(records.mid(0, 20))));
        auto reader = openOrFail(path);
        QVERIFY(reader);
        RecordView v;
        QList<RecordView> early;
        for (int i = 0; i < 20; ++i) {
            QVERIFY(reader->next(&v).isOk());
            early << v;
        }
        QFile f(path);
        QVERIFY(f.open(QIODevice::Append));
        QVERIFY(f.write(test::frames(records.mid(20))) > 0);
        f.close();
        for (int i = 20; i < 40; ++i) {
            QVERIFY(reader->next(&v).isOk());
            QCOMPARE(v.bytes(), QByteArrayView(records[i]));
        }
        QCOMPARE(reader->next(&v).kind(), ErrorKind::OutOfRange);
        for (int i = 0; i < 20; ++i)
            QCOMPARE(early[i].bytes(), QByteArrayView(records[i]));
    }

    // Replaced by rename while mapped: the reader goes on with the file it opened.
    void replacedFileKeepsItsBytes()
    {
        const QList<QByteArray> records = test::randomRecords(30, 9000, 7);
        const QString path = file(QStringLiteral("replaced"));
        QVERIFY(test::writeBytes(path, test::frames(records)));
        auto reader = openOrFail(path);
        QVERIFY(reader);
        const QString other = file(QStringLiteral("replacement"));
        QVERIFY(test::writeBytes(other, QByteArray(10, 'x')));
        QVERIFY(::rename(QFile::encodeName(other).constData(), QFile::encodeName(path).constData()) == 0);
        const test::ReadAll all = [&] {
            test::ReadAll a;
            QByteArray r;
            while ((a.end = reader->next(&r)).isOk())
                a.records << r;
            return a;
        }();
        QCOMPARE(all.records, records);
        QCOMPARE(all.end.kind(), ErrorKind::OutOfRange);
    }

    void compressedAndEmptyFilesAreNotMapped()
    {
        const QString empty = file(QStringLiteral("empty"));
        QVERIFY(test::writeBytes(empty, {}));
        auto e = openOrFail(empty);
        QVERIFY(e);
        QVERIFY(!e->isMapped());
        RecordView v;
        QCOMPARE(e->next(&v).kind(), ErrorKind::OutOfRange);

        const QList<QByteArray> records = test::randomRecords(30, 900, 8);
        const QString gz = file(QStringLiteral("gz"));
        QVERIFY(test::writeBytes(gz, test::deflateBytes(test::frames(records), true)));
        auto g = openOrFail(gz);
        QVERIFY(g);
        QVERIFY(!g->isMapped());
        QCOMPARE(g->compression(), Compression::Gzip);
        QList<QByteArray> got;
        while (g->next(&v).isOk())
            got << v.toByteArray();
        QCOMPARE(got, records);
    }
};

QTEST_GUILESS_MAIN(TestMappedReader)
#include "tst_mappedreader.moc"
