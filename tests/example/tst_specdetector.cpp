#include "example/sampledecoder.h"
#include "example/specdetector.h"
#include "samples.h"

#include <QJsonDocument>
#include <QTest>

#include <opencv2/imgproc.hpp>

using namespace qs;

namespace {

Detection detect(const std::vector<ParsedExample> &s, const SpecOverrides &o = {})
{
    return detectFeatureSpec(s, o, QStringLiteral("synthetic.tfrecord"));
}

SpecOverrides overrides(const char *json)
{
    Result<SpecOverrides> o = SpecOverrides::fromJson(QJsonDocument::fromJson(json).object());
    if (!o)
        qFatal("bad overrides in test: %s", qPrintable(o.status().toString()));
    return *o;
}

QByteArray floatBytes(const std::vector<float> &values)
{
    QByteArray out(qsizetype(values.size()) * 4, Qt::Uninitialized);
    for (size_t i = 0; i < values.size(); ++i)
        qToLittleEndian(values[i], out.data() + 4 * i);
    return out;
}

void verifyDecodesAll(const std::vector<ParsedExample> &s, const FeatureSpec &spec)
{
    for (size_t i = 0; i < s.size(); ++i) {
        Result<DecodedSample> d = decode(s[i], spec, Location{{}, qint64(i), -1});
        QVERIFY2(d.isOk(), qPrintable(d.status().toString()));
        QVERIFY(!d->image.empty());
        QCOMPARE(d->image.depth(), CV_8U);
    }
}

} // namespace

class TestSpecDetector : public QObject {
    Q_OBJECT
private slots:
    void dogsAndCatsRawSquare_data()
    {
        QTest::addColumn<int>("side");
        QTest::addRow("28") << 28;
        QTest::addRow("64") << 64;
        QTest::addRow("208") << 208;
    }
    void dogsAndCatsRawSquare()
    {
        QFETCH(int, side);
        const auto s = samples::many(16, [&](int i) { return samples::dogsAndCats(i, side); });
        const Detection d = detect(s);
        QVERIFY2(d.imageStatus.isOk(), qPrintable(d.imageStatus.toString()));
        QVERIFY(d.spec.image);
        const ImageSpec &img = *d.spec.image;
        QCOMPARE(img.key, QStringLiteral("img_raw"));
        QCOMPARE(img.encoding, ImageEncoding::Raw);
        QCOMPARE(img.dtype, PixelType::UInt8);
        QCOMPARE(img.height, side);
        QCOMPARE(img.width, side);
        QCOMPARE(img.channels, 3);
        QVERIFY(img.heightKey.isEmpty() && img.widthKey.isEmpty());
        QVERIFY2(img.reason.contains("square"), qPrintable(img.reason));
        QVERIFY(d.spec.label);
        QCOMPARE(d.spec.label->key, QStringLiteral("label"));
        QCOMPARE(d.spec.label->encoding, LabelEncoding::Int64);
        QCOMPARE(d.spec.label->classesSeen, 2);
        QVERIFY(d.forTraining().isOk());
        verifyDecodesAll(s, d.spec);
    }

    void imagenetEncoded_data()
    {
        QTest::addColumn<QString>("ext");
        QTest::addColumn<int>("format");
        QTest::addRow("jpeg") << ".jpg" << int(ImageFormat::Jpeg);
        QTest::addRow("png") << ".png" << int(ImageFormat::Png);
        QTest::addRow("bmp") << ".bmp" << int(ImageFormat::Bmp);
        QTest::addRow("webp") << ".webp" << int(ImageFormat::WebP);
        QTest::addRow("tiff") << ".tiff" << int(ImageFormat::Tiff);
    }
    void imagenetEncoded()
    {
        QFETCH(QString, ext);
        QFETCH(int, format);
        const QByteArray e = ext.toLatin1();
        const auto s = samples::many(16, [&](int i) { return samples::imagenet(i, e.constData()); });
        const Detection d = detect(s);
        QVERIFY2(d.imageStatus.isOk(), qPrintable(d.imageStatus.toString()));
        QCOMPARE(d.spec.image->key, QStringLiteral("image/encoded"));
        QCOMPARE(d.spec.image->encoding, ImageEncoding::Encoded);
        QCOMPARE(int(d.spec.image->format), format);
        QCOMPARE(d.spec.image->channels, 3);
        QVERIFY2(d.spec.image->reason.contains(imageFormatName(ImageFormat(format)).toUpper()),
                 qPrintable(d.spec.image->reason));
        QCOMPARE(d.spec.label->key, QStringLiteral("image/class/label")); // not image/object/bbox/label
        QCOMPARE(d.spec.label->classesSeen, 4);
        verifyDecodesAll(s, d.spec);
    }

