#pragma once

#include "base/status.h"

#include <QJsonValue>

namespace qs {

// The one JSON form of a Status, used by every event, summary, export and command:
//   null for ok, else {"kind": "DataLoss", "message": "...", "thread": "...",
//                      "file": "...", "record": 3, "offset": 120}
// kind is spelled as TensorFlow prints it (errorKindName); thread, file, record and offset are
// present only where they apply. statusFromJson reads it back (either kind spelling).
QJsonValue statusToJson(const Status &status);
Status statusFromJson(const QJsonValue &json);

} // namespace qs
