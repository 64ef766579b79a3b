#include "observe/chrometrace.h"
#include "observe/exportfile.h"
#include "observe/jsonlexport.h"
#include "observe/recorder.h"
#include "runfixture.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;

class TestExports : public QObject {
    Q_OBJECT
private:
    static QList<QJsonObject> readJsonLines(const QString &path)
    {
        QList<QJsonObject> out;
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return out;
        int lineNo = 0;
        while (!file.atEnd()) {
            const QByteArray line = file.readLine();
            ++lineNo;
            QJsonParseError err;
            const QJsonDocument doc = QJsonDocument::fromJson(line, &err);
            if (err.error != QJsonParseError::NoError || !doc.isObject()) {
                qWarning("line %d does not parse: %s", lineNo, qPrintable(err.errorString()));
                return {};
            }
            out.append(doc.object());
        }
        return out;
    }

private slots:
    void jsonLines()
    {
        FakeClock clock;
        Recorder rec(clock.options());
        recordSmallRun(rec, clock);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("events.jsonl"));
        const Status st = writeEventsJsonl(rec, path);
        QVERIFY2(st.isOk(), qPrintable(st.toString()));

        const QList<QJsonObject> lines = readJsonLines(path);
        int spans = 0;
        for (const ThreadInfo &t : rec.threads())
            spans += int(t.spans.size());
        QCOMPARE(lines.size(), spans + int(rec.events().size()));
        qint64 prevT = -1;
        QMap<QString, int> kinds;
        for (const QJsonObject &line : lines) {
            QVERIFY(line.contains(QStringLiteral("t_us")));
            QVERIFY(line.contains(QStringLiteral("thread")));
            const qint64 t = line.value(QStringLiteral("t_us")).toInteger();
            QVERIFY2(t >= prevT, "lines are in time order");
            prevT = t;
            kinds[line.value(QStringLiteral("event")).toString()]++;
        }
        QCOMPARE(kinds.value(QStringLiteral("thread_start")), 3);
        QCOMPARE(kinds.value(QStringLiteral("state")), spans);
        QCOMPARE(kinds.value(QStringLiteral("request_stop")), 1);

        // The first lines: reader_0's first state comes before its thread_start at the same time.
        QCOMPARE(lines[0].value(QStringLiteral("event")).toString(), QStringLiteral("state"));
        QCOMPARE(lines[0].value(QStringLiteral("state")).toString(), QStringLiteral("starting"));
        QCOMPARE(lines[1].value(QStringLiteral("event")).toString(), QStringLiteral("thread_start"));
        QCOMPARE(lines[1].value(QStringLiteral("role")).toString(), QStringLiteral("reader"));
        QCOMPARE(lines[1].value(QStringLiteral("seq")).toInt(), 0);

