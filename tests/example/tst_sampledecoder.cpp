#include "example/sampledecoder.h"
#include "samples.h"

#include <QRandomGenerator>
#include <QTest>

#include <opencv2/imgproc.hpp>

#include <cmath>
#include <limits>

using namespace qs;

Q_DECLARE_METATYPE(qs::ParsedExample)
Q_DECLARE_METATYPE(qs::FeatureSpec)

namespace {

const Location kWhere{QStringLiteral("d.tfrecord"), 42, 4096};

ImageSpec rawSpec(int h, int w, int c, PixelType dtype = PixelType::UInt8, ValueRange range = {0, 255})
{
    ImageSpec s;
    s.key = QStringLiteral("img");
    s.encoding = ImageEncoding::Raw;
    s.dtype = dtype;
    s.height = h;
    s.width = w;
    s.channels = c;
    s.range = range;
    return s;
}

ImageSpec encodedSpec(int channels = 0)
{
    ImageSpec s;
    s.key = QStringLiteral("img");
    s.encoding = ImageEncoding::Encoded;
    s.channels = channels;
    return s;
}

FeatureSpec withImage(const ImageSpec &image)
{
    FeatureSpec spec;
    spec.image = image;
    return spec;
}

FeatureSpec withLabel(LabelEncoding encoding, int numClasses = 0)
{
    FeatureSpec spec = withImage(rawSpec(2, 2, 1));
    spec.label = LabelSpec{QStringLiteral("label"), encoding, numClasses, 0, {}};
    return spec;
}

ParsedExample tiny(ExampleBuilder b)
{
    return b.addBytes("img", QByteArray(4, '\x10')).example();
}

QByteArray int16Bytes(std::initializer_list<int> values)
{
    QByteArray out;
    for (int v : values) {
        char b[2];
        qToLittleEndian<qint16>(qint16(v), b);
        out.append(b, 2);
    }
    return out;
}

QByteArray pngHeaderClaiming(quint32 width, quint32 height, char depth = 8, char colourType = 2)
{
    QByteArray b("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR", 16);
    char dims[8];
    qToBigEndian(width, dims);
    qToBigEndian(height, dims + 4);
    return b + QByteArray(dims, 8) + depth + colourType + QByteArray(3, '\0') + QByteArray(64, '\0');
}

// A real JPEG whose frame header claims width x height, behind a stray byte that libjpeg skips.
QByteArray jpegClaimingBehindStrayByte(quint16 width, quint16 height)
{
    QByteArray jpeg = samples::encode(samples::patternImage(16, 16, 3, 0), ".jpg");
    const qsizetype sof = jpeg.indexOf("\xff\xc0");
    qToBigEndian(height, jpeg.data() + sof + 5);
    qToBigEndian(width, jpeg.data() + sof + 7);
    return jpeg.left(sof) + '\0' + jpeg.mid(sof);
}

} // namespace

class TestSampleDecoder : public QObject {
    Q_OBJECT
private slots:
    void rawRgbBecomesBgr()
    {
        const ParsedExample e = samples::dogsAndCats(3, 16);
        FeatureSpec spec = withImage(rawSpec(16, 16, 3));
        spec.image->key = QStringLiteral("img_raw");
        spec.label = LabelSpec{QStringLiteral("label"), LabelEncoding::Int64, 2, 2, {}};
        const Result<DecodedSample> d = decode(e, spec, kWhere);
        QVERIFY2(d.isOk(), qPrintable(d.status().toString()));
        QCOMPARE(d->image.type(), CV_8UC3);
        const cv::Vec3b px = d->image.at<cv::Vec3b>(1, 2);
        QCOMPARE(px[0], samples::pixel(1, 2, 2, 3)); // B came third in RGB
        QCOMPARE(px[1], samples::pixel(1, 2, 1, 3));
        QCOMPARE(px[2], samples::pixel(1, 2, 0, 3));
        QCOMPARE(d->label, 1);
    }

    void decodedImageOwnsItsPixels()
    {
        cv::Mat image;
        {
            const ParsedExample e = ExampleBuilder().addBytes("img", samples::rawRgb(4, 4, 1, 0)).example();
            image = decodeImage(e, rawSpec(4, 4, 1), kWhere).value();
        }
        QCOMPARE(image.at<uchar>(3, 3), samples::pixel(3, 3, 0, 0));
    }

