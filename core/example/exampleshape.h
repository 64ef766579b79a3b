#pragma once

#include "example/feature.h"

#include <QByteArrayView>
#include <QString>

#include <optional>
#include <vector>

namespace qs {

// The shape of a serialized tf.train.Example or SequenceExample — each feature's key, kind and
// number of values (time steps for a feature list) — read straight off the wire without copying
// a value, for scans that only count (`inspect` over a whole file).
//
// It reads only the canonical encoding that TensorFlow and every writer produce: each message
// field once, a map entry as key then value, one kind per Feature, ASCII keys, no unknown
// fields, no repeated keys. Anything else — including every malformed payload — gives nullopt,
// and the caller parses the record with ExampleParser, which decides. So whenever a shape is
// returned, ExampleParser::parse succeeds on the same bytes and agrees with it
// (Schema::add of either gives the same fields; the fuzz_example target checks this).
struct ExampleShape {
    struct Field {
        QString key;
        bool sequence = false; // a SequenceExample feature list
        FeatureKind kind = FeatureKind::None;
        qint64 count = 0;
    };
    bool isSequence = false;
    std::vector<Field> fields; // in wire order

    static std::optional<ExampleShape> read(QByteArrayView bytes);
};

} // namespace qs
