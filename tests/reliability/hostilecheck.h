#pragma once

// What the reliability tests check at each layer, shared by them: a small run's settings for
// Pipeline and for queuescope-cli run, the CLI as a process (optionally as an unprivileged
// user), and the checks that an error names the file, the record and the offset.

#include "hostilefiles.h"

#include "run/runconfig.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

#include <grp.h>
#include <sys/fsuid.h>
#include <sys/resource.h>
#include <unistd.h>

namespace qs::test {

inline const QString kCli = QStringLiteral(QS_BINARY_DIR "/bin/queuescope-cli");
inline constexpr uid_t kNobody = 65534;

// Drops this thread's file-system identity to nobody while it lives, when running as root (the
// fs ids are per thread on Linux; the capabilities come back with fsuid 0).
class Unprivileged {
public:
    explicit Unprivileged(bool on)
        : m_on(on && ::geteuid() == 0)
    {
        if (m_on) {
            ::setfsgid(kNobody);
            ::setfsuid(kNobody);
        }
    }
    ~Unprivileged()
    {
        if (m_on) {
            ::setfsuid(0);
            ::setfsgid(0);
        }
    }
    Unprivileged(const Unprivileged &) = delete;
    Unprivileged &operator=(const Unprivileged &) = delete;

private:
    bool m_on;
};

// Whether an unprivileged reader really cannot open `path` here (root without CAP_SETUID, in
// some containers, keeps reading everything).
inline bool unreadableAsNobody(const QString &path)
{
    Unprivileged guard(true);
    QFile f(path);
    return !f.open(QIODevice::ReadOnly);
}

// A small run over one file: tiny queues, one epoch, no evaluation.
inline RunConfig smallRun(const QString &file, int classes, bool skipCorrupt = false)
{
    RunConfig c;
    c.pipeline.files = {file};
    c.pipeline.batchSize = 4;
    c.pipeline.exampleCapacity = 16;
    c.pipeline.minAfterDequeue = 4;
    c.pipeline.readerThreads = 2;
    c.pipeline.numEpochs = 1;
    c.trainer.minSteps = 0; // one epoch, as the counts expect
    c.pipeline.skipCorrupt = skipCorrupt;
    c.trainer.hidden = 8;
    c.pipeline.imageWidth = c.pipeline.imageHeight = 8;
    c.trainer.evalEvery = 0;
    c.trainer.evalFraction = 0;
    c.trainer.numClasses = classes;
    return c;
}

// The same run as queuescope-cli run arguments; `extra` adds RunConfig JSON keys.
inline QStringList cliRunArgs(const QString &path, int classes, const QJsonObject &extra = {})
{
    QJsonObject config{{QStringLiteral("eval_every"), 0}, {QStringLiteral("num_classes"), classes}};
    for (auto it = extra.begin(); it != extra.end(); ++it)
        config.insert(it.key(), it.value());
    return QStringList{QStringLiteral("run"), path} +
           QStringLiteral(
               "--batch-size 4 --capacity 16 --min-after-dequeue 4 --readers 2 --epochs 1 --hidden 8 "
               "--input-size 8 --eval-fraction 0 --config")
               .split(QLatin1Char(' ')) +
           QStringList{QString::fromUtf8(QJsonDocument(config).toJson(QJsonDocument::Compact))};
}

struct Cli {
    int exitCode = -1; // -1: did not finish, -2: crashed
    QString out;
    QString err;
};

inline Cli runCli(const QStringList &args, bool unprivileged = false)
{
    QProcess p;
    if (unprivileged && ::geteuid() == 0) {
        p.setChildProcessModifier([] {
            if (::setgroups(0, nullptr) != 0 || ::setgid(kNobody) != 0 || ::setuid(kNobody) != 0)
                ::_exit(127);
        });
    }
    p.start(kCli, args);
    Cli c;
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
    } else {
        c.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    }
    c.out = QString::fromUtf8(p.readAllStandardOutput());
    c.err = QString::fromUtf8(p.readAllStandardError());
    return c;
}

// The largest resident set of any child process waited for so far, in MiB.
inline double childrenPeakMiB()
{
    rusage usage{};
    ::getrusage(RUSAGE_CHILDREN, &usage);
    return double(usage.ru_maxrss) / 1024.0;
}

inline bool names(const QString &text, const QString &what, qint64 value)
{
    return value < 0 || text.contains(QRegularExpression(QStringLiteral("\\b%1 %2\\b").arg(what).arg(value)));
}

// The text names the file, and the record and offset where they apply.
inline void expectNamed(const QString &text, const Made &m)
{
    QVERIFY2(text.contains(m.path), qPrintable(text));
    QVERIFY2(names(text, QStringLiteral("record"), m.record), qPrintable(text));
    QVERIFY2(names(text, QStringLiteral("offset"), m.offset), qPrintable(text));
}

inline void expectStatus(const Status &s, ErrorKind kind, const QString &text, const Made &m)
{
    QVERIFY2(s.kind() == kind,
             qPrintable(QStringLiteral("expected %1, got %2").arg(errorKindName(kind), s.toString())));
    if (kind == ErrorKind::Ok)
        return;
    QVERIFY2(s.message().contains(text), qPrintable(s.toString()));
    QCOMPARE(s.where().file, m.path);
    QCOMPARE(s.where().record, m.record);
    QCOMPARE(s.where().offset, m.offset);
    expectNamed(s.toString(), m);
}

} // namespace qs::test
