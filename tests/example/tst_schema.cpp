#include "example/examplebuilder.h"
#include "example/exampleshape.h"
#include "example/schema.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <optional>

using namespace qs;

namespace {

Schema threeRecords()
{
    Schema schema;
    schema.add(ExampleBuilder()
                   .addBytes("a", "x")
                   .addInt64s("b", {1, 2, 3})
                   .addEmpty("n")
                   .addInt64("m", 1)
                   .example());
    schema.add(ExampleBuilder()
                   .addBytesList("a", {"x", "y"})
                   .addInt64s("b", {})
                   .addFloats("c", {1, 2, 3, 4, 5})
                   .addFloat("m", 1.f)
                   .example());
    schema.add(ExampleBuilder().addBytes("a", "z").addFloat("n", 0.5f).example());
    return schema;
}

std::optional<SchemaField> field(const QList<SchemaField> &fields, const QString &key)
{
    for (const SchemaField &f : fields) {
        if (f.key == key)
            return f;
    }
    return std::nullopt;
}

} // namespace

class TestSchema : public QObject {
    Q_OBJECT
private slots:
    void accumulates_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<qint64>("minCount");
        QTest::addColumn<qint64>("maxCount");
        QTest::addColumn<qint64>("present");
        QTest::addColumn<bool>("mixed");
        QTest::addRow("bytes in every record") << "a"
                                               << "bytes" << 1LL << 2LL << 3LL << false;
        QTest::addRow("int64, once empty") << "b"
                                           << "int64" << 0LL << 3LL << 2LL << false;
        QTest::addRow("float in one record") << "c"
                                             << "float" << 5LL << 5LL << 1LL << false;
        QTest::addRow("unset, later float") << "n"
                                            << "float" << 0LL << 1LL << 2LL << false;
        QTest::addRow("int64 then float") << "m"
                                          << "int64" << 1LL << 1LL << 2LL << true;
    }
    void accumulates()
    {
        QFETCH(QString, key);
        QFETCH(QString, kind);
        QFETCH(qint64, minCount);
        QFETCH(qint64, maxCount);
        QFETCH(qint64, present);
        QFETCH(bool, mixed);
        const Schema schema = threeRecords();
        QCOMPARE(schema.records(), 3);
        const std::optional<SchemaField> f = field(schema.fields(), key);
        QVERIFY(f);
        QCOMPARE(featureKindName(f->kind), kind);
        QCOMPARE(f->minCount, minCount);
        QCOMPARE(f->maxCount, maxCount);
        QCOMPARE(f->recordsPresent, present);
        QCOMPARE(f->mixedKinds, mixed);
        QVERIFY(!f->sequence);
    }

    void neverSetStaysNone()
    {
        Schema schema;
        schema.add(ExampleBuilder().addEmpty("Num_2").example());
        schema.add(ExampleBuilder().addEmpty("Num_2").example());
        QCOMPARE(schema.fields().front().kind, FeatureKind::None);
        QCOMPARE(schema.fields().front().maxCount, 0);
    }

    void sortedByKeyThenFeatureLists()
    {
        Schema schema = threeRecords();
        ExampleBuilder seq;
        seq.addInt64("a", 1).addStep("frames", Feature::ofInts({1})).addStep("frames", Feature::ofInts({2}));
        schema.add(seq.example());
        QStringList keys;
        for (const SchemaField &f : schema.fields())
            keys << (f.sequence ? "[]" + f.key : f.key);
        QCOMPARE(keys, (QStringList{"a", "b", "c", "m", "n", "[]frames"}));
        QCOMPARE(schema.sequenceRecords(), 1);
        const SchemaField frames = schema.fields().back();
        QCOMPARE(frames.kind, FeatureKind::Int64);
        QCOMPARE(frames.minCount, 2); // steps
    }

    // Shapes count as their records, whether a shape's keys are the last one's or not; a copy
    // counts on by itself.
    void shapesCountAsTheirRecords()
    {
        const QByteArray ab = ExampleBuilder().addInt64("a", 1).addFloats("b", {1, 2}).serialize();
        const QByteArray longer = ExampleBuilder().addInt64s("a", {1, 2, 3}).addFloats("b", {}).serialize();
        const QByteArray onlyB = ExampleBuilder().addBytes("b", "x").serialize();
        Schema schema;
        ExampleShape shape;
        for (const QByteArray &r : {ab, ab, longer, onlyB, ab}) {
            QVERIFY(shape.read(r));
            schema.add(shape);
        }
        Schema copy = schema;
        QVERIFY(shape.read(onlyB));
        copy.add(shape);
        QVERIFY(shape.read(longer));
        schema.add(shape);

        QCOMPARE(schema.records(), 6);
        QCOMPARE(schema.summary(), QStringLiteral("a (int64 x1..3, in 5 of 6 records), "
                                                  "b (float+other x0..2)"));
        QCOMPARE(copy.records(), 6);
        QCOMPARE(copy.summary(), QStringLiteral("a (int64 x1..3, in 4 of 6 records), "
                                                "b (float+other x0..2)"));
    }

    // Split anywhere, counted in two and merged in order: the schema of the whole. The key of
    // two kinds keeps the kind of the first record that had it.
    void mergeIsTheWhole()
    {
        QList<QByteArray> records;
        for (int i = 0; i < 12; ++i) {
            ExampleBuilder b;
            b.addInt64s("a", std::vector<qint64>(size_t(i % 4), 1));
            if (i % 3 == 0)
                b.addBytes("c", "x");
            if (i >= 5)
                i % 2 ? b.addFloat("m", 1.f) : b.addInt64("m", 2);
            b.addStep("frames", Feature::ofInts({1}));
            records << b.serialize();
        }
        Schema whole;
        ExampleShape shape;
        for (const QByteArray &r : records) {
            QVERIFY(shape.read(r));
            whole.add(shape);
        }
        for (int split = 0; split <= records.size(); ++split) {
            Schema first, second;
            for (int i = 0; i < records.size(); ++i) {
                QVERIFY(shape.read(records[i]));
                (i < split ? first : second).add(shape);
            }
            first.merge(second);
            QCOMPARE(first.records(), whole.records());
            QCOMPARE(first.sequenceRecords(), whole.sequenceRecords());
            QCOMPARE(first.fields(), whole.fields());
            QCOMPARE(first.summary(), whole.summary());
        }
        const std::optional<SchemaField> m = field(whole.fields(), QStringLiteral("m"));
        QVERIFY(m && m->mixedKinds && m->kind == FeatureKind::Float); // record 5 came first
    }

    void json()
    {
        const QJsonArray a = threeRecords().toJson();
        QCOMPARE(a.size(), 5);
        const QJsonObject b = a.at(1).toObject();
        QCOMPARE(b.value("key").toString(), QStringLiteral("b"));
        QCOMPARE(b.value("kind").toString(), QStringLiteral("int64"));
        QCOMPARE(b.value("min_count").toInteger(), 0);
        QCOMPARE(b.value("max_count").toInteger(), 3);
        QCOMPARE(b.value("records_present").toInteger(), 2);
        QCOMPARE(b.value("sequence").toBool(), false);
        QVERIFY(!b.contains("mixed_kinds"));
        QCOMPARE(a.at(3).toObject().value("mixed_kinds").toBool(), true);
    }

    void textForPeople()
    {
        const Schema schema = threeRecords();
        QCOMPARE(schema.summary(),
                 QStringLiteral("a (bytes x1..2), b (int64 x0..3, in 2 of 3 records), "
                                "c (float x5, in 1 of 3 records), m (int64+other x1, in 2 of 3 "
                                "records), n (float x0..1, in 2 of 3 records)"));
        const QStringList lines = schema.toTextLines();
        QCOMPARE(lines.size(), 5);
        QCOMPARE(lines.at(0).simplified(), QStringLiteral("a bytes 1..2 3/3"));
        QCOMPARE(Schema().summary(), QStringLiteral("no features at all"));
    }
};

QTEST_GUILESS_MAIN(TestSchema)
#include "tst_schema.moc"
