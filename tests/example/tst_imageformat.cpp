#include "example/imageformat.h"
#include "samples.h"

#include <QTest>

using namespace qs;

namespace {

// A stray byte before the frame header: libjpeg skips it ("extraneous bytes") and decodes.
QByteArray jpegWithStrayByte(const QByteArray &jpeg)
{
    const qsizetype sof = jpeg.indexOf("\xff\xc0");
    return jpeg.left(sof) + '\0' + jpeg.mid(sof);
}

QByteArray bigEndianTiff(quint16 width, quint32 height)
{
    QByteArray b("MM\x00\x2a\x00\x00\x00\x08\x00\x02", 10);
    // tag 256 (width), SHORT, count 1, value in the first two bytes of the field
    b += QByteArray("\x01\x00\x00\x03\x00\x00\x00\x01", 8);
    b += char(width >> 8);
    b += char(width & 0xFF);
    b += QByteArray(2, '\0');
    // tag 257 (height), LONG, count 1
    b += QByteArray("\x01\x01\x00\x04\x00\x00\x00\x01", 8);
    char h[4];
    qToBigEndian(height, h);
    return b + QByteArray(h, 4);
}

} // namespace

class TestImageFormat : public QObject {
    Q_OBJECT
private slots:
    void sniff_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("format");
        QTest::addRow("jpeg") << QByteArray("\xff\xd8\xff\xe0\x00\x10JFIF") << int(ImageFormat::Jpeg);
        QTest::addRow("png") << QByteArray("\x89PNG\r\n\x1a\n....") << int(ImageFormat::Png);
        QTest::addRow("gif87") << QByteArray("GIF87a..") << int(ImageFormat::Gif);
        QTest::addRow("gif89") << QByteArray("GIF89a..") << int(ImageFormat::Gif);
        QTest::addRow("webp") << QByteArray("RIFF\x10\x00\x00\x00WEBPVP8 ", 16) << int(ImageFormat::WebP);
        QTest::addRow("riff wave is not webp")
            << QByteArray("RIFF\x10\x00\x00\x00WAVEfmt ", 16) << int(ImageFormat::Unknown);
        QTest::addRow("tiff little") << QByteArray("II*\x00\x08\x00\x00\x00", 8) << int(ImageFormat::Tiff);
        QTest::addRow("tiff big") << QByteArray("MM\x00*\x00\x00\x00\x08", 8) << int(ImageFormat::Tiff);
        QTest::addRow("bmp") << samples::encode(samples::patternImage(2, 2, 3, 0), ".bmp")
                             << int(ImageFormat::Bmp);
        QTest::addRow("text starting BM")
            << QByteArray("BMW is a company based in Munich, Bavaria.") << int(ImageFormat::Unknown);
        QTest::addRow("empty") << QByteArray() << int(ImageFormat::Unknown);
        QTest::addRow("jpeg magic cut short") << QByteArray("\xff\xd8") << int(ImageFormat::Unknown);
    }
    void sniff()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, format);
        QCOMPARE(int(sniffImageFormat(bytes)), format);
    }

    void dimsOfEncodedFiles_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        const cv::Mat colour = samples::patternImage(37, 53, 3, 1);
        const cv::Mat alpha = samples::patternImage(37, 53, 4, 1);
        for (const char *ext : {".jpg", ".png", ".bmp", ".webp", ".tiff"})
            QTest::addRow("%s", ext + 1) << samples::encode(colour, ext);
        std::vector<uchar> lossless;
        cv::imencode(".webp", colour, lossless, {cv::IMWRITE_WEBP_QUALITY, 101});
        QTest::addRow("webp lossless")
            << QByteArray(reinterpret_cast<const char *>(lossless.data()), qsizetype(lossless.size()));
        QTest::addRow("webp with alpha") << samples::encode(alpha, ".webp");
        QTest::addRow("png with alpha") << samples::encode(alpha, ".png");
        std::vector<uchar> progressive;
        cv::imencode(".jpg", colour, progressive, {cv::IMWRITE_JPEG_PROGRESSIVE, 1});
        QTest::addRow("progressive jpeg")
            << QByteArray(reinterpret_cast<const char *>(progressive.data()), qsizetype(progressive.size()));
        QTest::addRow("big-endian tiff") << bigEndianTiff(53, 37);
        // Found with fuzz_imagedecode's malloc limit on hand-made inputs: these headers were not
        // read, so nothing guarded the size the decoder then allocated for (a 30000x30000 JPEG
        // behind one stray byte took 2.7 GB).
        QTest::addRow("jpeg with a stray byte before the frame header")
            << jpegWithStrayByte(samples::encode(colour, ".jpg"));
        for (const quint16 type : {1, 3, 4, 6, 8, 9, 13, 16, 17, 18})
            QTest::addRow("tiff sizes of field type %d", type) << samples::tiffHeader(type, 53, 37);
    }
    void dimsOfEncodedFiles()
    {
        QFETCH(QByteArray, bytes);
        const ImageFormat format = sniffImageFormat(bytes);
        QVERIFY(format != ImageFormat::Unknown);
        const std::optional<ImageDims> dims = peekImageDims(bytes, format);
        QVERIFY(dims);
        QCOMPARE(dims->width, 53);
        QCOMPARE(dims->height, 37);
    }

    void cutHeadersGiveNothing_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        const cv::Mat colour = samples::patternImage(37, 53, 3, 1);
        QTest::addRow("jpeg") << samples::encode(colour, ".jpg").left(20);
        QTest::addRow("png") << samples::encode(colour, ".png").left(20);
        QTest::addRow("webp") << samples::encode(colour, ".webp").left(20);
        QTest::addRow("tiff") << bigEndianTiff(53, 37).left(12);
        QTest::addRow("bmp") << samples::encode(colour, ".bmp").left(20);
        QTest::addRow("tiff negative width") << samples::tiffHeader(9, -53, 37);
        QTest::addRow("tiff width as a RATIONAL") << samples::tiffHeader(5, 53, 37);
        QTest::addRow("tiff LONG8 width beyond the file") << samples::tiffHeader(16, 53, 37).left(70);
        QTest::addRow("jpeg scan before any frame header")
            << QByteArray("\xff\xd8\x00\xff\xda\x00\x08\xff\xc0\x00\x11\x08\x00\x10\x00\x10\x03", 17);
    }

    void decoderBytesPerPixel_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("bytesPerPixel");
        QTest::addRow("jpeg colour") << samples::encode(samples::patternImage(8, 8, 3, 1), ".jpg") << 3;
        QTest::addRow("jpeg gray") << samples::encode(samples::patternImage(8, 8, 1, 1), ".jpg") << 1;
        QTest::addRow("png gray") << samples::encode(samples::patternImage(8, 8, 1, 1), ".png") << 1;
        QTest::addRow("png colour") << samples::encode(samples::patternImage(8, 8, 3, 1), ".png") << 3;
        QTest::addRow("png 16-bit rgba")
            << samples::encode(cv::Mat(8, 8, CV_16UC4, cv::Scalar::all(9)), ".png") << 8;
        QTest::addRow("tiff 8-bit gray") << samples::tiffHeader(3, 8, 8) << 1;
        QTest::addRow("tiff 16-bit rgb") << samples::tiffHeader(3, 8, 8, 16, 3) << 6;
        QTest::addRow("tiff 64-bit float rgba") << samples::tiffHeader(3, 8, 8, 64, 4) << 32;
        QTest::addRow("bmp") << samples::encode(samples::patternImage(8, 8, 3, 1), ".bmp") << 4;
    }
    void decoderBytesPerPixel()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, bytesPerPixel);
        const std::optional<ImageDims> dims = peekImageDims(bytes, sniffImageFormat(bytes));
        QVERIFY(dims);
        QCOMPARE(dims->bytesPerPixel, bytesPerPixel);
    }
    void cutHeadersGiveNothing()
    {
        QFETCH(QByteArray, bytes);
        QVERIFY(!peekImageDims(bytes, sniffImageFormat(bytes)));
    }

    void names()
    {
        for (ImageFormat f : {ImageFormat::Jpeg, ImageFormat::Png, ImageFormat::Bmp, ImageFormat::WebP,
                              ImageFormat::Gif, ImageFormat::Tiff})
            QCOMPARE(imageFormatFromName(imageFormatName(f)), f);
        QCOMPARE(imageFormatFromName("JPG"), ImageFormat::Jpeg);
        QVERIFY(!imageFormatFromName("exr"));
        QCOMPARE(leadingBytesHex("hello world", 4), QStringLiteral("68 65 6c 6c"));
    }
};

QTEST_GUILESS_MAIN(TestImageFormat)
#include "tst_imageformat.moc"
