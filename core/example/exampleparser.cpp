#include "example/exampleparser.h"

#include "proto/example.pb.h"

#include <google/protobuf/arena.h>

#include <limits>

namespace qs {

namespace {

constexpr size_t kArenaBlockBytes = 32 * 1024;

Status notAnExample(const Location &where, const QString &why)
{
    const QString which =
        where.record >= 0 ? QStringLiteral("record %1").arg(where.record) : QStringLiteral("the record");
    return {ErrorKind::InvalidArgument, QStringLiteral("%1 is not a tf.train.Example: %2").arg(which, why),
            where};
}

Feature toFeature(const queuescope::tf::Feature &in)
{
    Feature out;
    switch (in.kind_case()) {
    case queuescope::tf::Feature::kBytesList: {
        out.kind = FeatureKind::Bytes;
        const auto &values = in.bytes_list().value();
        out.bytes.reserve(values.size());
        for (const std::string &v : values)
            out.bytes.append(QByteArray(v.data(), qsizetype(v.size())));
        break;
    }
    case queuescope::tf::Feature::kFloatList: {
        out.kind = FeatureKind::Float;
        const auto &values = in.float_list().value();
        out.floats.assign(values.begin(), values.end());
        break;
    }
    case queuescope::tf::Feature::kInt64List: {
        out.kind = FeatureKind::Int64;
        const auto &values = in.int64_list().value();
        out.ints.assign(values.begin(), values.end());
        break;
    }
    case queuescope::tf::Feature::KIND_NOT_SET:
        break;
    }
    return out;
}

void toFeatureMap(const queuescope::tf::Features &in, FeatureMap *out)
{
    for (const auto &[key, feature] : in.feature())
        out->emplace(QString::fromStdString(key), toFeature(feature));
}

} // namespace

ExampleParser::ExampleParser()
    : m_block(new char[kArenaBlockBytes])
{}

ExampleParser::~ExampleParser() = default;

Result<ParsedExample> ExampleParser::parse(QByteArrayView bytes, const Location &where)
{
    if (bytes.size() > std::numeric_limits<int>::max())
        return notAnExample(where,
                            QStringLiteral("%1 bytes is more than protobuf can parse").arg(bytes.size()));

    google::protobuf::ArenaOptions options;
    options.initial_block = m_block.get();
    options.initial_block_size = kArenaBlockBytes;
    google::protobuf::Arena arena(options);
    // Parse as a SequenceExample: its context is field 1 like Example.features, so one parse
    // serves both, and feature_lists tells them apart.
    auto *message = google::protobuf::Arena::CreateMessage<queuescope::tf::SequenceExample>(&arena);
    if (!message->ParseFromArray(bytes.data(), int(bytes.size())))
        return notAnExample(
            where, QStringLiteral("the %1 bytes are not a valid protobuf message").arg(bytes.size()));

    const bool known = message->has_context() || message->has_feature_lists();
    // The lite runtime keeps unknown fields but has no accessor for them: a message with none of
    // its own fields set still has a size exactly when it carries unknown ones.
    if (!known && message->ByteSizeLong() > 0)
        return notAnExample(
            where, QStringLiteral("its %1 bytes hold only fields that tf.train.Example does not have")
                       .arg(bytes.size()));
    if (message->has_context() && message->context().feature().empty() && !message->has_feature_lists() &&
        message->context().ByteSizeLong() > 0)
        return notAnExample(where, QStringLiteral("its features message holds only unknown fields"));

    ParsedExample out;
    toFeatureMap(message->context(), &out.features);
    out.isSequence = message->has_feature_lists();
    for (const auto &[key, list] : message->feature_lists().feature_list()) {
        QList<Feature> steps;
        steps.reserve(list.feature_size());
        for (const auto &step : list.feature())
            steps.append(toFeature(step));
        out.featureLists.emplace(QString::fromStdString(key), std::move(steps));
    }
    return out;
}

Result<ParsedExample> parseRecord(QByteArrayView bytes, const Location &where)
{
    thread_local ExampleParser parser;
    return parser.parse(bytes, where);
}

} // namespace qs
