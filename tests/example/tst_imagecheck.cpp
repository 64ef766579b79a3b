// checkImage() (imagecheck.h) against decodeImage(), which it stands in for when detection runs
// without OpenCV: for every image format, channel request, kind of damage and pixel layout, the
// same size or the same error, word for word. Detection on the real fixtures gives the same
// spec either way.
#include "example/exampleparser.h"
#include "example/imagecheck.h"
#include "example/imagecodecs.h"
#include "example/sampledecoder.h"
#include "example/specdetector.h"
#include "record/recordreader.h"

#include "samples.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTest>

#include <cmath>
#include <limits>
#include <thread>

#include <turbojpeg.h>

using namespace qs;

namespace {

const Location kWhere{QStringLiteral("check.tfrecord"), 7, 1200};

struct Case {
    QString name;
    ParsedExample example;
    ImageSpec spec;
};

ImageSpec encodedSpec(int channels)
{
    ImageSpec s;
    s.key = QStringLiteral("img");
    s.encoding = ImageEncoding::Encoded;
    s.channels = channels;
    return s;
}

ImageSpec pixelSpec(ImageEncoding encoding, PixelType dtype, int h, int w, int c)
{
    ImageSpec s;
    s.key = QStringLiteral("img");
    s.encoding = encoding;
    s.dtype = dtype;
    s.height = h;
    s.width = w;
    s.channels = c;
    s.range = {0, 1};
    return s;
}

ParsedExample withBytes(const QByteArray &bytes)
{
    return samples::reparse(ExampleBuilder().addBytes("img", bytes));
}

// A CMYK JPEG as TurboJPEG writes one (YCCK), which no OpenCV encoder makes.
QByteArray cmykJpeg(int h, int w)
{
    std::vector<unsigned char> cmyk(size_t(h) * size_t(w) * 4);
    for (size_t i = 0; i < cmyk.size(); ++i)
        cmyk[i] = static_cast<unsigned char>((i * 37) & 0xFF);
    tjhandle tj = tjInitCompress();
    unsigned char *out = nullptr;
    unsigned long size = 0;
    QByteArray bytes;
    if (tjCompress2(tj, cmyk.data(), w, w * 4, h, TJPF_CMYK, &out, &size, TJSAMP_444, 90, 0) == 0)
        bytes = QByteArray(reinterpret_cast<const char *>(out), qsizetype(size));
    tjFree(out);
    tjDestroy(tj);
    return bytes;
}

QByteArray floatBytes(const std::vector<float> &values)
{
    QByteArray out(qsizetype(values.size() * 4), Qt::Uninitialized);
    for (size_t i = 0; i < values.size(); ++i)
        qToLittleEndian<float>(values[i], out.data() + 4 * i);
    return out;
}

// Every kind of encoded image, whole and damaged.
QList<QPair<QString, QByteArray>> encodedImages()
{
    const cv::Mat colour = samples::patternImage(37, 53, 3, 1);
    const cv::Mat alpha = samples::patternImage(37, 53, 4, 2);
    const cv::Mat gray = samples::patternImage(37, 53, 1, 3);
    cv::Mat wide;
    colour.convertTo(wide, CV_16U, 257.0, 3);
    const QByteArray jpeg = samples::encode(colour, ".jpg");
    const QByteArray png = samples::encode(colour, ".png");
    const QByteArray webp = samples::encode(colour, ".webp");
    QByteArray garbled = jpeg;
    for (qsizetype i = garbled.size() / 3; i < garbled.size() - 2; ++i)
        garbled[i] = char(0xFF - (i & 0x0F)); // markers where entropy-coded data should be
    // A PNG header claiming 100000 x 100000 pixels.
    QByteArray huge = png.left(33);
    qToBigEndian<quint32>(100000, huge.data() + 16);
    qToBigEndian<quint32>(100000, huge.data() + 20);
    return {
        {QStringLiteral("jpeg"), jpeg},
        {QStringLiteral("gray jpeg"), samples::encode(gray, ".jpg")},
        {QStringLiteral("cmyk jpeg"), cmykJpeg(21, 34)},
        {QStringLiteral("jpeg cut in half"), jpeg.left(jpeg.size() / 2)},
        {QStringLiteral("jpeg garbled"), garbled},
        {QStringLiteral("jpeg header only"), jpeg.left(20)},
        {QStringLiteral("png"), png},
        {QStringLiteral("gray png"), samples::encode(gray, ".png")},
        {QStringLiteral("png with alpha"), samples::encode(alpha, ".png")},
        {QStringLiteral("16-bit png"), samples::encode(wide, ".png")},
        {QStringLiteral("png cut short"), png.left(png.size() - 30)},
        {QStringLiteral("png claiming 10^10 pixels"), huge},
        {QStringLiteral("webp"), webp},
        {QStringLiteral("webp with alpha"), samples::encode(alpha, ".webp")},
        {QStringLiteral("webp cut short"), webp.left(webp.size() / 2)},
        {QStringLiteral("bmp"), samples::encode(colour, ".bmp")},
        {QStringLiteral("tiff"), samples::encode(colour, ".tiff")},
        {QStringLiteral("gif magic only"), QByteArrayLiteral("GIF89a\x10\x00\x10\x00\x00\x00\x00")},
        {QStringLiteral("no signature"), QByteArrayLiteral("<html><body>not an image</body></html>")},
        {QStringLiteral("empty"), QByteArray()},
    };
}

QList<Case> cases()
{
    QList<Case> out;
    for (const auto &[name, bytes] : encodedImages()) {
        for (int channels : {0, 1, 3})
            out << Case{QStringLiteral("%1, channels %2").arg(name).arg(channels), withBytes(bytes),
                        encodedSpec(channels)};
    }
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    for (int c : {1, 3, 4})
        out << Case{QStringLiteral("raw uint8, %1 channels").arg(c), withBytes(samples::rawRgb(5, 6, c, c)),
                    pixelSpec(ImageEncoding::Raw, PixelType::UInt8, 5, 6, c)};
    out << Case{QStringLiteral("raw uint8, a byte short"), withBytes(samples::rawRgb(5, 6, 3, 1).chopped(1)),
                pixelSpec(ImageEncoding::Raw, PixelType::UInt8, 5, 6, 3)};
    out << Case{QStringLiteral("raw uint8, 2 channels"), withBytes(samples::rawRgb(5, 6, 2, 1)),
                pixelSpec(ImageEncoding::Raw, PixelType::UInt8, 5, 6, 2)};
    out << Case{QStringLiteral("raw int16"), withBytes(samples::int16Pixels(5, 6, -40, 900, 2)),
                pixelSpec(ImageEncoding::Raw, PixelType::Int16, 5, 6, 1)};
    std::vector<float> floats = samples::floatPixels(5 * 6 * 3, 1.f, 4);
    out << Case{QStringLiteral("raw float32"), withBytes(floatBytes(floats)),
                pixelSpec(ImageEncoding::Raw, PixelType::Float32, 5, 6, 3)};
    out << Case{QStringLiteral("float list"), samples::reparse(ExampleBuilder().addFloats("img", floats)),
                pixelSpec(ImageEncoding::FloatPixels, PixelType::Float32, 5, 6, 3)};
    out << Case{QStringLiteral("float list, one short"),
                samples::reparse(ExampleBuilder().addFloats("img", {floats.begin(), floats.end() - 1})),
                pixelSpec(ImageEncoding::FloatPixels, PixelType::Float32, 5, 6, 3)};
    floats[17] = nan;
    out << Case{QStringLiteral("raw float32 with a NaN"), withBytes(floatBytes(floats)),
                pixelSpec(ImageEncoding::Raw, PixelType::Float32, 5, 6, 3)};
    floats[17] = 0.5f;
    floats[89] = -inf;
    out << Case{QStringLiteral("float list with an infinity"),
                samples::reparse(ExampleBuilder().addFloats("img", floats)),
                pixelSpec(ImageEncoding::FloatPixels, PixelType::Float32, 5, 6, 3)};

    ImageSpec keyed = pixelSpec(ImageEncoding::Raw, PixelType::UInt8, 0, 0, 3);
    keyed.heightKey = QStringLiteral("height");
    keyed.widthKey = QStringLiteral("width");
    out << Case{QStringLiteral("raw, shape from features"),
                samples::reparse(ExampleBuilder()
                                     .addBytes("img", samples::rawRgb(4, 9, 3, 5))
                                     .addInt64("height", 4)
                                     .addInt64("width", 9)),
                keyed};
    out << Case{
        QStringLiteral("raw, width feature missing"),
        samples::reparse(ExampleBuilder().addBytes("img", samples::rawRgb(4, 9, 3, 5)).addInt64("height", 4)),
        keyed};
    out << Case{QStringLiteral("raw, height of a million"),
                samples::reparse(ExampleBuilder()
                                     .addBytes("img", samples::rawRgb(4, 9, 3, 5))
                                     .addInt64("height", 10'000'000)
                                     .addInt64("width", 9)),
                keyed};
    out << Case{QStringLiteral("image feature missing"),
                samples::reparse(ExampleBuilder().addInt64("label", 1)), encodedSpec(0)};
    out << Case{QStringLiteral("image feature of int64"),
                samples::reparse(ExampleBuilder().addInt64("img", 1)), encodedSpec(0)};
    out << Case{QStringLiteral("two bytes values"),
                samples::reparse(ExampleBuilder().addBytesList("img", {QByteArray("a"), QByteArray("b")})),
                encodedSpec(0)};
    return out;
}

bool isOpenCvFormat(const ParsedExample &e, const ImageSpec &spec)
{
    const Feature *f = e.find(spec.key);
    if (!f || f->kind != FeatureKind::Bytes || f->bytes.size() != 1)
        return false;
    const ImageFormat format = sniffImageFormat(f->bytes.front());
    return spec.encoding == ImageEncoding::Encoded &&
           (format == ImageFormat::Bmp || format == ImageFormat::Gif || format == ImageFormat::Tiff);
}

// decodeImage()'s answer as checkImage() gives it.
Result<ImageSize> viaDecode(const ParsedExample &e, const ImageSpec &spec, const Location &where)
{
    const Result<cv::Mat> image = decodeImage(e, spec, where);
    if (!image)
        return image.status();
    return ImageSize{image->rows, image->cols, image->channels()};
}

QString text(const Result<ImageSize> &r)
{
    if (!r)
        return r.status().toString();
    return QStringLiteral("%1x%2x%3").arg(r->height).arg(r->width).arg(r->channels);
}

QString fixture(const QString &name)
{
    return QDir(QStringLiteral(QS_FIXTURES_DIR)).filePath(name);
}

std::vector<ParsedExample> firstRecords(const QString &path, int count)
{
    std::vector<ParsedExample> out;
    auto reader = RecordReader::open(path);
    if (!reader)
        return out;
    ExampleParser parser;
    RecordView record;
    while (int(out.size()) < count && (*reader)->next(&record).isOk()) {
        Result<ParsedExample> e = parser.parse(record.bytes(), {});
        if (!e)
            break;
        out.push_back(std::move(*e));
    }
    return out;
}

QByteArray json(const Detection &d)
{
    return QJsonDocument(d.spec.toJson()).toJson(QJsonDocument::Compact) + d.imageStatus.toString().toUtf8() +
           d.labelStatus.toString().toUtf8() + d.labelRejected.join(QLatin1Char('|')).toUtf8();
}

} // namespace

