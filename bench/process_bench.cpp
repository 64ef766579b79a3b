// qs-bench-process: whole-process timings of the CLI, as a user sees them.
//
//   qs-bench-process CLI [FILE] [--repeat N]
//
// - start-up: `CLI --version`, median of --repeat (21) runs. Target <= 20 ms.
// - FILE (a page-cached TFRecord file; it is read once first): `CLI inspect --verify FILE`
//   against `cat FILE` (stdout to /dev/null), medians; ratio = cat / inspect. Target >= 0.8.
// Processes are started with posix_spawn and waited for; the figure is the wall time between.
#include "bench/machineinfo.h"

#include <QElapsedTimer>
#include <QFile>

#include <algorithm>
#include <cstdio>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <vector>

extern char **environ;

namespace {

// Wall seconds of one run of argv with stdout and stderr on /dev/null; < 0 when it failed.
double runOnce(const std::vector<QByteArray> &args)
{
    std::vector<char *> argv;
    for (const QByteArray &a : args)
        argv.push_back(const_cast<char *>(a.constData()));
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    QElapsedTimer t;
    t.start();
    pid_t pid = 0;
    const int rc = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0)
        return -1;
    int status = 0;
    waitpid(pid, &status, 0);
    const double s = double(t.nsecsElapsed()) / 1e9;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? s : -1;
}

double median(const std::vector<QByteArray> &args, int repeat)
{
    std::vector<double> times;
    for (int i = 0; i < repeat; ++i) {
        const double s = runOnce(args);
        if (s < 0)
            return -1;
        times.push_back(s);
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

} // namespace

int main(int argc, char **argv)
{
    QByteArray cli, file;
    int repeat = 21;
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg = argv[i];
        if (arg == "--repeat" && i + 1 < argc)
            repeat = QByteArray(argv[++i]).toInt();
        else if (!arg.startsWith("--") && cli.isEmpty())
            cli = arg;
        else if (!arg.startsWith("--") && file.isEmpty())
            file = arg;
        else {
            std::fprintf(stderr, "usage: qs-bench-process CLI [FILE] [--repeat N]\n");
            return 2;
        }
    }
    if (cli.isEmpty() || repeat < 1) {
        std::fprintf(stderr, "usage: qs-bench-process CLI [FILE] [--repeat N]\n");
        return 2;
    }
    const double version = median({cli, "--version"}, repeat);
    if (version < 0) {
        std::fprintf(stderr, "qs-bench-process: %s --version failed\n", cli.constData());
        return 1;
    }
    std::printf("start-up        %s --version: %.1f ms (median of %d; target <= 20)\n", cli.constData(),
                version * 1e3, repeat);
    if (!file.isEmpty()) {
        runOnce({"cat", file}); // into the page cache
        const int runs = std::max(3, repeat / 3);
        const double cat = median({"cat", file}, runs);
        const double inspect = median({cli, "inspect", "--verify", file}, runs);
        if (cat < 0 || inspect < 0) {
            std::fprintf(stderr, "qs-bench-process: cat or inspect failed on %s\n", file.constData());
            return 1;
        }
        std::printf("cat             %.1f ms (median of %d)\n", cat * 1e3, runs);
        std::printf("inspect --verify %.1f ms (median of %d)\n", inspect * 1e3, runs);
        std::printf("ratio           %.2f cat/inspect (target >= 0.80)\n", cat / inspect);
    }
    std::printf("load            %s\n", qPrintable(qs::LoadAverage::now().toString()));
    return 0;
}
