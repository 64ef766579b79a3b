#include "example/examplebuilder.h"
#include "example/exampleparser.h"
#include "protoexamples.h"
#include "record/recordreader.h"
#include "wire.h"

#include <QDir>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QTest>

#include <cmath>
#include <limits>

using namespace qs;

Q_DECLARE_METATYPE(qs::ParsedExample)

namespace {

ParsedExample parsedOk(const QByteArray &bytes)
{
    Result<ParsedExample> r = parseRecord(bytes, Location{QStringLiteral("t.tfrecord"), 0, 0});
    if (!r) {
        qWarning("%s", qPrintable(r.status().toString()));
        return {};
    }
    return *r;
}

// Record `index` of a file in QS_FIXTURES_DIR (written by TensorFlow, see SOURCES.md there);
// empty when it cannot be read.
QByteArray fixtureRecord(const char *name, int index)
{
    const QString path = QDir(QStringLiteral(QS_FIXTURES_DIR)).filePath(QLatin1String(name));
    Result<std::unique_ptr<RecordReader>> reader = RecordReader::open(path);
    if (!reader)
        return {};
    QByteArray record;
    for (int i = 0; i <= index; ++i) {
        if (!(*reader)->next(&record).isOk())
            return {};
    }
    return record;
}

// Whether `ours` holds the bytes TensorFlow wrote up to the order of the feature map (TensorFlow
// writes it in hash order, we in key order): same size, and each entry's bytes, as we write
// them, in TensorFlow's record.
bool sameBytesUpToMapOrder(const ParsedExample &e, const QByteArray &theirs)
{
    if (serializeExample(e).size() != theirs.size())
        return false;
    for (const auto &[key, feature] : e.features) {
        ParsedExample one;
        one.features.emplace(key, feature);
        QByteArray entry = serializeExample(one); // 0x0a, varint length, then the map entry
        int skip = 1;
        while (skip < entry.size() && (uchar(entry[skip]) & 0x80))
            ++skip;
        entry.remove(0, skip + 1);
        if (!theirs.contains(entry))
            return false;
    }
    return true;
}

bool haveFixtures()
{
    return QFileInfo(QDir(QStringLiteral(QS_FIXTURES_DIR)).filePath(QStringLiteral("SOURCES.md"))).isFile();
}

} // namespace

class TestExampleParser : public QObject {
    Q_OBJECT
private slots:
    void roundTrip_data()
    {
        QTest::addColumn<ParsedExample>("example");
        const auto one = [](const QString &key, Feature f) {
            ParsedExample e;
            e.features.emplace(key, std::move(f));
            return e;
        };
        QTest::addRow("bytes") << one("img", Feature::ofBytes({QByteArray("\x00\xff\x10", 3)}));
        QTest::addRow("bytes several, one empty")
            << one("tags", Feature::ofBytes({QByteArray("a"), QByteArray(), QByteArray(1000, 'z')}));
        QTest::addRow("floats") << one(
            "f", Feature::ofFloats({0.f, -0.5f, 1e30f, std::numeric_limits<float>::infinity(),
                                    std::numeric_limits<float>::denorm_min()}));
        QTest::addRow("int64 extremes")
            << one("i", Feature::ofInts({0, -1, 1, std::numeric_limits<qint64>::min(),
                                         std::numeric_limits<qint64>::max()}));
        QTest::addRow("empty bytes list") << one("b", Feature::ofBytes({}));
        QTest::addRow("empty float list") << one("f", Feature::ofFloats({}));
        QTest::addRow("empty int64 list") << one("i", Feature::ofInts({}));
        QTest::addRow("Feature{} with no list") << one("none", Feature{});
        QTest::addRow("no features") << ParsedExample{};
        QTest::addRow("unicode key") << one(QStringLiteral("bild/größe"), Feature::ofInts({3}));
        ParsedExample many;
        many.features.emplace("image/encoded", Feature::ofBytes({"jpeg"}));
        many.features.emplace("image/class/label", Feature::ofInts({7}));
        many.features.emplace("bbox", Feature::ofFloats({0.1f, 0.2f}));
        many.features.emplace("unset", Feature{});
        QTest::addRow("all kinds together") << many;
    }
    void roundTrip()
    {
        QFETCH(ParsedExample, example);
        const QByteArray bytes = serializeExample(example);
        Result<ParsedExample> back = parseRecord(bytes, {});
        QVERIFY2(back.isOk(), qPrintable(back.status().toString()));
        QCOMPARE(back->isSequence, false);
        QVERIFY(*back == example);
        QCOMPARE(serializeExample(*back), bytes); // deterministic
    }

