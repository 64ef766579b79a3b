#include "record/parallelscan.h"
#include "record/recordreader.h"

#include "recordtestutil.h"

#include <QFile>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <mutex>
#include <sys/stat.h>
#include <unistd.h>

using namespace qs;

Q_DECLARE_METATYPE(qs::ParallelScan::Outcome)

// ParallelScan against RecordReader: on a sound file the same records (index, offset, bytes),
// on any damage Damaged (RecordReader then says what), and NotApplicable for what it does not read.
class TestParallelScan : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString file(const QString &name) const { return m_dir.filePath(name); }

    struct Seen {
        qint64 index;
        qint64 offset;
        QByteArray bytes;
        int worker;
    };

    // Every record the scan visits, sorted by index.
    static std::vector<Seen> scanAll(const QString &path, int threads, ParallelScan::Result *result,
                                     const RecordReaderOptions &options = {},
                                     qint64 stripe = ParallelScan::kStripeBytes)
    {
        std::mutex mutex;
        std::vector<Seen> seen;
        *result = ParallelScan::run(
            path, options, threads,
            [&](int w, const ScannedRecord &r) {
                std::lock_guard lock(mutex);
                seen.push_back({r.index, r.offset, r.bytes.toByteArray(), w});
            },
            stripe);
        std::sort(seen.begin(), seen.end(), [](const Seen &a, const Seen &b) { return a.index < b.index; });
        return seen;
    }

    static ParallelScan::Outcome outcomeOf(const QString &path, const RecordReaderOptions &options = {})
    {
        return ParallelScan::run(path, options, 2).outcome;
    }

    // Record sizes that put record starts at every kind of place relative to the stripes.
    static QList<QByteArray> mixedRecords()
    {
        constexpr qint64 kStripe = ParallelScan::kStripeBytes;
        QList<QByteArray> records = test::randomRecords(400, 3000, 21);
        records << QByteArray() << QByteArray(int(3 * kStripe + 5), 'L'); // spans stripes
        records << test::randomRecords(50, 200, 22);
        // Ends so that the next header starts 5 bytes before a stripe's end.
        qint64 at = test::frames(records).size();
        const qint64 next = (at / kStripe + 2) * kStripe - 5;
        records << QByteArray(int(next - at - 16), 'h');
        records << test::randomRecords(300, 9000, 23) << QByteArray(int(kStripe - 16), 'e');
        return records;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void soundFileReadsAsTheReaderDoes_data()
    {
        QTest::addColumn<int>("threads");
        QTest::addColumn<bool>("verify");
        QTest::addColumn<qint64>("stripe");
        const qint64 s = ParallelScan::kStripeBytes;
        QTest::addRow("1 thread") << 1 << true << s;
        QTest::addRow("2 threads") << 2 << true << s;
        QTest::addRow("3 threads") << 3 << true << s;
        QTest::addRow("4 threads, no CRC") << 4 << false << s;
        // Stripes smaller than most records: most hold no record start, most records run past
        // their stripe.
        QTest::addRow("2 threads, 1000-byte stripes") << 2 << true << qint64(1000);
        QTest::addRow("3 threads, 16-byte stripes") << 3 << true << qint64(16);
    }
    void soundFileReadsAsTheReaderDoes()
    {
        QFETCH(int, threads);
        QFETCH(bool, verify);
        QFETCH(qint64, stripe);
        // Small stripes: a small file, or the stripes' reads would take the time.
        QList<QByteArray> records = mixedRecords();
        if (stripe < 4096) {
            records = test::randomRecords(300, 300, 24);
            records.insert(150, QByteArray(5000, 'b'));
        }
        const QString path = file(QStringLiteral("sound-%1").arg(stripe));
        QVERIFY(test::writeBytes(path, test::frames(records)));
        RecordReaderOptions options;
        options.verifyCrc = verify;
        ParallelScan::Result result;
        const std::vector<Seen> seen = scanAll(path, threads, &result, options, stripe);
        QCOMPARE(result.outcome, ParallelScan::Outcome::Clean);
        QCOMPARE(result.records, records.size());
        QCOMPARE(result.bytes, QFileInfo(path).size());
        QCOMPARE(qsizetype(seen.size()), records.size());

        auto reader = RecordReader::open(path);
        QVERIFY(reader.isOk());
        QByteArray r;
        QSet<int> workers;
        for (const Seen &s : seen) {
            QVERIFY((*reader)->next(&r).isOk());
            QCOMPARE(s.index, (*reader)->recordIndex() - 1);
            QCOMPARE(s.offset, (*reader)->recordOffset());
            QVERIFY2(s.bytes == r, qPrintable(QStringLiteral("record %1 differs").arg(s.index)));
            QVERIFY(s.worker >= 0 && s.worker < threads);
            workers << s.worker;
        }
        QCOMPARE((*reader)->next(&r).kind(), ErrorKind::OutOfRange);
        QVERIFY(workers.size() >= std::min(threads, 2)); // the records were shared out
    }

    void damageIsDamaged_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<bool>("verify");
        QTest::addColumn<ParallelScan::Outcome>("expected");
        using O = ParallelScan::Outcome;
        QTest::addRow("length CRC") << "length-crc" << true << O::Damaged;
        QTest::addRow("payload CRC") << "payload-crc" << true << O::Damaged;
        QTest::addRow("payload CRC, not verified") << "payload-crc" << false << O::Clean;
        QTest::addRow("last record cut") << "cut" << true << O::Damaged;
        QTest::addRow("header cut") << "header-cut" << true << O::Damaged;
        QTest::addRow("length past the limit") << "limit" << true << O::Damaged;
        QTest::addRow("not a TFRecord") << "png" << true << O::Damaged;
    }
    // The damage lies past the first stripe (but for the limit, which records everywhere pass),
    // where a worker finds it that did not start the scan.
    void damageIsDamaged()
    {
        QFETCH(QString, what);
        QFETCH(bool, verify);
        QFETCH(ParallelScan::Outcome, expected);
        const QList<QByteArray> records = test::randomRecords(2000, 3000, 31);
        QByteArray bytes = test::frames(records);
        qint64 at = 0; // the first record past 1.5 stripes
        int i = 0;
        while (at < 3 * ParallelScan::kStripeBytes / 2)
            at += 16 + records[i++].size();
        RecordReaderOptions options;
        options.verifyCrc = verify;
        if (what == QLatin1String("length-crc"))
            bytes[at + 9] = char(bytes[at + 9] ^ 1);
        else if (what == QLatin1String("payload-crc"))
            bytes[at + 12 + records[i].size() / 2] ^= 0x10;
        else if (what == QLatin1String("cut"))
            bytes.chop(3);
        else if (what == QLatin1String("header-cut"))
            bytes += test::header(10).left(7);
        else if (what == QLatin1String("limit"))
            options.maxRecordBytes = 2999;
        else if (what == QLatin1String("png"))
            bytes = QByteArray("\x89PNG\r\n\x1a\n", 8) + bytes;
        const QString path = file(QStringLiteral("damaged-%1-%2").arg(what).arg(verify));
        QVERIFY(test::writeBytes(path, bytes));
        ParallelScan::Result result;
        scanAll(path, 2, &result, options);
        QCOMPARE(result.outcome, expected);
        // The reader agrees: an error exactly where the scan gave up.
        const test::ReadAll all = test::readAll(path, options);
        QCOMPARE(all.end.kind() == ErrorKind::OutOfRange, expected == ParallelScan::Outcome::Clean);
    }

    void notApplicable()
    {
        using O = ParallelScan::Outcome;
        const QByteArray frames = test::frames(test::randomRecords(100, 100, 4));
        const QString gz = file(QStringLiteral("na.gz"));
        QVERIFY(test::writeBytes(gz, test::deflateBytes(frames, true)));
        QCOMPARE(outcomeOf(gz), O::NotApplicable);
        const QString plain = file(QStringLiteral("na.plain"));
        QVERIFY(test::writeBytes(plain, frames));
        RecordReaderOptions gzip;
        gzip.compression = Compression::Gzip;
        QCOMPARE(outcomeOf(plain, gzip), O::NotApplicable); // told it is compressed
        QCOMPARE(outcomeOf(plain), O::Clean);
        const QString empty = file(QStringLiteral("na.empty"));
        QVERIFY(test::writeBytes(empty, {}));
        QCOMPARE(outcomeOf(empty), O::NotApplicable);
        QCOMPARE(outcomeOf(file(QStringLiteral("na.missing"))), O::NotApplicable);
        QCOMPARE(outcomeOf(m_dir.path()), O::NotApplicable);
        // A FIFO with no writer: opening it to read would wait for ever.
        const QString fifo = file(QStringLiteral("na.fifo"));
        QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
        QCOMPARE(outcomeOf(fifo), O::NotApplicable);
    }

    // The file changes while it is scanned (the visitor, on a worker, does it): Damaged, never
    // a record from the changed bytes counted as sound.
    void changedWhileScanned_data()
    {
        QTest::addColumn<bool>("grow");
        QTest::addRow("cut") << false;
        QTest::addRow("grown") << true;
    }
    void changedWhileScanned()
    {
        QFETCH(bool, grow);
        const QList<QByteArray> records = test::randomRecords(3000, 3000, 41);
        const QString path = file(QStringLiteral("changed-%1").arg(grow));
        QVERIFY(test::writeBytes(path, test::frames(records)));
        const QByteArray native = QFile::encodeName(path);
        std::once_flag once;
        const ParallelScan::Result result = ParallelScan::run(path, {}, 2, [&](int, const ScannedRecord &r) {
            if (r.index < 10)
                return;
            std::call_once(once, [&] {
                if (grow) {
                    QFile f(path);
                    if (f.open(QIODevice::Append))
                        f.write(test::frame("more"));
                } else {
                    (void)::truncate(native.constData(), 2 * ParallelScan::kStripeBytes + 100);
                }
            });
        });
        QCOMPARE(result.outcome, ParallelScan::Outcome::Damaged);
    }
};

QTEST_GUILESS_MAIN(TestParallelScan)
#include "tst_parallelscan.moc"
