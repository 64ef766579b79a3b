#pragma once

#include "base/status.h"
#include "observe/metricseries.h"
#include "observe/threadstate.h"
#include "observe/topology.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <array>
#include <memory>

namespace qs {

class RangeSource; // observe/rangeview.h
using RangeSourcePtr = std::shared_ptr<const RangeSource>;

// The read side of observation. A Snapshot is an immutable value built by Pipeline::snapshot()
// (cheap: copies of ring-buffer tails under short locks); the UI's ~30 Hz timer and the CLI's
// progress line read it, so no worker thread ever signals a viewer. All times are microseconds
// on one monotonic clock whose zero is the start of the run.

// One stretch of time a thread spent in one state. endUs < 0 while it is still going on.
struct StateSpan {
    qint64 startUs = 0;
    qint64 endUs = -1;
    ThreadState state = ThreadState::Starting;
    Activity activity = Activity::None;
    QString detail; // the queue blocked on, the error, ...
};

struct ThreadInfo {
    int id = 0; // dense, in registration order
    QString name;
    ThreadRole role = ThreadRole::Worker;
    ThreadState state = ThreadState::Starting;
    Activity activity = Activity::None;
    QString detail;
    qint64 stateSinceUs = 0;
    std::array<qint64, kThreadStateCount> usIn{}; // total time per state, the current one included
    QList<StateSpan> spans; // a short tail of the newest spans, oldest first (the whole: record)
};

struct QueueSample {
    qint64 tUs = 0;
    int size = 0;
};

// One change of a queue's size as the Recorder saw it, for a run file: `sampled` says whether the
// change also entered the queue's throttled samples (the ring the live views read).
struct QueueChange {
    qint64 tUs = 0;
    int size = 0;
    bool sampled = true;
};

struct QueueInfo {
    QString name;
    QString type; // "FIFOQueue", "RandomShuffleQueue"
    int capacity = 0;
    int minAfterDequeue = 0; // 0 for FIFO
    int size = 0;
    bool closed = false;
    qint64 enqueued = 0; // elements, since the run began
    qint64 dequeued = 0;
    double enqueuePerSec = 0; // over the last second or so
    double dequeuePerSec = 0;
    QList<QueueSample> history; // bounded, oldest first
};

enum class EventKind : quint8 {
    ThreadStart,
    State,
    RequestStop,
    QueueClose,
    Error,
    ThreadExit,
    Join,
    End,
    Step,
    Note
};
QString eventKindKey(EventKind k); // "request_stop"

// A coordination event. `details` carries the kind-specific fields with the JSON Lines names,
// which the JSON Lines export merges at the top level of each line:
//   thread_start  {role}                      (recorded by Recorder::registerThread)
//   request_stop  {error: null|{kind, message, thread}, first: bool}
//   queue_close   {queue, cancel_pending}
//   error         {kind, message}             (plus file/record/offset where they apply)
//   thread_exit   {how: "clean"|"error"|"cancelled"}
//   join          {result: "ok"|"error"|"timeout", still_running: [names]}
//   end           {how: "end_of_data"|"stopped"|"error", error}
//   step, note    free-form
// State changes are not events (they happen per element): the export synthesises "state" lines
// {state, activity, queue|detail} from the span history, merged with the events in time order.
struct Event {
    qint64 seq = 0;
    qint64 tUs = 0;
    QString thread;
    EventKind kind = EventKind::Note;
    QJsonObject details;
};

// A preview image: 8-bit, row-major, channels 1 or 3 (RGB order). core has no QImage.
struct Thumbnail {
    int width = 0;
    int height = 0;
    int channels = 0;
    QByteArray pixels;
    int label = -1;
    int prediction = -1; // -1 before the model has predicted
    QString source;      // "file.tfrecords #12"
};

// One batch's preview as it was trained: when, at which step (Recorder::setBatchPreview).
struct BatchPreview {
    qint64 tUs = 0;
    qint64 step = 0;
    QList<Thumbnail> thumbs;
};
using BatchPreviewsPtr = std::shared_ptr<const QList<BatchPreview>>;

enum class RunState : quint8 { Idle, Running, Stopping, Finished };
enum class EndHow : quint8 { None, EndOfData, Stopped, Error };

struct Snapshot {
    qint64 tUs = 0;
    RunState run = RunState::Idle;
    EndHow how = EndHow::None;
    Status error; // the coordinator's kept error, with its thread
    QList<ThreadInfo> threads;
    QList<QueueInfo> queues;
    QList<Event> events;     // events with seq >= the cursor asked for, oldest first (bounded)
    qint64 nextEventSeq = 0; // pass back as the next cursor
    MetricSeries metrics;    // the whole run's, thinned (observe/metricseries.h); shared, not copied
    QList<Thumbnail> batch;  // the latest batch's preview
    // The previews kept over the whole run, oldest first, thinned (observe/previewhistory.h);
    // null where none were kept (a saved run).
    BatchPreviewsPtr batches;
    QStringList classNames; // label -> name where known
    // The run's figures (Recorder is their one source).
    qint64 steps = 0;
    qint64 samples = 0;
    double samplesPerSec = 0;  // samples over the time from the first batch fetched to the latest
    double trainAccuracy = -1; // the trainer's mean over its last steps; < 0 before the first
    double evalAccuracy = -1;  // the latest held-out accuracy; < 0 when never evaluated
    int heldOutSamples = 0;
    qint64 skippedRecords = 0;
    bool stepMode = false;
    int threadsAtGate = 0; // threads paused at the step gate
    // The events those threads are held at, the next step's first: not in `events` (nor in the
    // record) until released, and their effects (a close, a stop, an exit) have not happened.
    QList<Event> pendingEvents;
    TopologyPtr topology; // the pipeline's shape; never null in a Recorder's snapshot
    // The whole run's record, for range queries (observe/rangeview.h); null where the snapshot
    // was not taken from a live record (then threads' spans are all there is).
    RangeSourcePtr record;
};

using SnapshotPtr = std::shared_ptr<const Snapshot>;

} // namespace qs
