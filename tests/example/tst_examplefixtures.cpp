#include "example/exampleparser.h"
#include "example/sampledecoder.h"
#include "example/specdetector.h"
#include "record/recordreader.h"

#include <QDir>
#include <QFileInfo>
#include <QTest>

#include <optional>

#include <opencv2/core.hpp>

using namespace qs;

namespace {

QString fixture(const QString &name)
{
    return QDir(QStringLiteral(QS_FIXTURES_DIR)).filePath(name);
}

bool haveFixtures()
{
    return QFileInfo(fixture(QStringLiteral("SOURCES.md"))).isFile();
}

struct Parsed {
    std::vector<ParsedExample> examples;
    std::vector<Location> where;
    Status error; // the first read or parse error; reading stops there
};

Parsed readAll(const QString &name)
{
    Parsed out;
    const QString path = fixture(name);
    Result<std::unique_ptr<RecordReader>> reader = RecordReader::open(path);
    if (!reader) {
        out.error = reader.status();
        return out;
    }
    ExampleParser parser;
    QByteArray record;
    Status s;
    while ((s = (*reader)->next(&record)).isOk()) {
        const Location where{path, (*reader)->recordIndex() - 1, (*reader)->recordOffset()};
        Result<ParsedExample> e = parser.parse(record, where);
        if (!e) {
            out.error = e.status();
            return out;
        }
        out.examples.push_back(std::move(*e));
        out.where.push_back(where);
    }
    if (s.kind() != ErrorKind::OutOfRange)
        out.error = s;
    return out;
}

Detection detectOn(const Parsed &p)
{
    const size_t n = std::min<size_t>(p.examples.size(), kDetectionSampleRecords);
    return detectFeatureSpec(std::span(p.examples).first(n));
}

std::optional<SchemaField> field(const QList<SchemaField> &fields, const QString &key, bool sequence = false)
{
    for (const SchemaField &f : fields) {
        if (f.key == key && f.sequence == sequence)
            return f;
    }
    return std::nullopt;
}

} // namespace

