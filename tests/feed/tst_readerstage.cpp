#include "rundata.h"

#include "feed/datasetprobe.h"
#include "feed/pacer.h"
#include "feed/readerstage.h"
#include "feed/samplemaker.h"
#include "observe/recorder.h"
#include "pipeline/fifoqueue.h"
#include "record/recordindex.h"
#include "scenario/corruptcopy.h"
#include "scenario/scenario.h"

#include <QTemporaryDir>
#include <QTest>

#include <stdexcept>

using namespace qs;

// The reader threads' body on real files, called on the test thread the way a QueueRunner
// thread calls it: one record per call until OutOfRange.
namespace {

constexpr int kPerFile = 40;

struct Bench {
    Recorder recorder;
    Pacer pacer;
    SampleMaker maker;
    ReadOptions options;
    std::shared_ptr<FIFOQueue<QString>> filenames;
    std::shared_ptr<FIFOQueue<Sample>> examples;
    std::unique_ptr<ReaderStage> stage;

    Bench(const QStringList &files, int holdOutEvery, bool skipCorrupt, int numClasses = 0)
    {
        options.skipCorrupt = skipCorrupt;
        Result<DatasetProbe> probe = DatasetProbe::run(files, {numClasses, {}});
        if (!probe)
            qFatal("probe: %s", qPrintable(probe.status().toString()));
        maker = SampleMaker(probe->spec, InputSpec{8, 8, 3});
        options.holdOut = HoldOut{holdOutEvery};
        filenames = *FIFOQueue<QString>::create(QStringLiteral("input_producer"), 8, &recorder);
        examples = *FIFOQueue<Sample>::create(QStringLiteral("examples"), 1000, &recorder);
        for (const QString &f : files)
            QS_ENQUEUE(filenames->enqueue(f));
        filenames->close();
        stage = make(filenames);
    }
    std::unique_ptr<ReaderStage> make(std::shared_ptr<FIFOQueue<QString>> names, qint64 throwAfter = -1)
    {
        return std::make_unique<ReaderStage>(
            maker, pacer, options, std::move(names), 1,
            [this](const Status &skipped) { recorder.recordSkipped(skipped, QStringLiteral("reader")); },
            throwAfter);
    }
    static void QS_ENQUEUE(const Status &s)
    {
        if (!s.isOk())
            qFatal("enqueue: %s", qPrintable(s.toString()));
    }
    // Runs the body until it returns something else than ok.
    Status drain()
    {
        for (;;) {
            const Status s = (*stage)(*examples, 0);
            if (!s.isOk())
                return s;
        }
    }
    int notes(const QString &what) const
    {
        int n = 0;
        for (const Event &e : recorder.events())
            n += e.kind == EventKind::Note && e.details.value(QStringLiteral("what")).toString() == what;
        return n;
    }
};

Fault corruption(qint64 record, const char *how)
{
    Fault f;
    f.type = Fault::Type::CorruptRecord;
    f.file = 0;
    f.record = record;
    f.how = QString::fromLatin1(how);
    return f;
}

} // namespace