    void grayEncodedImagesDecodeToOneChannel()
    {
        const auto s = samples::many(4, [](int i) {
            return samples::reparse(
                ExampleBuilder()
                    .addBytes("png", samples::encode(samples::patternImage(20, 30, 1, i), ".png"))
                    .addInt64("label", i));
        });
        const Detection d = detect(s);
        QVERIFY(d.spec.image);
        QCOMPARE(d.spec.image->channels, 1);
        QCOMPARE(decode(s[0], d.spec, {})->image.channels(), 1);
    }

    void captchaInt16FromShapeFeatures()
    {
        const auto s = samples::many(3, samples::captcha);
        const Detection d = detect(s);
        QVERIFY2(d.imageStatus.isOk(), qPrintable(d.imageStatus.toString()));
        const ImageSpec &img = *d.spec.image;
        QCOMPARE(img.key, QStringLiteral("image_raw"));
        QCOMPARE(img.encoding, ImageEncoding::Raw);
        QCOMPARE(img.dtype, PixelType::Int16);
        QCOMPARE(img.heightKey, QStringLiteral("height"));
        QCOMPARE(img.widthKey, QStringLiteral("width"));
        QCOMPARE(img.channels, 1);
        QCOMPARE(img.range, (ValueRange{0, 255}));
        QVERIFY(!d.spec.label); // label_raw is multi-hot bytes, not a class index
        const Result<DecodedSample> out = decode(s[0], d.spec, {});
        QVERIFY(out.isOk());
        QCOMPARE(out->image.rows, 36);
        QCOMPARE(out->image.cols, 120);
        QCOMPARE(out->image.channels(), 1);
        QCOMPARE(out->label, -1);
    }

    void int16RangeFollowsTheValues_data()
    {
        QTest::addColumn<int>("lo");
        QTest::addColumn<int>("hi");
        QTest::addColumn<double>("rangeMin");
        QTest::addColumn<double>("rangeMax");
        QTest::addRow("8-bit values") << 0 << 200 << 0.0 << 255.0;
        QTest::addRow("12-bit values") << 0 << 4000 << 0.0 << 4095.0;
        QTest::addRow("15-bit values") << 100 << 30000 << 0.0 << 32767.0;
        QTest::addRow("signed values") << -500 << 500 << -32768.0 << 32767.0;
    }
    void int16RangeFollowsTheValues()
    {
        QFETCH(int, lo);
        QFETCH(int, hi);
        QFETCH(double, rangeMin);
        QFETCH(double, rangeMax);
        const auto s = samples::many(4, [&](int i) {
            return samples::reparse(ExampleBuilder()
                                        .addBytes("image_raw", samples::int16Pixels(16, 24, lo, hi, i))
                                        .addInt64("height", 16)
                                        .addInt64("width", 24));
        });
        const Detection d = detect(s);
        QVERIFY2(d.spec.image, qPrintable(d.imageStatus.toString()));
        QCOMPARE(d.spec.image->dtype, PixelType::Int16);
        QCOMPARE(d.spec.image->range, (ValueRange{rangeMin, rangeMax}));
    }

