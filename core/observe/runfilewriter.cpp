#include "observe/runfilewriter.h"

#include "base/statusjson.h"
#include "observe/recorder.h"
#include "observe/runfilekeys.h"
#include "observe/sqlitedb.h"
#include "observe/threadpriority.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <sqlite3.h>

#include <condition_variable>
#include <cstdio>
#include <limits>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace qs {

namespace {

const char kSchema[] = R"(
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE threads(id INTEGER PRIMARY KEY, name TEXT NOT NULL, role TEXT NOT NULL, state TEXT NOT NULL,
  activity TEXT NOT NULL, detail TEXT NOT NULL, state_since_us INTEGER NOT NULL);
CREATE TABLE thread_time(thread_id INTEGER NOT NULL, state TEXT NOT NULL, us INTEGER NOT NULL,
  PRIMARY KEY(thread_id, state)) WITHOUT ROWID;
CREATE TABLE spans(thread_id INTEGER NOT NULL, seq INTEGER NOT NULL, start_us INTEGER NOT NULL,
  end_us INTEGER NOT NULL, state TEXT NOT NULL, activity TEXT NOT NULL, detail TEXT NOT NULL,
  PRIMARY KEY(thread_id, seq)) WITHOUT ROWID;
CREATE TABLE events(seq INTEGER PRIMARY KEY, t_us INTEGER NOT NULL, thread TEXT NOT NULL, kind TEXT NOT NULL,
  details TEXT NOT NULL);
CREATE TABLE queues(id INTEGER PRIMARY KEY, name TEXT NOT NULL, type TEXT NOT NULL, capacity INTEGER NOT NULL,
  min_after_dequeue INTEGER NOT NULL, size INTEGER NOT NULL, closed INTEGER NOT NULL, enqueued INTEGER NOT NULL,
  dequeued INTEGER NOT NULL);
CREATE TABLE queue_samples(queue_id INTEGER NOT NULL, seq INTEGER NOT NULL, t_us INTEGER NOT NULL,
  size INTEGER NOT NULL, sampled INTEGER NOT NULL, PRIMARY KEY(queue_id, seq)) WITHOUT ROWID;
CREATE TABLE metrics(seq INTEGER PRIMARY KEY, step INTEGER NOT NULL, t_us INTEGER NOT NULL, loss REAL NOT NULL,
  train_accuracy REAL NOT NULL, eval_accuracy REAL NOT NULL, samples_per_s REAL NOT NULL);
CREATE TABLE topology_queues(ord INTEGER PRIMARY KEY, name TEXT NOT NULL, role TEXT NOT NULL, label TEXT NOT NULL);
CREATE TABLE topology_threads(ord INTEGER PRIMARY KEY, name TEXT NOT NULL, role TEXT NOT NULL, code TEXT NOT NULL,
  label TEXT NOT NULL, enqueues_into TEXT NOT NULL, dequeues_from TEXT NOT NULL, closes TEXT NOT NULL);
CREATE TABLE summary(id INTEGER PRIMARY KEY CHECK(id = 1), t_us INTEGER NOT NULL, run TEXT NOT NULL,
  how TEXT NOT NULL, error TEXT, steps INTEGER NOT NULL, samples INTEGER NOT NULL, samples_per_s REAL NOT NULL,
  train_accuracy REAL, eval_accuracy REAL, held_out_samples INTEGER NOT NULL, skipped_records INTEGER NOT NULL,
  reads_files INTEGER NOT NULL);
CREATE TABLE gaps(what TEXT NOT NULL, id INTEGER NOT NULL, from_seq INTEGER NOT NULL, to_seq INTEGER NOT NULL);
CREATE TABLE previews(t_us INTEGER NOT NULL, step INTEGER NOT NULL, idx INTEGER NOT NULL, width INTEGER NOT NULL,
  height INTEGER NOT NULL, channels INTEGER NOT NULL, label INTEGER NOT NULL, prediction INTEGER NOT NULL,
  source TEXT NOT NULL, pixels BLOB NOT NULL, PRIMARY KEY(t_us, idx)) WITHOUT ROWID;
PRAGMA user_version = 3;
)";

QString jsonText(const QJsonValue &v)
{
    if (v.isObject())
        return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
    if (v.isArray())
        return QString::fromUtf8(QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact));
    return {};
}

