#include "base/heaptuning.h"
#include "commands.h"

#include <QCoreApplication>
#include <QTextStream>

#include <cstdio>

namespace {

void printUsage(QTextStream &out)
{
    out << "Usage: queuescope-cli <command> [options]\n\n"
           "Sees, teaches and debugs TensorFlow 1.x style input pipelines.\n\nCommands:\n";
    for (const auto &c : qs::cli::commands())
        out << "  " << QString::fromLatin1(c.name).leftJustified(10) << c.summary << '\n';
    out << "\nRun 'queuescope-cli <command> --help' for a command's options.\n";
}

} // namespace

int main(int argc, char **argv)
{
    qs::keepFreedMemoryForReuse();
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("queuescope-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(QS_VERSION));

    QStringList args = QCoreApplication::arguments();
    QTextStream out(stdout);
    QTextStream err(stderr);
    if (args.size() < 2 || args[1] == QLatin1String("--help") || args[1] == QLatin1String("-h") ||
        args[1] == QLatin1String("help")) {
        printUsage(out);
        return args.size() < 2 ? 2 : 0;
    }
    if (args[1] == QLatin1String("--version") || args[1] == QLatin1String("-v")) {
        out << "queuescope-cli " << QS_VERSION << '\n';
        return 0;
    }
    for (const auto &c : qs::cli::commands()) {
        if (args[1] == QLatin1String(c.name)) {
            args.removeFirst(); // the subcommand's parser sees "<name> options..."
            args[0] = QStringLiteral("queuescope-cli ") + args[0];
            return c.run(args);
        }
    }
    err << "queuescope-cli: unknown command '" << args[1] << "'\n\n";
    err.flush();
    printUsage(err);
    return 2;
}
