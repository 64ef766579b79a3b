#include "demodata.h"
#include "observe/chrometrace.h"
#include "observe/jsonlexport.h"
#include "observe/recorder.h"
#include "observe/runfilereader.h"
#include "run/pipeline.h"
#include "window/sessionruns.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;
using namespace std::chrono_literals;

// The window's session runs: every run recorded as it goes, kept for the session, copied
// whole (or not at all) by Save Run.
class TestSessionRuns : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        Result<QStringList> files = test::writeDemoTfRecords(m_dir.path(), QStringLiteral("sr"), 2, 40);
        QVERIFY2(files.isOk(), qPrintable(files.status().toString()));
        m_files = *files;
    }

    void recordsAWholeRunAndSavesIt()
    {
        SessionRuns runs;
        std::unique_ptr<Pipeline> p = runOnce(runs, QStringLiteral("first"));
        QVERIFY(p);
        QCOMPARE(runs.runs().size(), 1);
        QVERIFY(runs.runs().first().finished);
        QVERIFY(runs.runs().first().label.contains(QStringLiteral("first")));

        const QString saved = m_dir.filePath(QStringLiteral("saved.qsrun"));
        QVERIFY2(runs.saveAs(saved).isOk(), qPrintable(runs.saveAs(saved).toString()));
        const Result<SavedRun> back = RunFileReader::read(saved);
        QVERIFY2(back.isOk(), qPrintable(back.status().toString()));
        QVERIFY(back->finished());
        // The file holds every event the run logged and the run's figures.
        const QList<Event> live = p->recorder().events();
        QCOMPARE(back->last.events.size(), live.size());
        for (qsizetype i = 0; i < live.size(); ++i) {
            QCOMPARE(back->last.events[i].kind, live[i].kind);
            QCOMPARE(back->last.events[i].tUs, live[i].tUs);
        }
        QVERIFY(
            std::any_of(live.begin(), live.end(), [](const Event &e) { return e.kind == EventKind::End; }));
        QCOMPARE(back->last.steps, p->summary().steps);
        QCOMPARE(back->last.threads.size(), p->recorder().threads().size());

        // File > Export from the saved run: a Chrome trace and JSON Lines with every event.
        const QString trace = m_dir.filePath(QStringLiteral("saved.trace.json"));
        QVERIFY(writeChromeTrace(*back, trace).isOk());
        QFile t(trace);
        QVERIFY(t.open(QIODevice::ReadOnly));
        const QJsonArray traceEvents =
            QJsonDocument::fromJson(t.readAll()).object().value("traceEvents").toArray();
        const qsizetype instants =
            std::count_if(traceEvents.begin(), traceEvents.end(), [](const QJsonValue &v) {
                return v.toObject().value("ph").toString() == QStringLiteral("i");
            });
        QCOMPARE(instants, live.size());
        const QString jsonl = m_dir.filePath(QStringLiteral("saved.jsonl"));
        QVERIFY(writeEventsJsonl(*back, jsonl).isOk());
        QFile j(jsonl);
        QVERIFY(j.open(QIODevice::ReadOnly));
        qsizetype withSeq = 0;
        for (const QByteArray &line : j.readAll().split('\n')) {
            if (!line.isEmpty() && QJsonDocument::fromJson(line).object().contains("seq"))
                ++withSeq;
        }
        QCOMPARE(withSeq, live.size());
    }

    void aFailedSaveLeavesTheOlderFile()
    {
        SessionRuns runs;
        QVERIFY(runs.saveAs(m_dir.filePath(QStringLiteral("none.qsrun"))).kind() == ErrorKind::NotFound);
        QVERIFY(runOnce(runs, QString()));
        const QString target = m_dir.filePath(QStringLiteral("old.qsrun"));
        {
            QFile f(target);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("an older file");
        }
        // A folder that does not exist: refused, named, and nothing else changes.
        const Status s = runs.saveAs(m_dir.filePath(QStringLiteral("missing/dir/x.qsrun")));
        QVERIFY(!s.isOk());
        QVERIFY2(s.message().contains(QStringLiteral("missing")), qPrintable(s.toString()));
        QFile f(target);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("an older file"));
        QVERIFY(runs.saveAs(m_dir.filePath(QStringLiteral("run 7.qsrun")), 7).kind() == ErrorKind::NotFound);
    }

    void keepsTheNewestRuns()
    {
        SessionRuns runs(2);
        QStringList paths;
        for (int i = 0; i < 3; ++i) {
            QVERIFY(runOnce(runs, QString::number(i)));
            paths << runs.runs().last().path;
        }
        QCOMPARE(runs.runs().size(), 2);
        QCOMPARE(runs.runs().first().number, 2);
        QVERIFY(!QFile::exists(paths[0])); // the oldest went from the folder too
        QVERIFY(QFile::exists(paths[1]));
        QVERIFY(QFile::exists(paths[2]));
    }

    // A budget of bytes on disk: runs go, oldest first, until the rest fit; the latest stays
    // even when it alone is over.
    void keepsWithinItsDiskBudget()
    {
        SessionRuns probe;
        QVERIFY(runOnce(probe, QStringLiteral("probe")));
        const qint64 one = QFileInfo(probe.runs().last().path).size();
        QVERIFY(one > 0);
        SessionRuns runs(20, one * 2 + one / 2); // room for two runs of that size, not three
        QStringList paths;
        for (int i = 0; i < 4; ++i) {
            QVERIFY(runOnce(runs, QString::number(i)));
            paths << runs.runs().last().path;
        }
        qint64 total = 0;
        for (const SessionRuns::Run &r : runs.runs())
            total += QFileInfo(r.path).size();
        QVERIFY2(total <= one * 2 + one / 2 || runs.runs().size() == 1, qPrintable(QString::number(total)));
        QVERIFY(runs.runs().size() < 4);
        QCOMPARE(runs.runs().last().path, paths.last());
        QVERIFY(!QFile::exists(paths[0]));
        SessionRuns tiny(20, 1);
        QVERIFY(runOnce(tiny, QStringLiteral("a")));
        QVERIFY(runOnce(tiny, QStringLiteral("b")));
        QCOMPARE(tiny.runs().size(), 1);
        QVERIFY(QFile::exists(tiny.runs().last().path));
    }

private:
    std::unique_ptr<Pipeline> runOnce(SessionRuns &runs, const QString &what)
    {
        RunConfig c;
        c.pipeline.files = m_files;
        c.pipeline.batchSize = 8;
        c.pipeline.exampleCapacity = 48;
        c.pipeline.minAfterDequeue = 16;
        c.pipeline.readerThreads = 2;
        c.pipeline.imageWidth = c.pipeline.imageHeight = 8;
        c.trainer.hidden = 8;
        auto p = Pipeline::create(c);
        if (!p.isOk()) {
            qWarning() << p.status().toString();
            return nullptr;
        }
        if (!runs.begin((*p)->recorder(), what).isOk() || !(*p)->start().isOk() || !(*p)->waitFinished(60s))
            return nullptr;
        if (!runs.end().isOk())
            return nullptr;
        return std::move(*p);
    }

    QTemporaryDir m_dir;
    QStringList m_files;
};

QTEST_GUILESS_MAIN(TestSessionRuns)
#include "tst_sessionruns.moc"
