#pragma once

#include <QByteArray>
#include <QString>

// Records made with the generated protobuf classes themselves, for the tests that check our own
// serializer and parser against them. Kept out of the test sources so that only this file
// includes protobuf headers (see tests/example/CMakeLists.txt for why that matters under TSan).
namespace protoexamples {

// A tf.train.SequenceExample with one int64 context feature and no feature_lists set.
QByteArray contextOnlySequence(const QString &key, qint64 value);

} // namespace protoexamples