class TestImageCheck : public QObject {
    Q_OBJECT

private slots:
    void sameAsDecodeImage()
    {
        int opened = 0, refused = 0;
        for (const Case &c : cases()) {
            const Result<ImageSize> decoded = viaDecode(c.example, c.spec, kWhere);
            const Result<ImageSize> any = checkImageAnyFormat(c.example, c.spec, kWhere);
            QVERIFY2(
                text(any) == text(decoded),
                qPrintable(QStringLiteral("%1: check %2, decode %3").arg(c.name, text(any), text(decoded))));
            const Result<ImageSize> own = checkImage(c.example, c.spec, kWhere);
            if (isOpenCvFormat(c.example, c.spec)) {
                QVERIFY2(!own && own.status().kind() == ErrorKind::Unimplemented, qPrintable(c.name));
                QVERIFY2(own.status().message().contains(QStringLiteral("OpenCV's imgcodecs")),
                         qPrintable(own.status().message()));
                QCOMPARE(own.status().where(), kWhere);
            } else {
                QVERIFY2(
                    text(own) == text(decoded),
                    qPrintable(
                        QStringLiteral("%1: check %2, decode %3").arg(c.name, text(own), text(decoded))));
            }
            (decoded ? opened : refused)++;
        }
        // Both sides of the comparison are exercised.
        QVERIFY2(opened >= 30 && refused >= 20, qPrintable(QStringLiteral("%1 %2").arg(opened).arg(refused)));
    }