void removeDb(const QString &path)
{
    for (const char *suffix : {"", "-wal", "-shm", "-journal"})
        QFile::remove(path + QLatin1String(suffix));
}

} // namespace

struct RunFileWriter::Impl {
    Impl(QString p, const Recorder &r, Options o)
        : path(std::move(p))
        , partial(partialPathFor(path))
        , recorder(r)
        , options(std::move(o))
    {}

    Status failure(const QString &what) const
    {
        return {ErrorKind::DataLoss,
                QStringLiteral("run file '%1': %2: %3").arg(partial, what, db.errorMessage()),
                Location{path, -1, -1}};
    }
    Status create();
    Status flush(); // one transaction; on the writer thread, or the caller's once it has joined
    bool writeThreads(const Snapshot &s);
    bool writeQueues(const Snapshot &s);
    bool writeEventsAndMetrics();
    bool writeTopology(const Snapshot &s);
    bool writeSummary(const Snapshot &s);
    bool writePreviews(const Snapshot &s);
    bool addGap(const char *what, int id, qint64 from, qint64 to);
    void loop();

    const QString path;
    const QString partial;
    const Recorder &recorder;
    const Options options;

    // Owned by the writer thread while it runs, then by the thread that calls finish().
    SqliteDb db;
    std::vector<qint64> spanCount;   // per thread: spans already written
    std::vector<qint64> sampleCount; // per queue
    int threadsWritten = 0;
    qint64 eventCount = 0;
    qint64 metricCount = 0;
    TopologyPtr topologyWritten;
    BatchPreviewsPtr previewsSeen;    // the list last mirrored into the previews table
    std::set<qint64> previewsWritten; // the batches (by t_us) the table holds
    QStringList classNamesWritten;

    std::mutex mu;
    std::condition_variable wake;
    bool stop = false;    // guarded by mu
    Status firstError;    // guarded by mu
    qint64 committed = 0; // guarded by mu
    std::thread thread;
    bool finished = false; // the controlling thread's
};

