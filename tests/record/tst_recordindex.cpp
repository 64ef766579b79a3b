#include "record/inputfiles.h"
#include "record/recordindex.h"
#include "record/recordwriter.h"

#include "recordtestutil.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace qs;

class TestRecordIndex : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QList<QByteArray> m_records;
    QString m_plain;
    QString m_gzip;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_records = test::randomRecords(400, 20000, 12); // ~4 MB, several progress steps
        m_records[5] = QByteArray();
        m_plain = m_dir.filePath(QStringLiteral("data.tfrecord"));
        m_gzip = m_dir.filePath(QStringLiteral("data.tfrecord.gz"));
        QVERIFY(test::writeBytes(m_plain, test::frames(m_records)));
        QVERIFY(test::writeBytes(m_gzip, test::deflateBytes(test::frames(m_records), true)));
    }

    void buildCollectsOffsetsAndSizes_data()
    {
        QTest::addColumn<bool>("gzip");
        QTest::addRow("none") << false;
        QTest::addRow("gzip") << true;
    }
    void buildCollectsOffsetsAndSizes()
    {
        QFETCH(bool, gzip);
        QList<QPair<qint64, qint64>> calls;
        auto index = RecordIndex::build(gzip ? m_gzip : m_plain, {}, [&](qint64 done, qint64 total) {
            calls.append({done, total});
            return true;
        });
        QVERIFY2(index.isOk(), qPrintable(index.status().toString()));
        QCOMPARE(index->size(), m_records.size());
        QCOMPARE(index->compression(), gzip ? Compression::Gzip : Compression::None);
        qint64 offset = 0;
        for (qsizetype i = 0; i < m_records.size(); ++i) {
            QCOMPARE(index->at(i), (RecordIndexEntry{offset, 16 + m_records[i].size()}));
            offset += 16 + m_records[i].size();
        }
        const qint64 fileSize = QFileInfo(gzip ? m_gzip : m_plain).size();
        QVERIFY(calls.size() >= (gzip ? 1 : 3));
        QCOMPARE(calls.last(), qMakePair(fileSize, fileSize));
        for (qsizetype i = 1; i < calls.size(); ++i)
            QVERIFY(calls[i].first >= calls[i - 1].first);
    }

    void progressCanCancel()
    {
        int calls = 0;
        auto index = RecordIndex::build(m_plain, {}, [&](qint64, qint64) { return ++calls < 2; });
        QVERIFY(!index.isOk());
        QCOMPARE(index.status().kind(), ErrorKind::Cancelled);
        QCOMPARE(calls, 2);
    }

    void buildReportsCorruption()
    {
        QByteArray bytes = test::frames(m_records.first(3));
        bytes[16 + m_records[0].size() + 12] = char(bytes[16 + m_records[0].size() + 12] ^ 1);
        const QString path = m_dir.filePath(QStringLiteral("bad"));
        QVERIFY(test::writeBytes(path, bytes));
        auto index = RecordIndex::build(path);
        QCOMPARE(index.status().kind(), ErrorKind::DataLoss);
        QCOMPARE(index.status().where().record, 1);
    }

    void saveAndLoad()
    {
        auto built = RecordIndex::build(m_plain);
        const QString indexPath = m_dir.filePath(QStringLiteral("data.idx"));
        QVERIFY(built->save(indexPath).isOk());
        const QList<QByteArray> lines = test::readBytes(indexPath).split('\n');
        QCOMPARE(lines.size(), m_records.size() + 1); // a newline ends the last line
        QCOMPARE(lines[0], QByteArray("0 ") + QByteArray::number(16 + m_records[0].size()));
        auto loaded = RecordIndex::load(indexPath, m_plain);
        QVERIFY2(loaded.isOk(), qPrintable(loaded.status().toString()));
        QCOMPARE(loaded->entries(), built->entries());
        QCOMPARE(loaded->dataPath(), m_plain);
    }

    void loadRejectsBadLines_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("line");
        QTest::addRow("one field") << QByteArray("0 26\n26\n") << 2;
        QTest::addRow("not a number") << QByteArray("0 x\n") << 1;
        QTest::addRow("size under 16") << QByteArray("0 26\n26 15\n") << 2;
        QTest::addRow("negative offset") << QByteArray("-1 20\n") << 1;
    }
    void loadRejectsBadLines()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, line);
        const QString indexPath = m_dir.filePath(QStringLiteral("bad.idx"));
        QVERIFY(test::writeBytes(indexPath, text));
        auto loaded = RecordIndex::load(indexPath, m_plain);
        QCOMPARE(loaded.status().kind(), ErrorKind::InvalidArgument);
        QVERIFY2(loaded.status().message().contains(QStringLiteral("line %1:").arg(line)),
                 qPrintable(loaded.status().message()));
        QCOMPARE(RecordIndex::load(m_dir.filePath(QStringLiteral("none.idx")), m_plain).status().kind(),
                 ErrorKind::NotFound);
    }

    void readAtInAnyOrder()
    {
        auto index = RecordIndex::build(m_plain);
        QList<qint64> order;
        for (qint64 i = 0; i < index->size(); ++i)
            order << i;
        std::reverse(order.begin(), order.end());
        std::swap(order[3], order[200]);
        QByteArray record;
        for (qint64 i : order) {
            const Status s = index->readAt(i, &record);
            QVERIFY2(s.isOk(), qPrintable(s.toString()));
            QCOMPARE(record, m_records[i]);
        }
        const Status out = index->readAt(index->size(), &record);
        QCOMPARE(out.kind(), ErrorKind::OutOfRange);
        QCOMPARE(index->readAt(-1, &record).kind(), ErrorKind::OutOfRange);
    }

    void readAtChecksTheFile()
    {
        const QList<QByteArray> small = m_records.first(3);
        QByteArray bytes = test::frames(small);
        const QString path = m_dir.filePath(QStringLiteral("checked"));
        QVERIFY(test::writeBytes(path, bytes));
        auto index = RecordIndex::build(path);
        QByteArray record;
        const qint64 second = 16 + small[0].size();
        bytes[second + 12] = char(bytes[second + 12] ^ 1);
        QVERIFY(test::writeBytes(path, bytes.left(bytes.size() - 2)));
        const Status corrupt = index->readAt(1, &record);
        QCOMPARE(corrupt.kind(), ErrorKind::DataLoss);
        QCOMPARE(corrupt.message(), QStringLiteral("corrupted record at offset %1").arg(second));
        QCOMPARE(corrupt.where().record, 1);
        QVERIFY(index->readAt(0, &record).isOk());
        const Status cut = index->readAt(2, &record);
        QCOMPARE(cut.kind(), ErrorKind::DataLoss);
        QVERIFY2(cut.message().startsWith(QStringLiteral("truncated record at offset")),
                 qPrintable(cut.message()));
        QVERIFY(test::writeBytes(m_dir.filePath(QStringLiteral("wrong.idx")), "0 17\n"));
        auto wrong = RecordIndex::load(m_dir.filePath(QStringLiteral("wrong.idx")), path);
        QCOMPARE(
            wrong->readAt(0, &record).message(),
            QStringLiteral("record at offset 0 has length %1, but the index says 1").arg(small[0].size()));
    }

    void readAtNeedsAnUncompressedFile()
    {
        auto index = RecordIndex::build(m_gzip);
        QByteArray record;
        QCOMPARE(index->readAt(0, &record).kind(), ErrorKind::FailedPrecondition);
    }

    void expandInputs_data()
    {
        QTest::addColumn<QStringList>("patterns");
        QTest::addColumn<QStringList>("expected");
        QTest::addRow("wildcard sorted")
            << QStringList{"s/train-*"}
            << QStringList{"s/train-00000-of-00003", "s/train-00001-of-00003", "s/train-00002-of-00003"};
        QTest::addRow("question mark")
            << QStringList{"s/train-0000?-of-00003"}
            << QStringList{"s/train-00000-of-00003", "s/train-00001-of-00003", "s/train-00002-of-00003"};
        QTest::addRow("set") << QStringList{"s/train-0000[02]-of-00003"}
                             << QStringList{"s/train-00000-of-00003", "s/train-00002-of-00003"};
        QTest::addRow("plain and duplicates")
            << QStringList{"s/val.tfrecord", "s/*.tfrecord", "s/train-00001-of-00003"}
            << QStringList{"s/val.tfrecord", "s/a.tfrecord", "s/train-00001-of-00003"};
    }
    void expandInputs()
    {
        QFETCH(QStringList, patterns);
        QFETCH(QStringList, expected);
        QDir root(m_dir.path());
        root.mkpath(QStringLiteral("s/sub.tfrecord"));
        for (const char *name : {"train-00002-of-00003", "train-00000-of-00003", "train-00001-of-00003",
                                 "val.tfrecord", "a.tfrecord"})
            QVERIFY(test::writeBytes(root.filePath(QStringLiteral("s/") + QLatin1String(name)), {}));
        for (QString &p : patterns)
            p = root.filePath(p);
        for (QString &e : expected)
            e = root.filePath(e);
        const Result<QStringList> files = qs::expandInputs(patterns);
        QVERIFY2(files.isOk(), qPrintable(files.status().toString()));
        QCOMPARE(*files, expected);
    }

    void expandInputsErrors_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("text");
        QTest::addRow("no match") << "s/*.nothing" << int(ErrorKind::NotFound) << "no files match";
        QTest::addRow("missing file") << "s/missing.tfrecord" << int(ErrorKind::NotFound) << "no such file";
        QTest::addRow("missing folder")
            << "nope/*.tfrecord" << int(ErrorKind::NotFound) << "no such directory";
        QTest::addRow("directory") << "s" << int(ErrorKind::InvalidArgument) << "is a directory";
        QTest::addRow("only directories match") << "s/sub.*" << int(ErrorKind::NotFound) << "no files match";
        QTest::addRow("wildcard in folder")
            << "*/a.tfrecord" << int(ErrorKind::InvalidArgument) << "only supported";
    }
    void expandInputsErrors()
    {
        QFETCH(QString, pattern);
        QFETCH(int, kind);
        QFETCH(QString, text);
        QDir(m_dir.path()).mkpath(QStringLiteral("s/sub.tfrecord"));
        const QString full = m_dir.filePath(pattern);
        const Result<QStringList> files = qs::expandInputs({full});
        QVERIFY(!files.isOk());
        QCOMPARE(int(files.status().kind()), kind);
        QVERIFY2(files.status().message().contains(text), qPrintable(files.status().message()));
        QVERIFY2(files.status().message().contains(full), qPrintable(files.status().message()));
    }
};

QTEST_GUILESS_MAIN(TestRecordIndex)
#include "tst_recordindex.moc"