    // A damaged JPEG gets the same verdict and message whatever the thread decoded before it,
    // and a whole one decodes after any damage: the decoder keeps no state from one image to
    // the next (a reused TurboJPEG handle did, and then failed whole images too).
    void aJpegsVerdictDoesNotDependOnTheOneBefore()
    {
        const QByteArray jpeg = samples::encode(samples::patternImage(40, 56, 3, 7), ".jpg");
        QList<QByteArray> damaged;
        for (qsizetype at = 2; at + 16 < jpeg.size(); at += 5)
            damaged << QByteArray(jpeg).remove(at, 1 + at % 16);
        for (qsizetype keep = 20; keep < jpeg.size(); keep += 37)
            damaged << jpeg.left(keep);
        const ImageSpec spec = encodedSpec(0);
        int failed = 0;
        for (const QByteArray &bytes : damaged) {
            const ParsedExample e = withBytes(bytes);
            const QString here = text(checkImage(e, spec, kWhere)); // after all the ones before
            QString fresh;
            std::thread([&] { fresh = text(checkImage(e, spec, kWhere)); }).join(); // a new thread
            QCOMPARE(here, fresh);
            failed += here.startsWith(QLatin1String("InvalidArgument")) ? 1 : 0;
        }
        QVERIFY2(failed >= 20, qPrintable(QString::number(failed)));
        // And the whole image still decodes on this thread after all that damage.
        QCOMPARE(text(checkImage(withBytes(jpeg), spec, kWhere)), QStringLiteral("40x56x3"));
        QCOMPARE(text(viaDecode(withBytes(jpeg), spec, kWhere)), QStringLiteral("40x56x3"));
    }

