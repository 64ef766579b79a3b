#pragma once

#include "base/result.h"

#include <QStringList>

namespace qs {

// Expands input patterns into a list of files, as tf.io.gfile.glob would for
// string_input_producer. A pattern is a path, or a path whose last component holds wildcards
// (* ? [abc]); each pattern's matches are sorted by name, and a file named twice is listed once,
// at its first place. Errors name the pattern: NotFound when a path does not exist or a
// wildcard matches no file, InvalidArgument for a directory or wildcards before the last '/'.
Result<QStringList> expandInputs(const QStringList &patterns);

} // namespace qs
