#include "bench/processtiming.h"

#include <QElapsedTimer>
#include <QProcess>

#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <vector>

extern char **environ;

namespace qs {

Result<double> timeProcess(const QStringList &argv)
{
    if (argv.isEmpty())
        return Status(ErrorKind::InvalidArgument, QStringLiteral("no program to time"));
    std::vector<QByteArray> args;
    for (const QString &a : argv)
        args.push_back(a.toLocal8Bit());
    std::vector<char *> pointers;
    for (QByteArray &a : args)
        pointers.push_back(a.data());
    pointers.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    QElapsedTimer clock;
    clock.start();
    pid_t pid = 0;
    const int rc = posix_spawnp(&pid, pointers[0], &actions, nullptr, pointers.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0)
        return Status(
            ErrorKind::NotFound,
            QStringLiteral("cannot start %1: %2").arg(argv[0], QString::fromLocal8Bit(strerror(rc))));
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    const double seconds = double(clock.nsecsElapsed()) / 1e9;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return Status(ErrorKind::Internal,
                      QStringLiteral("%1 did not exit 0").arg(argv.join(QLatin1Char(' '))));
    return seconds;
}

Result<ProcessPairs> timeProcessPairs(const QStringList &a, const QStringList &b, int pairs)
{
    ProcessPairs p;
    for (int i = 0; i < pairs; ++i) {
        Result<double> ta = timeProcess(a);
        if (!ta)
            return ta.status();
        Result<double> tb = timeProcess(b);
        if (!tb)
            return tb.status();
        p.a << *ta;
        p.b << *tb;
    }
    return p;
}

Result<QStringList> startupLibraries(const QString &program)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LD_TRACE_LOADED_OBJECTS"), QStringLiteral("1"));
    p.setProcessEnvironment(env);
    p.start(program, {});
    if (!p.waitForFinished(30000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        p.kill();
        p.waitForFinished();
        return Status(ErrorKind::Internal, QStringLiteral("cannot list the libraries %1 loads").arg(program));
    }
    QStringList libraries;
    for (const QByteArray &line : p.readAllStandardOutput().split('\n')) {
        const QByteArray l = line.trimmed();
        // "libX.so => /path (0x...)", or "/lib64/ld-linux-x86-64.so.2 (0x...)" for the loader.
        if (!l.startsWith("linux-vdso") && !l.startsWith("linux-gate") && l.contains("(0x"))
            libraries << QString::fromLocal8Bit(l);
    }
    return libraries;
}

} // namespace qs
