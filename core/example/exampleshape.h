#pragma once

#include "example/feature.h"

#include <QByteArrayView>
#include <QLatin1StringView>

#include <vector>

namespace qs {

// The shape of a serialized tf.train.Example or SequenceExample — each feature's key, kind and
// number of values (time steps for a feature list) — read straight off the wire without copying
// a value, for scans that only count (`inspect` over a whole file).
//
// It reads only the canonical encoding that TensorFlow and every writer produce: each message
// field once, a map entry as key then value, one kind per Feature, ASCII keys, no unknown
// fields, no repeated keys. Anything else — including every malformed payload — gives false,
// and the caller parses the record with ExampleParser, which decides. So whenever read()
// succeeds, ExampleParser::parse succeeds on the same bytes and agrees with it
// (Schema::add of either gives the same fields; the fuzz_example target checks this).
//
// One shape is meant to be reused record after record: read() keeps the storage of `fields`,
// so a scan reads without allocating once the widest record has been seen.
//
// Lifetime: each key is a view into the bytes last passed to read(), valid only while those
// bytes are; copy a key (QString(key)) to keep it longer.
//
//   ExampleShape shape;
//   while (reader->next(&record).isOk()) {
//       if (shape.read(record.bytes())) schema.add(shape);
//       else schema.add(parse(record));
//   }
struct ExampleShape {
    struct Field {
        QLatin1StringView key; // into the record's bytes, ASCII
        bool sequence = false; // a SequenceExample feature list
        FeatureKind kind = FeatureKind::None;
        qint64 count = 0;
    };
    bool isSequence = false;
    std::vector<Field> fields; // in wire order

    // Replaces this shape with the record's; false (and an empty shape) when the encoding is
    // not canonical or not an Example at all.
    bool read(QByteArrayView bytes);
};

} // namespace qs
