#pragma once

// A program run to its end, as the CLI tests start queuescope-cli.

#include <QProcess>
#include <QString>
#include <QStringList>

struct Ran {
    int exitCode = -1; // -1: did not finish in time; -2: crashed
    QString out;
    QString err;
};

inline Ran runProcess(const QString &program, const QStringList &args,
                      const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
                      int timeoutMs = 120000)
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(program, args);
    Ran r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}
