#include "example/sampledecoder.h"
#include "example/specdetector.h"
#include "samples.h"

#include <QJsonDocument>
#include <QTest>

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

} // namespace

// Which feature becomes the label, and when none does.
class TestLabelDetection : public QObject {
    Q_OBJECT
private slots:
    void labelChoice_data()
    {
        QTest::addColumn<QStringList>("keys");
        QTest::addColumn<QString>("chosen");
        QTest::addRow("label over class") << QStringList{"class", "label"} << "label";
        QTest::addRow("class label over bbox label")
            << QStringList{"image/object/bbox/label", "image/class/label"} << "image/class/label";
        QTest::addRow("target") << QStringList{"target", "Bool_1"} << "target";
        QTest::addRow("y") << QStringList{"y"} << "y";
        QTest::addRow("unrelated ints") << QStringList{"Bool_1", "answers/answer_start"} << "";
    }
    void labelChoice()
    {
        QFETCH(QStringList, keys);
        QFETCH(QString, chosen);
        const auto s = samples::many(6, [&](int i) {
            ExampleBuilder b;
            b.addBytes("img", samples::encode(samples::patternImage(8, 8, 3, i), ".png"));
            for (const QString &k : keys)
                b.addInt64(k, i % 3);
            return samples::reparse(b);
        });
        const Detection d = detect(s);
        QCOMPARE(d.spec.label ? d.spec.label->key : QString(), chosen);
    }

    void labelMustBeOneNonNegativeInt_data()
    {
        QTest::addColumn<std::vector<qint64>>("values");
        QTest::addRow("several values") << std::vector<qint64>{1, 2};
        QTest::addRow("negative") << std::vector<qint64>{-1};
        QTest::addRow("absurdly large") << std::vector<qint64>{1LL << 40};
    }
    void labelMustBeOneNonNegativeInt()
    {
        QFETCH(std::vector<qint64>, values);
        const auto s = samples::many(3, [&](int i) {
            return samples::reparse(
                ExampleBuilder().addBytes("img_raw", samples::rawRgb(8, 8, 3, i)).addInt64s("label", values));
        });
        QVERIFY(!detect(s).spec.label);
    }

    void oneHotLabels_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addRow("int64 list") << int(FeatureKind::Int64);
        QTest::addRow("float list") << int(FeatureKind::Float);
        QTest::addRow("bytes") << int(FeatureKind::Bytes);
    }
    void oneHotLabels()
    {
        QFETCH(int, kind);
        const auto s = samples::many(6, [&](int i) {
            ExampleBuilder b;
            b.addBytes("img_raw", samples::rawRgb(8, 8, 3, i));
            const int hot = (i * 3) % 10;
            if (FeatureKind(kind) == FeatureKind::Int64) {
                std::vector<qint64> v(10, 0);
                v[size_t(hot)] = 1;
                b.addInt64s("y", v);
            } else if (FeatureKind(kind) == FeatureKind::Float) {
                std::vector<float> v(10, 0.f);
                v[size_t(hot)] = 1.f;
                b.addFloats("y", v);
            } else {
                QByteArray v(10, '\0');
                v[hot] = 1;
                b.addBytes("y", v);
            }
            return samples::reparse(b);
        });
        const Detection d = detect(s);
        QVERIFY(d.spec.label);
        QCOMPARE(d.spec.label->key, QStringLiteral("y"));
        QCOMPARE(d.spec.label->encoding, LabelEncoding::OneHot);
        QCOMPARE(d.spec.label->numClasses, 10);
        QCOMPARE(decode(s[1], d.spec, {})->label, 3);
    }

    void overrideLabel()
    {
        const auto s = samples::many(16, [](int i) { return samples::imagenet(i); });
        const Detection none = detect(s, overrides(R"({"label": null})"));
        QVERIFY(!none.spec.label);
        QVERIFY(none.forTraining().isOk());

        const Detection other =
            detect(s, overrides(R"({"label": {"key": "image/object/bbox/label", "num_classes": 10}})"));
        QCOMPARE(other.spec.label->key, QStringLiteral("image/object/bbox/label"));
        QCOMPARE(other.spec.label->numClasses, 10);
        QCOMPARE(other.spec.label->classesSeen, 10);

        const Detection tooFew = detect(s, overrides(R"({"label": {"num_classes": 3}})"));
        QVERIFY(!tooFew.spec.label); // labels 0..3 do not fit 3 classes; the decoy bbox label does not either
    }
};

QTEST_GUILESS_MAIN(TestLabelDetection)
#include "tst_labeldetection.moc"
