#pragma once

// Real TFRecord files for the UI's run tests and tools: the demo shapes in the classic raw
// layout (img_raw: RGB bytes, label: int64), written with the project's own writer.

#include "base/result.h"

#include <QStringList>

namespace qs::test {

// `files` files "<stem>-<i>.tfrecords" of `perFile` records each in `dir`, samples 0, 1, ... of
// the demo generator with `seed`.
Result<QStringList> writeDemoTfRecords(const QString &dir, const QString &stem = QStringLiteral("demo"),
                                       int files = 2, int perFile = 200, quint64 seed = 1, int size = 32);

} // namespace qs::test
