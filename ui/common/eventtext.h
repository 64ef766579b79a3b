#pragma once

#include "observe/snapshot.h"

#include <QCoreApplication>
#include <QString>

namespace qs {

// A coordination event in words of the current language, for the event log and every tooltip
// that shows one: "asks every thread to stop: the first error — DataLoss: corrupted record …",
// "ended normally", "closes the example queue, cancelling the enqueues still waiting". The
// topology (when given) turns thread and queue names into the run's short labels. Kinds and
// fields it does not know keep the plain "key: value" form, so nothing an event carries is lost.
class EventText {
    Q_DECLARE_TR_FUNCTIONS(qs::EventText)
public:
    static QString details(const Event &e, const Topology *topology = nullptr);
    // The event's kind in words: UiText::eventKindName, except for the notes that are events of
    // their own to a reader of the log ("skipped record").
    static QString kindName(const Event &e);
    // A record skip_corrupt or ignore_errors dropped (Recorder::recordSkipped: a note {what:
    // "skipped_record", file, record, offset, ...}); skipDetails: "skipped corrupt record 3 at
    // offset 62560 in …/train-0.tfrecords" for DataLoss, "skipped record 20 at offset …" for an
    // error met in a sound record (an image that does not decode).
    static bool isSkippedRecord(const Event &e);
    static QString skipDetails(const Event &e);
    // Who the event is by: the thread's short label, or for what the user did from the window
    // (which runs on no pipeline thread) "you (Stop)", "you (speed)".
    static QString threadCell(const Event &e, const Topology *topology = nullptr);
    // The event's fields as they are ("how: clean · error: null"), for a tooltip's second line.
    static QString rawFields(const Event &e);
    // "DataLoss: corrupted record (file a.tfrecords, record 3, offset 120)"; the file's name
    // only, the path being long and in the raw fields.
    static QString error(const QJsonValue &status);
};

} // namespace qs