    void openCvFormatsAreNamed()
    {
        const cv::Mat colour = samples::patternImage(8, 8, 3, 1);
        std::vector<ParsedExample> s{samples::imagenet(0), samples::dogsAndCats(1)};
        QVERIFY(!needsOpenCvDecoder(s));
        s.push_back(samples::reparse(ExampleBuilder().addBytes("other", samples::encode(colour, ".bmp"))));
        QVERIFY(needsOpenCvDecoder(s));
        s.back() = samples::reparse(
            ExampleBuilder().addBytesList("other", {QByteArray("x"), samples::encode(colour, ".tiff")}));
        QVERIFY(needsOpenCvDecoder(s));
        s.back() = samples::reparse(ExampleBuilder().addBytes("gif", QByteArrayLiteral("GIF87a....")));
        QVERIFY(needsOpenCvDecoder(s));
    }

    // What inspect detects without OpenCV is what run detects with it, on every real file.
    void fixturesDetectTheSame()
    {
        if (!QFileInfo(fixture(QStringLiteral("SOURCES.md"))).isFile())
            QSKIP("the real TFRecord fixtures are not here (QS_FIXTURES_DIR)");
        const QStringList files = QDir(QStringLiteral(QS_FIXTURES_DIR)).entryList(QDir::Files);
        int withImages = 0;
        for (const QString &name : files) {
            if (name == QLatin1String("SOURCES.md"))
                continue;
            const std::vector<ParsedExample> records = firstRecords(fixture(name), 200);
            if (records.empty())
                continue;
            const std::span<const ParsedExample> samples =
                std::span(records).first(std::min<size_t>(records.size(), kDetectionSampleRecords));
            QVERIFY2(!needsOpenCvDecoder(samples), qPrintable(name));
            const Detection own = detectFeatureSpec(samples, {}, name, checkImage);
            const Detection any = detectFeatureSpec(samples, {}, name, checkImageAnyFormat);
            QCOMPARE(json(own), json(any));
            if (!own.spec.image)
                continue;
            ++withImages;
            for (size_t i = 0; i < records.size(); ++i) {
                const Location where{name, qint64(i), -1};
                QCOMPARE(text(checkImage(records[i], *own.spec.image, where)),
                         text(viaDecode(records[i], *own.spec.image, where)));
            }
        }
        QVERIFY2(withImages >= 5, qPrintable(QString::number(withImages)));
    }
};

QTEST_GUILESS_MAIN(TestImageCheck)
#include "tst_imagecheck.moc"
