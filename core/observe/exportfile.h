#pragma once

#include "base/status.h"

#include <QIODevice>
#include <QString>

#include <functional>

namespace qs {

// Writes a file all at once or not at all: `write` fills a temporary file next to `path`, which
// replaces `path` only when every write succeeded. `write` returns false to abandon the file.
// Errors name the path: NotFound when its folder is missing, PermissionDenied when it cannot be
// created, DataLoss when writing or the final rename fails.
Status saveAtomically(const QString &path, const std::function<bool(QIODevice *)> &write);
// Copies the file `from` to `to` the same way (NotFound naming `from` when it cannot be read).
Status copyAtomically(const QString &from, const QString &to);

} // namespace qs