    void float32RawWithChannelsFeature()
    {
        const auto s = samples::many(5, [](int i) {
            return samples::reparse(
                ExampleBuilder()
                    .addBytes("pixels", floatBytes(samples::floatPixels(10 * 12 * 3, 1.f, i)))
                    .addInt64("rows", 10)
                    .addInt64("cols", 12)
                    .addInt64("channels", 3)
                    .addInt64("label", i));
        });
        const Detection d = detect(s);
        QVERIFY2(d.spec.image, qPrintable(d.imageStatus.toString()));
        const ImageSpec &img = *d.spec.image;
        QCOMPARE(img.encoding, ImageEncoding::Raw);
        QCOMPARE(img.dtype, PixelType::Float32);
        QCOMPARE(img.heightKey, QStringLiteral("rows"));
        QCOMPARE(img.widthKey, QStringLiteral("cols"));
        QCOMPARE(img.channelsKey, QStringLiteral("channels"));
        QCOMPARE(img.range, (ValueRange{0, 1}));
        QCOMPARE(d.spec.label->key, QStringLiteral("label"));
        verifyDecodesAll(s, d.spec);
    }

    void fourBytesPerPixelIsFloatOrRgba_data()
    {
        QTest::addColumn<bool>("floats");
        QTest::addRow("float32 gray") << true;
        QTest::addRow("uint8 RGBA") << false;
    }
    void fourBytesPerPixelIsFloatOrRgba()
    {
        QFETCH(bool, floats);
        const auto s = samples::many(3, [&](int i) {
            QByteArray pixels =
                floats ? floatBytes(samples::floatPixels(9 * 11, 255.f, i)) : samples::rawRgb(9, 11, 4, i);
            if (!floats) {
                for (qsizetype k = 3; k < pixels.size(); k += 4)
                    pixels[k] = char(0xFF); // opaque alpha
            }
            return samples::reparse(ExampleBuilder()
                                        .addBytes("image/raw", pixels)
                                        .addInt64("image/height", 9)
                                        .addInt64("image/width", 11));
        });
        const Detection d = detect(s);
        QVERIFY2(d.spec.image, qPrintable(d.imageStatus.toString()));
        QCOMPARE(d.spec.image->dtype, floats ? PixelType::Float32 : PixelType::UInt8);
        QCOMPARE(d.spec.image->channels, floats ? 1 : 4);
        QCOMPARE(decode(s[0], d.spec, {})->image.channels(), floats ? 1 : 3);
    }

    void floatListPixels_data()
    {
        QTest::addColumn<int>("count");
        QTest::addColumn<float>("top");
        QTest::addColumn<int>("side");
        QTest::addColumn<int>("channels");
        QTest::addColumn<float>("shift");
        QTest::addColumn<ValueRange>("range");
        QTest::addRow("mnist 0..1") << 784 << 1.f << 28 << 1 << 0.f << ValueRange{0, 1};
        QTest::addRow("mnist centred") << 784 << 1.f << 28 << 1 << -0.5f << ValueRange{-0.5, 0.5};
        QTest::addRow("mnist -1..1") << 784 << 2.f << 28 << 1 << -1.f << ValueRange{-1, 1};
        QTest::addRow("mnist 0..255") << 784 << 255.f << 28 << 1 << 0.f << ValueRange{0, 255};
        QTest::addRow("cifar 32x32x3") << 3072 << 1.f << 32 << 3 << 0.f << ValueRange{0, 1};
    }
    void floatListPixels()
    {
        QFETCH(int, count);
        QFETCH(float, top);
        QFETCH(int, side);
        QFETCH(int, channels);
        QFETCH(float, shift);
        QFETCH(ValueRange, range);
        const auto s = samples::many(8, [&](int i) {
            std::vector<float> pixels = samples::floatPixels(count, top, i);
            for (float &v : pixels)
                v += shift;
            return samples::reparse(
                ExampleBuilder().addFloats("image_floats", pixels).addInt64("image_class", i % 10));
        });
        const Detection d = detect(s);
        QVERIFY2(d.spec.image, qPrintable(d.imageStatus.toString()));
        QCOMPARE(d.spec.image->encoding, ImageEncoding::FloatPixels);
        QCOMPARE(d.spec.image->height, side);
        QCOMPARE(d.spec.image->width, side);
        QCOMPARE(d.spec.image->channels, channels);
        QCOMPARE(d.spec.image->range, range);
        QCOMPARE(d.spec.label->key, QStringLiteral("image_class"));
        verifyDecodesAll(s, d.spec);
    }

