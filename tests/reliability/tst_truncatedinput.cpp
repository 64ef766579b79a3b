// Files cut under readers that are part way through them: the records before the cut arrive,
// then DataLoss names the file, the record where the data ends and its offset, even when the cut
// falls exactly between two records; in the core reader, under a running Pipeline and under
// queuescope-cli run. The reader and the test take turns on a condition variable, and the
// running ones are slowed with reader_delay_ms so they are far from the cut when it comes.
#include "hostilecheck.h"
#include "hostilefiles.h"

#include "run/pipeline.h"

#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <condition_variable>
#include <mutex>
#include <thread>

using namespace qs;
using namespace qs::test;
using namespace std::chrono_literals;

class TestTruncatedInput : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // A reader part way through a file when the file is cut: the records before the cut arrive,
    // then DataLoss names the record where the data ends, even when the cut falls exactly
    // between two records.
    void truncatedWhileReading_data()
    {
        QTest::addColumn<bool>("gzip");
        QTest::addColumn<int>("cutRecord"); // the cut lands in this record's frame...
        QTest::addColumn<int>("cutInto");   // ...this many bytes in
        QTest::addColumn<int>("failing");   // the record the error names (-1: any after the pause)
        QTest::addRow("mid-payload") << false << 12 << 50000 << 12;
        QTest::addRow("at a record boundary") << false << 12 << 0 << 12;
        QTest::addRow("inside a header") << false << 12 << 5 << 12;
        QTest::addRow("to nothing") << false << 0 << 0 << 10;
        QTest::addRow("gzip, mid-file") << true << 40 << 0 << -1;
    }
    void truncatedWhileReading()
    {
        QFETCH(bool, gzip);
        QFETCH(int, cutRecord);
        QFETCH(int, cutInto);
        QFETCH(int, failing);
        constexpr int kRecords = 64;
        constexpr int kPauseAfter = 10;
        // Records of 100 000 random bytes: larger than the reader's direct-read threshold, so a
        // paused reader holds no more than the next header, and gzip cannot shrink them.
        QList<QByteArray> records;
        QList<qint64> offsets;
        QByteArray stream;
        QRandomGenerator rng(7);
        for (int i = 0; i < kRecords; ++i) {
            QByteArray r(100000, Qt::Uninitialized);
            rng.fillRange(reinterpret_cast<quint32 *>(r.data()), r.size() / 4);
            records << r;
            offsets << stream.size();
            stream += frame(r);
        }
        const QString path = m_dir.filePath(QStringLiteral("cut-%1").arg(QTest::currentDataTag()));
        const QByteArray file = gzip ? deflateBytes(stream, true) : stream;
        QVERIFY(writeBytes(path, file));
        const qint64 cut = gzip ? file.size() / 2 : offsets[cutRecord] + cutInto;

        Result<std::unique_ptr<RecordReader>> opened = RecordReader::open(path);
        QVERIFY2(opened, qPrintable(opened.status().toString()));
        RecordReader &reader = **opened;
        std::mutex mu;
        std::condition_variable cv;
        bool paused = false;
        bool resumed = false;
        int got = 0;
        Status end;
        std::thread thread([&] {
            QByteArray record;
            for (;;) {
                end = reader.next(&record);
                if (!end.isOk())
                    return;
                if (record != records[got])
                    end = internalError(QStringLiteral("record %1 came back wrong").arg(got));
                if (++got == kPauseAfter) {
                    std::unique_lock lock(mu);
                    paused = true;
                    cv.notify_all();
                    cv.wait(lock, [&] { return resumed; });
                }
            }
        });
        {
            std::unique_lock lock(mu);
            cv.wait(lock, [&] { return paused; });
        }
        const bool resized = QFile::resize(path, cut);
        {
            std::lock_guard lock(mu);
            resumed = true;
        }
        cv.notify_all();
        thread.join();
        QVERIFY(resized);

        qInfo("%d records, then %s", got, qPrintable(end.toString()));
        QCOMPARE(end.kind(), ErrorKind::DataLoss);
        QCOMPARE(end.where().file, path);
        if (failing >= 0) {
            QCOMPARE(got, failing);
        } else {
            QVERIFY(got >= kPauseAfter && got < kRecords);
        }
        QCOMPARE(end.where().record, qint64(got));
        QCOMPARE(end.where().offset, offsets[got]);
    }

    // The same under a running pipeline: its reader is slowed (reader_delay_ms) so that it is
    // far from the cut when the test sees the first batches go through.
    void truncatedWhileRunning()
    {
        const HostileStream s = HostileStream(Layout::RawDims, 64).good(300);
        const Made m = s.write(m_dir.filePath(QStringLiteral("cut-under-a-run")));
        RunConfig c = smallRun(m.path, kClasses);
        c.pipeline.readerDelayMs = 10;
        Result<std::unique_ptr<Pipeline>> created = Pipeline::create(c);
        QVERIFY2(created, qPrintable(created.status().toString()));
        Pipeline &p = **created;
        QVERIFY(p.start().isOk());
        QTRY_VERIFY_WITH_TIMEOUT(p.snapshot(std::numeric_limits<qint64>::max())->steps >= 2 || p.isFinished(),
                                 30000);
        QVERIFY(!p.isFinished());
        QVERIFY(QFile::resize(m.path, s.offsets()[200] + 12 + 100));
        QVERIFY2(p.waitFinished(60s), "the run did not end within 60 s");
        const RunSummary summary = p.summary();
        QCOMPARE(summary.how, EndHow::Error);
        expectStatus(summary.error, ErrorKind::DataLoss, QStringLiteral("truncated"),
                     Made{m.path, 200, s.offsets()[200]});
    }

    // And under queuescope-cli run: the cut comes once the run has said it started.
    void truncatedUnderTheCli()
    {
        if (!QFile::exists(kCli))
            QSKIP("queuescope-cli is not built");
        const HostileStream s = HostileStream(Layout::RawDims, 64).good(600);
        const Made m = s.write(m_dir.filePath(QStringLiteral("cut-under-the-cli")));
        QProcess p;
        p.setReadChannel(QProcess::StandardError); // what waitForReadyRead() waits for
        p.start(kCli, cliRunArgs(m.path, kClasses, {{QStringLiteral("reader_delay_ms"), 10}}));
        QByteArray err;
        while (!err.contains("run: started") && p.waitForReadyRead(30000))
            err += p.readAllStandardError();
        QVERIFY2(err.contains("run: started"), err.constData());
        QVERIFY(QFile::resize(m.path, s.offsets()[450] + 12 + 100));
        QVERIFY(p.waitForFinished(60000));
        err += p.readAllStandardError();
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QVERIFY2(p.exitCode() == 1, (err + p.readAllStandardOutput()).constData());
        expectNamed(QString::fromUtf8(err), Made{m.path, 450, s.offsets()[450]});
    }
};

QTEST_GUILESS_MAIN(TestTruncatedInput)
#include "tst_truncatedinput.moc"
