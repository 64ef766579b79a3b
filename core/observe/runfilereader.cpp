#include "observe/runfilereader.h"

#include "base/statusjson.h"
#include "observe/recordrebuilder.h"
#include "observe/runfilekeys.h"
#include "observe/sqlitedb.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QtEndian>

#include <sqlite3.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <memory>
#include <queue>
#include <vector>

namespace qs {

namespace {

using runfile::fromKey;

quint32 bigEndian(const QByteArray &b, int at, int bytes)
{
    quint32 v = 0;
    for (int i = 0; i < bytes; ++i)
        v = (v << 8) | quint8(b[at + i]);
    return v;
}

QJsonValue parseJson(const QString &text)
{
    const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8());
    if (doc.isObject())
        return doc.object();
    if (doc.isArray())
        return doc.array();
    return {};
}

QStringList stringList(const QString &jsonArray)
{
    QStringList out;
    for (const QJsonValue &v : parseJson(jsonArray).toArray())
        out << v.toString();
    return out;
}

// Asks the kernel to read the whole file into the page cache ahead of SQLite. The record is
// rebuilt by stepping every thread's spans together, so SQLite's 4 KB reads hop between as many
// places of the file as there are threads, which the kernel's readahead does not follow: an hour
// at full speed (8.6 GB) took 511 s to open from a cold cache, against 7 s for `cat` to read it
// whole. Only files that fit well in memory: a larger one would push itself out again.
void prefetch(const QString &path)
{
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long pageSize = sysconf(_SC_PAGESIZE);
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return;
    struct stat st {};
    if (pages > 0 && pageSize > 0 && ::fstat(fd, &st) == 0 &&
        qint64(st.st_size) < qint64(pages) * pageSize / 2)
        (void)::posix_fadvise(fd, 0, 0, POSIX_FADV_WILLNEED);
    ::close(fd);
}

class Loader {
public:
    // outline: no spans, queue samples or events (what a RunDigest needs, fast on long runs)
    Loader(const QString &path, bool outline)
        : m_path(path)
        , m_outline(outline)
    {}
    Result<SavedRun> load();

private:
    Status damaged(const QString &what) const
    {
        return {ErrorKind::DataLoss,
                QStringLiteral("run file '%1' is damaged (truncated or corrupt): %2").arg(m_path, what),
                Location{m_path, -1, -1}};
    }
    Status notARun(const QString &why) const
    {
        return {ErrorKind::InvalidArgument,
                QStringLiteral("'%1' is not a QueueScope run file: %2").arg(m_path, why),
                Location{m_path, -1, -1}};
    }
    Status readError(const char *table) const
    {
        return damaged(QStringLiteral("reading %1: %2").arg(QLatin1String(table), m_db.errorMessage()));
    }
    Status checkHeader() const;
    Status checkIdentity(SavedRun *r);
    Status readThreads(SavedRun *r);
    Status readQueues(SavedRun *r);
    Status readEventsAndMetrics(SavedRun *r);
    Status readTopologyAndSummary(SavedRun *r);
    Status readRecord(SavedRun *r);
    Status recordEnd(const SavedRun &r, qint64 *endUs);
    Status readSpans(SavedRun *r, RecordRebuilder *rebuilder, qint64 endUs);
    Status readSamples(SavedRun *r, RecordRebuilder *rebuilder, qint64 endUs);
    Status readPreviews(SavedRun *r);