    void kindsSurviveEmptyLists()
    {
        // An empty list is still "this kind, zero values", distinct from Feature{}.
        const ParsedExample back = parsedOk(ExampleBuilder().addFloats("f", {}).addEmpty("n").serialize());
        QCOMPARE(back.find("f")->kind, FeatureKind::Float);
        QCOMPARE(back.find("f")->count(), 0);
        QCOMPARE(back.find("n")->kind, FeatureKind::None);
        QVERIFY(back.find("missing") == nullptr);
    }

    void sameBytesAsTheWireFormat_data()
    {
        QTest::addColumn<QByteArray>("ours");
        QTest::addColumn<QByteArray>("expected");
        QTest::addRow("packed int64")
            << ExampleBuilder().addInt64s("a", {1, 2}).serialize()
            << wire::example(wire::entry("a", wire::int64Feature(wire::packedInts({1, 2}))));
        QTest::addRow("packed float")
            << ExampleBuilder().addFloats("b", {1.5f, -2.f}).serialize()
            << wire::example(wire::entry("b", wire::floatFeature(wire::packedFloats({1.5f, -2.f}))));
        QTest::addRow("bytes") << ExampleBuilder().addBytesList("c", {"xy", ""}).serialize()
                               << wire::example(wire::entry("c", wire::bytesFeature({"xy", ""})));
        QTest::addRow("keys in order")
            << ExampleBuilder().addInt64("z", 1).addInt64("a", 2).serialize()
            << wire::example(wire::entry("a", wire::int64Feature(wire::packedInts({2}))) +
                             wire::entry("z", wire::int64Feature(wire::packedInts({1}))));
    }
    void sameBytesAsTheWireFormat()
    {
        QFETCH(QByteArray, ours);
        QFETCH(QByteArray, expected);
        QCOMPARE(ours.toHex(' '), expected.toHex(' '));
    }

    // Records TensorFlow wrote, parsed into the values `queuescope-cli inspect` showed for them
    // once (floats to its 4 digits), and written back as the same bytes, entry for entry.
    void parsesWhatTensorFlowWrote()
    {
        if (!haveFixtures())
            QSKIP("no fixture folder at QS_FIXTURES_DIR (" QS_FIXTURES_DIR ")");
        const QByteArray record = fixtureRecord("tfbench_fake_imagenet_train-00000-of-00008", 1);
        QVERIFY(!record.isEmpty());
        const ParsedExample e = parsedOk(record);
        QCOMPARE(e.features.size(), size_t(15));
        const auto ints = [&](const char *key) { return e.find(QLatin1String(key))->ints; };
        const auto bytes = [&](const char *key) { return e.find(QLatin1String(key))->bytes; };
        QCOMPARE(ints("image/class/label"), std::vector<qint64>{1});
        QCOMPARE(ints("image/height"), std::vector<qint64>{270});
        QCOMPARE(ints("image/width"), std::vector<qint64>{196});
        QCOMPARE(ints("image/channels"), std::vector<qint64>{3});
        QCOMPARE(ints("image/object/bbox/label"), std::vector<qint64>{1});
        QCOMPARE(bytes("image/class/text"), QList<QByteArray>{"one"});
        QCOMPARE(bytes("image/class/synset"), QList<QByteArray>{"1"});
        QCOMPARE(bytes("image/colorspace"), QList<QByteArray>{"RGB"});
        QCOMPARE(bytes("image/filename"), QList<QByteArray>{"train_1"});
        QCOMPARE(bytes("image/format"), QList<QByteArray>{"JPEG"});
        const QList<QByteArray> jpeg = bytes("image/encoded");
        QCOMPARE(jpeg.size(), 1);
        QCOMPARE(jpeg[0].size(), 1511);
        QVERIFY(jpeg[0].startsWith("\xff\xd8\xff"));
        const struct {
            const char *key;
            float value;
        } boxes[] = {{"image/object/bbox/xmin", 0.1471f},
                     {"image/object/bbox/xmax", 0.6551f},
                     {"image/object/bbox/ymin", 0.1304f},
                     {"image/object/bbox/ymax", 0.7064f}};
        for (const auto &b : boxes) {
            const Feature *f = e.find(QLatin1String(b.key));
            QVERIFY2(f && f->kind == FeatureKind::Float && f->floats.size() == 1, b.key);
            QVERIFY2(std::abs(f->floats[0] - b.value) < 5e-5f, b.key);
        }
        QVERIFY(sameBytesUpToMapOrder(e, record));
    }

