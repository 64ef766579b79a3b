// ExampleShape reads counts off the wire without copying; whenever it answers, the full parser
// must agree. Hand-built canonical and non-canonical encodings, our own writer's records and
// every record of the real fixtures written by other tools.
#include "example/examplebuilder.h"
#include "example/exampleparser.h"
#include "example/exampleshape.h"
#include "example/schema.h"
#include "record/recordreader.h"
#include "wire.h"

#include <QDir>
#include <QFileInfo>
#include <QTest>

using namespace qs;

namespace {

const Location kWhere{QStringLiteral("shape.tfrecord"), 3, 0};

// The schema of one record both ways; the shape's is empty when it declined.
struct Both {
    std::optional<ExampleShape> shape;
    Result<ParsedExample> parsed;
};

Both both(const QByteArray &bytes)
{
    ExampleParser parser;
    return {ExampleShape::read(bytes), parser.parse(bytes, kWhere)};
}

QList<SchemaField> fieldsOf(const ExampleShape &s)
{
    Schema schema;
    schema.add(s);
    return schema.fields();
}

QList<SchemaField> fieldsOf(const ParsedExample &e)
{
    Schema schema;
    schema.add(e);
    return schema.fields();
}

// The shape answered, and with the parser's fields.
void requireAgreement(const QByteArray &bytes)
{
    const Both b = both(bytes);
    QVERIFY2(b.shape.has_value(), "the shape declined a canonical record");
    QVERIFY2(b.parsed.isOk(), qPrintable(b.parsed.status().toString()));
    QCOMPARE(b.shape->isSequence, b.parsed->isSequence);
    QCOMPARE(fieldsOf(*b.shape), fieldsOf(*b.parsed));
}

QString fixturesDir()
{
    const QByteArray env = qgetenv("QS_FIXTURES_DIR");
    return env.isEmpty() ? QStringLiteral(QS_FIXTURES_DIR) : QString::fromLocal8Bit(env);
}

} // namespace

class TestExampleShape : public QObject {
    Q_OBJECT
private slots:
    void canonicalRecordsAgreeWithTheParser()
    {
        requireAgreement(ExampleBuilder()
                             .addBytes(QStringLiteral("image/encoded"), QByteArray(5000, 'x'))
                             .addInt64(QStringLiteral("label"), 3)
                             .addFloats(QStringLiteral("box"), {0.1f, 0.2f, 0.3f, 0.4f})
                             .addBytesList(QStringLiteral("names"), {"a", "b", ""})
                             .addInt64s(QStringLiteral("empty ints"), {})
                             .serialize());
        requireAgreement(ExampleBuilder()
                             .add(QStringLiteral("ctx"), Feature::ofInts({1, -2}))
                             .addStep(QStringLiteral("frames"), Feature::ofBytes({"f0"}))
                             .addStep(QStringLiteral("frames"), Feature::ofBytes({"f1", "f2"}))
                             .addStep(QStringLiteral("poses"), Feature::ofFloats({1, 2}))
                             .serialize());
        // Unpacked numbers, as older writers emit them, and a 10-byte negative varint.
        using namespace wire;
        requireAgreement(example(entry("f", floatFeature(unpackedFloats({1.5f, 2.5f}))) +
                                 entry("i", int64Feature(unpackedInts({-1, 7})))));
    }

    void countsValuesAndSteps()
    {
        const QByteArray bytes = ExampleBuilder()
                                     .addFloats(QStringLiteral("pose"), {1, 2, 3})
                                     .addStep(QStringLiteral("frames"), Feature::ofBytes({"a"}))
                                     .addStep(QStringLiteral("frames"), Feature::ofBytes({"b"}))
                                     .serialize();
        const std::optional<ExampleShape> s = ExampleShape::read(bytes);
        QVERIFY(s);
        QVERIFY(s->isSequence);
        QCOMPARE(s->fields.size(), size_t(2));
        for (const ExampleShape::Field &f : s->fields) {
            if (f.sequence) {
                QCOMPARE(f.key, QStringLiteral("frames"));
                QCOMPARE(f.kind, FeatureKind::Bytes);
                QCOMPARE(f.count, 2);
            } else {
                QCOMPARE(f.key, QStringLiteral("pose"));
                QCOMPARE(f.kind, FeatureKind::Float);
                QCOMPARE(f.count, 3);
            }
        }
    }

