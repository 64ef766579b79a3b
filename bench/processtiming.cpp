#include "bench/processtiming.h"

#include <QElapsedTimer>

#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char **environ;

namespace qs {

namespace {

// Starts argv[0] (looked up in PATH) with posix_spawn: its stdout on `out` (-1: /dev/null), its
// stderr on /dev/null, `env` as its environment. Not QProcess: on Linux it starts children with
// clone(CLONE_VM | CLONE_VFORK) and runs Qt code in them before the exec, in the parent's memory,
// which ThreadSanitizer cannot follow (its state for the parent's threads is left broken, and it
// then reports races under every mutex); posix_spawn's child runs only inside the C library.
Result<pid_t> spawn(const QStringList &argv, char *const *env, int out)
{
    if (argv.isEmpty())
        return Status(ErrorKind::InvalidArgument, QStringLiteral("no program to start"));
    std::vector<QByteArray> args;
    for (const QString &a : argv)
        args.push_back(a.toLocal8Bit());
    std::vector<char *> pointers;
    for (QByteArray &a : args)
        pointers.push_back(a.data());
    pointers.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (out >= 0)
        posix_spawn_file_actions_adddup2(&actions, out, 1);
    else
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid = 0;
    const int rc = posix_spawnp(&pid, pointers[0], &actions, nullptr, pointers.data(), env);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0)
        return Status(
            ErrorKind::NotFound,
            QStringLiteral("cannot start %1: %2").arg(argv[0], QString::fromLocal8Bit(strerror(rc))));
    return pid;
}

// The child's exit: true when it exited 0.
bool exitedZero(pid_t pid)
{
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

} // namespace

Result<double> timeProcess(const QStringList &argv)
{
    QElapsedTimer clock;
    clock.start();
    const Result<pid_t> pid = spawn(argv, environ, -1);
    if (!pid)
        return pid.status();
    const bool ok = exitedZero(*pid);
    const double seconds = double(clock.nsecsElapsed()) / 1e9;
    if (!ok)
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
    const Status cannot(ErrorKind::Internal,
                        QStringLiteral("cannot list the libraries %1 loads").arg(program));
    std::vector<QByteArray> vars;
    for (char **e = environ; *e; ++e) {
        if (!QByteArray(*e).startsWith("LD_TRACE_LOADED_OBJECTS="))
            vars.emplace_back(*e);
    }
    vars.emplace_back("LD_TRACE_LOADED_OBJECTS=1");
    std::vector<char *> env;
    for (QByteArray &v : vars)
        env.push_back(v.data());
    env.push_back(nullptr);
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0)
        return cannot;
    const Result<pid_t> pid = spawn({program}, env.data(), fds[1]);
    ::close(fds[1]);
    QByteArray listing;
    char buf[4096];
    for (;;) {
        const ssize_t n = ::read(fds[0], buf, sizeof buf);
        if (n > 0)
            listing.append(buf, n);
        else if (n == 0 || errno != EINTR)
            break;
    }
    ::close(fds[0]);
    if (!pid || !exitedZero(*pid))
        return cannot;
    QStringList libraries;
    for (const QByteArray &line : listing.split('\n')) {
        const QByteArray l = line.trimmed();
        // "libX.so => /path (0x...)", or "/lib64/ld-linux-x86-64.so.2 (0x...)" for the loader.
        if (!l.startsWith("linux-vdso") && !l.startsWith("linux-gate") && l.contains("(0x"))
            libraries << QString::fromLocal8Bit(l);
    }
    return libraries;
}

} // namespace qs
