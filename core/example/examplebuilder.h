#pragma once

#include "example/parsedexample.h"

#include <QByteArray>

namespace qs {

// Serializes a ParsedExample: a tf.train.SequenceExample when it is a sequence (isSequence or
// any feature list), otherwise a tf.train.Example. Map entries are written in key order, so
// the same value always gives the same bytes.
QByteArray serializeExample(const ParsedExample &example);

// Builds one record for the writers (`make`, `demo`, tests):
//   QByteArray record = ExampleBuilder().addBytes("img_raw", pixels).addInt64("label", 1).serialize();
// Adding a key again replaces its feature.
class ExampleBuilder {
public:
    ExampleBuilder &addBytes(const QString &key, const QByteArray &value);
    ExampleBuilder &addBytesList(const QString &key, const QList<QByteArray> &values);
    ExampleBuilder &addInt64(const QString &key, qint64 value);
    ExampleBuilder &addInt64s(const QString &key, std::vector<qint64> values);
    ExampleBuilder &addFloat(const QString &key, float value);
    ExampleBuilder &addFloats(const QString &key, std::vector<float> values);
    ExampleBuilder &addEmpty(const QString &key); // a Feature{} with no list set
    ExampleBuilder &add(const QString &key, Feature feature);
    // Appends one time step to a feature list and makes the record a SequenceExample.
    ExampleBuilder &addStep(const QString &listKey, Feature step);

    const ParsedExample &example() const { return m_example; }
    QByteArray serialize() const { return serializeExample(m_example); }

private:
    ParsedExample m_example;
};

} // namespace qs
