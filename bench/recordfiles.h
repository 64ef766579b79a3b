#pragma once

#include "base/result.h"
#include "bench/benchdataset.h"

#include <QByteArray>

#include <vector>

namespace qs {

// Record files for timing the record reader alone. Kept apart from the image datasets so a
// program that only scans does not load the image codecs (and their dozens of libraries).

// `records` written over and over, in order, until the file holds about `totalBytes`: a
// file with the data's own record sizes, large enough to leave the CPU caches (the scan
// target compares against plain read() of it).
Result<BenchDatasetInfo> writeRepeatedRecords(const QString &path, const std::vector<QByteArray> &records,
                                              qint64 totalBytes);

// Incompressible records of 1 KiB to 2 * averageRecordBytes (xorshift noise) up to about
// `totalBytes`: a file for timing the record reader alone (qs-bench-scan).
Result<BenchDatasetInfo> writeNoiseRecords(const QString &path, qint64 totalBytes, qint64 averageRecordBytes);

} // namespace qs
