#include "record/recordwriter.h"
#include "record/shardedwriter.h"

#include "recordtestutil.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/resource.h>

using namespace qs;

class TestRecordWriter : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    QStringList tempFiles() const
    {
        return QDir(m_dir.path()).entryList({QStringLiteral(".*.tmp-*")}, QDir::Files | QDir::Hidden);
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void init() { QVERIFY(tempFiles().isEmpty()); }

    void targetAppearsOnlyAtCommit()
    {
        const QString target = m_dir.filePath(QStringLiteral("data.tfrecord"));
        auto writer = RecordWriter::create(target);
        QVERIFY(writer.isOk());
        const QString temp = (*writer)->tempPath();
        QCOMPARE(QFileInfo(temp).absolutePath(), QFileInfo(target).absolutePath());
        QVERIFY(QFileInfo(temp).fileName().startsWith(QStringLiteral(".data.tfrecord.tmp-")));
        const QList<QByteArray> records = test::randomRecords(300, 2000, 4);
        for (const QByteArray &r : records)
            QVERIFY((*writer)->write(r).isOk());
        QVERIFY(QFile::exists(temp));
        QVERIFY(!QFile::exists(target));
        QCOMPARE((*writer)->recordCount(), 300);
        QVERIFY((*writer)->commit().isOk());
        QVERIFY(!QFile::exists(temp));
        QCOMPARE(test::readBytes(target), test::frames(records));
        QCOMPARE((*writer)->bytesWritten(), test::frames(records).size());

        QCOMPARE((*writer)->write("more").kind(), ErrorKind::FailedPrecondition);
        QCOMPARE(test::readBytes(target), test::frames(records));
    }

    void commitTwiceFails()
    {
        auto writer = RecordWriter::create(m_dir.filePath(QStringLiteral("twice")));
        QVERIFY((*writer)->commit().isOk());
        QCOMPARE((*writer)->commit().kind(), ErrorKind::FailedPrecondition);
    }

    void existingTargetSurvives_data()
    {
        QTest::addColumn<QString>("how");
        QTest::addRow("abort") << "abort";
        QTest::addRow("destroyed without commit") << "destroy";
        QTest::addRow("write error") << "error";
    }
    void existingTargetSurvives()
    {
        QFETCH(QString, how);
        const QString target = m_dir.filePath(QStringLiteral("keep-%1").arg(how));
        const QByteArray original = test::frames(test::randomRecords(3, 10, 1));
        QVERIFY(test::writeBytes(target, original));
        {
            auto writer = RecordWriter::create(target, Compression::Gzip);
            QVERIFY(writer.isOk());
            QVERIFY((*writer)->write("replacement").isOk());
            if (how == QLatin1String("abort")) {
                (*writer)->abort();
                QVERIFY(tempFiles().isEmpty());
                QCOMPARE((*writer)->commit().kind(), ErrorKind::FailedPrecondition);
            } else if (how == QLatin1String("error")) {
                // A file-size limit makes write(2) fail with EFBIG, like a full disk would.
                rlimit old{};
                QVERIFY(::getrlimit(RLIMIT_FSIZE, &old) == 0);
                rlimit small = old;
                small.rlim_cur = 64 * 1024;
                std::signal(SIGXFSZ, SIG_IGN);
                if (::setrlimit(RLIMIT_FSIZE, &small) != 0)
                    QSKIP("cannot lower RLIMIT_FSIZE here");
                Status failed;
                const QList<QByteArray> noise = test::randomRecords(200, 20000, 9); // incompressible
                for (const QByteArray &r : noise) {
                    if (!(failed = (*writer)->write(r)).isOk())
                        break;
                }
                if (failed.isOk())
                    failed = (*writer)->commit();
                QVERIFY(::setrlimit(RLIMIT_FSIZE, &old) == 0);
                QCOMPARE(failed.kind(), ErrorKind::ResourceExhausted);
                QVERIFY2(failed.message().startsWith(QStringLiteral("cannot write ") + target),
                         qPrintable(failed.message()));
                QVERIFY(tempFiles().isEmpty());
                QCOMPARE((*writer)->commit().toString(), failed.toString());
            }
        }
        QCOMPARE(test::readBytes(target), original);
        QVERIFY(tempFiles().isEmpty());
    }

    void createErrors_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("compression");
        QTest::addColumn<int>("kind");
        QTest::addRow("missing folder")
            << "no/such/folder/x" << int(Compression::None) << int(ErrorKind::NotFound);
        QTest::addRow("a directory") << "" << int(Compression::None) << int(ErrorKind::InvalidArgument);
        QTest::addRow("auto") << "auto" << int(Compression::Auto) << int(ErrorKind::InvalidArgument);
    }
    void createErrors()
    {
        QFETCH(QString, path);
        QFETCH(int, compression);
        QFETCH(int, kind);
        const QString full = path.isEmpty() ? m_dir.path() : m_dir.filePath(path);
        auto writer = RecordWriter::create(full, Compression(compression));
        QVERIFY(!writer.isOk());
        QCOMPARE(int(writer.status().kind()), kind);
        QVERIFY2(writer.status().message().contains(full), qPrintable(writer.status().message()));
    }

    void shardNames_data()
    {
        QTest::addColumn<QString>("base");
        QTest::addColumn<int>("index");
        QTest::addColumn<int>("count");
        QTest::addColumn<QString>("name");
        QTest::addRow("first of 4") << "train" << 0 << 4 << "train-00000-of-00004";
        QTest::addRow("last of 8") << "out/val" << 7 << 8 << "out/val-00007-of-00008";
        QTest::addRow("wide") << "b" << 3 << 123456 << "b-00003-of-123456";
    }
    void shardNames()
    {
        QFETCH(QString, base);
        QFETCH(int, index);
        QFETCH(int, count);
        QFETCH(QString, name);
        QCOMPARE(shardName(base, index, count), name);
    }

    void shardedRoundRobin()
    {
        const QString base = m_dir.filePath(QStringLiteral("rr"));
        auto sharded = ShardedWriter::create(base, 4, Compression::Zlib);
        QVERIFY(sharded.isOk());
        const QList<QByteArray> records = test::randomRecords(10, 50, 3);
        for (const QByteArray &r : records)
            QVERIFY((*sharded)->write(r).isOk());
        QVERIFY((*sharded)->write(2, "extra").isOk());
        QCOMPARE((*sharded)->write(4, "nope").kind(), ErrorKind::InvalidArgument);
        for (const QString &path : (*sharded)->paths())
            QVERIFY(!QFile::exists(path));
        QVERIFY((*sharded)->commit().isOk());
        QCOMPARE((*sharded)->paths().first(), base + QStringLiteral("-00000-of-00004"));
        for (int shard = 0; shard < 4; ++shard) {
            QList<QByteArray> expected;
            for (qsizetype i = shard; i < records.size(); i += 4)
                expected << records[i];
            if (shard == 2)
                expected << "extra";
            const test::ReadAll all = test::readAll(shardName(base, shard, 4));
            QCOMPARE(all.end.kind(), ErrorKind::OutOfRange);
            QCOMPARE(all.records, expected);
        }
        QVERIFY(tempFiles().isEmpty());
    }

    void shardedAbortLeavesNothing()
    {
        const QString base = m_dir.filePath(QStringLiteral("gone"));
        {
            auto sharded = ShardedWriter::create(base, 3);
            QVERIFY((*sharded)->write("a").isOk());
            (*sharded)->abort();
        }
        QVERIFY(tempFiles().isEmpty());
        QVERIFY(QDir(m_dir.path()).entryList({QStringLiteral("gone*")}).isEmpty());
        QCOMPARE(ShardedWriter::create(base, 0).status().kind(), ErrorKind::InvalidArgument);
    }
};

QTEST_GUILESS_MAIN(TestRecordWriter)
#include "tst_recordwriter.moc"
