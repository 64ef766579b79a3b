#pragma once

#include "base/result.h"

namespace qs {

struct Fault;

// The corrupt_record fault: writes a copy of `file` into `dir` with record `fault.record`
// damaged, and returns the copy's path, which the run then reads instead of the original (so
// the reader meets a real DataLoss). The copy keeps the original's file name. How:
//  - flip_data_crc:   one bit of the record's payload CRC flipped (skip_corrupt can step over it);
//  - flip_length_crc: one bit of the length CRC flipped (the reader cannot resynchronise);
//  - truncate:        the file cut in the middle of the record's payload.
// Compressed files are written back uncompressed (the offsets are those of the decompressed
// stream). Errors name the file: a record index beyond its records is InvalidArgument.
Result<QString> writeCorruptedCopy(const QString &file, const Fault &fault, const QString &dir);

// The corrupt_image fault: a copy of `file` in `dir` whose record `fault.record` is still a
// well-formed frame and Example (its checksums are right), but its image does not decode: the
// largest single-value bytes feature keeps its first four bytes (a JPEG's or PNG's signature
// starts there) and the rest become zeros, half as many. A record that is not an Example, or
// has no bytes feature, is InvalidArgument naming the file and record.
Result<QString> writeImageCorruptedCopy(const QString &file, const Fault &fault, const QString &dir);

} // namespace qs