// The real files listed in QS_FIXTURES_DIR/SOURCES.md: what that file says is in each of them
// must be what we find.
class TestExampleFixtures : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        if (!haveFixtures())
            QSKIP("no fixture folder at QS_FIXTURES_DIR (" QS_FIXTURES_DIR ")");
    }

    void features_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("records");
        QTest::addColumn<QStringList>("fields"); // "key:kind:min:max"; [] marks a feature list
        QTest::addRow("tfbench imagenet")
            << "tfbench_fake_imagenet_train-00000-of-00008" << 64
            << QStringList{"image/encoded:bytes:1:1",         "image/class/label:int64:1:1",
                           "image/height:int64:1:1",          "image/width:int64:1:1",
                           "image/channels:int64:1:1",        "image/format:bytes:1:1",
                           "image/filename:bytes:1:1",        "image/object/bbox/xmin:float:1:1",
                           "image/object/bbox/ymax:float:1:1"};
        QTest::addRow("tfx flowers") << "tfx_flowers_GAN_tfrecord-00000-of-00001" << 25
                                     << QStringList{"image_raw:bytes:1:1", "label:int64:1:1",
                                                    "height:int64:1:1", "width:int64:1:1", "depth:int64:1:1"};
        QTest::addRow("t2r pose env") << "t2r_pose_env_test_data.tfrecord" << 100
                                      << QStringList{"state/image:bytes:1:1", "pose:float:2:2",
                                                     "target_pose:float:2:2", "reward:float:1:1"};
        QTest::addRow("captcha") << "captcha_valid.tfrecords" << 3
                                 << QStringList{"image_raw:bytes:1:1", "label_raw:bytes:1:1",
                                                "height:int64:1:1", "width:int64:1:1"};
        QTest::addRow("tfx mnist") << "tfx_mnist_floats.tfrecord" << 1000
                                   << QStringList{"image_floats:float:784:784", "image_class:int64:1:1"};
        QTest::addRow("tfx penguin gzip")
            << "tfx_penguin_train_data_tfrecord-00000-of-00001.gz" << 234
            << QStringList{"body_mass_g:float:1:1", "culmen_depth_mm:float:1:1", "culmen_length_mm:float:1:1",
                           "flipper_length_mm:float:1:1", "species:int64:1:1"};
        const QStringList ydf{"Num_1:float:1:1", "Num_2:float:0:1",     "Bool_1:int64:1:1",
                              "Cat_1:bytes:1:1", "Cat_set_1:bytes:1:3", "Cat_set_2:bytes:0:2"};
        QTest::addRow("ydf none") << "ydf_toy.nocompress-tfe-tfrecord-00000-of-00002" << 3 << ydf;
        QTest::addRow("ydf gzip") << "ydf_toy.tfe-tfrecord-00000-of-00002" << 3 << ydf;
        QTest::addRow("ydf zlib") << "ydf_toy_ZLIB_from_nocompress-00000.tfrecord.zz" << 3 << ydf;
        QTest::addRow("torchdata example")
            << "torchdata_example.tfrecord" << 4
            << QStringList{"x_byte:bytes:1:1", "x_float:float:10:10", "x_int:int64:10:10"};
        // SOURCES.md says 3 steps; that is the first record: the four have 3, 5, 7 and 9.
        QTest::addRow("torchdata sequence")
            << "torchdata_sequence_example.tfrecord" << 4
            << QStringList{"x_byte:bytes:1:1",       "x_float:float:10:10",     "x_int:int64:10:10",
                           "[]x_byte_seq:bytes:3:9", "[]x_float_seq:float:3:9", "[]x_int_seq:int64:3:9"};
        QTest::addRow("trax squad") << "trax_tfds_squad-train.tfrecord-00000-of-00001" << 10
                                    << QStringList{
                                           "question:bytes:1:1",     "context:bytes:1:1",
                                           "id:bytes:1:1",           "title:bytes:1:1",
                                           "answers/text:bytes:1:1", "answers/answer_start:int64:1:1"};
    }
    void features()
    {
        QFETCH(QString, name);
        QFETCH(int, records);
        QFETCH(QStringList, fields);
        const Parsed p = readAll(name);
        QVERIFY2(p.error.isOk(), qPrintable(p.error.toString()));
        QCOMPARE(int(p.examples.size()), records);
        Schema schema;
        for (const ParsedExample &e : p.examples)
            schema.add(e);
        for (const QString &spec : fields) {
            const QStringList parts = spec.split(':');
            const bool sequence = parts[0].startsWith("[]");
            const QString key = sequence ? parts[0].mid(2) : parts[0];
            const std::optional<SchemaField> f = field(schema.fields(), key, sequence);
            QVERIFY2(f, qPrintable("no field " + parts[0]));
            QCOMPARE(featureKindName(f->kind), parts[1]);
            QCOMPARE(f->minCount, parts[2].toLongLong());
            QCOMPARE(f->maxCount, parts[3].toLongLong());
            QVERIFY(!f->mixedKinds);
        }
    }

    void ydfHasFeaturesWithNoListSet()
    {
        const Parsed p = readAll("ydf_toy.nocompress-tfe-tfrecord-00000-of-00002");
        QVERIFY2(p.error.isOk(), qPrintable(p.error.toString()));
        QCOMPARE(p.examples[0].find("Num_2")->kind, FeatureKind::None);
        QCOMPARE(p.examples[1].find("Cat_set_1")->bytes, (QList<QByteArray>{"x", "y"}));
    }

    void sequenceExamples()
    {
        const Parsed seq = readAll("torchdata_sequence_example.tfrecord");
        QVERIFY2(seq.error.isOk(), qPrintable(seq.error.toString()));
        for (const ParsedExample &e : seq.examples) {
            QVERIFY(e.isSequence);
            QCOMPARE(e.featureLists.size(), size_t(3));
        }
        const Parsed plain = readAll("torchdata_example.tfrecord");
        for (const ParsedExample &e : plain.examples)
            QVERIFY(!e.isSequence);
    }

    void textPayloadsAreNotExamples()
    {
        const Parsed p = readAll("magenta_tfrecord_iterator_test.tfrecord");
        QVERIFY(p.examples.empty());
        QCOMPARE(p.error.kind(), ErrorKind::InvalidArgument);
        QVERIFY2(p.error.message().startsWith("record 0 is not a tf.train.Example"),
                 qPrintable(p.error.message()));
        QCOMPARE(p.error.where().file, fixture("magenta_tfrecord_iterator_test.tfrecord"));
        QCOMPARE(p.error.where().record, 0);
        QCOMPARE(p.error.where().offset, 0);
        // Every payload of that file is refused, not just the first.
        Result<std::unique_ptr<RecordReader>> reader =
            RecordReader::open(fixture("magenta_tfrecord_iterator_test.tfrecord"));
        QVERIFY(reader.isOk());
        QByteArray record;
        int refused = 0;
        while ((*reader)->next(&record).isOk())
            refused += parseRecord(record, {}).isOk() ? 0 : 1;
        QCOMPARE(refused, 3);
    }

    void detection_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("imageKey"); // empty: no image
        QTest::addColumn<QString>("encoding");
        QTest::addColumn<QString>("detail"); // format for encoded, dtype for raw, HxWxC for float pixels
        QTest::addColumn<QString>("labelKey");
        QTest::addRow("tfbench imagenet") << "tfbench_fake_imagenet_train-00000-of-00008"
                                          << "image/encoded"
                                          << "encoded"
                                          << "jpeg"
                                          << "image/class/label";
        QTest::addRow("tfx flowers") << "tfx_flowers_GAN_tfrecord-00000-of-00001"
                                     << "image_raw"
                                     << "encoded"
                                     << "jpeg"
                                     << "label";
        QTest::addRow("t2r pose env") << "t2r_pose_env_test_data.tfrecord"
                                      << "state/image"
                                      << "encoded"
                                      << "jpeg"
                                      << "";
        QTest::addRow("captcha") << "captcha_valid.tfrecords"
                                 << "image_raw"
                                 << "raw"
                                 << "int16"
                                 << "";
        QTest::addRow("tfx mnist") << "tfx_mnist_floats.tfrecord"
                                   << "image_floats"
                                   << "float_pixels"
                                   << "28x28x1"
                                   << "image_class";
        QTest::addRow("tfx penguin") << "tfx_penguin_train_data_tfrecord-00000-of-00001.gz"
                                     << ""
                                     << ""
                                     << ""
                                     << "species";
        QTest::addRow("trax squad") << "trax_tfds_squad-train.tfrecord-00000-of-00001"
                                    << ""
                                    << ""
                                    << ""
                                    << "";
        QTest::addRow("ydf toy") << "ydf_toy.nocompress-tfe-tfrecord-00000-of-00002"
                                 << ""
                                 << ""
                                 << ""
                                 << "";
        QTest::addRow("torchdata example") << "torchdata_example.tfrecord"
                                           << ""
                                           << ""
                                           << ""
                                           << "";
        QTest::addRow("torchdata sequence") << "torchdata_sequence_example.tfrecord"
                                            << ""
                                            << ""
                                            << ""
                                            << "";
    }
    void detection()
    {
        QFETCH(QString, name);
        QFETCH(QString, imageKey);
        QFETCH(QString, encoding);
        QFETCH(QString, detail);
        QFETCH(QString, labelKey);
        const Parsed p = readAll(name);
        QVERIFY2(p.error.isOk(), qPrintable(p.error.toString()));
        const Detection d = detectOn(p);
        QCOMPARE(d.spec.label ? d.spec.label->key : QString(), labelKey);
        if (imageKey.isEmpty()) {
            QVERIFY(!d.spec.image);
            QCOMPARE(d.imageStatus.kind(), ErrorKind::NotFound);
            QVERIFY(!d.forTraining().isOk());
            // The error lists every feature with its kind.
            for (const SchemaField &f : d.schema.fields()) {
                if (!f.sequence)
                    QVERIFY2(d.imageStatus.message().contains(f.key + " (" + featureKindName(f.kind)),
                             qPrintable(d.imageStatus.message()));
            }
            return;
        }
        QVERIFY2(d.imageStatus.isOk(), qPrintable(d.imageStatus.toString()));
        const ImageSpec &img = *d.spec.image;
        QCOMPARE(img.key, imageKey);
        QCOMPARE(imageEncodingName(img.encoding), encoding);
        if (img.encoding == ImageEncoding::Encoded)
            QCOMPARE(imageFormatName(img.format), detail);
        else if (img.encoding == ImageEncoding::Raw)
            QCOMPARE(pixelTypeName(img.dtype), detail);
        else
            QCOMPARE(QStringLiteral("%1x%2x%3").arg(img.height).arg(img.width).arg(img.channels), detail);
        QVERIFY(d.forTraining().isOk());
    }

    void mnistFloatsAreCentredOnZero()
    {
        const Parsed p = readAll("tfx_mnist_floats.tfrecord");
        const Detection d = detectOn(p);
        QVERIFY(d.spec.image);
        QCOMPARE(d.spec.image->range, (ValueRange{-0.5, 0.5})); // stored as pixel / 255 - 0.5
        const cv::Mat image = decode(p.examples[0], d.spec, p.where[0])->image;
        double lo = 0;
        double hi = 0;
        cv::minMaxLoc(image, &lo, &hi);
        QCOMPARE(lo, 0.0);
        QCOMPARE(hi, 255.0);
    }

    void everyImageDecodes_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("heightKey"); // a feature that states each record's size, if any
        QTest::addColumn<QString>("widthKey");
        QTest::addColumn<QSize>("fixedSize"); // else the size every image has
        QTest::addColumn<int>("channels");
        QTest::addRow("tfbench imagenet") << "tfbench_fake_imagenet_train-00000-of-00008"
                                          << "image/height"
                                          << "image/width" << QSize() << 3;
        QTest::addRow("tfx flowers") << "tfx_flowers_GAN_tfrecord-00000-of-00001"
                                     << "height"
                                     << "width" << QSize() << 3;
        QTest::addRow("t2r pose env") << "t2r_pose_env_test_data.tfrecord"
                                      << ""
                                      << "" << QSize(64, 64) << 3;
        QTest::addRow("captcha") << "captcha_valid.tfrecords"
                                 << "height"
                                 << "width" << QSize() << 1;
        QTest::addRow("tfx mnist") << "tfx_mnist_floats.tfrecord"
                                   << ""
                                   << "" << QSize(28, 28) << 1;
    }
    void everyImageDecodes()
    {
        QFETCH(QString, name);
        QFETCH(QString, heightKey);
        QFETCH(QString, widthKey);
        QFETCH(QSize, fixedSize);
        QFETCH(int, channels);
        const Parsed p = readAll(name);
        QVERIFY2(p.error.isOk(), qPrintable(p.error.toString()));
        const Detection d = detectOn(p);
        QVERIFY2(d.forTraining().isOk(), qPrintable(d.forTraining().status().toString()));
        QSet<QString> sizes;
        for (size_t i = 0; i < p.examples.size(); ++i) {
            const ParsedExample &e = p.examples[i];
            const Result<DecodedSample> s = decode(e, d.spec, p.where[i]);
            QVERIFY2(s.isOk(), qPrintable(s.status().toString()));
            QCOMPARE(s->image.type(), CV_8UC(channels));
            const QSize want = heightKey.isEmpty() ? fixedSize
                                                   : QSize(int(e.find(widthKey)->ints.front()),
                                                           int(e.find(heightKey)->ints.front()));
            QCOMPARE(QSize(s->image.cols, s->image.rows), want);
            sizes.insert(QStringLiteral("%1x%2").arg(s->image.cols).arg(s->image.rows));
            if (d.spec.label)
                QVERIFY(s->label >= 0);
            else
                QCOMPARE(s->label, -1);
        }
        if (name.startsWith("tfx_flowers"))
            QCOMPARE(sizes.size(), 18); // SOURCES.md: 18 different sizes
    }
};

QTEST_GUILESS_MAIN(TestExampleFixtures)
#include "tst_examplefixtures.moc"