        bool sawBlocked = false;
        bool sawFailed = false;
        bool sawStop = false;
        for (const QJsonObject &line : lines) {
            const QString event = line.value(QStringLiteral("event")).toString();
            const QString state = line.value(QStringLiteral("state")).toString();
            if (event == QLatin1String("state") && state == QLatin1String("blocked_empty")) {
                sawBlocked = true;
                QCOMPARE(line.value(QStringLiteral("thread")).toString(), QStringLiteral("trainer"));
                QCOMPARE(line.value(QStringLiteral("queue")).toString(), QStringLiteral("example_queue"));
                QCOMPARE(line.value(QStringLiteral("activity")).toString(), QStringLiteral("dequeuing"));
                QCOMPARE(line.value(QStringLiteral("t_us")).toInteger(), qint64(10));
            }
            if (event == QLatin1String("state") && state == QLatin1String("failed")) {
                sawFailed = true;
                QCOMPARE(line.value(QStringLiteral("detail")).toString(),
                         QStringLiteral("DataLoss: corrupted record"));
                QVERIFY(!line.contains(QStringLiteral("activity")));
            }
            if (event == QLatin1String("request_stop")) {
                sawStop = true;
                QCOMPARE(line.value(QStringLiteral("first")).toBool(), true);
                const QJsonObject err = line.value(QStringLiteral("error")).toObject();
                QCOMPARE(err.value(QStringLiteral("kind")).toString(), QStringLiteral("data_loss"));
                QCOMPARE(err.value(QStringLiteral("thread")).toString(), QStringLiteral("reader_1"));
            }
        }
        QVERIFY(sawBlocked && sawFailed && sawStop);
        QCOMPARE(lines.last().value(QStringLiteral("event")).toString(), QStringLiteral("end"));
        QCOMPARE(lines.last().value(QStringLiteral("how")).toString(), QStringLiteral("error"));
    }

    void baseKeysWinOverDetails()
    {
        Event ev;
        ev.seq = 4;
        ev.tUs = 9;
        ev.thread = QStringLiteral("t");
        ev.kind = EventKind::Note;
        ev.details = {{QStringLiteral("event"), QStringLiteral("spoof")},
                      {QStringLiteral("text"), QStringLiteral("x")}};
        const QList<QJsonObject> lines = eventLogLines({ev}, {});
        QCOMPARE(lines.size(), 1);
        QCOMPARE(lines.first().value(QStringLiteral("event")).toString(), QStringLiteral("note"));
        QCOMPARE(lines.first().value(QStringLiteral("text")).toString(), QStringLiteral("x"));
    }

    void chromeTrace()
    {
        FakeClock clock;
        Recorder rec(clock.options());
        recordSmallRun(rec, clock);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("trace.json"));
        const Status st = writeChromeTrace(rec, path);
        QVERIFY2(st.isOk(), qPrintable(st.toString()));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QJsonParseError err;
        const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &err);
        QVERIFY2(err.error == QJsonParseError::NoError, qPrintable(err.errorString()));
        QCOMPARE(doc.object().value(QStringLiteral("displayTimeUnit")).toString(), QStringLiteral("ms"));
        const QJsonArray events = doc.object().value(QStringLiteral("traceEvents")).toArray();

        QMap<int, QString> threadNames;
        QMap<QString, int> byPh;
        int counters = 0;
        int lastCounterSize = -1;
        bool sawThreadInstant = false;
        bool sawGlobalInstant = false;
        for (const QJsonValue &v : events) {
            const QJsonObject e = v.toObject();
            const QString ph = e.value(QStringLiteral("ph")).toString();
            byPh[ph]++;
            QCOMPARE(e.value(QStringLiteral("pid")).toInt(), 1);
            if (ph == QLatin1String("M") &&
                e.value(QStringLiteral("name")).toString() == QLatin1String("thread_name"))
                threadNames.insert(
                    e.value(QStringLiteral("tid")).toInt(),
                    e.value(QStringLiteral("args")).toObject().value(QStringLiteral("name")).toString());
            if (ph == QLatin1String("X")) {
                QVERIFY(e.value(QStringLiteral("dur")).toInteger(-1) >= 0);
                QVERIFY(e.value(QStringLiteral("ts")).toInteger(-1) >= 0);
                QCOMPARE(e.value(QStringLiteral("cat")).toString(), QStringLiteral("state"));
                ThreadState s;
                QVERIFY(threadStateFromKey(e.value(QStringLiteral("name")).toString(), &s));
                QVERIFY(threadNames.contains(e.value(QStringLiteral("tid")).toInt()));
                QVERIFY(e.value(QStringLiteral("args")).toObject().contains(QStringLiteral("activity")));
            }
            if (ph == QLatin1String("C")) {
                QCOMPARE(e.value(QStringLiteral("name")).toString(), QStringLiteral("example_queue"));
                lastCounterSize =
                    e.value(QStringLiteral("args")).toObject().value(QStringLiteral("size")).toInt(-1);
                ++counters;
            }
            if (ph == QLatin1String("i")) {
                const QString scope = e.value(QStringLiteral("s")).toString();
                if (scope == QLatin1String("t")) {
                    sawThreadInstant = true;
                    QVERIFY(threadNames.contains(e.value(QStringLiteral("tid")).toInt()));
                } else {
                    QCOMPARE(scope, QStringLiteral("g"));
                    sawGlobalInstant = true; // "main" and "" are not registered threads
                }
            }
        }
        QCOMPARE(threadNames.size(), 3);
        QCOMPARE(threadNames.value(1), QStringLiteral("reader_0"));
        QCOMPARE(threadNames.value(3), QStringLiteral("trainer"));
        QCOMPARE(byPh.value(QStringLiteral("X")), 3 + 3 + 4); // starting, (blocked,) running, final state
        QCOMPARE(counters, 4); // the registration's empty queue, then 3 changes
        QCOMPARE(lastCounterSize, 0);
        QCOMPARE(byPh.value(QStringLiteral("i")), int(rec.events().size()));
        QVERIFY(sawThreadInstant && sawGlobalInstant);
    }

    // A run past its span budget and its queue-sample ring: the exports still cover it whole,
    // the early part as the record's buckets. The JSON Lines' state time (summaries plus exact
    // spans) adds up to each thread's time, and it starts at the thread's start; the trace has
    // queue counters from the queue's start.
    void exportsCoverTheTimeKeptInBuckets()
    {
        FakeClock clock;
        RecorderOptions o;
        o.spanBudget = 64;
        o.spanChunk = 16;
        o.queueHistory = 16;
        o.queueSampleUs = 0;
        Recorder rec(clock.options(o));
        const int q = rec.registerQueue(QStringLiteral("q"), QStringLiteral("FIFOQueue"), 8, 0);
        const int id = rec.registerThread(QStringLiteral("reader_0"), ThreadRole::Reader);
        for (int i = 0; i < 2000; ++i) {
            clock.advance(10 + i % 7);
            rec.setState(id, i % 2 ? ThreadState::Running : ThreadState::BlockedFull);
            rec.queueChanged(q, i % 8, i, i, false);
        }
        rec.setState(id, ThreadState::Stopped);
        const qint64 end = clock.t->load();
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString jsonl = dir.filePath(QStringLiteral("events.jsonl"));
        QVERIFY(writeEventsJsonl(rec, jsonl).isOk());
        qint64 stateUs = 0, firstT = -1;
        int summaries = 0;
        const QList<QJsonObject> lines = readJsonLines(jsonl);
        qint64 lastStateStart = 0;
        for (const QJsonObject &line : lines) {
            const QString kind = line.value(QStringLiteral("event")).toString();
            if (kind == QStringLiteral("state_summary")) {
                ++summaries;
                const QJsonObject us = line.value(QStringLiteral("us")).toObject();
                for (auto it = us.begin(); it != us.end(); ++it)
                    stateUs += it.value().toInteger();
            }
            if ((kind == QStringLiteral("state_summary") || kind == QStringLiteral("state")) && firstT < 0)
                firstT = line.value(QStringLiteral("t_us")).toInteger();
            if (kind == QStringLiteral("state"))
                lastStateStart = line.value(QStringLiteral("t_us")).toInteger();
        }
        QVERIFY(summaries > 0);
        QCOMPARE(firstT, qint64(0));
        // The exact spans held, but the last (the open Stopped one, which ends at export time).
        const QList<StateSpan> spans = rec.threads().first().spans;
        for (const StateSpan &sp : spans)
            if (sp.endUs >= 0)
                stateUs += sp.endUs - sp.startUs;
        QCOMPARE(lastStateStart, end);
        QVERIFY2(std::abs(stateUs - end) <= 2 * kThreadStateCount * summaries,
                 qPrintable(QStringLiteral("%1 of %2 µs").arg(stateUs).arg(end)));

        const QString trace = dir.filePath(QStringLiteral("trace.json"));
        QVERIFY(writeChromeTrace(rec, trace).isOk());
        QFile f(trace);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonArray events =
            QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("traceEvents")).toArray();
        qint64 firstCounter = -1;
        int stateSummaries = 0;
        for (const QJsonValue &v : events) {
            const QJsonObject e = v.toObject();
            if (e.value(QStringLiteral("ph")) == QStringLiteral("C") && firstCounter < 0)
                firstCounter = e.value(QStringLiteral("ts")).toInteger();
            if (e.value(QStringLiteral("cat")) == QStringLiteral("state_summary"))
                ++stateSummaries;
        }
        QCOMPARE(firstCounter, qint64(0));
        QCOMPARE(stateSummaries, summaries);
    }

    void openSpanEndsAtExportTime()
    {
        ThreadInfo t;
        t.id = 0;
        t.name = QStringLiteral("t");
        t.spans = {StateSpan{100, -1, ThreadState::Running, Activity::Working, {}}};
        const QList<QJsonObject> trace = chromeTraceEvents({}, {t}, {}, 350);
        const auto x = std::find_if(trace.begin(), trace.end(), [](const QJsonObject &o) {
            return o.value(QStringLiteral("ph")) == QStringLiteral("X");
        });
        QVERIFY(x != trace.end());
        QCOMPARE(x->value(QStringLiteral("dur")).toInteger(), qint64(250));
    }

    void writeErrorsNameThePath()
    {
        Recorder rec;
        QTemporaryDir dir;
        const QString missing = dir.filePath(QStringLiteral("no/such/folder/events.jsonl"));
        Status st = writeEventsJsonl(rec, missing);
        QCOMPARE(st.kind(), ErrorKind::NotFound);
        QVERIFY(st.message().contains(missing));
        QCOMPARE(st.where().file, missing);
        st = writeChromeTrace(rec, missing);
        QCOMPARE(st.kind(), ErrorKind::NotFound);
    }

    void failedWriteKeepsTheOldFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("out.json"));
        QVERIFY(saveAtomically(path, [](QIODevice *out) { return out->write("old") == 3; }).isOk());
        const Status st = saveAtomically(path, [](QIODevice *out) {
            out->write("partial");
            return false;
        });
        QCOMPARE(st.kind(), ErrorKind::DataLoss);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("old"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("out.json")});
    }
};

QTEST_GUILESS_MAIN(TestExports)
#include "tst_exports.moc"