class TestReaderStage : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_files = test::writeDemoFiles(m_dir.path(), QStringLiteral("train"), 2, kPerFile);
    }

    void readsEveryTrainingRecord_data()
    {
        QTest::addColumn<int>("holdOutEvery");
        QTest::addColumn<int>("expected");
        QTest::addRow("nothing held out") << 0 << 2 * kPerFile;
        QTest::addRow("every 10th held out") << 10 << 2 * (kPerFile - kPerFile / 10);
        QTest::addRow("every 3rd held out") << 3 << 2 * (kPerFile - kPerFile / 3);
    }
    void readsEveryTrainingRecord()
    {
        QFETCH(int, holdOutEvery);
        QFETCH(int, expected);
        Bench b(m_files, holdOutEvery, false);
        const Status end = b.drain();
        QCOMPARE(end.kind(), ErrorKind::OutOfRange); // the filename queue is closed and empty
        QCOMPARE(b.examples->size(), expected);
        const DemoGenerator gen = *DemoGenerator::create(DemoOptions{2 * kPerFile, 32, 4, 1});
        QSet<QString> seen;
        while (b.examples->size() > 0) {
            const Sample s = *b.examples->dequeue();
            const int fileIndex = m_files.indexOf(s.file);
            QVERIFY(fileIndex >= 0);
            QVERIFY(!HoldOut{holdOutEvery}.contains(s.record));
            QCOMPARE(s.label, gen.labelOf(fileIndex * kPerFile + s.record));
            QCOMPARE(s.image.type(), CV_32F);
            QCOMPARE(int(s.image.total()), 8 * 8 * 3);
            QCOMPARE(s.thumbnail.type(), CV_8UC3);
            QCOMPARE(s.thumbnail.cols, SampleMaker::kThumbnailSize);
            seen.insert(QStringLiteral("%1#%2").arg(s.file).arg(s.record));
        }
        QCOMPARE(seen.size(), expected);
    }

    void corruptRecord_data()
    {
        QTest::addColumn<QString>("how");
        QTest::addColumn<bool>("skip");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("expected"); // samples read from the damaged file
        QTest::addRow("data crc") << "flip_data_crc" << false << "corrupted record" << 5;
        QTest::addRow("length crc") << "flip_length_crc" << false << "corrupted record" << 5;
        QTest::addRow("truncated") << "truncate" << false << "truncated record" << 5;
        QTest::addRow("data crc, skipped") << "flip_data_crc" << true << "" << kPerFile - 1;
        QTest::addRow("length crc, skipped") << "flip_length_crc" << true << "" << 5; // cannot resync
        QTest::addRow("truncated, skipped") << "truncate" << true << "" << 5;
    }
    void corruptRecord()
    {
        QFETCH(QString, how);
        QFETCH(bool, skip);
        QFETCH(QString, message);
        QFETCH(int, expected);
        QTemporaryDir scratch;
        Result<QString> copy = writeCorruptedCopy(m_files[0], corruption(5, qPrintable(how)), scratch.path());
        QVERIFY2(copy.isOk(), qPrintable(copy.status().toString()));
        Result<RecordIndex> index = RecordIndex::build(m_files[0]);
        QVERIFY(index.isOk());

        Bench b({*copy}, 0, skip);
        const Status end = b.drain();
        QCOMPARE(b.examples->size(), expected);
        if (!skip) {
            QCOMPARE(end.kind(), ErrorKind::DataLoss);
            QVERIFY2(end.message().contains(message), qPrintable(end.toString()));
            QCOMPARE(end.where().file, *copy);
            QCOMPARE(end.where().record, 5);
            QCOMPARE(end.where().offset, index->at(5).offset);
            QCOMPARE(b.recorder.snapshot(0)->skippedRecords, 0);
        } else {
            QCOMPARE(end.kind(), ErrorKind::OutOfRange);
            QCOMPARE(b.recorder.snapshot(0)->skippedRecords, 1);
            QCOMPARE(b.notes(QStringLiteral("skipped_record")), 1);
            for (const Event &e : b.recorder.events()) {
                if (e.kind == EventKind::Note) {
                    QCOMPARE(e.details.value(QStringLiteral("file")).toString(), *copy);
                    QCOMPARE(e.details.value(QStringLiteral("record")).toInt(), 5);
                    QCOMPARE(e.details.value(QStringLiteral("offset")).toInteger(), index->at(5).offset);
                }
            }
        }
    }

    void notAnExample()
    {
        QTemporaryDir scratch;
        const QString path = scratch.filePath(QStringLiteral("mixed.tfrecords"));
        {
            auto w = std::move(*RecordWriter::create(path));
            const DemoGenerator gen = *DemoGenerator::create(DemoOptions{40, 32, 4, 1});
            for (int i = 0; i < 20; ++i) // enough good records for detection
                QVERIFY(w->write(ExampleBuilder()
                                     .addBytes(QStringLiteral("img_raw"), test::rawRgb(gen.sample(i).image))
                                     .addInt64(QStringLiteral("label"), gen.labelOf(i))
                                     .serialize())
                            .isOk());
            QVERIFY(w->write(QByteArray("plain text, not an Example")).isOk());
            QVERIFY(w->commit().isOk());
        }
        Bench b({path}, 0, false);
        const Status end = b.drain();
        QCOMPARE(end.kind(), ErrorKind::InvalidArgument);
        QCOMPARE(end.where().file, path);
        QCOMPARE(end.where().record, 20);
        QVERIFY(end.where().offset > 0);
        QCOMPARE(b.examples->size(), 20);
    }

    void labelOutsideTheClasses()
    {
        Bench b(m_files, 0, false, 2); // the demo data has labels 0..3
        const Status end = b.drain();
        QCOMPARE(end.kind(), ErrorKind::InvalidArgument);
        QVERIFY2(end.message().contains(QLatin1String("label")), qPrintable(end.toString()));
        QVERIFY(!end.where().file.isEmpty());
        QVERIFY(end.where().record >= 0);
    }

    void missingFile()
    {
        Bench b(m_files, 0, false);
        auto filenames = *FIFOQueue<QString>::create(QStringLiteral("names"), 2);
        QVERIFY(filenames->enqueue(m_dir.filePath(QStringLiteral("gone.tfrecords"))).isOk());
        const Status s = (*b.make(filenames))(*b.examples, 0);
        QCOMPARE(s.kind(), ErrorKind::NotFound);
        QCOMPARE(s.where().file, m_dir.filePath(QStringLiteral("gone.tfrecords")));
    }

    void injectedThrowAfterRecords()
    {
        Bench b(m_files, 0, false);
        b.stage = b.make(b.filenames, 7);
        for (int i = 0; i < 7; ++i)
            QVERIFY((*b.stage)(*b.examples, 0).isOk());
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, (*b.stage)(*b.examples, 0));
        QCOMPARE(b.examples->size(), 7);
    }

private:
    QTemporaryDir m_dir;
    QStringList m_files;
};

QTEST_GUILESS_MAIN(TestReaderStage)
#include "tst_readerstage.moc"
