#pragma once

#include "base/result.h"

#include <QJsonObject>
#include <QString>
#include <QTextStream>

class QCommandLineParser;

namespace qs {
struct SpecOverrides;
}

namespace qs::cli {

// Where a subcommand's words go: lines or JSON objects on stdout, problems on stderr.
class Output {
public:
    explicit Output(bool json);
    bool json() const { return m_json; }
    void line(const QString &text);
    void json(const QJsonObject &object); // one compact line
    void error(const QString &text);      // stderr, always
    void progress(const QString &text);   // stderr, rewriting one line; only on a terminal
    void endProgress();
    // error(text) and, with --json, {"error": text} on stdout; returns `status`. The exit
    // statuses of every subcommand: 0 ok, 1 a data or run error, 2 a usage error or a missing input.
    int fail(const QString &text, int status = 2);

private:
    bool m_json;
    bool m_progressOpen = false;
    QTextStream m_out;
    QTextStream m_err;
};

// QCommandLineParser::process(), except that --help prints "Usage: queuescope-cli <command> ..."
// (Qt would print the binary's path without the subcommand). args[0] is "queuescope-cli <command>".
void processArguments(QCommandLineParser &parser, const QStringList &args);

// A JSON object given on the command line, or the path of a file that holds one.
Result<QJsonObject> parseJsonArgument(const QString &textOrPath);
Result<SpecOverrides> parseOverrides(const QString &textOrPath);

} // namespace qs::cli
