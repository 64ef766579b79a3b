#pragma once

#include "base/status.h"
#include "observe/snapshot.h"

#include <QCoreApplication>
#include <QString>

namespace qs {

// Translated words for the observation vocabulary (roles, activities, event kinds, run states)
// and the number formats every panel shares, so the same thing reads the same everywhere.
class UiText {
    Q_DECLARE_TR_FUNCTIONS(qs::UiText)
public:
    static QString roleName(ThreadRole r);
    static QString activityName(Activity a);
    static QString eventKindName(EventKind k);
    static QString runStateName(RunState r);
    static QString endHowName(EndHow h); // empty for EndHow::None

    static QString duration(qint64 us); // "850 µs", "12.4 ms", "3.25 s", "2 min 05 s"
    static QString seconds(qint64 us);  // "12.345 s" (the event log's clock)
    static QString rate(double perSec); // "1 830/s"
    static QString count(qint64 n);     // "1 830", grouped for the current language
    // A thread's name where room is short (lanes, boxes, code tags): the short label the run's
    // topology gives it ("reader 1"), else its full name. Tooltips keep the full name.
    // In the UI's language: "reader 1" reads "讀取器 1" in zh_TW.
    static QString threadLabel(const Topology *topology, const QString &name);
    static QString queueLabel(const Topology *topology, const QString &name); // "example queue"
    static QString topologyLabel(const QString &label); // a topology's English label, translated

    // "DataLoss: corrupted record (file a.tfrecords, record 3, offset 120) in reader_1"
    static QString error(const Status &s);
    // An event's kind-specific details in words (EventText::details without a topology).
    static QString eventDetails(const Event &e);
};

} // namespace qs
