// Saved runs: real files, real SQLite, real pipeline runs on generated demo data.
#include "fakeclock.h"
#include "runfixture.h"

#include "../run/rundata.h"

#include "observe/recorder.h"
#include "observe/runfilereader.h"
#include "observe/runfilewriter.h"
#include "observe/sqlitedb.h"
#include "observe/threadpriority.h"
#include "run/pipeline.h"
#include "run/runsummary.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#ifdef Q_OS_LINUX
#include <algorithm>
#include <cerrno>
#include <sys/resource.h>
#endif

using namespace qs;
using namespace std::chrono_literals;

namespace {

const QString kCli = QStringLiteral(QS_BINARY_DIR "/bin/queuescope-cli");

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(bytes), bytes.size());
}

bool sqlite(const QString &path, const char *sql)
{
    SqliteDb db;
    return db.open(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) && db.exec(sql);
}

// A run file of the small, fully timed run of the export tests.
void writeSmallRunFile(const QString &path)
{
    FakeClock clock;
    Recorder rec(clock.options());
    recordSmallRun(rec, clock);
    auto w = RunFileWriter::start(path, rec);
    QVERIFY2(w, qPrintable(w.status().toString()));
    QVERIFY((*w)->finish().isOk());
}

void compareSpans(const QList<StateSpan> &a, const QList<StateSpan> &b)
{
    QCOMPARE(a.size(), b.size());
    for (int k = 0; k < a.size(); ++k) {
        QCOMPARE(a[k].startUs, b[k].startUs);
        QCOMPARE(a[k].endUs, b[k].endUs);
        QCOMPARE(a[k].state, b[k].state);
        QCOMPARE(a[k].activity, b[k].activity);
        QCOMPARE(a[k].detail, b[k].detail);
    }
}

void compareViews(const RangeView &a, const RangeView &b)
{
    QCOMPARE(b.nowUs, a.nowUs);
    QCOMPARE(b.lanes.size(), a.lanes.size());
    for (int l = 0; l < a.lanes.size(); ++l) {
        const LaneRecord &x = a.lanes[l], &y = b.lanes[l];
        QCOMPARE(y.name, x.name);
        QCOMPARE(y.startUs, x.startUs);
        QCOMPARE(y.exact, x.exact);
        compareSpans(y.spans, x.spans);
        QCOMPARE(y.mix.size(), x.mix.size());
        for (int i = 0; i < x.mix.size(); ++i)
            QCOMPARE(y.mix[i], x.mix[i]);
        QCOMPARE(y.resolutionUs, x.resolutionUs);
    }
    QCOMPARE(b.queues.size(), a.queues.size());
    for (int q = 0; q < a.queues.size(); ++q) {
        QCOMPARE(b.queues[q].buckets.size(), a.queues[q].buckets.size());
        for (int i = 0; i < a.queues[q].buckets.size(); ++i) {
            const SizeStat &x = a.queues[q].buckets[i], &y = b.queues[q].buckets[i];
            QCOMPARE(y.min, x.min);
            QCOMPARE(y.max, x.max);
            QCOMPARE(y.sizeUs, x.sizeUs);
            QCOMPARE(y.coveredUs, x.coveredUs);
        }
    }
}

} // namespace

