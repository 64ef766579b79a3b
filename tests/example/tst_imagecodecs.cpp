// Our decoders (TurboJPEG, libpng, libwebp) against cv::imdecode, which the project used before:
// the same pixels for every channel mode; the encoders round trip; and scaled JPEG decoding
// stays within a small, stated distance of full decoding followed by the same resize, on the
// real JPEG fixtures.
#include "example/exampleparser.h"
#include "example/imagecodecs.h"
#include "example/sampledecoder.h"
#include "record/recordreader.h"

#include "samples.h"

#include <QDir>
#include <QTest>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

using namespace qs;

namespace {

cv::Mat reference(const QByteArray &bytes, int channels)
{
    int flags = cv::IMREAD_UNCHANGED;
    if (channels == 1)
        flags = cv::IMREAD_GRAYSCALE | cv::IMREAD_IGNORE_ORIENTATION;
    else if (channels == 3)
        flags = cv::IMREAD_COLOR | cv::IMREAD_IGNORE_ORIENTATION;
    const cv::Mat buffer(1, int(bytes.size()), CV_8U, const_cast<char *>(bytes.constData()));
    return cv::imdecode(buffer, flags);
}

QByteArray encodeWith(const cv::Mat &image, const char *ext, std::vector<int> params = {})
{
    std::vector<uchar> buf;
    if (!cv::imencode(ext, image, buf, params))
        return {};
    return QByteArray(reinterpret_cast<const char *>(buf.data()), qsizetype(buf.size()));
}

double maxDiff(const cv::Mat &a, const cv::Mat &b)
{
    return cv::norm(a, b, cv::NORM_INF);
}

// The JPEGs of a real fixture, or none when the fixtures are not there.
QList<QByteArray> fixtureJpegs(const QString &name, const QString &key)
{
    const QString path = QDir(QStringLiteral(QS_FIXTURES_DIR)).filePath(name);
    QList<QByteArray> out;
    auto reader = RecordReader::open(path);
    if (!reader)
        return out;
    ExampleParser parser;
    RecordView record;
    while ((*reader)->next(&record).isOk()) {
        Result<ParsedExample> e = parser.parse(record.bytes(), {});
        if (const Feature *f = e ? e->find(key) : nullptr;
            f && f->kind == FeatureKind::Bytes && f->count() == 1)
            out << f->bytes.front();
    }
    return out;
}

} // namespace