    void declinesWhatIsNotCanonical_data()
    {
        using namespace wire;
        QTest::addColumn<QByteArray>("bytes");
        const QByteArray one = entry("a", int64Feature(packedInts({1})));
        QTest::newRow("empty payload") << QByteArray();
        QTest::newRow("a key twice") << example(one + one);
        QTest::newRow("features twice") << example(one) + example(entry("b", int64Feature(packedInts({2}))));
        QTest::newRow("an unknown top-level field") << example(one) + len(9, "x");
        QTest::newRow("an unknown field in a list") << example(entry("a", int64Feature(len(2, "zz"))));
        QTest::newRow("two kinds in one feature")
            << example(entry("a", int64Feature(packedInts({1})) + floatFeature(packedFloats({1}))));
        QTest::newRow("value before key")
            << example(len(1, len(2, int64Feature(packedInts({1}))) + len(1, "a")));
        QTest::newRow("a non-ASCII key") << example(entry("caf\xc3\xa9", int64Feature(packedInts({1}))));
        QTest::newRow("invalid UTF-8 key") << example(entry("\xff", int64Feature(packedInts({1}))));
        QTest::newRow("packed floats not a multiple of 4")
            << example(entry("f", floatFeature(len(1, "abc"))));
        QTest::newRow("an empty Feature") << example(entry("e", QByteArray()));
        QTest::newRow("an empty Features") << example(QByteArray());
        QTest::newRow("cut in a length") << example(one).left(example(one).size() - 2);
        QTest::newRow("length past the end") << tag(1, 2) + varint(1000) + "abc";
        QTest::newRow("an 11-byte varint")
            << example(entry("i", int64Feature(tag(1, 0) + QByteArray(10, '\xff') + QByteArray(1, '\x01'))));
        QTest::newRow("a CSV line") << QByteArray("label,pixels\n1,0 0 0\n");
    }

    // Declining is always safe: the caller parses. What matters is that the shape never
    // answers for bytes the parser refuses or reads differently.
    void declinesWhatIsNotCanonical()
    {
        QFETCH(QByteArray, bytes);
        QVERIFY(!ExampleShape::read(bytes).has_value());
    }

    void ourWritersRecordsAreCanonical()
    {
        for (int n = 0; n < 50; ++n) {
            ExampleBuilder b;
            for (int k = 0; k <= n % 7; ++k)
                b.addInt64s(QStringLiteral("k%1").arg(k), std::vector<qint64>(size_t(n), qint64(k) - 3));
            b.addBytes(QStringLiteral("img"), QByteArray(n * 100, char(n)));
            requireAgreement(b.serialize());
        }
    }

    // Every record of every uncompressed fixture written by other tools: where the shape
    // answers it agrees with the parser, and on TensorFlow's own writers' files it always answers.
    void realFilesAgreeRecordByRecord()
    {
        const QDir dir(fixturesDir());
        if (!QFileInfo(dir.filePath(QStringLiteral("SOURCES.md"))).isFile())
            QSKIP(
                qPrintable(QStringLiteral("the shared TFRecord fixtures are not at %1 (set QS_FIXTURES_DIR)")
                               .arg(dir.path())));
        qint64 records = 0, answered = 0;
        for (const QString &name : dir.entryList(QDir::Files)) {
            if (name.endsWith(QLatin1String(".md")) || name.endsWith(QLatin1String(".gz")) ||
                name.endsWith(QLatin1String(".zz")) || name.startsWith(QLatin1String("ydf_toy.tfe")))
                continue; // compressed: the reader needs the compression named
            Result<std::unique_ptr<RecordReader>> reader = RecordReader::open(dir.filePath(name));
            QVERIFY2(reader.isOk(), qPrintable(reader.status().toString()));
            RecordView record;
            qint64 index = 0;
            while ((*reader)->next(&record).isOk()) {
                const QByteArray bytes = record.toByteArray();
                const Both b = both(bytes);
                ++records;
                if (b.shape) {
                    ++answered;
                    QVERIFY2(b.parsed.isOk(),
                             qPrintable(QStringLiteral("%1 record %2").arg(name).arg(index)));
                    QVERIFY2(fieldsOf(*b.shape) == fieldsOf(*b.parsed),
                             qPrintable(QStringLiteral("%1 record %2").arg(name).arg(index)));
                }
                if (name.startsWith(QLatin1String("tfbench_fake_imagenet")) ||
                    name.startsWith(QLatin1String("tfx_")))
                    QVERIFY2(b.shape.has_value(),
                             qPrintable(QStringLiteral("%1 record %2 declined").arg(name).arg(index)));
                ++index;
            }
        }
        qInfo("%lld records, %lld read by the shape", records, answered);
        QVERIFY(records > 0);
        QVERIFY(answered > 0);
    }
};

QTEST_APPLESS_MAIN(TestExampleShape)
#include "tst_exampleshape.moc"
