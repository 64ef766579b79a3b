#pragma once

#include "base/status.h"

namespace qs::detail {

// A Status for a failed system call: the errno decides the kind (ENOENT -> NotFound,
// EACCES -> PermissionDenied, ENOSPC -> ResourceExhausted, ...) and the message reads
// "<what> <path>: <system text>". Location carries the path.
Status ioError(int err, const QString &what, const QString &path);

} // namespace qs::detail