Status RunFileWriter::Impl::create()
{
    const QFileInfo info(path);
    if (!info.absoluteDir().exists())
        return {
            ErrorKind::NotFound,
            QStringLiteral("cannot write '%1': folder '%2' does not exist").arg(path, info.absolutePath()),
            Location{path, -1, -1}};
    removeDb(partial);
    if (!db.open(partial, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE))
        return {ErrorKind::PermissionDenied,
                QStringLiteral("cannot write '%1': %2").arg(partial, db.errorMessage()),
                Location{path, -1, -1}};
    // The schema goes in with a rollback journal, so the file has its header and tables before
    // the first WAL frame: a reader never finds an empty main file.
    if (!db.exec("BEGIN") || !db.exec(kSchema))
        return failure(QStringLiteral("creating the tables"));
    SqliteStmt meta(db, "INSERT INTO meta(key, value) VALUES(?, ?)");
    QMap<QString, QString> rows = options.meta;
    rows.insert(QStringLiteral("format"), QString::fromLatin1(kRunFileFormat));
    rows.insert(QStringLiteral("version"), QString::number(kRunFileVersion));
    rows.insert(QStringLiteral("created"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    rows.insert(QStringLiteral("app_version"), QStringLiteral(QS_VERSION));
    rows.insert(QStringLiteral("record_limits"), jsonText(runfile::recordLimits(recorder.options())));
    for (auto it = rows.cbegin(); it != rows.cend(); ++it) {
        if (!meta.bind(1, it.key()).bind(2, it.value()).run())
            return failure(QStringLiteral("writing meta"));
    }
    if (!db.exec("COMMIT"))
        return failure(QStringLiteral("creating the tables"));
    if (!db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;"))
        return failure(QStringLiteral("turning on the WAL journal"));
    return Status::ok();
}

bool RunFileWriter::Impl::addGap(const char *what, int id, qint64 from, qint64 to)
{
    SqliteStmt st(db, "INSERT INTO gaps(what, id, from_seq, to_seq) VALUES(?, ?, ?, ?)");
    return st.bind(1, QString::fromLatin1(what)).bind(2, id).bind(3, from).bind(4, to).run();
}

bool RunFileWriter::Impl::writeThreads(const Snapshot &s)
{
    SqliteStmt thread(
        db, "INSERT OR REPLACE INTO threads(id, name, role, state, activity, detail, state_since_us) "
            "VALUES(?, ?, ?, ?, ?, ?, ?)");
    SqliteStmt time(db, "INSERT OR REPLACE INTO thread_time(thread_id, state, us) VALUES(?, ?, ?)");
    SqliteStmt span(db, "INSERT INTO spans(thread_id, seq, start_us, end_us, state, activity, detail) "
                        "VALUES(?, ?, ?, ?, ?, ?, ?)");
    for (const ThreadInfo &t : s.threads) {
        thread.bind(1, t.id).bind(2, t.name).bind(3, threadRoleKey(t.role)).bind(4, threadStateKey(t.state));
        if (!thread.bind(5, activityKey(t.activity)).bind(6, t.detail).bind(7, t.stateSinceUs).run())
            return false;
        for (int i = 0; i < kThreadStateCount; ++i) {
            if (t.usIn[size_t(i)] > 0 &&
                !time.bind(1, t.id).bind(2, threadStateKey(ThreadState(i))).bind(3, t.usIn[size_t(i)]).run())
                return false;
        }
        if (size_t(t.id) >= spanCount.size())
            spanCount.resize(size_t(t.id) + 1, 0);
        qint64 &written = spanCount[size_t(t.id)];
        const RecordTail<StateSpan> tail = recorder.spansSince(t.id, written);
        if (tail.first > written && !addGap("spans", t.id, written, tail.first))
            return false;
        qint64 seq = tail.first;
        for (const StateSpan &sp : tail.items) {
            span.bind(1, t.id).bind(2, seq++).bind(3, sp.startUs).bind(4, sp.endUs);
            if (!span.bind(5, threadStateKey(sp.state))
                     .bind(6, activityKey(sp.activity))
                     .bind(7, sp.detail)
                     .run())
                return false;
        }
        written = std::max(written, tail.next);
    }
    return true;
}

bool RunFileWriter::Impl::writeQueues(const Snapshot &s)
{
    SqliteStmt queue(db, "INSERT OR REPLACE INTO queues(id, name, type, capacity, min_after_dequeue, size, "
                         "closed, enqueued, dequeued) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)");
    SqliteStmt sample(db,
                      "INSERT INTO queue_samples(queue_id, seq, t_us, size, sampled) VALUES(?, ?, ?, ?, ?)");
    for (int id = 0; id < s.queues.size(); ++id) {
        const QueueInfo &q = s.queues[id];
        queue.bind(1, id).bind(2, q.name).bind(3, q.type).bind(4, q.capacity).bind(5, q.minAfterDequeue);
        if (!queue.bind(6, q.size).bind(7, qint64(q.closed)).bind(8, q.enqueued).bind(9, q.dequeued).run())
            return false;
        if (size_t(id) >= sampleCount.size())
            sampleCount.resize(size_t(id) + 1, 0);
        qint64 &written = sampleCount[size_t(id)];
        const RecordTail<QueueChange> tail = recorder.queueChangesSince(id, written);
        if (tail.first > written && !addGap("queue_samples", id, written, tail.first))
            return false;
        qint64 seq = tail.first;
        for (const QueueChange &c : tail.items) {
            if (!sample.bind(1, id)
                     .bind(2, seq++)
                     .bind(3, c.tUs)
                     .bind(4, c.size)
                     .bind(5, qint64(c.sampled))
                     .run())
                return false;
        }
        written = std::max(written, tail.next);
    }
    return true;
}

bool RunFileWriter::Impl::writeEventsAndMetrics()
{
    const RecordTail<Event> events = recorder.eventsSince(eventCount);
    if (events.first > eventCount && !addGap("events", -1, eventCount, events.first))
        return false;
    SqliteStmt ev(db, "INSERT INTO events(seq, t_us, thread, kind, details) VALUES(?, ?, ?, ?, ?)");
    for (const Event &e : events.items) {
        ev.bind(1, e.seq).bind(2, e.tUs).bind(3, e.thread).bind(4, eventKindKey(e.kind));
        if (!ev.bind(5, jsonText(e.details)).run())
            return false;
    }
    eventCount = std::max(eventCount, events.next);

    const RecordTail<MetricPoint> metrics = recorder.metricsSince(metricCount);
    if (metrics.first > metricCount && !addGap("metrics", -1, metricCount, metrics.first))
        return false;
    SqliteStmt m(db,
                 "INSERT INTO metrics(seq, step, t_us, loss, train_accuracy, eval_accuracy, samples_per_s) "
                 "VALUES(?, ?, ?, ?, ?, ?, ?)");
    qint64 seq = metrics.first;
    for (const MetricPoint &p : metrics.items) {
        m.bind(1, seq++).bind(2, p.step).bind(3, p.tUs).bind(4, p.loss).bind(5, p.trainAccuracy);
        if (!m.bind(6, p.evalAccuracy).bind(7, p.samplesPerSec).run())
            return false;
    }
    metricCount = std::max(metricCount, metrics.next);
    return true;
}

bool RunFileWriter::Impl::writeTopology(const Snapshot &s)
{
    if (!s.topology || s.topology == topologyWritten)
        return true;
    if (!db.exec("DELETE FROM topology_queues; DELETE FROM topology_threads;"))
        return false;
    SqliteStmt q(db, "INSERT INTO topology_queues(ord, name, role, label) VALUES(?, ?, ?, ?)");
    int ord = 0;
    for (const TopologyQueue &tq : s.topology->queues) {
        if (!q.bind(1, ord++).bind(2, tq.name).bind(3, queueRoleKey(tq.role)).bind(4, tq.label).run())
            return false;
    }
    SqliteStmt t(db,
                 "INSERT INTO topology_threads(ord, name, role, code, label, enqueues_into, dequeues_from, "
                 "closes) VALUES(?, ?, ?, ?, ?, ?, ?, ?)");
    ord = 0;
    for (const TopologyThread &tt : s.topology->threads) {
        t.bind(1, ord++).bind(2, tt.name).bind(3, threadRoleKey(tt.role)).bind(4, codeRoleKey(tt.code));
        t.bind(5, tt.label).bind(6, jsonText(QJsonArray::fromStringList(tt.enqueuesInto)));
        if (!t.bind(7, jsonText(QJsonArray::fromStringList(tt.dequeuesFrom))).bind(8, tt.closes).run())
            return false;
    }
    topologyWritten = s.topology;
    return true;
}

bool RunFileWriter::Impl::writeSummary(const Snapshot &s)
{
    SqliteStmt st(db,
                  "INSERT OR REPLACE INTO summary(id, t_us, run, how, error, steps, samples, samples_per_s, "
                  "train_accuracy, eval_accuracy, held_out_samples, skipped_records, reads_files) "
                  "VALUES(1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    st.bind(1, s.tUs).bind(2, runfile::runStateKey(s.run)).bind(3, runfile::howKey(s.how));
    s.error.isOk() ? st.bindNull(4) : st.bind(4, jsonText(statusToJson(s.error)));
    st.bind(5, s.steps).bind(6, s.samples).bind(7, s.samplesPerSec);
    s.trainAccuracy < 0 ? st.bindNull(8) : st.bind(8, s.trainAccuracy);
    s.evalAccuracy < 0 ? st.bindNull(9) : st.bind(9, s.evalAccuracy);
    st.bind(10, s.heldOutSamples).bind(11, s.skippedRecords);
    return st.bind(12, qint64(!s.topology || s.topology->readsFiles)).run();
}

// The table mirrors the Recorder's kept previews: a batch the history thinned out is deleted,
// so the file holds the same at most 256 batches the window showed.
bool RunFileWriter::Impl::writePreviews(const Snapshot &s)
{
    if (!s.classNames.isEmpty() && s.classNames != classNamesWritten) {
        SqliteStmt meta(db, "INSERT OR REPLACE INTO meta(key, value) VALUES('class_names', ?)");
        if (!meta.bind(1, jsonText(QJsonArray::fromStringList(s.classNames))).run())
            return false;
        classNamesWritten = s.classNames;
    }
    if (!s.batches || s.batches == previewsSeen)
        return true;
    std::set<qint64> kept;
    for (const BatchPreview &b : *s.batches)
        kept.insert(b.tUs);
    SqliteStmt drop(db, "DELETE FROM previews WHERE t_us = ?");
    for (qint64 t : previewsWritten) {
        if (!kept.count(t) && !drop.bind(1, t).run())
            return false;
    }
    SqliteStmt add(db, "INSERT OR REPLACE INTO previews(t_us, step, idx, width, height, channels, label, "
                       "prediction, source, pixels) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (const BatchPreview &b : *s.batches) {
        if (previewsWritten.count(b.tUs))
            continue;
        for (int i = 0; i < b.thumbs.size(); ++i) {
            const Thumbnail &t = b.thumbs[i];
            add.bind(1, b.tUs).bind(2, b.step).bind(3, i).bind(4, t.width).bind(5, t.height);
            add.bind(6, t.channels).bind(7, t.label).bind(8, t.prediction).bind(9, t.source);
            if (!add.bind(10, qCompress(t.pixels, 6)).run())
                return false;
        }
    }
    previewsWritten = std::move(kept);
    previewsSeen = s.batches;
    return true;
}

Status RunFileWriter::Impl::flush()
{
    // The snapshot first: spans, events and samples read afterwards are at least as new.
    const SnapshotPtr s = recorder.snapshot(std::numeric_limits<qint64>::max());
    if (!db.exec("BEGIN"))
        return failure(QStringLiteral("starting a transaction"));
    if (!writeThreads(*s) || !writeQueues(*s) || !writeEventsAndMetrics() || !writeTopology(*s) ||
        !writeSummary(*s) || !writePreviews(*s)) {
        const Status error = failure(QStringLiteral("writing"));
        db.exec("ROLLBACK");
        return error;
    }
    if (!db.exec("COMMIT"))
        return failure(QStringLiteral("committing"));
    std::lock_guard lock(mu);
    ++committed;
    return Status::ok();
}

void RunFileWriter::Impl::loop()
{
    std::unique_lock lock(mu);
    while (!stop) {
        wake.wait_for(lock, options.flushEvery, [this] { return stop; });
        if (stop)
            break;
        lock.unlock();
        // Writing the record is the run's work: at the window's priority each flush's burst
        // would take a core from the frame being drawn. Asked every round, as the run may set
        // its nice value after this thread started; lowering again is a no-op.
        if (const std::optional<int> nice = recorder.threadNice())
            ThreadPriority::lowerCurrentTo(*nice);
        Status s = flush();
        lock.lock();
        if (!s.isOk() && firstError.isOk())
            firstError = s;
    }
}

Result<std::unique_ptr<RunFileWriter>> RunFileWriter::start(const QString &path, const Recorder &recorder,
                                                            Options options)
{
    auto d = std::make_unique<Impl>(path, recorder, std::move(options));
    if (Status s = d->create(); !s.isOk()) {
        d->db.close();
        removeDb(d->partial);
        return s;
    }
    Impl *impl = d.get();
    d->thread = std::thread([impl] { impl->loop(); });
    return std::unique_ptr<RunFileWriter>(new RunFileWriter(std::move(d)));
}

RunFileWriter::RunFileWriter(std::unique_ptr<Impl> impl)
    : d(std::move(impl))
{}

RunFileWriter::~RunFileWriter()
{
    if (!d->finished)
        finish();
}

Status RunFileWriter::finish()
{
    if (d->finished)
        return Status(ErrorKind::FailedPrecondition,
                      QStringLiteral("run file '%1' is already finished").arg(d->path));
    d->finished = true;
    {
        std::lock_guard lock(d->mu);
        d->stop = true;
    }
    d->wake.notify_all();
    d->thread.join();
    Status error;
    {
        std::lock_guard lock(d->mu);
        error = d->firstError;
    }
    if (Status s = d->flush(); error.isOk())
        error = s;
    // Back to a rollback journal: the WAL is folded into the file, which then stands alone.
    if (error.isOk() && !d->db.exec("PRAGMA journal_mode = DELETE"))
        error = d->failure(QStringLiteral("folding the WAL journal into the file"));
    d->db.close();
    if (!error.isOk())
        return Status(error.kind(),
                      error.message() + QStringLiteral(" (the run so far is in '%1')").arg(d->partial),
                      error.where());
    // rename(2) replaces the older file at `path` in one step.
    if (std::rename(QFile::encodeName(d->partial).constData(), QFile::encodeName(d->path).constData()) != 0)
        return {ErrorKind::DataLoss,
                QStringLiteral("cannot save '%1' (the run is in '%2')").arg(d->path, d->partial),
                Location{d->path, -1, -1}};
    return Status::ok();
}

QString RunFileWriter::path() const
{
    return d->path;
}

qint64 RunFileWriter::flushes() const
{
    std::lock_guard lock(d->mu);
    return d->committed;
}

} // namespace qs
