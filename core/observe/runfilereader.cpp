#include "observe/runfilereader.h"

#include "base/statusjson.h"
#include "observe/runfilekeys.h"
#include "observe/sqlitedb.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QtEndian>

#include <sqlite3.h>

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
    Status readPreviews(SavedRun *r);

    const QString m_path;
    const bool m_outline;
    SqliteDb m_db;
};

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
    if (!time.ok())
        return readError("thread_time");
    if (m_outline)
        return Status::ok();
    SqliteStmt spans(m_db, "SELECT thread_id, start_us, end_us, state, activity, detail FROM spans "
                           "ORDER BY thread_id, seq");
    while (spans.step()) {
        const auto it = index.constFind(spans.int64(0));
        if (it == index.constEnd())
            continue;
        StateSpan sp;
        sp.startUs = spans.int64(1);
        sp.endUs = spans.int64(2);
        fromKey(spans.text(3), threadStateKey, kThreadStateCount, &sp.state);
        fromKey(spans.text(4), activityKey, 8, &sp.activity);
        sp.detail = spans.text(5);
        r->last.threads[*it].spans.append(sp);
    }
    if (!spans.ok())
        return readError("spans");
    for (ThreadInfo &t : r->last.threads)
        t.spans.append(StateSpan{t.stateSinceUs, -1, t.state, t.activity, t.detail});
    return Status::ok();
}

Status Loader::readQueues(SavedRun *r)
{
    QHash<qint64, int> index;
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
        index.insert(queues.int64(0), int(r->last.queues.size()));
        r->last.queues.append(q);
    }
    if (!queues.ok())
        return readError("queues");
    if (m_outline)
        return Status::ok();
    SqliteStmt samples(m_db, "SELECT queue_id, t_us, size FROM queue_samples ORDER BY queue_id, seq");
    while (samples.step()) {
        const auto it = index.constFind(samples.int64(0));
        if (it != index.constEnd())
            r->last.queues[*it].history.append(QueueSample{samples.int64(1), int(samples.int64(2))});
    }
    return samples.ok() ? Status::ok() : readError("queue_samples");
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
    SavedRun r;
    r.path = m_path;
    for (auto step :
         {&Loader::checkIdentity, &Loader::readThreads, &Loader::readQueues, &Loader::readEventsAndMetrics,
          &Loader::readTopologyAndSummary, &Loader::readPreviews}) {
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
