#pragma once

#include "example/specoverrides.h"

#include <QString>

#include <optional>

namespace qs {

// The features the user picked for a file (SchemaDialog), kept in QSettings under
// "schema/files/<key>" as the overrides' JSON. The key is a hash of the file's absolute path,
// size and modification time, so a file that was rewritten (or another file at the same path)
// starts from detection again. At most kMaxFiles choices are kept; the oldest go first.
// GUI thread only (QSettings of the application).
class SchemaMemory {
public:
    static constexpr int kMaxFiles = 200;

    static QString keyFor(const QString &file); // "" when the file cannot be found

    std::optional<SpecOverrides> recall(const QString &file) const;
    void remember(const QString &file, const SpecOverrides &overrides); // none: forgets
    void forget(const QString &file);
};

} // namespace qs