    void shapeFromFeatures()
    {
        const ParsedExample e = ExampleBuilder()
                                    .addBytes("img", samples::rawRgb(5, 7, 3, 1))
                                    .addInt64("h", 5)
                                    .addInt64("w", 7)
                                    .addInt64("c", 3)
                                    .example();
        ImageSpec s = rawSpec(0, 0, 0);
        s.heightKey = "h";
        s.widthKey = "w";
        s.channelsKey = "c";
        const Result<cv::Mat> m = decodeImage(e, s, kWhere);
        QVERIFY2(m.isOk(), qPrintable(m.status().toString()));
        QCOMPARE(m->rows, 5);
        QCOMPARE(m->cols, 7);
    }

    void scaling_data()
    {
        QTest::addColumn<ParsedExample>("example");
        QTest::addColumn<FeatureSpec>("spec");
        QTest::addColumn<QList<int>>("expected");
        QTest::addRow("int16 0..255 unchanged")
            << ExampleBuilder().addBytes("img", int16Bytes({0, 143, 247, 255})).example()
            << withImage(rawSpec(2, 2, 1, PixelType::Int16, {0, 255})) << QList<int>{0, 143, 247, 255};
        QTest::addRow("int16 12-bit scaled, out of range clamped")
            << ExampleBuilder().addBytes("img", int16Bytes({4095, 2048, -7, 30000})).example()
            << withImage(rawSpec(2, 2, 1, PixelType::Int16, {0, 4095})) << QList<int>{255, 128, 0, 255};
        QByteArray f32(16, Qt::Uninitialized);
        const float fv[] = {0.f, 0.5f, -3.f, 1e30f};
        for (int i = 0; i < 4; ++i)
            qToLittleEndian(fv[i], f32.data() + 4 * i);
        QTest::addRow("float32 0..1, out of range clamped")
            << ExampleBuilder().addBytes("img", f32).example()
            << withImage(rawSpec(2, 2, 1, PixelType::Float32, {0, 1})) << QList<int>{0, 128, 0, 255};
        ImageSpec floats = rawSpec(2, 2, 1, PixelType::UInt8, {-1, 1});
        floats.encoding = ImageEncoding::FloatPixels;
        QTest::addRow("float list -1..1")
            << ExampleBuilder().addFloats("img", {-1.f, 0.f, 1.f, -5.f}).example() << withImage(floats)
            << QList<int>{0, 128, 255, 0};
    }
    void scaling()
    {
        QFETCH(ParsedExample, example);
        QFETCH(FeatureSpec, spec);
        QFETCH(QList<int>, expected);
        const Result<DecodedSample> d = decode(example, spec, kWhere);
        QVERIFY2(d.isOk(), qPrintable(d.status().toString()));
        QList<int> got;
        for (int i = 0; i < 4; ++i)
            got << d->image.at<uchar>(i / 2, i % 2);
        QCOMPARE(got, expected);
    }

    void floatListRgbBecomesBgr()
    {
        ImageSpec s = rawSpec(1, 1, 3, PixelType::UInt8, {0, 1});
        s.encoding = ImageEncoding::FloatPixels;
        const ParsedExample e = ExampleBuilder().addFloats("img", {1.f, 0.f, 0.2f}).example(); // red-ish
        const cv::Mat m = decodeImage(e, s, kWhere).value();
        QCOMPARE(m.at<cv::Vec3b>(0, 0), cv::Vec3b(51, 0, 255));
    }

