#include "protoexamples.h"

#include "proto/example.pb.h"

namespace protoexamples {

QByteArray contextOnlySequence(const QString &key, qint64 value)
{
    queuescope::tf::SequenceExample seq;
    auto &f = (*seq.mutable_context()->mutable_feature())[key.toStdString()];
    f.mutable_int64_list()->add_value(value);
    const std::string bytes = seq.SerializeAsString();
    return QByteArray(bytes.data(), qsizetype(bytes.size()));
}

} // namespace protoexamples
