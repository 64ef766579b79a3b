#pragma once

#include <QStringList>

#include <span>

namespace qs::cli {

// One subcommand of queuescope-cli: `args` starts with the subcommand's own name, ready for
// QCommandLineParser::process(). Returns the process exit status.
struct Command {
    const char *name;
    const char *summary;
    int (*run)(const QStringList &args);
};

std::span<const Command> commands();

} // namespace qs::cli