    void encodedVariants_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("channels");
        QTest::addColumn<int>("expectChannels");
        QTest::addColumn<int>("expectFirst"); // first byte of pixel (0, 0)
        cv::Mat wide(4, 4, CV_16UC1, cv::Scalar(257 * 100));
        QTest::addRow("16-bit gray png to 8 bits") << samples::encode(wide, ".png") << 0 << 1 << 100;
        cv::Mat bgra(4, 4, CV_8UC4, cv::Scalar(10, 20, 30, 40));
        QTest::addRow("png with alpha drops it") << samples::encode(bgra, ".png") << 0 << 3 << 10;
        cv::Mat gray(4, 4, CV_8UC1, cv::Scalar(77));
        QTest::addRow("gray png forced to colour") << samples::encode(gray, ".png") << 3 << 3 << 77;
        cv::Mat colour(4, 4, CV_8UC3, cv::Scalar(200, 200, 200));
        QTest::addRow("colour bmp forced to gray") << samples::encode(colour, ".bmp") << 1 << 1 << 200;
    }
    void encodedVariants()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, channels);
        QFETCH(int, expectChannels);
        QFETCH(int, expectFirst);
        const ParsedExample e = ExampleBuilder().addBytes("img", bytes).example();
        const Result<cv::Mat> m = decodeImage(e, encodedSpec(channels), kWhere);
        QVERIFY2(m.isOk(), qPrintable(m.status().toString()));
        QCOMPARE(m->depth(), CV_8U);
        QCOMPARE(m->channels(), expectChannels);
        QCOMPARE(int(m->ptr<uchar>(0)[0]), expectFirst);
    }

    void errors_data()
    {
        QTest::addColumn<ParsedExample>("example");
        QTest::addColumn<FeatureSpec>("spec");
        QTest::addColumn<QString>("message");
        const QByteArray jpeg = samples::encode(samples::patternImage(32, 32, 3, 0), ".jpg");
        const auto img = [](const QByteArray &b) { return ExampleBuilder().addBytes("img", b); };
        const auto keyed = [](ImageSpec s) {
            s.height = 0;
            s.width = 0;
            s.heightKey = "height";
            s.widthKey = "width";
            return withImage(s);
        };
        QTest::addRow("image missing")
            << ExampleBuilder().addInt64("label", 1).example() << withImage(encodedSpec())
            << "the image feature 'img' is missing from this record";
        QTest::addRow("image of the wrong kind")
            << ExampleBuilder().addInt64("img", 1).example() << withImage(encodedSpec())
            << "the image feature 'img' should hold one bytes value but holds 1 int64 value(s)";
        QTest::addRow("two images in one feature")
            << ExampleBuilder().addBytesList("img", {jpeg, jpeg}).example() << withImage(encodedSpec())
            << "should hold one bytes value but holds 2 bytes value(s)";
        QTest::addRow("not an image")
            << img("hello").example() << withImage(encodedSpec())
            << "'img' does not hold an encoded image: its 5 bytes start with [68 65 6c 6c 6f]";
        QTest::addRow("jpeg cut short") << img(jpeg.left(200)).example() << withImage(encodedSpec())
                                        << "could not decode the JPEG in 'img'";
        QTest::addRow("png header claims 200000 squared")
            << img(pngHeaderClaiming(200000, 200000)).example() << withImage(encodedSpec())
            << "the PNG in 'img' claims 200000x200000 pixels, more than the limit of 100000000";
        QTest::addRow("jpeg header claims 65535 squared")
            << img(QByteArray("\xff\xd8\xff\xc0\x00\x11\x08\xff\xff\xff\xff\x03", 12) + QByteArray(100, '\0'))
                   .example()
            << withImage(encodedSpec()) << "the JPEG in 'img' claims 65535x65535 pixels";
        // Found with fuzz_imagedecode's malloc limit on hand-made inputs: headers the size guard
        // did not read or did not weigh, for which OpenCV allocated 2.7 GB, 1.2 GB and 800 MB.
        QTest::addRow("stray byte before a huge jpeg frame header")
            << img(jpegClaimingBehindStrayByte(30000, 30000)).example() << withImage(encodedSpec())
            << "the JPEG in 'img' claims 30000x30000 pixels, more than the limit of 100000000";
        QTest::addRow("tiff size as SLONG")
            << img(samples::tiffHeader(9, 20000, 20000)).example() << withImage(encodedSpec())
            << "the TIFF in 'img' claims 20000x20000 pixels, more than the limit of 100000000";
        QTest::addRow("16-bit rgba png over the decoder limit")
            << img(pngHeaderClaiming(10000, 10000, 16, 6)).example() << withImage(encodedSpec())
            << "the PNG in 'img' claims 10000x10000 pixels of 8 bytes, more than the decoder limit of "
               "400000000 bytes";
        QTest::addRow("float64 rgba tiff over the decoder limit")
            << img(samples::tiffHeader(4, 5000, 5000, 64, 4)).example() << withImage(encodedSpec())
            << "the TIFF in 'img' claims 5000x5000 pixels of 32 bytes";
        QTest::addRow("no readable header")
            << img(QByteArray("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dtEXt", 16) + QByteArray(40, 'x')).example()
            << withImage(encodedSpec())
            << "the PNG in 'img' (56 bytes) has no readable header giving its size; the data is corrupt";
        QTest::addRow("height beyond 2^20")
            << img(QByteArray(30, 'x')).addInt64("height", 1LL << 40).addInt64("width", 10).example()
            << keyed(rawSpec(0, 0, 1)) << "image height 1099511627776 from 'height' is outside [1, 1048576]";
        QTest::addRow("negative width")
            << img(QByteArray(30, 'x')).addInt64("height", 3).addInt64("width", -10).example()
            << keyed(rawSpec(0, 0, 1)) << "image width -10 from 'width' is outside [1, 1048576]";
        QTest::addRow("product beyond the pixel limit")
            << img(QByteArray(30, 'x')).addInt64("height", 1 << 20).addInt64("width", 1 << 20).example()
            << keyed(rawSpec(0, 0, 3))
            << "image 'img' would be 1048576x1048576 = 1099511627776 pixels, more than the limit of "
               "100000000";
        QTest::addRow("fixed side beyond 2^20 in a hand-made spec")
            << img(QByteArray(30, 'x')).example() << withImage(rawSpec(3, 1 << 21, 1))
            << "the spec's image width 2097152 is outside [1, 1048576]";
        QTest::addRow("size mismatch uint8")
            << img(QByteArray(299, 'x')).example() << withImage(rawSpec(10, 10, 3))
            << "size mismatch: 'img' holds 299 bytes but height*width*channels*uint8 = 10*10*3*1 = 300";
        QTest::addRow("size mismatch int16")
            << img(QByteArray(300, 'x')).addInt64("height", 10).addInt64("width", 10).example()
            << keyed(rawSpec(0, 0, 3, PixelType::Int16))
            << "size mismatch: 'img' holds 300 bytes but height*width*channels*int16 = 10*10*3*2 = 600";
        QTest::addRow("height feature missing")
            << img(QByteArray(30, 'x')).addInt64("width", 10).example() << keyed(rawSpec(0, 0, 3))
            << "the image height feature 'height' is missing from this record";
        QTest::addRow("height feature is a float")
            << img(QByteArray(30, 'x')).addFloat("height", 3.f).addInt64("width", 10).example()
            << keyed(rawSpec(0, 0, 1))
            << "'height' should hold one int64 (the image height) but holds 1 float value(s)";
        ImageSpec twoChannels = rawSpec(2, 2, 0);
        twoChannels.channelsKey = "c";
        QTest::addRow("two channels") << img(QByteArray(8, 'x')).addInt64("c", 2).example()
                                      << withImage(twoChannels) << "image 'img' has 2 channels";
        ImageSpec floats = rawSpec(28, 28, 1, PixelType::UInt8, {0, 1});
        floats.encoding = ImageEncoding::FloatPixels;
        QTest::addRow("float count mismatch")
            << ExampleBuilder().addFloats("img", std::vector<float>(783, 0.f)).example() << withImage(floats)
            << "size mismatch: 'img' holds 783 floats but height*width*channels = 28*28*1 = 784";
        QByteArray nanF32(16, '\0');
        qToLittleEndian(std::numeric_limits<float>::quiet_NaN(), nanF32.data() + 8);
        QTest::addRow("float32 NaN pixel")
            << img(nanF32).example() << withImage(rawSpec(2, 2, 1, PixelType::Float32, {0, 1}))
            << "image 'img' holds nan at value 2 of 4; pixels must be finite numbers";
        ImageSpec floatList = rawSpec(2, 2, 1, PixelType::UInt8, {0, 1});
        floatList.encoding = ImageEncoding::FloatPixels;
        QTest::addRow("float list infinite pixel")
            << ExampleBuilder()
                   .addFloats("img", {0.f, -std::numeric_limits<float>::infinity(), 0.f, 0.f})
                   .example()
            << withImage(floatList) << "image 'img' holds -inf at value 1 of 4";
        QTest::addRow("label missing") << tiny(ExampleBuilder()) << withLabel(LabelEncoding::Int64)
                                       << "the label feature 'label' is missing from this record";
        QTest::addRow("label negative")
            << tiny(ExampleBuilder().addInt64("label", -2)) << withLabel(LabelEncoding::Int64)
            << "label -2 in 'label' is negative";
        QTest::addRow("label beyond num_classes")
            << tiny(ExampleBuilder().addInt64("label", 10)) << withLabel(LabelEncoding::Int64, 10)
            << "label 10 in 'label' is outside the expected range [0, 10)";
        QTest::addRow("label beyond the class limit")
            << tiny(ExampleBuilder().addInt64("label", 1LL << 33)) << withLabel(LabelEncoding::Int64)
            << "label 8589934592 in 'label' is beyond the limit of 1000000 classes";
        QTest::addRow("label is bytes")
            << tiny(ExampleBuilder().addBytes("label", "cat")) << withLabel(LabelEncoding::Int64)
            << "the label feature 'label' should hold one int64 but holds 1 bytes value(s)";
        QTest::addRow("label not one-hot")
            << tiny(ExampleBuilder().addInt64s("label", {0, 1, 1})) << withLabel(LabelEncoding::OneHot)
            << "the label feature 'label' is not one-hot (it holds 3 int64 value(s))";
        QTest::addRow("one-hot with NaN")
            << tiny(ExampleBuilder().addFloats("label", {0.f, std::numeric_limits<float>::quiet_NaN(), 1.f}))
            << withLabel(LabelEncoding::OneHot)
            << "the label feature 'label' is not one-hot (it holds 3 float value(s): nan at index 1)";
        QTest::addRow("one-hot of the wrong width")
            << tiny(ExampleBuilder().addInt64s("label", {0, 1, 0})) << withLabel(LabelEncoding::OneHot, 4)
            << "the one-hot label 'label' has width 3, expected 4";
    }
    void errors()
    {
        QFETCH(ParsedExample, example);
        QFETCH(FeatureSpec, spec);
        QFETCH(QString, message);
        const Result<DecodedSample> d = decode(example, spec, kWhere);
        QVERIFY(!d.isOk());
        QCOMPARE(d.status().kind(), ErrorKind::InvalidArgument);
        QVERIFY2(d.status().message().contains(message), qPrintable(d.status().message()));
        QCOMPARE(d.status().where().file, kWhere.file);
        QCOMPARE(d.status().where().record, kWhere.record);
        QCOMPARE(d.status().where().offset, kWhere.offset);
    }

    void specWithoutImage()
    {
        const Result<DecodedSample> d = decode(tiny(ExampleBuilder()), FeatureSpec{}, kWhere);
        QCOMPARE(d.status().kind(), ErrorKind::FailedPrecondition);
    }

    void damagedFilesNeverCrash_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        const cv::Mat image = samples::patternImage(24, 20, 3, 5);
        for (const char *ext : {".jpg", ".png", ".bmp", ".webp", ".tiff"})
            QTest::addRow("%s", ext + 1) << samples::encode(image, ext);
    }
    void damagedFilesNeverCrash()
    {
        QFETCH(QByteArray, bytes);
        QRandomGenerator rng(7);
        int failures = 0;
        for (int round = 0; round < 150; ++round) {
            QByteArray damaged = bytes;
            if (round % 3 == 0) {
                damaged.truncate(rng.bounded(qint32(bytes.size())));
            } else {
                for (int k = 0; k < 1 + round % 8; ++k)
                    damaged[rng.bounded(qint32(damaged.size()))] = char(rng.bounded(256));
            }
            const ParsedExample e = ExampleBuilder().addBytes("img", damaged).example();
            const Result<cv::Mat> m = decodeImage(e, encodedSpec(3), kWhere);
            if (!m)
                ++failures;
            else
                QVERIFY(m->type() == CV_8UC3 && m->rows > 0 && m->cols > 0);
        }
        QVERIFY(failures > 0); // the damage is real: some of it must be refused
    }
};

QTEST_GUILESS_MAIN(TestSampleDecoder)
#include "tst_sampledecoder.moc"