    void noImageListsTheFeatures()
    {
        const auto s = samples::many(5, samples::penguin);
        const Detection d = detect(s);
        QVERIFY(!d.spec.image);
        QCOMPARE(d.imageStatus.kind(), ErrorKind::NotFound);
        const QString m = d.imageStatus.message();
        QVERIFY2(m.contains("no image feature found in 5 sampled record(s)"), qPrintable(m));
        for (const char *part :
             {"body_mass_g (float x1)", "culmen_depth_mm (float x1)", "species (int64 x1)"})
            QVERIFY2(m.contains(QLatin1String(part)), qPrintable(m));
        QCOMPARE(d.imageStatus.where().file, QStringLiteral("synthetic.tfrecord"));
        QCOMPARE(d.spec.label->key, QStringLiteral("species")); // inspect still shows the label
        QCOMPARE(d.schema.records(), 5);
        QCOMPARE(d.forTraining().status().message(), d.imageStatus.message());
    }

    void textIsNotTakenForPixels()
    {
        // 64 printable bytes would make an 8x8 gray square, but they are text.
        const auto s = samples::many(4, [](int i) {
            return samples::reparse(
                ExampleBuilder().addBytes("notes", QByteArray(64, char('a' + i))).addInt64("label", i));
        });
        const Detection d = detect(s);
        QVERIFY(!d.spec.image);
        QVERIFY(d.imageStatus.message().contains("notes (bytes x1)"));
    }

    void tinySquaresAreNotGuessed()
    {
        const auto s = samples::many(4, [](int i) {
            return samples::reparse(ExampleBuilder().addBytes("raw", QByteArray(16, char(0x80 + i))));
        });
        const Detection d = detect(s);
        QVERIFY(!d.spec.image);
        QVERIFY2(d.imageStatus.message().contains("'raw':"), qPrintable(d.imageStatus.message()));
    }

    void overrideImageKey()
    {
        const auto s = samples::many(4, [](int i) {
            return samples::reparse(
                ExampleBuilder()
                    .addBytes("image/encoded", samples::encode(samples::patternImage(16, 16, 3, i), ".jpg"))
                    .addBytes("thumb", samples::rawRgb(8, 8, 3, i)));
        });
        QCOMPARE(detect(s).spec.image->key, QStringLiteral("image/encoded"));
        const Detection d = detect(s, overrides(R"({"image": {"key": "thumb"}})"));
        QVERIFY2(d.spec.image, qPrintable(d.imageStatus.toString()));
        QCOMPARE(d.spec.image->key, QStringLiteral("thumb"));
        QCOMPARE(d.spec.image->encoding, ImageEncoding::Raw);
        QCOMPARE(d.spec.image->height, 8);
    }

    void overrideShapeOfANonSquareImage()
    {
        const auto s = samples::many(3, [](int i) {
            return samples::reparse(
                ExampleBuilder().addBytes("img_raw", samples::rawRgb(32, 48, 3, i)).addInt64("label", 0));
        });
        const Detection automatic = detect(s);
        QVERIFY(!automatic.spec.image);
        QVERIFY2(automatic.imageStatus.message().contains(
                     "'img_raw': sampled record 0: 4608 bytes of uint8 fit no square"),
                 qPrintable(automatic.imageStatus.message()));

        const Detection oneSide = detect(s, overrides(R"({"image": {"height": 32}})"));
        QVERIFY2(oneSide.spec.image, qPrintable(oneSide.imageStatus.toString()));
        QCOMPARE(oneSide.spec.image->width, 48);
        QCOMPARE(oneSide.spec.image->channels, 3);

        const Detection gray = detect(
            s, overrides(R"({"image": {"key": "img_raw", "height": 96, "width": 48, "channels": 1}})"));
        QVERIFY2(gray.spec.image, qPrintable(gray.imageStatus.toString()));
        QCOMPARE(gray.spec.image->height, 96);
        QCOMPARE(decode(s[0], gray.spec, {})->image.channels(), 1);
    }

