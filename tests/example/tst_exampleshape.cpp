// ExampleShape reads counts off the wire without copying; whenever it answers, the full parser
// must agree. Hand-built canonical and non-canonical encodings, our own writer's records and
// every record of the real fixtures written by other tools.
#include "example/examplebuilder.h"
#include "example/exampleparser.h"
#include "example/exampleshape.h"
#include "example/schema.h"
#include "record/recordreader.h"
#include "record/recordwriter.h"
#include "wire.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;

namespace {

const Location kWhere{QStringLiteral("shape.tfrecord"), 3, 0};

// One record both ways; no shape when it declined. The shape's keys view `bytes`.
struct Both {
    std::optional<ExampleShape> shape;
    Result<ParsedExample> parsed;
};

Both both(const QByteArray &bytes)
{
    ExampleParser parser;
    ExampleShape shape;
    const bool read = shape.read(bytes);
    return {read ? std::optional(shape) : std::nullopt, parser.parse(bytes, kWhere)};
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

// Records whose keys, kinds and counts change midway, as files mixed from several writers have
// them: for the Schema's matching of each shape against the last one's keys.
QByteArrayList oneWriter()
{
    QByteArrayList out;
    for (int i = 0; i < 200; ++i)
        out << ExampleBuilder()
                   .addBytes("img_raw", QByteArray(3072, char(i)))
                   .addInt64("label", i % 4)
                   .serialize();
    return out;
}

QByteArrayList countsAndKindsChange()
{
    QByteArrayList out;
    for (int i = 0; i < 200; ++i) {
        ExampleBuilder b;
        b.addBytesList("img", QList<QByteArray>(i < 100 ? 1 : 3, "x"));
        b.addInt64s("ids", std::vector<qint64>(size_t(i % 5), 7)); // an empty int64 list at times
        if (i < 120)
            b.addInt64("n", i);
        else
            b.addFloat("n", float(i)); // int64, then float: mixed kinds
        out << b.serialize();
    }
    return out;
}

QByteArrayList keysComeAndGo()
{
    QByteArrayList out;
    for (int i = 0; i < 200; ++i) {
        ExampleBuilder b;
        for (int k = 0; k <= i % 4; ++k)
            b.addInt64(QStringLiteral("k%1").arg(k), k);
        if (i >= 120)
            b.addFloats("tail", {1, 2});
        if (i / 50 == 1)
            b.addBytes("only_in_the_second_fifty", "y");
        out << b.serialize();
    }
    return out;
}

// The same keys each record, rotated: "", "a", "ab" and "abc" are prefixes of each other.
QByteArrayList keysInAnotherOrder()
{
    using namespace wire;
    const QByteArrayList keys{"", "a", "ab", "abc", "b"};
    QByteArrayList out;
    for (int i = 0; i < 200; ++i) {
        QByteArray entries;
        for (qsizetype k = 0; k < keys.size(); ++k) {
            const qsizetype at = (k + i) % keys.size();
            const QByteArray value = at % 2  ? int64Feature(packedInts({1, 2, qint64(i)}))
                                     : i % 3 ? bytesFeature({"v"})
                                             : bytesFeature({}); // no values: a count of 0
            entries += entry(keys[at], value);
        }
        out << example(entries);
    }
    return out;
}

// SequenceExamples with steps that change in number and kind, a key both in the context and as a
// feature list, a plain Example every seventh record and every fifth one with no context: "x"
// then comes first as a feature list, where the record before had it as a feature.
QByteArrayList sequences()
{
    QByteArrayList out;
    for (int i = 0; i < 200; ++i) {
        ExampleBuilder b;
        if (i % 5 == 0) {
            out << b.addStep("x", Feature::ofInts({i})).serialize();
            continue;
        }
        b.addInt64("x", i);
        if (i % 7 == 0) {
            out << b.serialize();
            continue;
        }
        for (int t = 0; t < 1 + i % 3; ++t)
            b.addStep("frames", Feature::ofBytes({"f"}));
        b.addStep("x", i < 100 ? Feature::ofFloats({1}) : Feature::ofInts({1, 2}));
        out << b.serialize();
    }
    return out;
}

// Every tenth record is one the shape declines: an empty Feature, a non-ASCII key, a key twice.
QByteArrayList someDeclined()
{
    using namespace wire;
    QByteArrayList out;
    for (int i = 0; i < 200; ++i) {
        const QByteArray label = entry("label", int64Feature(packedInts({i})));
        const QByteArray img = entry("img", bytesFeature({"p"}));
        switch (i % 10 == 0 ? i / 10 % 3 : -1) {
        case 0:
            out << example(img + entry("label", QByteArray()));
            break;
        case 1:
            out << example(img + label + entry("caf\xc3\xa9", int64Feature(packedInts({1}))));
            break;
        case 2:
            out << example(img + label + label);
            break;
        default:
            out << example(img + label);
        }
    }
    return out;
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
        ExampleShape s;
        QVERIFY(s.read(bytes));
        QVERIFY(s.isSequence);
        QCOMPARE(s.fields.size(), size_t(2));
        for (const ExampleShape::Field &f : s.fields) {
            QVERIFY(f.key.data() >= bytes.constData() && f.key.data() < bytes.constEnd()); // a view
            if (f.sequence) {
                QCOMPARE(f.key, QLatin1StringView("frames"));
                QCOMPARE(f.kind, FeatureKind::Bytes);
                QCOMPARE(f.count, 2);
            } else {
                QCOMPARE(f.key, QLatin1StringView("pose"));
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
        ExampleShape shape;
        QVERIFY(!shape.read(bytes));
        // A shape reused from a canonical record is left empty, not holding that record's fields.
        const QByteArray good = ExampleBuilder().addInt64(QStringLiteral("label"), 1).serialize();
        QVERIFY(shape.read(good));
        QCOMPARE(shape.fields.size(), size_t(1));
        QVERIFY(!shape.read(bytes));
        QVERIFY(shape.fields.empty());
        QVERIFY(!shape.isSequence);
    }

    // One shape reused record after record, as inspect reads a file: each read replaces the
    // last, a SequenceExample after an Example and back.
    void aReusedShapeHoldsOnlyTheLastRecord()
    {
        const QByteArray sequence = ExampleBuilder()
                                        .addStep(QStringLiteral("frames"), Feature::ofBytes({"a"}))
                                        .addStep(QStringLiteral("frames"), Feature::ofBytes({"b"}))
                                        .serialize();
        const QByteArray wide = ExampleBuilder()
                                    .addInt64(QStringLiteral("a"), 1)
                                    .addFloat(QStringLiteral("b"), 2)
                                    .addBytes(QStringLiteral("c"), "x")
                                    .serialize();
        const QByteArray narrow = ExampleBuilder().addFloats(QStringLiteral("z"), {1, 2}).serialize();
        ExampleShape shape;
        QVERIFY(shape.read(wide));
        QCOMPARE(shape.fields.size(), size_t(3));
        QVERIFY(shape.read(sequence));
        QVERIFY(shape.isSequence);
        QCOMPARE(shape.fields.size(), size_t(1));
        QCOMPARE(shape.fields[0].count, 2);
        QVERIFY(shape.read(narrow));
        QVERIFY(!shape.isSequence);
        QCOMPARE(shape.fields.size(), size_t(1));
        QCOMPARE(shape.fields[0].key, QLatin1StringView("z"));
        QCOMPARE(shape.fields[0].kind, FeatureKind::Float);
        QCOMPARE(shape.fields[0].count, 2);
        QCOMPARE(fieldsOf(shape), fieldsOf(*both(narrow).parsed));
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

    void aFileScannedAsInspectDoes_data()
    {
        QTest::addColumn<QByteArrayList>("records");
        QTest::addColumn<int>("declined"); // records the shape must leave to the parser
        QTest::addRow("one writer's records") << oneWriter() << 0;
        QTest::addRow("counts and kinds change midway") << countsAndKindsChange() << 0;
        QTest::addRow("keys come and go") << keysComeAndGo() << 0;
        QTest::addRow("keys in another order each record") << keysInAnotherOrder() << 0;
        QTest::addRow("SequenceExamples and Examples") << sequences() << 0;
        QTest::addRow("every tenth record declined") << someDeclined() << 20;
    }

    // A file read as `inspect` reads it, one view and one shape reused, the parser deciding what
    // the shape declines: the Schema is the one of parsing every record. A copy made midway
    // counts on by itself.
    void aFileScannedAsInspectDoes()
    {
        QFETCH(QByteArrayList, records);
        QFETCH(int, declined);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("mixed.tfrecord"));
        {
            Result<std::unique_ptr<RecordWriter>> writer = RecordWriter::create(path);
            QVERIFY2(writer.isOk(), qPrintable(writer.status().toString()));
            for (const QByteArray &r : records)
                QVERIFY((*writer)->write(r).isOk());
            QVERIFY((*writer)->commit().isOk());
        }
        RecordReaderOptions mapped;
        mapped.mapFile = true;
        Result<std::unique_ptr<RecordReader>> reader = RecordReader::open(path, mapped);
        QVERIFY2(reader.isOk(), qPrintable(reader.status().toString()));
        QVERIFY((*reader)->isMapped());

        ExampleParser parser;
        ExampleShape shape;
        RecordView record;
        Schema scanned, parsed, scannedHalf, parsedHalf;
        qsizetype index = 0;
        int answered = 0;
        while ((*reader)->next(&record).isOk()) {
            const Result<ParsedExample> p = parser.parse(record.bytes(), kWhere);
            QVERIFY2(p.isOk(), qPrintable(p.status().toString()));
            Schema &into = index < records.size() / 2 ? scannedHalf : scanned;
            if (shape.read(record.bytes())) {
                into.add(shape);
                ++answered;
            } else {
                into.add(*p);
            }
            (index < records.size() / 2 ? parsedHalf : parsed).add(*p);
            if (++index == records.size() / 2) {
                scanned = scannedHalf;
                parsed = parsedHalf;
            }
        }
        QCOMPARE(index, records.size());
        QCOMPARE(answered, records.size() - declined);
        QCOMPARE(scanned.fields(), parsed.fields());
        QCOMPARE(scanned.records(), parsed.records());
        QCOMPARE(scanned.sequenceRecords(), parsed.sequenceRecords());
        QCOMPARE(scanned.toTextLines(), parsed.toTextLines());
        QCOMPARE(scannedHalf.fields(), parsedHalf.fields());
        QCOMPARE(scannedHalf.records(), qint64(records.size() / 2));
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
            Schema scanned, parsed; // the whole file's, as inspect scans it and by parsing alone
            while ((*reader)->next(&record).isOk()) {
                const QByteArray bytes = record.toByteArray();
                const Both b = both(bytes);
                ++records;
                if (b.parsed)
                    parsed.add(*b.parsed);
                if (b.shape)
                    scanned.add(*b.shape);
                else if (b.parsed)
                    scanned.add(*b.parsed);
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
            QVERIFY2(scanned.fields() == parsed.fields(), qPrintable(name));
        }
        qInfo("%lld records, %lld read by the shape", records, answered);
        QVERIFY(records > 0);
        QVERIFY(answered > 0);
    }
};

QTEST_APPLESS_MAIN(TestExampleShape)
#include "tst_exampleshape.moc"