    void parsesWhatTfxWrote()
    {
        if (!haveFixtures())
            QSKIP("no fixture folder at QS_FIXTURES_DIR (" QS_FIXTURES_DIR ")");
        const QByteArray record = fixtureRecord("tfx_penguin_train_data_tfrecord-00000-of-00001.gz", 0);
        QVERIFY(!record.isEmpty());
        const ParsedExample e = parsedOk(record);
        QCOMPARE(e.features.size(), size_t(5));
        QCOMPARE(e.find("species")->ints, std::vector<qint64>{0});
        const struct {
            const char *key;
            float value;
        } values[] = {{"body_mass_g", 0.2917f},
                      {"culmen_depth_mm", 0.6667f},
                      {"culmen_length_mm", 0.2545f},
                      {"flipper_length_mm", 0.1525f}};
        for (const auto &v : values) {
            const Feature *f = e.find(QLatin1String(v.key));
            QVERIFY2(f && f->kind == FeatureKind::Float && f->floats.size() == 1, v.key);
            QVERIFY2(std::abs(f->floats[0] - v.value) < 5e-5f, v.key);
        }
        QVERIFY(sameBytesUpToMapOrder(e, record));
    }

    void unpackedNumericsAccepted_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<std::vector<qint64>>("ints");
        QTest::addColumn<std::vector<float>>("floats");
        QTest::addRow("unpacked int64")
            << wire::example(wire::entry("v", wire::int64Feature(wire::unpackedInts({5, -3, 1LL << 40}))))
            << std::vector<qint64>{5, -3, 1LL << 40} << std::vector<float>{};
        QTest::addRow("packed then unpacked int64")
            << wire::example(
                   wire::entry("v", wire::int64Feature(wire::packedInts({1, 2}) + wire::unpackedInts({3}))))
            << std::vector<qint64>{1, 2, 3} << std::vector<float>{};
        QTest::addRow("unpacked float")
            << wire::example(wire::entry("v", wire::floatFeature(wire::unpackedFloats({0.25f, -8.f}))))
            << std::vector<qint64>{} << std::vector<float>{0.25f, -8.f};
        QTest::addRow("unpacked then packed float")
            << wire::example(wire::entry(
                   "v", wire::floatFeature(wire::unpackedFloats({1.f}) + wire::packedFloats({2.f, 3.f}))))
            << std::vector<qint64>{} << std::vector<float>{1.f, 2.f, 3.f};
    }
    void unpackedNumericsAccepted()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(std::vector<qint64>, ints);
        QFETCH(std::vector<float>, floats);
        const ParsedExample e = parsedOk(bytes);
        const Feature *v = e.find("v");
        QVERIFY(v);
        QCOMPARE(v->kind, ints.empty() ? FeatureKind::Float : FeatureKind::Int64);
        QCOMPARE(v->ints, ints);
        QCOMPARE(v->floats, floats);
    }

    void sequenceExample()
    {
        ExampleBuilder b;
        b.addBytes("x_byte", "test str").addInt64s("x_int", {0, 10});
        b.addStep("x_int_seq", Feature::ofInts({1, 2})).addStep("x_int_seq", Feature::ofInts({3}));
        b.addStep("x_float_seq", Feature::ofFloats({0.5f})).addStep("x_float_seq", Feature{});
        const ParsedExample back = parsedOk(b.serialize());
        QVERIFY(back.isSequence);
        QVERIFY(back == b.example());
        QCOMPARE(back.featureLists.at("x_int_seq").size(), 2);
        QCOMPARE(back.featureLists.at("x_float_seq").at(1).kind, FeatureKind::None);
        QCOMPARE(back.find("x_byte")->bytes, QList<QByteArray>{"test str"});
    }

    void sequenceWithEmptyFeatureListsIsStillASequence()
    {
        ParsedExample e;
        e.isSequence = true;
        e.features.emplace("ctx", Feature::ofInts({1}));
        const ParsedExample back = parsedOk(serializeExample(e));
        QVERIFY(back.isSequence);
        QVERIFY(back.featureLists.empty());
    }

    void contextOnlySequenceReadsAsExample()
    {
        const QByteArray bytes = protoexamples::contextOnlySequence(QStringLiteral("label"), 4);
        QCOMPARE(bytes, ExampleBuilder().addInt64("label", 4).serialize()); // identical on the wire
        const ParsedExample back = parsedOk(bytes);
        QVERIFY(!back.isSequence);
        QCOMPARE(back.find("label")->ints, std::vector<qint64>{4});
    }

    void emptyPayloadIsAnEmptyExample_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addRow("no bytes") << QByteArray();
        QTest::addRow("empty features") << QByteArray("\x0a\x00", 2);
    }
    void emptyPayloadIsAnEmptyExample()
    {
        QFETCH(QByteArray, bytes);
        Result<ParsedExample> r = parseRecord(bytes, {});
        QVERIFY(r.isOk());
        QVERIFY(r->features.empty());
        QVERIFY(!r->isSequence);
    }

    void unknownFieldsNextToFeaturesAreIgnored()
    {
        const QByteArray bytes =
            ExampleBuilder().addInt64("label", 1).serialize() + wire::tag(9, 0) + wire::varint(5);
        const ParsedExample back = parsedOk(bytes);
        QCOMPARE(back.find("label")->ints, std::vector<qint64>{1});
    }

    void notAnExample_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addRow("plain text") << QByteArray("hello world");
        QByteArray noise(512, Qt::Uninitialized);
        QRandomGenerator rng(20240601);
        for (char &c : noise)
            c = char(rng.bounded(256));
        QTest::addRow("random bytes") << noise;
        QTest::addRow("only an unknown field") << (wire::tag(6, 0) + wire::varint(4));
        QTest::addRow("features holding only an unknown field")
            << wire::len(1, wire::tag(6, 0) + wire::varint(4));
        QTest::addRow("features as a varint") << (wire::tag(1, 0) + wire::varint(1));
        const QByteArray good = ExampleBuilder().addBytes("image", QByteArray(100, 'x')).serialize();
        QTest::addRow("cut short") << good.left(good.size() - 10);
        QTest::addRow("key not UTF-8")
            << wire::example(wire::entry("\xff\xfe", wire::int64Feature(wire::packedInts({1}))));
    }
    void notAnExample()
    {
        QFETCH(QByteArray, bytes);
        const Location where{QStringLiteral("data/x.tfrecord"), 7, 1234};
        Result<ParsedExample> r = parseRecord(bytes, where);
        QVERIFY(!r.isOk());
        QCOMPARE(r.status().kind(), ErrorKind::InvalidArgument);
        QVERIFY2(r.status().message().startsWith("record 7 is not a tf.train.Example"),
                 qPrintable(r.status().message()));
        QCOMPARE(r.status().where().file, where.file);
        QCOMPARE(r.status().where().record, 7);
        QCOMPARE(r.status().where().offset, 1234);
    }

    void parserReusesItsArenaSafely()
    {
        // A record far larger than the reused arena block, between small ones.
        ExampleParser parser;
        const QByteArray small = ExampleBuilder().addInt64("label", 3).addFloats("f", {1.f, 2.f}).serialize();
        const QByteArray big =
            ExampleBuilder().addBytes("img", QByteArray(3 << 20, '\x7f')).addInt64("label", 9).serialize();
        for (int round = 0; round < 3; ++round) {
            Result<ParsedExample> a = parser.parse(small, {});
            Result<ParsedExample> b = parser.parse(big, {});
            Result<ParsedExample> bad = parser.parse(QByteArray("nope"), {});
            QVERIFY(a && b && !bad);
            QCOMPARE(a->find("label")->ints.front(), 3);
            QCOMPARE(b->find("img")->bytes.front().size(), 3 << 20);
            QCOMPARE(b->find("label")->ints.front(), 9);
        }
    }
};

QTEST_GUILESS_MAIN(TestExampleParser)
#include "tst_exampleparser.moc"
