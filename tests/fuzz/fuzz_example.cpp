// libFuzzer target for the example room. The input is one record payload. Whenever
// ExampleShape reads it, the parser must accept it and agree on every field. When it parses as a
// tf.train.Example / SequenceExample:
//  - serializing the parsed value and parsing that again must be a fixed point;
//  - a Schema accumulates it (three times) and renders as JSON, text and summary;
//  - detectFeatureSpec runs on it alone and on three copies, and once more with the first
//    bytes and int64 keys named by the user (through SpecOverrides::fromJson); a detected
//    image spec must validate and survive a JSON text round trip, and every sample is then
//    decoded with it: a decoded image is 8-bit with 1 or 3 channels and within
//    kMaxImagePixels, a label within its declared classes.

#include "fuzzcheck.h"

#include "example/examplebuilder.h"
#include "example/exampleparser.h"
#include "example/exampleshape.h"
#include "example/sampledecoder.h"
#include "example/schema.h"
#include "example/specdetector.h"

#include <QJsonDocument>

#include <google/protobuf/stubs/logging.h>

#include <vector>

using namespace qs;
using qs::fuzz::check;

namespace {

const Location kWhere{QStringLiteral("fuzz.tfrecord"), 7, 1024};

QString jsonText(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

void checkDecoded(const Result<DecodedSample> &sample, const FeatureSpec &spec)
{
    if (!sample) {
        check(sample.status().kind() == ErrorKind::InvalidArgument && sample.status().where() == kWhere,
              "decode() failed without an InvalidArgument naming the record", sample.status().toString());
        return;
    }
    const cv::Mat &image = sample->image;
    check(!image.empty() && image.depth() == CV_8U && (image.channels() == 1 || image.channels() == 3),
          "decode() gave an image that is not 8-bit gray or BGR",
          QStringLiteral("%1x%2 type %3").arg(image.rows).arg(image.cols).arg(image.type()));
    check(qint64(image.rows) * image.cols <= kMaxImagePixels, "a decoded image is over kMaxImagePixels");
    const ImageSpec &is = *spec.image;
    if (is.channels == 1 || is.channels == 3)
        check(image.channels() == is.channels, "decode() ignored the spec's channels");
    if (spec.label) {
        check(sample->label >= 0 && sample->label < kMaxLabel, "a decoded label is out of range");
        if (spec.label->numClasses > 0)
            check(sample->label < spec.label->numClasses, "a decoded label is over num_classes");
    } else {
        check(sample->label == -1, "a label was decoded without a label spec");
    }
}

void detectAndDecode(std::span<const ParsedExample> samples, const SpecOverrides &overrides)
{
    const Detection d = detectFeatureSpec(samples, overrides, QStringLiteral("fuzz.tfrecord"));
    check(d.schema.records() == qint64(samples.size()), "the detection schema miscounts");
    const Result<FeatureSpec> training = d.forTraining();
    if (!training)
        check(!training.status().message().isEmpty(), "a detection failure without a message");
    if (!d.spec.image)
        return;
    const FeatureSpec &spec = d.spec;
    check(spec.validate().isOk(), "the detected spec does not validate",
          spec.validate().toString() + QStringLiteral(" in ") + jsonText(spec.toJson()));
    const QByteArray text = QJsonDocument(spec.toJson()).toJson();
    const Result<FeatureSpec> back = FeatureSpec::fromJson(QJsonDocument::fromJson(text).object());
    check(back.isOk(), "the detected spec's JSON does not read back",
          (back ? QString() : back.status().toString()) + QStringLiteral(" in ") + QString::fromUtf8(text));
    check(*back == spec, "the detected spec changes through JSON", QString::fromUtf8(text));
    for (const ParsedExample &sample : samples)
        checkDecoded(decode(sample, spec, kWhere), spec);
}

// The first bytes key as the image and the first int64 key as the label, named the way a user
// does it: through the JSON that SpecOverrides reads.
SpecOverrides userChoice(const ParsedExample &example)
{
    QJsonObject image;
    QJsonObject label;
    for (const auto &entry : example.features) {
        if (image.isEmpty() && entry.second.kind == FeatureKind::Bytes)
            image.insert(QStringLiteral("key"), entry.first);
        if (label.isEmpty() && entry.second.kind == FeatureKind::Int64)
            label.insert(QStringLiteral("key"), entry.first);
    }
    const Result<SpecOverrides> o = SpecOverrides::fromJson(
        QJsonObject{{QStringLiteral("image"), image}, {QStringLiteral("label"), label}});
    return o ? *o : SpecOverrides{};
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    google::protobuf::SetLogHandler(nullptr); // invalid UTF-8 keys are logged by protobuf
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static ExampleParser parser; // reused across records, as a reader thread does
    static ExampleShape shape;   // reused across records, as inspect does
    const QByteArrayView bytes(data, qsizetype(size));
    const Result<ParsedExample> parsed = parser.parse(bytes, kWhere);
    // The wire-only shape answers only for what the parser reads the same way.
    if (shape.read(bytes)) {
        check(parsed.isOk(), "ExampleShape read a record the parser refuses",
              parsed ? QString() : parsed.status().toString());
        Schema fromShape, fromParse;
        fromShape.add(shape);
        fromParse.add(*parsed);
        check(fromShape.fields() == fromParse.fields() && shape.isSequence == parsed->isSequence,
              "ExampleShape and the parser disagree on the record's fields");
        // Schema matches each shape against the last one's keys: the same record again, then
        // our writer's encoding of it (its keys possibly in another order), then the record.
        ExampleShape rewritten;
        const QByteArray canonical = serializeExample(*parsed);
        const Result<ParsedExample> reparsed = parser.parse(canonical, kWhere);
        if (rewritten.read(canonical) && reparsed) {
            fromShape.add(shape);
            fromShape.add(rewritten);
            fromShape.add(shape);
            fromParse.add(*parsed);
            fromParse.add(*reparsed);
            fromParse.add(*parsed);
            check(fromShape.fields() == fromParse.fields() &&
                      fromShape.sequenceRecords() == fromParse.sequenceRecords(),
                  "a Schema of shapes and one of parsed records disagree over four records");
        }
    } else {
        check(shape.fields.empty() && !shape.isSequence, "a declined shape is not left empty");
    }
    if (!parsed) {
        check(parsed.status().kind() == ErrorKind::InvalidArgument && parsed.status().where() == kWhere &&
                  parsed.status().message().startsWith(QStringLiteral("record 7 ")),
              "a parse failure that is not InvalidArgument naming the record", parsed.status().toString());
        return 0;
    }
    const ParsedExample &example = *parsed;

    const QByteArray canonical = serializeExample(example);
    const Result<ParsedExample> again = parser.parse(canonical, kWhere);
    check(again.isOk(), "our own serialization does not parse",
          again ? QString() : again.status().toString());
    check(serializeExample(*again) == canonical && again->isSequence == example.isSequence,
          "serialize(parse(serialize(x))) differs from serialize(x)");

    Schema schema;
    for (int i = 0; i < 3; ++i)
        schema.add(example);
    check(schema.records() == 3 && schema.sequenceRecords() == (example.isSequence ? 3 : 0),
          "the schema miscounts records");
    check(schema.fields().size() == qsizetype(example.features.size() + example.featureLists.size()),
          "the schema has a field per key");
    (void)schema.toJson();
    (void)schema.toTextLines();
    (void)schema.summary();

    const std::vector<ParsedExample> copies(3, example);
    detectAndDecode(std::span(copies).first(1), {});
    detectAndDecode(copies, {});
    detectAndDecode(copies, userChoice(example));
    return 0;
}
