#pragma once

#include "base/result.h"
#include "bench/stagerate.h"

#include <QByteArray>
#include <QStringList>

#include <vector>

namespace qs {

class SampleMaker;

// Up to `maxRecords` records of the files, in order, and no more than `maxBytes` in total
// (at least one record): the in-memory input of the per-sample measures, so they time the
// work and not the disk. Errors name the file, record and offset.
Result<std::vector<QByteArray>> loadRecords(const QStringList &files, int maxRecords, qint64 maxBytes);

// What a reader thread does to one record after reading it.
enum class SampleWork : quint8 {
    Parse,            // tf.train.Example parsing (one ExampleParser per thread)
    DecodePreprocess, // decode with the FeatureSpec + preprocess to the model input, from parsed examples
    ReaderBody,       // all of SampleMaker::make: parse, decode, preprocess, thumbnail
};

// `threads` threads (std::thread), each doing `work` on the records in turn for about
// `seconds`; items are summed over the threads and the time is the longest thread's, so with
// threads > 1 the rate is the stage's aggregate. Every record is tried once first: a record
// the maker refuses is returned as the error instead of a figure.
Result<StageRate> measureSampleWork(SampleWork work, const std::vector<QByteArray> &records,
                                    const SampleMaker &maker, double seconds, int threads = 1);

} // namespace qs
