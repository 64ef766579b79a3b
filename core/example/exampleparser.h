#pragma once

#include "base/result.h"
#include "base/status.h"
#include "example/parsedexample.h"

#include <QByteArrayView>

#include <memory>

namespace qs {

// Parses serialized tf.train.Example / tf.train.SequenceExample records into ParsedExample
// values. A payload that is not one (the wire format does not parse, or it parses only into
// fields neither message knows) gives InvalidArgument "record N is not a tf.train.Example"
// carrying `where`. Packed and unpacked encodings of numeric lists are both accepted.
//
// Not thread-safe: keep one parser per reader thread. It reuses one arena block between
// records so a typical record parses without touching the heap for protobuf's own objects.
class ExampleParser {
public:
    ExampleParser();
    ~ExampleParser();
    ExampleParser(const ExampleParser &) = delete;
    ExampleParser &operator=(const ExampleParser &) = delete;

    Result<ParsedExample> parse(QByteArrayView bytes, const Location &where);

private:
    std::unique_ptr<char[]> m_block;
};

// Convenience for code that does not keep a parser: uses one parser per calling thread.
Result<ParsedExample> parseRecord(QByteArrayView bytes, const Location &where);

} // namespace qs
