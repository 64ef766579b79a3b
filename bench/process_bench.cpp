// qs-bench-process: whole-process timings of the CLI, as a user sees them (the same measures as
// `queuescope-cli bench`'s start-up and inspect-vs-cat targets, for any build of the CLI).
//
//   qs-bench-process CLI [FILE] [--repeat N]
//
// - start-up: `CLI --version`, median of --repeat (21) runs. Target <= 20 ms.
// - FILE (a TFRecord file; it is read once first, into the page cache): `cat FILE` and
//   `CLI inspect --verify FILE` alternately, --repeat / 3 pairs; the median of cat / inspect.
//   Target >= 0.8.
#include "bench/machineinfo.h"
#include "bench/processtiming.h"
#include "bench/stagerate.h"

#include <algorithm>
#include <cstdio>

using namespace qs;

namespace {

int usage()
{
    std::fprintf(stderr, "usage: qs-bench-process CLI [FILE] [--repeat N]\n");
    return 2;
}

} // namespace

int main(int argc, char **argv)
{
    QString cli, file;
    int repeat = 21;
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg = argv[i];
        if (arg == "--repeat" && i + 1 < argc)
            repeat = QByteArray(argv[++i]).toInt();
        else if (!arg.startsWith("--") && cli.isEmpty())
            cli = QString::fromLocal8Bit(arg);
        else if (!arg.startsWith("--") && file.isEmpty())
            file = QString::fromLocal8Bit(arg);
        else
            return usage();
    }
    if (cli.isEmpty() || repeat < 1)
        return usage();
    QList<double> startup;
    for (int i = 0; i < repeat; ++i) {
        Result<double> s = timeProcess({cli, QStringLiteral("--version")});
        if (!s) {
            std::fprintf(stderr, "qs-bench-process: %s\n", qPrintable(s.status().message()));
            return 1;
        }
        startup << *s;
    }
    std::printf("start-up        %s --version: %.1f ms (median of %d; target <= 20)\n", qPrintable(cli),
                medianOf(startup) * 1e3, repeat);
    if (!file.isEmpty()) {
        const int pairs = std::max(3, repeat / 3);
        Result<double> warm = timeProcess({QStringLiteral("cat"), file});
        Result<ProcessPairs> p =
            warm ? timeProcessPairs({QStringLiteral("cat"), file},
                                    {cli, QStringLiteral("inspect"), QStringLiteral("--verify"), file}, pairs)
                 : Result<ProcessPairs>(warm.status());
        if (!p) {
            std::fprintf(stderr, "qs-bench-process: %s\n", qPrintable(p.status().message()));
            return 1;
        }
        QList<double> ratios;
        for (qsizetype i = 0; i < p->a.size(); ++i)
            ratios << p->a[i] / p->b[i];
        std::printf("cat             %.1f ms (median of %d)\n", medianOf(p->a) * 1e3, pairs);
        std::printf("inspect --verify %.1f ms (median of %d)\n", medianOf(p->b) * 1e3, pairs);
        std::printf("ratio           %.2f cat/inspect, median of the pairs (target >= 0.80)\n",
                    medianOf(ratios));
    }
    std::printf("load            %s\n", qPrintable(LoadAverage::now().toString()));
    return 0;
}