class TestRunFile : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_files = test::writeDemoFiles(m_dir.path(), QStringLiteral("train"), 2, 80);
    }

    void realRunRoundTrips()
    {
        const QString path = m_dir.filePath(QStringLiteral("real.qsrun"));
        writeBytes(path, "an older file at the same path");
        auto p = Pipeline::create(test::smallConfig(m_files));
        QVERIFY2(p, qPrintable(p.status().toString()));
        Pipeline &run = **p;
        auto w = RunFileWriter::start(path, run.recorder());
        QVERIFY2(w, qPrintable(w.status().toString()));
        QVERIFY(QFile::exists(RunFileWriter::partialPathFor(path)));
        QCOMPARE(fileBytes(path), QByteArray("an older file at the same path")); // untouched until the end
        QVERIFY(run.start().isOk());
        QVERIFY(run.waitFinished(60s));
        QVERIFY((*w)->finish().isOk());
        QVERIFY(!QFile::exists(RunFileWriter::partialPathFor(path)));

        const RunSummary live = run.summary();
        const Result<SavedRun> saved = RunFileReader::read(path);
        QVERIFY2(saved, qPrintable(saved.status().toString()));
        QCOMPARE(saved->version, kRunFileVersion);
        QCOMPARE(saved->meta.value(QStringLiteral("format")), QStringLiteral("queuescope-run"));
        QVERIFY(saved->gaps.isEmpty());
        QVERIFY(saved->finished());

        const RunSummary replay = RunSummary::of(*saved);
        QCOMPARE(replay.howKey(), live.howKey());
        QCOMPARE(replay.how, EndHow::EndOfData);
        QCOMPARE(replay.steps, live.steps);
        QVERIFY(replay.steps > 0);
        QCOMPARE(replay.samples, live.samples);
        QCOMPARE(replay.samplesPerSec, live.samplesPerSec);
        QCOMPARE(replay.error, live.error);
        QCOMPARE(replay.joinResult, live.joinResult);
        QCOMPARE(replay.threads.size(), live.threads.size());
        for (int i = 0; i < live.threads.size(); ++i) {
            QCOMPARE(replay.threads[i].name, live.threads[i].name);
            QCOMPARE(replay.threads[i].role, live.threads[i].role);
            for (int s = 0; s < kThreadStateCount; ++s) {
                if (!isFinalState(ThreadState(s)))
                    QVERIFY(std::abs(replay.threads[i].secondsIn[size_t(s)] -
                                     live.threads[i].secondsIn[size_t(s)]) < 0.001);
            }
        }

        // The batch previews the run kept, image for image, and the class names.
        const SnapshotPtr end = run.recorder().snapshot(0);
        QVERIFY(end->batches && !end->batches->isEmpty());
        QVERIFY(saved->last.batches);
        QCOMPARE(saved->last.batches->size(), end->batches->size());
        for (int i = 0; i < end->batches->size(); ++i) {
            const BatchPreview &a = (*saved->last.batches)[i];
            const BatchPreview &b = (*end->batches)[i];
            QCOMPARE(a.tUs, b.tUs);
            QCOMPARE(a.step, b.step);
            QCOMPARE(a.thumbs.size(), b.thumbs.size());
            for (int k = 0; k < a.thumbs.size(); ++k) {
                QCOMPARE(a.thumbs[k].pixels, b.thumbs[k].pixels);
                QCOMPARE(a.thumbs[k].label, b.thumbs[k].label);
                QCOMPARE(a.thumbs[k].prediction, b.thumbs[k].prediction);
                QCOMPARE(a.thumbs[k].source, b.thumbs[k].source);
            }
        }
        QCOMPARE(saved->last.classNames, end->classNames);

        // Events, spans, queues and the topology, item for item.
        const QList<Event> events = run.recorder().events();
        QCOMPARE(saved->last.events.size(), events.size());
        for (int i = 0; i < events.size(); ++i) {
            QCOMPARE(saved->last.events[i].seq, events[i].seq);
            QCOMPARE(saved->last.events[i].tUs, events[i].tUs);
            QCOMPARE(saved->last.events[i].thread, events[i].thread);
            QCOMPARE(saved->last.events[i].kind, events[i].kind);
            QCOMPARE(saved->last.events[i].details, events[i].details);
        }
        // Every span, from the record rebuilt out of the file; `last` carries the newest.
        const QList<ThreadInfo> threads = run.recorder().threads();
        QVERIFY(saved->record);
        const QList<ThreadInfo> rebuilt = saved->record->threads();
        QCOMPARE(saved->last.threads.size(), threads.size());
        QCOMPARE(rebuilt.size(), threads.size());
        for (int i = 0; i < threads.size(); ++i) {
            compareSpans(rebuilt[i].spans, threads[i].spans);
            const QList<StateSpan> newest = threads[i].spans.mid(
                std::max<qsizetype>(0, threads[i].spans.size() - RecorderOptions().snapshotSpanLimit));
            compareSpans(saved->last.threads[i].spans, newest);
        }
        const QList<QueueInfo> queues = run.recorder().queues();
        QCOMPARE(saved->last.queues.size(), queues.size());
        for (int i = 0; i < queues.size(); ++i) {
            QCOMPARE(saved->last.queues[i].name, queues[i].name);
            QCOMPARE(saved->last.queues[i].enqueued, queues[i].enqueued);
            QCOMPARE(saved->last.queues[i].closed, queues[i].closed);
            QVERIFY(!saved->last.queues[i].history.isEmpty());
        }
        QCOMPARE(saved->last.metrics.size(), run.snapshot()->metrics.size());
        QVERIFY(saved->last.topology);
        QCOMPARE(*saved->last.topology, *run.recorder().topology());
        QVERIFY(!saved->last.topology->threads.isEmpty());
    }

    // Rings that overflow between two flushes leave a row in `gaps`, and the file keeps what
    // the rings still held.
    void droppedItemsAreGaps()
    {
        const QString path = m_dir.filePath(QStringLiteral("gaps.qsrun"));
        FakeClock clock;
        RecorderOptions o;
        o.spanBudget = 4;
        o.spanChunk = 2;
        o.eventCapacity = 5;
        Recorder rec(clock.options(o));
        RunFileWriter::Options wo;
        wo.flushEvery = 1h; // only the last flush
        auto w = RunFileWriter::start(path, rec, wo);
        QVERIFY(w);
        const int t = rec.registerThread(QStringLiteral("reader_0"), ThreadRole::Reader);
        for (int i = 0; i < 20; ++i) {
            clock.advance(10);
            rec.setState(t, i % 2 ? ThreadState::Running : ThreadState::BlockedFull);
        }
        for (int i = 0; i < 9; ++i)
            rec.event(EventKind::Note, QStringLiteral("reader_0"), {{QStringLiteral("i"), i}});
        QVERIFY((*w)->finish().isOk());

        const Result<SavedRun> saved = RunFileReader::read(path);
        QVERIFY2(saved, qPrintable(saved.status().toString()));
        const QList<RunFileGap> expected{{QStringLiteral("spans"), 0, 0, 16},
                                         {QStringLiteral("events"), -1, 0, 5}};
        QCOMPARE(saved->gaps, expected);
        QCOMPARE(saved->last.threads.first().spans.size(), 5); // 4 kept + the open one
        QCOMPARE(saved->last.threads.first().spans.first().startUs, 160);
        QCOMPARE(saved->last.events.size(), 5);
        QCOMPARE(saved->last.events.first().seq, 5);
    }

    // The writer's flushes are the run's work, so its thread takes the run's nice value, also
    // when the run sets it after the writer started (the window's order), and the thread that
    // started the writer keeps its own.
    // An opened run's record is the live one, rebuilt: the same spans kept exact under the same
    // budget (most of a busy thread's spans given up), the same buckets, the same answer to any
    // range at any resolution, the same bounded footprint.
    void openedRecordIsTheLiveOne()
    {
        const QString path = m_dir.filePath(QStringLiteral("rebuilt.qsrun"));
        FakeClock clock;
        RecorderOptions o;
        o.spanBudget = 64;
        o.spanChunk = 8;
        o.levelBuckets = 16; // every level but the top wraps
        o.queueHistory = 32;
        o.queueSampleUs = 6000; // most changes are not samples: the file has every change all the same
        Recorder rec(clock.options(o));
        RunFileWriter::Options wo;
        wo.flushEvery = 1ms;
        auto w = RunFileWriter::start(path, rec, wo);
        QVERIFY(w);
        const QList<int> ids{rec.registerThread(QStringLiteral("reader_0"), ThreadRole::Reader),
                             rec.registerThread(QStringLiteral("reader_1"), ThreadRole::Reader),
                             rec.registerThread(QStringLiteral("trainer"), ThreadRole::Trainer)};
        const int q =
            rec.registerQueue(QStringLiteral("shuffle"), QStringLiteral("RandomShuffleQueue"), 50, 10);
        quint32 seed = 12345;
        const auto rnd = [&seed](quint32 n) {
            seed = seed * 1664525u + 1013904223u;
            return (seed >> 8) % n;
        };
        int size = 0;
        for (int round = 0; round < 300; ++round) {
            // Uneven times and thread shares (the reader_0 busiest), each change at its own µs.
            for (int k = 0; k < 6; ++k) {
                clock.advance(1 + rnd(round % 50 == 0 ? 400000 : 3000));
                const int t = ids[int(rnd(7) % 4 == 3 ? rnd(3) : 0)];
                rec.setState(t, ThreadState(rnd(5)), Activity(rnd(3)),
                             rnd(4) == 0 ? QStringLiteral("queue %1").arg(rnd(3)) : QString());
                clock.advance(1 + rnd(500));
                size = std::clamp(size + int(rnd(7)) - 3, 0, 50);
                rec.queueChanged(q, size, round * 6 + k, round * 5, false);
            }
            // Nothing may fall out of the rings before the writer has it (a gap, tested apart).
            const qint64 flushed = (*w)->flushes();
            QTRY_VERIFY_WITH_TIMEOUT((*w)->flushes() >= flushed + 2, 60000);
        }
        clock.advance(777);
        QVERIFY((*w)->finish().isOk());
        QVERIFY(rec.footprint().spans < 300 * 6 / 2); // most spans were given up live

        const Result<SavedRun> saved = RunFileReader::read(path);
        QVERIFY2(saved, qPrintable(saved.status().toString()));
        QVERIFY(saved->gaps.isEmpty());
        QVERIFY(saved->record);
        const Recorder &back = *saved->record;
        QCOMPARE(back.nowUs(), rec.nowUs());
        QCOMPARE(back.footprint().spans, rec.footprint().spans);
        QCOMPARE(back.footprint().threadBuckets, rec.footprint().threadBuckets);
        QCOMPARE(back.footprint().queueBuckets, rec.footprint().queueBuckets);
        QCOMPARE(back.footprint().bytes, rec.footprint().bytes);
        for (int i = 0; i < ids.size(); ++i)
            compareSpans(back.threads()[i].spans, rec.threads()[i].spans);
        const QList<QueueSample> liveSamples = rec.queues().first().history;
        const QList<QueueSample> backSamples = back.queues().first().history;
        QCOMPARE(backSamples.size(), liveSamples.size());
        for (int i = 0; i < liveSamples.size(); ++i) {
            QCOMPARE(backSamples[i].tUs, liveSamples[i].tUs);
            QCOMPARE(backSamples[i].size, liveSamples[i].size);
        }
        const QList<QueueChange> changes = rec.queueChangesSince(q, 0).items;
        QCOMPARE(changes.size(), 1 + 300 * 6); // the registration, then every change
        QVERIFY(std::count_if(changes.begin(), changes.end(),
                              [](const QueueChange &c) { return !c.sampled; }) > changes.size() / 2);
        const qint64 end = rec.nowUs();
        QList<std::pair<qint64, qint64>> ranges{{0, end}, {0, end / 3}, {end / 2, end}, {end - 5000, end}};
        for (int i = 0; i < 40; ++i) {
            const qint64 from = rnd(quint32(end));
            ranges.append({from, from + 1 + rnd(quint32(end - from))});
        }
        for (const auto &[from, to] : ranges) {
            for (int buckets : {1, 7, 160, 1600}) {
                for (int exactLimit : {-1, 0, 100000}) {
                    RangeRequest req;
                    req.fromUs = from;
                    req.toUs = to;
                    req.buckets = buckets;
                    req.exactLimit = exactLimit;
                    compareViews(rec.query(req), back.query(req));
                    if (QTest::currentTestFailed())
                        return;
                }
            }
        }
        // What the window shows of the opened run comes from the same record.
        QCOMPARE(saved->last.record, saved->record->source());
    }

    void writerTakesTheRunsNice()
    {
#ifndef Q_OS_LINUX
        QSKIP("a per-thread nice value is Linux's");
#else
        const int base = ThreadPriority::current();
        if (base >= 19)
            QSKIP("this test runs at nice 19: no thread can be made nicer");
        const int nicer = std::min(19, base + 7);
        const auto threadsAt = [](int nice) {
            int n = 0;
            for (const QString &tid :
                 QDir(QStringLiteral("/proc/self/task")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
                errno = 0;
                const int value = getpriority(PRIO_PROCESS, id_t(tid.toInt()));
                if (errno == 0 && value == nice)
                    ++n;
            }
            return n;
        };
        QCOMPARE(threadsAt(nicer), 0);
        FakeClock clock;
        Recorder rec(clock.options());
        RunFileWriter::Options wo;
        wo.flushEvery = 5ms;
        auto w = RunFileWriter::start(m_dir.filePath(QStringLiteral("nice.qsrun")), rec, wo);
        QVERIFY2(w, qPrintable(w.status().toString()));
        rec.setThreadNice(nicer);
        const qint64 before = (*w)->flushes();
        QTRY_VERIFY((*w)->flushes() >= before + 2); // a whole round after the nice was set
        QCOMPARE(threadsAt(nicer), 1);
        QCOMPARE(ThreadPriority::current(), base);
        QVERIFY((*w)->finish().isOk());
#endif
    }

    void refusesWhatIsNotARun_data()
    {
        QTest::addColumn<QByteArray>("make"); // how to spoil the file
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("says");
        QTest::addRow("text file") << QByteArray("text") << int(ErrorKind::InvalidArgument)
                                   << QStringLiteral("not an SQLite database");
        QTest::addRow("empty file") << QByteArray("empty") << int(ErrorKind::InvalidArgument)
                                    << QStringLiteral("not an SQLite database");
        QTest::addRow("other sqlite db")
            << QByteArray("other") << int(ErrorKind::InvalidArgument) << QStringLiteral("meta");
        QTest::addRow("other format") << QByteArray("format") << int(ErrorKind::InvalidArgument)
                                      << QStringLiteral("format 'something-else'");
        QTest::addRow("newer version") << QByteArray("newer") << int(ErrorKind::FailedPrecondition)
                                       << QStringLiteral("newer QueueScope");
        QTest::addRow("truncated") << QByteArray("truncated") << int(ErrorKind::DataLoss)
                                   << QStringLiteral("truncated or corrupt");
        QTest::addRow("missing") << QByteArray("missing") << int(ErrorKind::NotFound)
                                 << QStringLiteral("no such file");
    }

    // Version 2's previews: the kept batches come back pixel for pixel; a version 1 file (no
    // previews table) still opens; a preview whose size or pixels lie is refused, by name.
    void previewsRoundTripAndBadOnesAreRefused()
    {
        const QString path = m_dir.filePath(QStringLiteral("previews.qsrun"));
        {
            FakeClock clock;
            Recorder rec(clock.options());
            recordSmallRun(rec, clock);
            QList<Thumbnail> thumbs;
            for (int i = 0; i < 2; ++i) {
                Thumbnail t{4,
                            3,
                            3,
                            QByteArray(36, char(10 + i)),
                            i,
                            1 - i,
                            QStringLiteral("f.tfrecords #%1").arg(i)};
                thumbs << t;
            }
            rec.setBatchPreview(thumbs, {QStringLiteral("cat"), QStringLiteral("dog")});
            auto w = RunFileWriter::start(path, rec);
            QVERIFY2(w, qPrintable(w.status().toString()));
            QVERIFY((*w)->finish().isOk());
        }
        Result<SavedRun> r = RunFileReader::read(path);
        QVERIFY2(r, qPrintable(r.status().toString()));
        QVERIFY(r->last.batches);
        QCOMPARE(r->last.batches->size(), 1);
        QCOMPARE(r->last.batch.size(), 2);
        QCOMPARE(r->last.batch[1].pixels, QByteArray(36, char(11)));
        QCOMPARE(r->last.batch[1].label, 1);
        QCOMPARE(r->last.batch[1].prediction, 0);
        QCOMPARE(r->last.batch[1].source, QStringLiteral("f.tfrecords #1"));
        QCOMPARE(r->last.classNames, (QStringList{QStringLiteral("cat"), QStringLiteral("dog")}));

        // Version 2: the queue's samples only, no `sampled` column; each reads as a sampled change.
        const QString v2 = m_dir.filePath(QStringLiteral("v2.qsrun"));
        QVERIFY(QFile::copy(path, v2));
        QVERIFY(sqlite(
            v2, "DELETE FROM queue_samples WHERE sampled = 0; ALTER TABLE queue_samples DROP COLUMN "
                "sampled; PRAGMA user_version = 2; UPDATE meta SET value = '2' WHERE key = 'version'"));
        r = RunFileReader::read(v2);
        QVERIFY2(r, qPrintable(r.status().toString()));
        QCOMPARE(r->version, 2);
        QVERIFY(r->last.batches);
        QVERIFY(!r->last.queues.isEmpty());
        const Result<SavedRun> v3 = RunFileReader::read(path);
        QVERIFY(v3);
        for (int i = 0; i < r->last.queues.size(); ++i) {
            const QList<QueueSample> a = r->last.queues[i].history;
            const QList<QueueSample> b = v3->last.queues[i].history;
            QCOMPARE(a.size(), b.size());
            for (int k = 0; k < a.size(); ++k)
                QVERIFY(a[k].tUs == b[k].tUs && a[k].size == b[k].size);
        }

        const QString v1 = m_dir.filePath(QStringLiteral("v1.qsrun"));
        QVERIFY(QFile::copy(path, v1));
        QVERIFY(sqlite(v1, "DROP TABLE previews; PRAGMA user_version = 1; UPDATE meta SET value = '1' WHERE "
                           "key = 'version'"));
        r = RunFileReader::read(v1);
        QVERIFY2(r, qPrintable(r.status().toString()));
        QCOMPARE(r->version, 1);
        QVERIFY(!r->last.batches);

        for (const char *lie : {"UPDATE previews SET width = 9999 WHERE idx = 1",
                                "UPDATE previews SET pixels = x'00000024789c' WHERE idx = 1",
                                "UPDATE previews SET channels = 2 WHERE idx = 0"}) {
            const QString bad = m_dir.filePath(QStringLiteral("bad.qsrun"));
            QFile::remove(bad);
            QVERIFY(QFile::copy(path, bad));
            QVERIFY(sqlite(bad, lie));
            r = RunFileReader::read(bad);
            QVERIFY2(!r, lie);
            QCOMPARE(r.status().kind(), ErrorKind::DataLoss);
            QVERIFY2(r.status().message().contains(QStringLiteral("preview")),
                     qPrintable(r.status().message()));
            QVERIFY(r.status().message().contains(bad));
        }
    }

    void refusesWhatIsNotARun()
    {
        QFETCH(QByteArray, make);
        QFETCH(int, kind);
        QFETCH(QString, says);
        const QString path = m_dir.filePath(QString::fromLatin1(make) + QStringLiteral(".qsrun"));
        if (make == "text") {
            writeBytes(path, QByteArray("step,loss\n1,0.5\n").repeated(20));
        } else if (make == "empty") {
            writeBytes(path, {});
        } else if (make == "other") {
            QVERIFY(sqlite(path, "CREATE TABLE photos(id INTEGER PRIMARY KEY, name TEXT)"));
        } else if (make == "format") {
            writeSmallRunFile(path);
            QVERIFY(sqlite(path, "UPDATE meta SET value = 'something-else' WHERE key = 'format'"));
        } else if (make == "newer") {
            writeSmallRunFile(path);
            const QByteArray newer =
                QStringLiteral("PRAGMA user_version = %1; UPDATE meta SET value = '%1' WHERE "
                               "key = 'version'")
                    .arg(kRunFileVersion + 1)
                    .toUtf8();
            QVERIFY(sqlite(path, newer.constData()));
        } else if (make == "truncated") {
            writeSmallRunFile(path);
            const QByteArray whole = fileBytes(path);
            QVERIFY(whole.size() > 4096);
            writeBytes(path, whole.left(whole.size() / 2));
        }
        const QByteArray before = fileBytes(path);
        const Result<SavedRun> r = RunFileReader::read(path);
        QVERIFY(!r);
        QCOMPARE(int(r.status().kind()), kind);
        QVERIFY2(r.status().message().contains(path), qPrintable(r.status().message()));
        QVERIFY2(r.status().message().contains(says), qPrintable(r.status().message()));
        QCOMPARE(fileBytes(path), before); // reading changed nothing
        QVERIFY(!QFile::exists(path + QStringLiteral("-wal")));
    }

    // A page of garbage in the middle of a real run file: refused, never a crash.
    void refusesCorruptPages()
    {
        const QString path = m_dir.filePath(QStringLiteral("corrupt.qsrun"));
        writeSmallRunFile(path);
        QByteArray bytes = fileBytes(path);
        for (qsizetype i = 4096; i < std::min<qsizetype>(bytes.size(), 3 * 4096); ++i)
            bytes[i] = char(i * 31);
        writeBytes(path, bytes);
        const Result<SavedRun> r = RunFileReader::read(path);
        QVERIFY(!r);
        QCOMPARE(r.status().kind(), ErrorKind::DataLoss);
    }

    // Rows a sane file cannot hold, which the record would be rebuilt from: each is refused with
    // what it is and where, and nothing is rebuilt from them.
    void refusesRowsOutsideTheRecord_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<ErrorKind>("kind");
        QTest::addColumn<QString>("message");
        QTest::addRow("span past the end")
            << "UPDATE spans SET end_us = 2000000000000 WHERE thread_id = 0 AND seq = 0"
            << ErrorKind::DataLoss << "span 0 of thread 'reader_0' lies outside the run";
        QTest::addRow("span ends before it starts")
            << "UPDATE spans SET end_us = start_us - 1 WHERE thread_id = 0 AND seq = 1" << ErrorKind::DataLoss
            << "span 1 of thread 'reader_0' lies outside the run";
        QTest::addRow("unknown state")
            << "UPDATE spans SET state = 'asleep' WHERE thread_id = 0 AND seq = 1" << ErrorKind::DataLoss
            << "span 1 of thread 'reader_0' has an unknown state";
        QTest::addRow("sample past the end")
            << "UPDATE queue_samples SET t_us = 4000000000000 WHERE seq = 0" << ErrorKind::DataLoss
            << "sample 0 of queue 'example_queue' lies outside the run";
        QTest::addRow("run over 30 days") << "UPDATE summary SET t_us = 2600000000000" << ErrorKind::DataLoss
                                          << "outside 0 to 2592000000000 µs (30 days)";
        QTest::addRow("a thousand threads over weeks")
            << "WITH RECURSIVE c(x) AS (SELECT 100 UNION ALL SELECT x + 1 FROM c WHERE x < 1100) "
               "INSERT INTO threads SELECT x, 'extra_' || x, 'reader', 'running', 'none', '', 0 FROM c; "
               "UPDATE summary SET t_us = 1500000000000"
            << ErrorKind::ResourceExhausted << "would take up to";
    }
    void refusesRowsOutsideTheRecord()
    {
        QFETCH(QString, sql);
        QFETCH(ErrorKind, kind);
        QFETCH(QString, message);
        const QString path = m_dir.filePath(QStringLiteral("bounds.qsrun"));
        QFile::remove(path);
        writeSmallRunFile(path);
        QVERIFY(RunFileReader::read(path).isOk());
        QVERIFY(sqlite(path, sql.toUtf8().constData()));
        const Result<SavedRun> r = RunFileReader::read(path);
        QVERIFY(!r);
        QCOMPARE(r.status().kind(), kind);
        QVERIFY2(r.status().message().contains(message), qPrintable(r.status().message()));
        QVERIFY2(r.status().message().contains(path), qPrintable(r.status().message()));
    }

    // The digest (the Runs list's row, read on the GUI thread when each run ends) reads the
    // small tables only: garbage over the spans table's pages leaves it readable, while opening
    // the run refuses the file. Before, the digest checked every page of the file first, which
    // froze the window for 2.9 s after a 6-minute run and for over 40 s after a 30-minute one.
    void digestReadsOnlyTheSmallTables()
    {
        const QString path = m_dir.filePath(QStringLiteral("digest.qsrun"));
        writeSmallRunFile(path);
        qint64 pageSize = 0;
        qint64 spansRoot = 0;
        {
            SqliteDb db;
            QVERIFY(db.open(path, SQLITE_OPEN_READONLY));
            SqliteStmt size(db, "PRAGMA page_size");
            QVERIFY(size.step());
            pageSize = size.int64(0);
            SqliteStmt root(db, "SELECT rootpage FROM sqlite_schema WHERE name = 'spans'");
            QVERIFY(root.step());
            spansRoot = root.int64(0);
        }
        QVERIFY(pageSize >= 512 && spansRoot > 1);
        QByteArray bytes = fileBytes(path);
        QVERIFY(bytes.size() >= spansRoot * pageSize);
        for (qint64 i = (spansRoot - 1) * pageSize; i < spansRoot * pageSize; ++i)
            bytes[qsizetype(i)] = char(i * 31 + 7);
        writeBytes(path, bytes);

        const Result<RunDigest> digest = RunFileReader::readDigest(path);
        QVERIFY2(digest, qPrintable(digest.status().toString()));
        QCOMPARE(digest->path, path);
        const Result<SavedRun> whole = RunFileReader::read(path);
        QVERIFY(!whole);
        QCOMPARE(whole.status().kind(), ErrorKind::DataLoss);
        QVERIFY2(whole.status().message().contains(path), qPrintable(whole.status().message()));
    }

    void smallRunRoundTrips()
    {
        const QString path = m_dir.filePath(QStringLiteral("small.qsrun"));
        writeSmallRunFile(path);
        const Result<SavedRun> r = RunFileReader::read(path);
        QVERIFY2(r, qPrintable(r.status().toString()));
        QCOMPARE(r->last.threads.size(), 3);
        QCOMPARE(r->last.threads[1].spans.last().state, ThreadState::Failed);
        QCOMPARE(r->last.events.last().kind, EventKind::End);
        QCOMPARE(r->last.queues.first().name, QStringLiteral("example_queue"));
        QVERIFY(r->last.queues.first().closed);
    }

    // A run killed with SIGKILL leaves RUN.partial, readable up to its last flush. Last of the
    // slots: under ThreadSanitizer a process that has started a QProcess (a vfork-style clone)
    // may start no thread after it, and the other cases start the writer's.
    void killedRunLeavesReadablePartial()
    {
        if (!QFile::exists(kCli))
            QSKIP("queuescope-cli is not built");
        const QString path = m_dir.filePath(QStringLiteral("killed.qsrun"));
        const QString partial = RunFileWriter::partialPathFor(path);
        QProcess child;
        child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        QStringList args{QStringLiteral("run"), QStringLiteral("--record"), path, QStringLiteral("--epochs"),
                         QStringLiteral("0")};
        args << m_files;
        child.start(kCli, args);
        QVERIFY(child.waitForStarted());
        auto hasRows = [&] {
            if (!QFile::exists(partial))
                return false;
            const Result<SavedRun> r = RunFileReader::read(partial);
            return r && r->last.steps > 0 && !r->last.events.isEmpty() && !r->last.threads.isEmpty();
        };
        QTRY_VERIFY_WITH_TIMEOUT(hasRows(), 60000);
        child.kill();
        QVERIFY(child.waitForFinished(10000));
        QCOMPARE(child.exitStatus(), QProcess::CrashExit);

        QVERIFY(!QFile::exists(path));
        const Result<SavedRun> saved = RunFileReader::read(partial);
        QVERIFY2(saved, qPrintable(saved.status().toString()));
        QVERIFY(!saved->finished());
        QVERIFY(!saved->last.events.isEmpty());
        QCOMPARE(saved->last.events.first().kind, EventKind::ThreadStart);
        QVERIFY(saved->last.steps > 0);
        QCOMPARE(RunSummary::of(*saved).howKey(), QStringLiteral("running"));

        QProcess replay;
        replay.start(kCli, {QStringLiteral("replay"), partial});
        QVERIFY(replay.waitForFinished(30000));
        QCOMPARE(replay.exitCode(), 0);
        QVERIFY(replay.readAllStandardOutput().contains("how it ended: running"));
    }

private:
    QTemporaryDir m_dir;
    QStringList m_files;
};

QTEST_GUILESS_MAIN(TestRunFile)
#include "tst_runfile.moc"