class TestImageCodecs : public QObject {
    Q_OBJECT

private slots:
    void sameAsOpenCv_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("tolerance");
        const cv::Mat colour = samples::patternImage(37, 53, 3, 1);
        const cv::Mat alpha = samples::patternImage(37, 53, 4, 2);
        const cv::Mat gray = samples::patternImage(37, 53, 1, 3);
        cv::Mat wide;
        colour.convertTo(wide, CV_16U, 257.0, 3);
        QTest::addRow("jpeg") << encodeWith(colour, ".jpg") << 0;
        QTest::addRow("gray jpeg") << encodeWith(gray, ".jpg") << 0;
        QTest::addRow("progressive jpeg")
            << encodeWith(colour, ".jpg", {cv::IMWRITE_JPEG_PROGRESSIVE, 1}) << 0;
        QTest::addRow("png") << encodeWith(colour, ".png") << 0;
        QTest::addRow("gray png") << encodeWith(gray, ".png") << 0;
        QTest::addRow("png with alpha") << encodeWith(alpha, ".png") << 0;
        QTest::addRow("16-bit png") << encodeWith(wide, ".png") << 0;
        QTest::addRow("webp") << encodeWith(colour, ".webp") << 0;
        QTest::addRow("webp lossless") << encodeWith(colour, ".webp", {cv::IMWRITE_WEBP_QUALITY, 101}) << 0;
        QTest::addRow("webp with alpha") << encodeWith(alpha, ".webp") << 0;
        QTest::addRow("bmp (OpenCV, loaded on demand)") << encodeWith(colour, ".bmp") << 0;
        QTest::addRow("tiff (OpenCV, loaded on demand)") << encodeWith(colour, ".tiff") << 0;
    }
    void sameAsOpenCv()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, tolerance);
        QVERIFY(!bytes.isEmpty());
        const ImageFormat format = sniffImageFormat(bytes);
        for (int channels : {0, 1, 3}) {
            DecodeRequest r;
            r.channels = channels;
            QString why;
            const cv::Mat ours = decodeAny(bytes, format, r, &why);
            const cv::Mat theirs = reference(bytes, channels);
            QVERIFY2(!ours.empty(), qPrintable(why));
            QCOMPARE(ours.type(), theirs.type());
            QCOMPARE(ours.size(), theirs.size());
            QVERIFY2(
                maxDiff(ours, theirs) <= tolerance,
                qPrintable(
                    QStringLiteral("channels %1: differs by %2").arg(channels).arg(maxDiff(ours, theirs))));
        }
    }

    void encodersRoundTrip()
    {
        const cv::Mat colour = samples::patternImage(33, 47, 3, 4);
        const cv::Mat alpha = samples::patternImage(33, 47, 4, 5);
        const cv::Mat gray = samples::patternImage(33, 47, 1, 6);
        QString why;
        for (const cv::Mat &m : {colour, alpha, gray}) {
            const cv::Mat back = reference(encodePng(m), 0);
            QCOMPARE(maxDiff(back, m), 0.0);
        }
        const cv::Mat lossless = decodeWebp(encodeWebp(colour, 101), {}, &why);
        QCOMPARE(maxDiff(lossless, colour), 0.0);
        // Quality 95 and 4:2:0 like cv::imencode: close to its pixels (not bit-equal encoders).
        const cv::Mat jpeg = reference(encodeJpeg(colour, 95), 3);
        const cv::Mat opencv = reference(encodeWith(colour, ".jpg"), 3);
        QCOMPARE(jpeg.size(), colour.size());
        const double mean = cv::norm(jpeg, opencv, cv::NORM_L1) / double(jpeg.total() * 3);
        QVERIFY2(mean <= 1.5, qPrintable(QString::number(mean)));
        const cv::Mat progressive = decodeJpeg(encodeJpeg(gray, 90, true), {}, &why);
        QCOMPARE(progressive.type(), CV_8UC1);
    }

    void scalePicked_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<int>("minSide");
        QTest::addColumn<bool>("scaled");
        QTest::addColumn<int>("eighths");
        QTest::addRow("256 to 16") << 256 << 256 << 16 << true << 1;
        QTest::addRow("256 to 32") << 256 << 256 << 32 << true << 1;
        QTest::addRow("256 to 33") << 256 << 256 << 33 << true << 2;
        QTest::addRow("256 to 224") << 256 << 256 << 224 << true << 7;
        QTest::addRow("narrow side decides") << 500 << 100 << 40 << true << 4;
        QTest::addRow("smaller than the target") << 20 << 20 << 32 << true << 8;
        QTest::addRow("no target") << 256 << 256 << 0 << true << 8;
        QTest::addRow("option off") << 256 << 256 << 16 << false << 8;
    }
    void scalePicked()
    {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(int, minSide);
        QFETCH(bool, scaled);
        QFETCH(int, eighths);
        DecodeRequest r;
        r.minWidth = r.minHeight = minSide;
        r.scaledJpeg = scaled;
        QCOMPARE(jpegScaleEighths(width, height, r), eighths);
    }

    // Scaled decode + INTER_AREA resize against full decode + the same resize, at the demo's
    // model size (16), the thumbnail size (32) and 64, on real photos. The stated bound, in
    // levels of 255 per channel: a mean absolute difference of at most 4 over the fixture's
    // images and 12 for the worst image (measured on flowers: about 3.5 and 10.5; fake imagenet:
    // 0). The 1/8-scale decode itself equals an 8x8 area average of the full decode (0.07 mean
    // difference, on flowers); what remains is OpenCV's INTER_AREA at fractional ratios, which
    // does not compose (full -> 40x30 -> 16x16 differs from full -> 16x16 as much), and a last
    // partial block row/column when a side is not a multiple of 8.
    void scaledCloseToFull_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("key");
        QTest::addColumn<int>("side");
        for (int side : {16, 32, 64}) {
            QTest::addRow("fake imagenet %d", side) << "tfbench_fake_imagenet_train-00000-of-00008"
                                                    << "image/encoded" << side;
            QTest::addRow("flowers %d", side) << "tfx_flowers_GAN_tfrecord-00000-of-00001"
                                              << "image_raw" << side;
        }
    }
    void scaledCloseToFull()
    {
        QFETCH(QString, fixture);
        QFETCH(QString, key);
        QFETCH(int, side);
        const QList<QByteArray> jpegs = fixtureJpegs(fixture, key);
        if (jpegs.isEmpty())
            QSKIP("the real TFRecord fixtures are not there (QS_FIXTURES_DIR)");
        double worstMean = 0, worstPixel = 0, sumMean = 0;
        int scaledCount = 0;
        for (const QByteArray &jpeg : jpegs) {
            QString why;
            DecodeRequest full;
            full.channels = 3;
            DecodeRequest small = full;
            small.minWidth = small.minHeight = side;
            const cv::Mat a = decodeJpeg(jpeg, full, &why);
            const cv::Mat b = decodeJpeg(jpeg, small, &why);
            QVERIFY2(!a.empty() && !b.empty(), qPrintable(why));
            QVERIFY(b.cols >= std::min(side, a.cols) && b.rows >= std::min(side, a.rows));
            scaledCount += b.cols < a.cols;
            cv::Mat ra, rb;
            cv::resize(a, ra, cv::Size(side, side), 0, 0, cv::INTER_AREA);
            cv::resize(b, rb, cv::Size(side, side), 0, 0, cv::INTER_AREA);
            cv::Mat diff;
            cv::absdiff(ra, rb, diff);
            const double mean = cv::mean(diff.reshape(1))[0];
            worstMean = std::max(worstMean, mean);
            sumMean += mean;
            worstPixel = std::max(worstPixel, maxDiff(ra, rb));
        }
        const double average = sumMean / double(jpegs.size());
        qInfo("%lld JPEGs, %d decoded scaled; mean difference %.2f on average, %.2f for the worst image, "
              "worst pixel %.0f",
              qint64(jpegs.size()), scaledCount, average, worstMean, worstPixel);
        QVERIFY(scaledCount > 0);
        QVERIFY2(average <= 4.0, qPrintable(QString::number(average)));
        QVERIFY2(worstMean <= 12.0, qPrintable(QString::number(worstMean)));
    }

    // The option as decode() callers see it.
    void decodeOptionScales()
    {
        const cv::Mat big = samples::patternImage(256, 256, 3, 9);
        const ParsedExample e = ExampleBuilder().addBytes("img", encodeJpeg(big)).example();
        ImageSpec spec;
        spec.key = QStringLiteral("img");
        spec.encoding = ImageEncoding::Encoded;
        spec.channels = 3;
        DecodeOptions o;
        o.minWidth = o.minHeight = 16;
        const Result<cv::Mat> small = decodeImage(e, spec, {}, o);
        QVERIFY(small);
        QCOMPARE(small->cols, 32);
        o.scaledJpeg = false;
        QCOMPARE(decodeImage(e, spec, {}, o)->cols, 256);
        QCOMPARE(decodeImage(e, spec, {})->cols, 256);
    }
};

QTEST_GUILESS_MAIN(TestImageCodecs)
#include "tst_imagecodecs.moc"
