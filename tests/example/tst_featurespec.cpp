#include "example/featurespec.h"
#include "example/specoverrides.h"

#include <QJsonDocument>
#include <QTest>

using namespace qs;

Q_DECLARE_METATYPE(qs::FeatureSpec)

namespace {

QJsonObject json(const char *text)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("bad JSON in test: %s", qPrintable(error.errorString()));
    return doc.object();
}

} // namespace

class TestFeatureSpec : public QObject {
    Q_OBJECT
private slots:
    void jsonRoundTrip_data()
    {
        QTest::addColumn<FeatureSpec>("spec");
        FeatureSpec encoded;
        encoded.image = ImageSpec{
            "image/encoded", ImageEncoding::Encoded, ImageFormat::Jpeg, PixelType::UInt8, 0, 0, 3, {}, {}, {},
            ValueRange{},    "JPEG in all records"};
        encoded.label = LabelSpec{"image/class/label", LabelEncoding::Int64, 0, 1000, "named like a label"};
        QTest::addRow("imagenet") << encoded;
        FeatureSpec raw;
        raw.image = ImageSpec{"image_raw",
                              ImageEncoding::Raw,
                              ImageFormat::Unknown,
                              PixelType::Int16,
                              0,
                              0,
                              1,
                              "height",
                              "width",
                              {},
                              ValueRange{0, 4095},
                              "raw"};
        QTest::addRow("raw int16 from keys") << raw;
        FeatureSpec floats;
        floats.image = ImageSpec{"image_floats",
                                 ImageEncoding::FloatPixels,
                                 ImageFormat::Unknown,
                                 PixelType::UInt8,
                                 28,
                                 28,
                                 1,
                                 {},
                                 {},
                                 {},
                                 ValueRange{-1, 1},
                                 {}};
        floats.label = LabelSpec{"y", LabelEncoding::OneHot, 10, 7, {}};
        QTest::addRow("float pixels, one-hot") << floats;
        QTest::addRow("nothing") << FeatureSpec{};
    }
    void jsonRoundTrip()
    {
        QFETCH(FeatureSpec, spec);
        QVERIFY(spec.validate().isOk());
        const QJsonObject j = spec.toJson();
        QVERIFY(j.contains("image") && j.contains("label"));
        const Result<FeatureSpec> back = FeatureSpec::fromJson(j);
        QVERIFY2(back.isOk(), qPrintable(back.status().toString()));
        QVERIFY(*back == spec);
        // And through text, as in `inspect --json` or a scenario file.
        const QJsonObject reread = QJsonDocument::fromJson(QJsonDocument(j).toJson()).object();
        QVERIFY(*FeatureSpec::fromJson(reread) == spec);
    }

    void jsonMembers()
    {
        FeatureSpec spec;
        spec.image = ImageSpec{"img_raw",
                               ImageEncoding::Raw,
                               ImageFormat::Unknown,
                               PixelType::UInt8,
                               64,
                               64,
                               3,
                               {},
                               {},
                               {},
                               ValueRange{},
                               "square"};
        const QJsonObject j = spec.toJson();
        QCOMPARE(j.value("label").type(), QJsonValue::Null);
        const QJsonObject image = j.value("image").toObject();
        QCOMPARE(image.value("encoding").toString(), QStringLiteral("raw"));
        QCOMPARE(image.value("dtype").toString(), QStringLiteral("uint8"));
        QCOMPARE(image.value("height").toInt(), 64);
        QVERIFY(!image.contains("format"));
        QVERIFY(!image.contains("height_key"));
    }