    const QString m_path;
    const bool m_outline;
    SqliteDb m_db;
    QList<qint64> m_queueIds; // the file's id of each queue of r->last.queues
};

// Key -> enum for the spans' text columns, without building a string per row.
template<typename E> class KeyTable {
public:
    KeyTable(QString (*keyOf)(E), int count)
    {
        for (int i = 0; i < count; ++i)
            m_keys.append(keyOf(E(i)).toUtf8());
    }
    bool find(QByteArrayView key, E *out) const
    {
        for (int i = 0; i < m_keys.size(); ++i) {
            if (m_keys[i] == key) {
                *out = E(i);
                return true;
            }
        }
        return false;
    }

private:
    QList<QByteArray> m_keys;
};

// A saved run longer than this is refused: the record's top level of time buckets grows with
// the run's length, so a hostile time must not make it allocate without bound.
constexpr qint64 kMaxRunUs = 30LL * 24 * 3600 * 1'000'000;
// Likewise the time buckets of all its threads and queues together (16 readers over the 30 days
// take ~40 MB; a hostile file's thousand threads would take gigabytes).
constexpr qint64 kMaxLevelBytes = qint64(512) << 20;

Status Loader::checkHeader() const
{
    QFile f(m_path);
    if (!f.exists())
        return {ErrorKind::NotFound, QStringLiteral("cannot open run file '%1': no such file").arg(m_path),
                Location{m_path, -1, -1}};
    if (!f.open(QIODevice::ReadOnly))
        return {ErrorKind::PermissionDenied,
                QStringLiteral("cannot open run file '%1': %2").arg(m_path, f.errorString()),
                Location{m_path, -1, -1}};
    const QByteArray header = f.read(100);
    if (header.size() < 100 || !header.startsWith(QByteArrayLiteral("SQLite format 3\0")))
        return notARun(QStringLiteral("not an SQLite database"));
    // The header's page count is valid when its "version valid for" matches the change counter;
    // without a WAL beside it, the file must then be that long.
    const qint64 pageSize = bigEndian(header, 16, 2) == 1 ? 65536 : bigEndian(header, 16, 2);
    const qint64 pages = bigEndian(header, 28, 4);
    const bool valid = bigEndian(header, 92, 4) == bigEndian(header, 24, 4);
    if (valid && !QFileInfo::exists(m_path + QStringLiteral("-wal")) && f.size() < pageSize * pages)
        return damaged(
            QStringLiteral("%1 bytes of the %2 its header announces").arg(f.size()).arg(pageSize * pages));
    return Status::ok();
}

Status Loader::checkIdentity(SavedRun *r)
{
    SqliteStmt version(m_db, "PRAGMA user_version");
    if (!version.isValid() || !version.step())
        return damaged(m_db.errorMessage());
    r->version = int(version.int64(0));
    SqliteStmt meta(m_db, "SELECT key, value FROM meta");
    if (!meta.isValid()) {
        const int code = m_db.errorCode() & 0xff;
        if (code == SQLITE_NOTADB)
            return notARun(QStringLiteral("not an SQLite database"));
        if (code == SQLITE_CORRUPT)
            return damaged(m_db.errorMessage());
        return notARun(
            QStringLiteral("an SQLite database without a meta table (%1)").arg(m_db.errorMessage()));
    }
    while (meta.step())
        r->meta.insert(meta.text(0), meta.text(1));
    if (!meta.ok())
        return readError("meta");
    if (r->meta.value(QStringLiteral("format")) != QLatin1String(kRunFileFormat))
        return notARun(QStringLiteral("its meta table names format '%1', not '%2'")
                           .arg(r->meta.value(QStringLiteral("format")), QLatin1String(kRunFileFormat)));
    if (r->version > kRunFileVersion)
        return {
            ErrorKind::FailedPrecondition,
            QStringLiteral("run file '%1' is version %2, written by a newer QueueScope (%3); this one reads "
                           "versions up to %4: update QueueScope to open it")
                .arg(m_path)
                .arg(r->version)
                .arg(r->meta.value(QStringLiteral("app_version"), QStringLiteral("unknown")))
                .arg(kRunFileVersion),
            Location{m_path, -1, -1}};
    if (r->version < 1)
        return notARun(QStringLiteral("user_version %1").arg(r->version));
    // The whole file is checked only for a full read, which reads it all anyway. The outline
    // reads a few small tables, each page checked by SQLite as it is read; a check of every page
    // would read the spans too: on the GUI thread at the end of every run, that took 2.9 s after
    // six minutes at full speed and more than 40 s after half an hour (6 GB).
    if (m_outline)
        return Status::ok();
    SqliteStmt check(m_db, "PRAGMA quick_check(1)");
    if (!check.isValid() || !check.step())
        return damaged(m_db.errorMessage());
    if (check.text(0) != QLatin1String("ok"))
        return damaged(check.text(0));
    return Status::ok();
}

Status Loader::readThreads(SavedRun *r)
{
    QHash<qint64, int> index; // thread id -> position in r->last.threads
    SqliteStmt threads(
        m_db, "SELECT id, name, role, state, activity, detail, state_since_us FROM threads ORDER BY id");
    while (threads.step()) {
        ThreadInfo t;
        t.id = int(threads.int64(0));
        t.name = threads.text(1);
        fromKey(threads.text(2), threadRoleKey, 6, &t.role);
        fromKey(threads.text(3), threadStateKey, kThreadStateCount, &t.state);
        fromKey(threads.text(4), activityKey, 8, &t.activity);
        t.detail = threads.text(5);
        t.stateSinceUs = threads.int64(6);
        index.insert(t.id, int(r->last.threads.size()));
        r->last.threads.append(t);
    }
    if (!threads.ok())
        return readError("threads");
    SqliteStmt time(m_db, "SELECT thread_id, state, us FROM thread_time");
    while (time.step()) {
        ThreadState st;
        const auto it = index.constFind(time.int64(0));
        if (it != index.constEnd() && fromKey(time.text(1), threadStateKey, kThreadStateCount, &st))
            r->last.threads[*it].usIn[size_t(st)] = time.int64(2);
    }
    return time.ok() ? Status::ok() : readError("thread_time");
}

Status Loader::readQueues(SavedRun *r)
{
    SqliteStmt queues(m_db,
                      "SELECT id, name, type, capacity, min_after_dequeue, size, closed, enqueued, dequeued "
                      "FROM queues ORDER BY id");
    while (queues.step()) {
        QueueInfo q;
        q.name = queues.text(1);
        q.type = queues.text(2);
        q.capacity = int(queues.int64(3));
        q.minAfterDequeue = int(queues.int64(4));
        q.size = int(queues.int64(5));
        q.closed = queues.int64(6) != 0;
        q.enqueued = queues.int64(7);
        q.dequeued = queues.int64(8);
        m_queueIds.append(queues.int64(0));
        r->last.queues.append(q);
    }
    return queues.ok() ? Status::ok() : readError("queues");
}

Status Loader::readEventsAndMetrics(SavedRun *r)
{
    SqliteStmt events(m_db, m_outline ? "SELECT seq, t_us, thread, kind, details FROM events WHERE 0"
                                      : "SELECT seq, t_us, thread, kind, details FROM events ORDER BY seq");
    while (events.step()) {
        Event e;
        e.seq = events.int64(0);
        e.tUs = events.int64(1);
        e.thread = events.text(2);
        fromKey(events.text(3), eventKindKey, 10, &e.kind);
        e.details = parseJson(events.text(4)).toObject();
        r->last.events.append(e);
        r->last.nextEventSeq = e.seq + 1;
    }
    if (!events.ok())
        return readError("events");
    SqliteStmt metrics(m_db,
                       "SELECT step, t_us, loss, train_accuracy, eval_accuracy, samples_per_s FROM metrics "
                       "ORDER BY seq");
    while (metrics.step()) {
        r->last.metrics.append(MetricPoint{metrics.int64(0), metrics.int64(1), metrics.real(2),
                                           metrics.real(3), metrics.real(4), metrics.real(5)});
    }
    if (!metrics.ok())
        return readError("metrics");
    SqliteStmt gaps(m_db, "SELECT what, id, from_seq, to_seq FROM gaps ORDER BY rowid");
    while (gaps.step())
        r->gaps.append(RunFileGap{gaps.text(0), int(gaps.int64(1)), gaps.int64(2), gaps.int64(3)});
    return gaps.ok() ? Status::ok() : readError("gaps");
}

Status Loader::readTopologyAndSummary(SavedRun *r)
{
    Topology topo;
    SqliteStmt queues(m_db, "SELECT name, role, label FROM topology_queues ORDER BY ord");
    while (queues.step()) {
        TopologyQueue q;
        q.name = queues.text(0);
        fromKey(queues.text(1), queueRoleKey, 3, &q.role);
        q.label = queues.text(2);
        topo.queues.append(q);
    }
    if (!queues.ok())
        return readError("topology_queues");
    SqliteStmt threads(m_db, "SELECT name, role, code, label, enqueues_into, dequeues_from, closes "
                             "FROM topology_threads ORDER BY ord");
    while (threads.step()) {
        TopologyThread t;
        t.name = threads.text(0);
        fromKey(threads.text(1), threadRoleKey, 6, &t.role);
        fromKey(threads.text(2), codeRoleKey, kCodeRoleCount, &t.code);
        t.label = threads.text(3);
        t.enqueuesInto = stringList(threads.text(4));
        t.dequeuesFrom = stringList(threads.text(5));
        t.closes = threads.text(6);
        topo.threads.append(t);
    }
    if (!threads.ok())
        return readError("topology_threads");

    Snapshot &s = r->last;
    SqliteStmt summary(
        m_db, "SELECT t_us, run, how, error, steps, samples, samples_per_s, train_accuracy, "
              "eval_accuracy, held_out_samples, skipped_records, reads_files FROM summary WHERE id = 1");
    if (summary.step()) {
        s.tUs = summary.int64(0);
        fromKey(summary.text(1), runfile::runStateKey, 4, &s.run);
        fromKey(summary.text(2), runfile::howKey, 4, &s.how);
        s.error = summary.isNull(3) ? Status::ok() : statusFromJson(parseJson(summary.text(3)));
        s.steps = summary.int64(4);
        s.samples = summary.int64(5);
        s.samplesPerSec = summary.real(6);
        s.trainAccuracy = summary.isNull(7) ? -1 : summary.real(7);
        s.evalAccuracy = summary.isNull(8) ? -1 : summary.real(8);
        s.heldOutSamples = int(summary.int64(9));
        s.skippedRecords = summary.int64(10);
        topo.readsFiles = summary.int64(11) != 0;
    }
    if (!summary.ok())
        return readError("summary");
    s.topology = std::make_shared<const Topology>(std::move(topo));
    return Status::ok();
}

// The record's "now": the last flush's time, or a later end among the items read after it (the
// writer takes its snapshot before it reads the rings). Each thread's and queue's newest item is
// one look-up in its primary key.
Status Loader::recordEnd(const SavedRun &r, qint64 *endUs)
{
    qint64 end = r.last.tUs;
    SqliteStmt span(m_db, "SELECT end_us FROM spans WHERE thread_id = ? ORDER BY seq DESC LIMIT 1");
    for (const ThreadInfo &t : r.last.threads) {
        end = std::max(end, t.stateSinceUs);
        span.reset();
        if (span.bind(1, qint64(t.id)).step())
            end = std::max(end, span.int64(0));
        if (!span.ok())
            return readError("spans");
    }
    SqliteStmt sample(m_db, "SELECT t_us FROM queue_samples WHERE queue_id = ? ORDER BY seq DESC LIMIT 1");
    for (qint64 id : m_queueIds) {
        sample.reset();
        if (sample.bind(1, id).step())
            end = std::max(end, sample.int64(0));
        if (!sample.ok())
            return readError("queue_samples");
    }
    if (r.last.tUs < 0 || end > kMaxRunUs)
        return damaged(QStringLiteral("the run's times reach %1 µs, outside 0 to %2 µs (30 days)")
                           .arg(r.last.tUs < 0 ? r.last.tUs : end)
                           .arg(kMaxRunUs));
    *endUs = end;
    return Status::ok();
}

// Every thread's spans in the order they ended (a merge of the threads' runs by their ends, as
// they entered the live record), so the rebuilt record keeps the same spans exact (see
// RecordRebuilder).
Status Loader::readSpans(SavedRun *r, RecordRebuilder *rebuilder, qint64 endUs)
{
    static const KeyTable<ThreadState> states(threadStateKey, kThreadStateCount);
    static const KeyTable<Activity> activities(activityKey, 8);
    struct Cursor {
        std::unique_ptr<SqliteStmt> rows;
        int id = -1; // in the rebuilt record
        qint64 seq = 0;
        StateSpan span;
    };
    // Threads past the record's limit keep only their latest state (and a hostile file's
    // millions of threads cost no statement each).
    std::vector<Cursor> cursors(
        size_t(std::min<qsizetype>(r->last.threads.size(), RecordRebuilder::maxThreads())));
    QByteArray lastDetailBytes;
    QString lastDetail;
    // Steps a thread's cursor to its next span; false at its end or on a bad row.
    Status bad;
    auto next = [&](Cursor &c, const ThreadInfo &t) {
        if (!c.rows->step()) {
            if (!c.rows->ok())
                bad = readError("spans");
            return false;
        }
        c.seq = c.rows->int64(0);
        c.span.startUs = c.rows->int64(1);
        c.span.endUs = c.rows->int64(2);
        const QByteArrayView detail = c.rows->utf8(5);
        if (detail != lastDetailBytes) {
            lastDetailBytes = detail.toByteArray();
            lastDetail = QString::fromUtf8(lastDetailBytes);
        }
        c.span.detail = lastDetail;
        const auto where = [&] { return QStringLiteral("span %1 of thread '%2'").arg(c.seq).arg(t.name); };
        if (!states.find(c.rows->utf8(3), &c.span.state) ||
            !activities.find(c.rows->utf8(4), &c.span.activity))
            bad = damaged(QStringLiteral("%1 has an unknown state or activity").arg(where()));
        else if (c.span.startUs < 0 || c.span.endUs < c.span.startUs || c.span.endUs > endUs)
            bad = damaged(QStringLiteral("%1 lies outside the run (%2 to %3 µs)")
                              .arg(where())
                              .arg(c.span.startUs)
                              .arg(c.span.endUs));
        return bad.isOk();
    };
    using Head = std::pair<qint64, size_t>; // (end, cursor): the smallest end first
    std::priority_queue<Head, std::vector<Head>, std::greater<Head>> heads;
    for (size_t i = 0; i < cursors.size(); ++i) {
        Cursor &c = cursors[i];
        const ThreadInfo &t = r->last.threads[qsizetype(i)];
        c.rows = std::make_unique<SqliteStmt>(m_db, "SELECT seq, start_us, end_us, state, activity, detail "
                                                    "FROM spans WHERE thread_id = ? ORDER BY seq");
        c.rows->bind(1, qint64(t.id));
        const bool any = next(c, t);
        if (!bad.isOk())
            return bad;
        c.id =
            rebuilder->addThread(t.name, t.role, any ? c.span.startUs : std::max<qint64>(0, t.stateSinceUs));
        if (any)
            heads.emplace(c.span.endUs, i);
    }
    while (!heads.empty()) {
        const size_t i = heads.top().second;
        heads.pop();
        Cursor &c = cursors[i];
        rebuilder->addSpan(c.id, c.span);
        if (next(c, r->last.threads[qsizetype(i)]))
            heads.emplace(c.span.endUs, i);
        else if (!bad.isOk())
            return bad;
    }
    for (size_t i = 0; i < cursors.size(); ++i) {
        const ThreadInfo &t = r->last.threads[qsizetype(i)];
        rebuilder->setCurrent(cursors[i].id, StateSpan{std::clamp<qint64>(t.stateSinceUs, 0, endUs), -1,
                                                       t.state, t.activity, t.detail});
    }
    return Status::ok();
}

Status Loader::readSamples(SavedRun *r, RecordRebuilder *rebuilder, qint64 endUs)
{
    // Version 3 keeps every change and marks the samples; older files hold only the samples.
    SqliteStmt rows(m_db,
                    r->version >= 3
                        ? "SELECT seq, t_us, size, sampled FROM queue_samples WHERE queue_id = ? ORDER BY seq"
                        : "SELECT seq, t_us, size, 1 FROM queue_samples WHERE queue_id = ? ORDER BY seq");
    for (qsizetype i = 0; i < r->last.queues.size(); ++i) {
        const QueueInfo &q = r->last.queues[i];
        rows.reset();
        rows.bind(1, m_queueIds[i]);
        int id = -1;
        while (rows.step()) {
            const qint64 t = rows.int64(1);
            if (t < 0 || t > endUs)
                return damaged(QStringLiteral("sample %1 of queue '%2' lies outside the run (%3 µs)")
                                   .arg(rows.int64(0))
                                   .arg(q.name)
                                   .arg(t));
            if (id < 0) // registered by its first sample's time (the file does not keep it)
                id = rebuilder->addQueue(q.name, q.type, q.capacity, q.minAfterDequeue, t);
            rebuilder->addQueueChange(id, QueueChange{t, int(rows.int64(2)), rows.int64(3) != 0});
        }
        if (!rows.ok())
            return readError("queue_samples");
        if (id < 0)
            id = rebuilder->addQueue(q.name, q.type, q.capacity, q.minAfterDequeue, 0);
        rebuilder->setQueueTotals(id, q.size, q.enqueued, q.dequeued, q.closed);
    }
    return Status::ok();
}

// The run's record, rebuilt as the live Recorder held it (RecordRebuilder): bounded memory and
// the same answers to range queries, however long the run. `last` gets what a live snapshot
// carries: each thread's newest spans and the open one, each queue's kept samples.
Status Loader::readRecord(SavedRun *r)
{
    if (m_outline)
        return Status::ok();
    qint64 endUs = 0;
    if (Status s = recordEnd(*r, &endUs); !s.isOk())
        return s;
    const RecorderOptions options =
        runfile::withLimits({}, parseJson(r->meta.value(QStringLiteral("record_limits"))).toObject());
    // The record is bounded by design, but its bounds grow with the threads and the run's length:
    // a file that claims a thousand threads over weeks must not take the machine's memory.
    const qint64 levels =
        RecordRebuilder::maxLevelBytes(endUs, int(std::min<qsizetype>(r->last.threads.size(), INT_MAX)),
                                       int(std::min<qsizetype>(r->last.queues.size(), INT_MAX)), options);
    if (levels > kMaxLevelBytes)
        return Status(
            ErrorKind::ResourceExhausted,
            QStringLiteral("run file '%1': its record (%2 threads, %3 queues over %4 h) would take up to "
                           "%5 MB of time buckets, more than the %6 MB a saved run may")
                .arg(m_path)
                .arg(r->last.threads.size())
                .arg(r->last.queues.size())
                .arg(double(endUs) / 3600e6, 0, 'f', 1)
                .arg(levels >> 20)
                .arg(kMaxLevelBytes >> 20),
            Location{m_path, -1, -1});
    prefetch(m_path);
    RecordRebuilder rebuilder(endUs, options);
    if (Status s = readSpans(r, &rebuilder, endUs); !s.isOk())
        return s;
    if (Status s = readSamples(r, &rebuilder, endUs); !s.isOk())
        return s;
    r->record = rebuilder.finish();
    const SnapshotPtr shown = r->record->snapshot(0);
    for (qsizetype i = 0; i < r->last.threads.size(); ++i) {
        ThreadInfo &t = r->last.threads[i];
        t.spans = i < shown->threads.size()
                      ? shown->threads[i].spans
                      : QList<StateSpan>{{t.stateSinceUs, -1, t.state, t.activity, t.detail}};
    }
    for (qsizetype i = 0; i < r->last.queues.size() && i < shown->queues.size(); ++i)
        r->last.queues[i].history = shown->queues[i].history;
    r->last.record = r->record->source();
    return Status::ok();
}

Status Loader::readPreviews(SavedRun *r)
{
    if (r->version < 2 || m_outline)
        return Status::ok(); // version 1 kept no previews
    r->last.classNames = stringList(r->meta.value(QStringLiteral("class_names")));
    SqliteStmt rows(m_db,
                    "SELECT t_us, step, idx, width, height, channels, label, prediction, source, pixels "
                    "FROM previews ORDER BY t_us, idx");
    auto batches = std::make_shared<QList<BatchPreview>>();
    while (rows.step()) {
        const qint64 t = rows.int64(0);
        Thumbnail thumb;
        thumb.width = int(rows.int64(3));
        thumb.height = int(rows.int64(4));
        thumb.channels = int(rows.int64(5));
        thumb.label = int(rows.int64(6));
        thumb.prediction = int(rows.int64(7));
        thumb.source = rows.text(8);
        // Previews are thumbnails (tens of pixels a side): a hostile file cannot make the reader
        // inflate more than 768 KB per image.
        constexpr int kMaxPreviewSide = 512;
        const bool sane = thumb.width > 0 && thumb.width <= kMaxPreviewSide && thumb.height > 0 &&
                          thumb.height <= kMaxPreviewSide && (thumb.channels == 1 || thumb.channels == 3);
        const qint64 bytes = sane ? qint64(thumb.width) * thumb.height * thumb.channels : -1;
        const QByteArray packed = rows.blob(9);
        // qCompress's first 4 bytes say the size: refuse a lie before inflating anything.
        if (bytes < 0 || packed.size() < 4 || qFromBigEndian<quint32>(packed.constData()) != quint32(bytes))
            return damaged(QStringLiteral("the preview at %1 µs (image %2) is not %3x%4x%5 pixels")
                               .arg(t)
                               .arg(rows.int64(2))
                               .arg(thumb.width)
                               .arg(thumb.height)
                               .arg(thumb.channels));
        thumb.pixels = qUncompress(packed);
        if (thumb.pixels.size() != bytes)
            return damaged(
                QStringLiteral("the preview at %1 µs (image %2) does not inflate").arg(t).arg(rows.int64(2)));
        if (batches->isEmpty() || batches->constLast().tUs != t)
            batches->append(BatchPreview{t, rows.int64(1), {}});
        batches->last().thumbs.append(std::move(thumb));
    }
    if (!rows.ok())
        return readError("previews");
    if (!batches->isEmpty())
        r->last.batch = batches->constLast().thumbs;
    r->last.batches = std::move(batches);
    return Status::ok();
}

Result<SavedRun> Loader::load()
{
    if (Status s = checkHeader(); !s.isOk())
        return s;
    if (!m_db.open(m_path, SQLITE_OPEN_READONLY))
        return Status(ErrorKind::PermissionDenied,
                      QStringLiteral("cannot open run file '%1': %2").arg(m_path, m_db.errorMessage()),
                      Location{m_path, -1, -1});
    // One read transaction for every table: a run still being written (RUN.qsrun.partial) is
    // read as of one flush, not as of several (the writer commits one every 200 ms).
    if (!m_db.exec("BEGIN"))
        return damaged(m_db.errorMessage());
    SavedRun r;
    r.path = m_path;
    for (auto step :
         {&Loader::checkIdentity, &Loader::readThreads, &Loader::readQueues, &Loader::readEventsAndMetrics,
          &Loader::readTopologyAndSummary, &Loader::readRecord, &Loader::readPreviews}) {
        if (Status s = (this->*step)(&r); !s.isOk())
            return s;
    }
    return r;
}

} // namespace

Result<SavedRun> RunFileReader::read(const QString &path)
{
    return Loader(path, false).load();
}

Result<RunDigest> RunFileReader::readDigest(const QString &path)
{
    Result<SavedRun> outline = Loader(path, true).load();
    if (!outline)
        return outline.status();
    const QString label = outline->meta.value(QStringLiteral("label"));
    RunDigest d = RunDigest::of(outline->last, label.isEmpty() ? QFileInfo(path).fileName() : label);
    d.path = path;
    return d;
}

} // namespace qs
