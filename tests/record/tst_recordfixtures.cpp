#include "record/recordreader.h"
#include "record/recordscan.h"

#include "recordtestutil.h"

#include <QDir>
#include <QTest>

using namespace qs;

Q_DECLARE_METATYPE(qs::Compression)

// Files written by TensorFlow and other tools (see SOURCES.md in QS_FIXTURES_DIR): the counts and
// compressions here are the ones that file states.
class TestRecordFixtures : public QObject {
    Q_OBJECT
private:
    static QString fixture(const QString &name)
    {
        return QDir(QStringLiteral(QS_FIXTURES_DIR)).filePath(name);
    }
    static bool haveFixtures() { return QFileInfo(fixture(QStringLiteral("SOURCES.md"))).isFile(); }

private slots:
    void counts_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("records");
        QTest::addColumn<Compression>("compression");
        const Compression none = Compression::None;
        const Compression gzip = Compression::Gzip;
        QTest::addRow("tfbench imagenet") << "tfbench_fake_imagenet_train-00000-of-00008" << 64 << none;
        QTest::addRow("tfx flowers") << "tfx_flowers_GAN_tfrecord-00000-of-00001" << 25 << none;
        QTest::addRow("t2r pose env") << "t2r_pose_env_test_data.tfrecord" << 100 << none;
        QTest::addRow("captcha") << "captcha_valid.tfrecords" << 3 << none;
        QTest::addRow("tfx mnist floats") << "tfx_mnist_floats.tfrecord" << 1000 << none;
        QTest::addRow("tfx penguin gzip")
            << "tfx_penguin_train_data_tfrecord-00000-of-00001.gz" << 234 << gzip;
        QTest::addRow("ydf none") << "ydf_toy.nocompress-tfe-tfrecord-00000-of-00002" << 3 << none;
        QTest::addRow("ydf gzip") << "ydf_toy.tfe-tfrecord-00000-of-00002" << 3 << gzip;
        QTest::addRow("ydf zlib") << "ydf_toy_ZLIB_from_nocompress-00000.tfrecord.zz" << 3
                                  << Compression::Zlib;
        QTest::addRow("torchdata example") << "torchdata_example.tfrecord" << 4 << none;
        QTest::addRow("torchdata sequence") << "torchdata_sequence_example.tfrecord" << 4 << none;
        QTest::addRow("trax squad") << "trax_tfds_squad-train.tfrecord-00000-of-00001" << 10 << none;
        QTest::addRow("magenta text payloads") << "magenta_tfrecord_iterator_test.tfrecord" << 3 << none;
    }
    void counts()
    {
        if (!haveFixtures())
            QSKIP("the TFRecord fixtures folder (QS_FIXTURES_DIR) is missing");
        QFETCH(QString, name);
        QFETCH(int, records);
        QFETCH(Compression, compression);
        const QString path = fixture(name);
        for (Compression asked : {Compression::Auto, compression}) {
            auto reader = RecordReader::open(path, {asked});
            QVERIFY2(reader.isOk(), qPrintable(reader.status().toString()));
            QCOMPARE((*reader)->compression(), compression);
            QByteArray record;
            Status s;
            while ((s = (*reader)->next(&record)).isOk()) {
            }
            QVERIFY2(s.kind() == ErrorKind::OutOfRange, qPrintable(s.toString()));
            QCOMPARE((*reader)->recordIndex(), records);
            if (compression == Compression::None)
                QCOMPARE((*reader)->offset(), QFileInfo(path).size());
        }
        const Result<ScanStats> stats = scanFile(path);
        QVERIFY(stats.isOk());
        QCOMPARE(stats->records, records);
        QCOMPARE(stats->fileBytes, QFileInfo(path).size());
    }

    void magentaPayloadsAreText()
    {
        if (!haveFixtures())
            QSKIP("the TFRecord fixtures folder (QS_FIXTURES_DIR) is missing");
        const test::ReadAll all =
            test::readAll(fixture(QStringLiteral("magenta_tfrecord_iterator_test.tfrecord")));
        QCOMPARE(all.records, (QList<QByteArray>{"hello world", "12345", "success"}));
    }

    // A gzip file holding a bare Example with no framing: the first length CRC fails.
    void bareExampleInGzipIsCorrupt()
    {
        if (!haveFixtures())
            QSKIP("the TFRecord fixtures folder (QS_FIXTURES_DIR) is missing");
        const QString path = fixture(QStringLiteral("dfalbel_myints_r.tfrecords.gz"));
        auto reader = RecordReader::open(path);
        QVERIFY(reader.isOk());
        QCOMPARE((*reader)->compression(), Compression::Gzip);
        QByteArray record;
        const Status s = (*reader)->next(&record);
        QCOMPARE(s.kind(), ErrorKind::DataLoss);
        QCOMPARE(s.message(), QStringLiteral("not a TFRecord file: it is gzip-compressed, but what it holds "
                                             "looks like a bare serialized tf.train.Example without "
                                             "TFRecord framing (corrupted record at offset 0)"));
        QCOMPARE(s.where().file, path);
        QCOMPARE(s.where().record, 0);
        QCOMPARE(s.where().offset, 0);
        QCOMPARE((*reader)->recordIndex(), 0);
    }
};

QTEST_GUILESS_MAIN(TestRecordFixtures)
#include "tst_recordfixtures.moc"