    void badSpecs_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        QTest::addRow("unknown member")
            << QByteArray(R"({"image": {"key": "a", "encoding": "raw", "hieght": 3}})")
            << "unknown member 'hieght' in \"image\"";
        QTest::addRow("unknown top member")
            << QByteArray(R"({"images": {}})") << "unknown member 'images' in \"spec\"";
        QTest::addRow("height not a number") << QByteArray(R"({"image": {"height": "64"}})")
                                             << "\"height\" must be an integer in [0, 1048576]";
        QTest::addRow("height fractional")
            << QByteArray(R"({"image": {"height": 6.5}})") << "\"height\" must be an integer";
        QTest::addRow("height too large")
            << QByteArray(R"({"image": {"height": 2000000}})") << "\"height\" must be an integer";
        QTest::addRow("two channels")
            << QByteArray(R"({"image": {"channels": 2}})") << "\"channels\" must be 0, 1, 3 or 4";
        QTest::addRow("empty range") << QByteArray(R"({"image": {"range": [5, 5]}})") << "finite min < max";
        QTest::addRow("short range") << QByteArray(R"({"image": {"range": [0]}})")
                                     << "\"range\" must be [min, max]";
        QTest::addRow("unknown encoding")
            << QByteArray(R"({"image": {"encoding": "png"}})") << "\"encoding\" has an unknown value 'png'";
        QTest::addRow("unknown dtype")
            << QByteArray(R"({"image": {"dtype": "uint16"}})") << "\"dtype\" has an unknown value";
        QTest::addRow("image not an object")
            << QByteArray(R"({"image": 5})") << "\"image\" must be an object or null";
        QTest::addRow("label key not a string")
            << QByteArray(R"({"label": {"key": 3}})") << "\"key\" must be a string";
        QTest::addRow("empty image key")
            << QByteArray(R"({"image": {"key": ""}})") << "\"key\" must not be empty";
        QTest::addRow("empty label key")
            << QByteArray(R"({"label": {"key": ""}})") << "\"key\" must not be empty";
        QTest::addRow("negative classes")
            << QByteArray(R"({"label": {"num_classes": -1}})") << "\"num_classes\" must be";
    }
    void badSpecs()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        const Result<SpecOverrides> o = SpecOverrides::fromJson(json(text.constData()));
        QVERIFY(!o.isOk());
        QCOMPARE(o.status().kind(), ErrorKind::InvalidArgument);
        QVERIFY2(o.status().message().contains(message), qPrintable(o.status().message()));
        QVERIFY(!FeatureSpec::fromJson(json(text.constData())).isOk());
    }

    void incompleteFullSpecs_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        QTest::addRow("image without encoding")
            << QByteArray(R"({"image": {"key": "a"}})") << "needs \"key\" and \"encoding\"";
        QTest::addRow("raw without a height")
            << QByteArray(R"({"image": {"key": "a", "encoding": "raw", "width": 4, "channels": 1}})")
            << "needs a height and width";
        QTest::addRow("raw without channels")
            << QByteArray(R"({"image": {"key": "a", "encoding": "raw", "width": 4, "height": 4}})")
            << "needs a channel count";
        QTest::addRow("encoded with 4 channels")
            << QByteArray(R"({"image": {"key": "a", "encoding": "encoded", "channels": 4}})")
            << "decode to 1 or 3 channels";
        QTest::addRow("label without key")
            << QByteArray(R"({"label": {"num_classes": 3}})") << "\"label\" needs \"key\"";
    }
    void incompleteFullSpecs()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        QVERIFY(SpecOverrides::fromJson(json(text.constData())).isOk()); // fine as overrides
        const Result<FeatureSpec> s = FeatureSpec::fromJson(json(text.constData()));
        QVERIFY(!s.isOk());
        QVERIFY2(s.status().message().contains(message), qPrintable(s.status().message()));
    }

    void overridesDistinguishAbsentFromNull()
    {
        const SpecOverrides absent = *SpecOverrides::fromJson(json("{}"));
        QVERIFY(!absent.image.any() && !absent.label.any());
        const SpecOverrides nulls = *SpecOverrides::fromJson(json(R"({"image": null, "label": null})"));
        QVERIFY(nulls.image.disabled && nulls.label.disabled);
        const SpecOverrides some = *SpecOverrides::fromJson(
            json(R"({"image": {"height_key": "rows", "range": [0, 1]}, "label": {"encoding": "one_hot"}})"));
        QCOMPARE(*some.image.heightKey, QStringLiteral("rows"));
        QCOMPARE(*some.image.range, (ValueRange{0, 1}));
        QVERIFY(!some.image.key && !some.image.height);
        QCOMPARE(*some.label.encoding, LabelEncoding::OneHot);
    }

    void enumNames()
    {
        for (ImageEncoding e : {ImageEncoding::Encoded, ImageEncoding::Raw, ImageEncoding::FloatPixels})
            QCOMPARE(imageEncodingFromName(imageEncodingName(e)), e);
        for (PixelType t : {PixelType::UInt8, PixelType::Int16, PixelType::Float32})
            QCOMPARE(pixelTypeFromName(pixelTypeName(t)), t);
        QCOMPARE(pixelTypeSize(PixelType::Int16), 2);
        QCOMPARE(labelEncodingFromName("one_hot"), LabelEncoding::OneHot);
        QVERIFY(!labelEncodingFromName("onehot"));
    }
};

QTEST_GUILESS_MAIN(TestFeatureSpec)
#include "tst_featurespec.moc"