    void overrideDtypeAndRange()
    {
        const auto s = samples::many(3, [](int i) {
            return samples::reparse(
                ExampleBuilder().addBytes("img_raw", samples::int16Pixels(20, 20, 0, 1000, i)));
        });
        // As uint8 the 800 bytes fit no square (800 is not 3*s*s or s*s); as int16 they are 20x20x1.
        QVERIFY(!detect(s).spec.image);
        const Detection d = detect(s, overrides(R"({"image": {"dtype": "int16", "range": [0, 1000]}})"));
        QVERIFY2(d.spec.image, qPrintable(d.imageStatus.toString()));
        QCOMPARE(d.spec.image->height, 20);
        QCOMPARE(d.spec.image->channels, 1);
        QCOMPARE(d.spec.image->range, (ValueRange{0, 1000}));
    }

    void overrideErrorsNameTheKey()
    {
        const auto s = samples::many(4, [](int i) { return samples::imagenet(i); });
        const Detection badImage = detect(s, overrides(R"({"image": {"key": "image/filename"}})"));
        QCOMPARE(badImage.imageStatus.kind(), ErrorKind::InvalidArgument);
        QVERIFY2(badImage.imageStatus.message().startsWith(
                     "the image feature 'image/filename' named in the spec cannot be used"),
                 qPrintable(badImage.imageStatus.message()));
        const Detection missing = detect(s, overrides(R"({"image": {"key": "nope"}})"));
        QVERIFY(missing.imageStatus.message().contains("in none of the 4 sampled records"));

        // (image/format's "jpeg" would now be a class name: a bytes value that is no text is not.)
        const Detection badLabel = detect(s, overrides(R"({"label": {"key": "image/encoded"}})"));
        QVERIFY(badLabel.imageStatus.isOk());
        QCOMPARE(badLabel.labelStatus.kind(), ErrorKind::InvalidArgument);
        QVERIFY(badLabel.labelStatus.message().contains("'image/encoded'"));
        QCOMPARE(badLabel.forTraining().status().message(), badLabel.labelStatus.message());
    }

    void featureMissingFromSomeRecords()
    {
        auto s = samples::many(4, [](int i) { return samples::dogsAndCats(i, 16); });
        s[2].features.erase(QStringLiteral("img_raw"));
        const Detection automatic = detect(s);
        QVERIFY(!automatic.spec.image);
        QVERIFY(automatic.imageStatus.message().contains("img_raw (bytes x1, in 3 of 4 records)"));
        const Detection chosen = detect(s, overrides(R"({"image": {"key": "img_raw"}})"));
        QVERIFY2(chosen.spec.image, qPrintable(chosen.imageStatus.toString()));
    }

    void sequenceExampleUsesTheContext()
    {
        const auto s = samples::many(3, [](int i) {
            ExampleBuilder b;
            b.addBytes("image", samples::encode(samples::patternImage(10, 10, 3, i), ".png"))
                .addInt64("label", 1);
            b.addStep("frames", Feature::ofInts({1, 2, 3}));
            return samples::reparse(b);
        });
        const Detection d = detect(s);
        QVERIFY(s[0].isSequence);
        QCOMPARE(d.spec.image->key, QStringLiteral("image"));
        QCOMPARE(d.schema.sequenceRecords(), 3);
    }

    // Found by fuzz_example: an image under the empty key (protobuf allows it) was chosen, and
    // the spec then failed its own validate() ("the image key is empty").
    void emptyKeyIsNeverChosen()
    {
        const auto s = samples::many(3, [](int i) {
            return samples::reparse(
                ExampleBuilder()
                    .addBytes("", samples::encode(samples::patternImage(8, 8, 3, i), ".png"))
                    .addInt64("label", i));
        });
        const Detection d = detect(s);
        QVERIFY(!d.spec.image);
        QCOMPARE(d.imageStatus.kind(), ErrorKind::NotFound);
        QCOMPARE(d.spec.label->key, QStringLiteral("label"));
        QVERIFY(d.spec.validate().isOk());
    }

    void noSamples()
    {
        const Detection d = detect({});
        QCOMPARE(d.imageStatus.kind(), ErrorKind::NotFound);
        QVERIFY(!d.spec.label);
    }
};

QTEST_GUILESS_MAIN(TestSpecDetector)
#include "tst_specdetector.moc"
