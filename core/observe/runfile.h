#pragma once

// A saved run: the run record in one SQLite file (`queuescope-cli run --record RUN.qsrun`),
// written as the run goes by RunFileWriter and read back by RunFileReader. The schema is the
// README's "Saved runs" section; its version is `PRAGMA user_version` and meta.version.
//
// Version 1 tables (times are microseconds since the run's start; enums are their JSON keys):
//   meta(key, value)                format "queuescope-run", version, created, app_version,
//                                   record_limits (a JSON object: the live record's span_budget,
//                                   span_chunk, level_buckets, queue_history, and from version 3
//                                   queue_changes; the reader rebuilds
//                                   the record within them; files without it get the defaults)
//   threads(id, name, role, state, activity, detail, state_since_us)   the latest state
//   thread_time(thread_id, state, us)                                  total time per state
//   spans(thread_id, seq, start_us, end_us, state, activity, detail)   finished spans
//   events(seq, t_us, thread, kind, details)                           details: JSON object
//   queues(id, name, type, capacity, min_after_dequeue, size, closed, enqueued, dequeued)
//   queue_samples(queue_id, seq, t_us, size)
//   metrics(seq, step, t_us, loss, train_accuracy, eval_accuracy, samples_per_s)
//   topology_queues(ord, name, role, label)
//   topology_threads(ord, name, role, code, label, enqueues_into, dequeues_from, closes)
//   summary(id = 1, t_us, run, how, error, steps, samples, samples_per_s, train_accuracy,
//           eval_accuracy, held_out_samples, skipped_records, reads_files)
//   gaps(what, id, from_seq, to_seq)   items the Recorder's rings dropped before a flush
// Version 2 adds the batch previews kept over the run (observe/previewhistory.h, at most 256
// batches, the same ones the live window kept) and meta "class_names" (a JSON array):
//   previews(t_us, step, idx, width, height, channels, label, prediction, source, pixels)
//     pixels: qCompress'ed (a 4-byte big-endian length, then a zlib stream) 8-bit rows,
//     width x height x channels bytes, RGB order. Version 1 files are read as before, without.
// Version 3 keeps every change of a queue's size, not only the throttled samples (at most one
// per 2 ms) that the live views read, so an opened run's queue buckets (sizes at the cursor,
// min/mean/max per pixel) are the live run's:
//   queue_samples(queue_id, seq, t_us, size, sampled)   sampled: 1 where the change was also
//                                                        one of the samples, else 0
// Files of versions 1 and 2 hold only the samples; each is read as a sampled change.

#include "observe/snapshot.h"

#include <QList>
#include <QMap>
#include <QString>

#include <memory>

namespace qs {

class Recorder;

inline constexpr int kRunFileVersion = 3;
inline constexpr char kRunFileFormat[] = "queuescope-run";

// Items numbered [fromSeq, toSeq) of one ring that never reached the file: `what` is "spans"
// (id: the thread), "queue_samples" (id: the queue), "events" or "metrics" (id -1).
struct RunFileGap {
    QString what;
    int id = -1;
    qint64 fromSeq = 0;
    qint64 toSeq = 0;
    friend bool operator==(const RunFileGap &, const RunFileGap &) = default;
};

// A saved run read back: a read-only record. `last` is the run as it was at the last flush, as
// a live snapshot shows it: every thread with its newest spans (the open one last), every queue
// with its kept samples, every event and metric point, the topology and the run's figures, and
// (version 2) the batch previews kept over the run with the class names; last.record is
// `record`'s range source. `record` is the run's record rebuilt from every span and sample in
// the file (RecordRebuilder): what the live Recorder held, within the same bounds, for range
// queries and exports. An outline (RunFileReader::readDigest) has no record and no spans.
struct SavedRun {
    QString path;
    int version = 0;
    QMap<QString, QString> meta;
    Snapshot last;
    std::shared_ptr<const Recorder> record;
    QList<RunFileGap> gaps;
    bool finished() const { return last.run == RunState::Finished; }
};

} // namespace qs
