#include "example/examplebuilder.h"

#include "proto/example.pb.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

namespace qs {

namespace {

void fromFeature(const Feature &in, queuescope::tf::Feature *out)
{
    switch (in.kind) {
    case FeatureKind::Bytes: {
        auto *list = out->mutable_bytes_list();
        for (const QByteArray &v : in.bytes)
            list->add_value(v.constData(), size_t(v.size()));
        break;
    }
    case FeatureKind::Float:
        out->mutable_float_list()->mutable_value()->Add(in.floats.begin(), in.floats.end());
        break;
    case FeatureKind::Int64:
        out->mutable_int64_list()->mutable_value()->Add(in.ints.begin(), in.ints.end());
        break;
    case FeatureKind::None:
        break;
    }
}

void fromFeatureMap(const FeatureMap &in, queuescope::tf::Features *out)
{
    auto *map = out->mutable_feature();
    for (const auto &[key, feature] : in)
        fromFeature(feature, &(*map)[key.toStdString()]);
}

QByteArray serializeDeterministic(const google::protobuf::MessageLite &message)
{
    std::string buffer;
    {
        google::protobuf::io::StringOutputStream stream(&buffer);
        google::protobuf::io::CodedOutputStream coded(&stream);
        coded.SetSerializationDeterministic(true);
        message.SerializeWithCachedSizes(&coded);
    }
    return QByteArray(buffer.data(), qsizetype(buffer.size()));
}

} // namespace

QByteArray serializeExample(const ParsedExample &example)
{
    if (example.isSequence || !example.featureLists.empty()) {
        queuescope::tf::SequenceExample message;
        if (!example.features.empty())
            fromFeatureMap(example.features, message.mutable_context());
        auto *lists = message.mutable_feature_lists()->mutable_feature_list();
        for (const auto &[key, steps] : example.featureLists) {
            auto &list = (*lists)[key.toStdString()];
            for (const Feature &step : steps)
                fromFeature(step, list.add_feature());
        }
        message.ByteSizeLong();
        return serializeDeterministic(message);
    }
    queuescope::tf::Example message;
    fromFeatureMap(example.features, message.mutable_features());
    message.ByteSizeLong();
    return serializeDeterministic(message);
}

ExampleBuilder &ExampleBuilder::addBytes(const QString &key, const QByteArray &value)
{
    return add(key, Feature::ofBytes({value}));
}

ExampleBuilder &ExampleBuilder::addBytesList(const QString &key, const QList<QByteArray> &values)
{
    return add(key, Feature::ofBytes(values));
}

ExampleBuilder &ExampleBuilder::addInt64(const QString &key, qint64 value)
{
    return add(key, Feature::ofInts({value}));
}

ExampleBuilder &ExampleBuilder::addInt64s(const QString &key, std::vector<qint64> values)
{
    return add(key, Feature::ofInts(std::move(values)));
}

ExampleBuilder &ExampleBuilder::addFloat(const QString &key, float value)
{
    return add(key, Feature::ofFloats({value}));
}

ExampleBuilder &ExampleBuilder::addFloats(const QString &key, std::vector<float> values)
{
    return add(key, Feature::ofFloats(std::move(values)));
}

ExampleBuilder &ExampleBuilder::addEmpty(const QString &key)
{
    return add(key, Feature{});
}

ExampleBuilder &ExampleBuilder::add(const QString &key, Feature feature)
{
    m_example.features.insert_or_assign(key, std::move(feature));
    return *this;
}

ExampleBuilder &ExampleBuilder::addStep(const QString &listKey, Feature step)
{
    m_example.isSequence = true;
    m_example.featureLists[listKey].append(std::move(step));
    return *this;
}

} // namespace qs
