// queuescope-cli replay: the summary of a saved run (run --record), read from its file.
#include "clioutput.h"
#include "commands.h"
#include "summarytext.h"

#include "observe/runfilereader.h"
#include "run/runsummary.h"

#include <QCommandLineParser>

namespace qs::cli {

int runReplay(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Reads a run saved with `run --record RUN.qsrun` (or the RUN.qsrun.partial a killed run\n"
        "leaves) and prints the summary `run` printed at its end. Exit status: 0 when the file\n"
        "was read, 1 when it cannot be (missing, not a run file, newer version, damaged)."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("run"), QStringLiteral("A saved run file"),
                                 QStringLiteral("RUN.qsrun"));
    const QCommandLineOption json(QStringLiteral("json"),
                                  QStringLiteral("Print the run summary as one JSON object."));
    parser.addOption(json);
    processArguments(parser, args);
    Output out(parser.isSet(json));
    if (parser.positionalArguments().size() != 1)
        return out.fail(QStringLiteral("replay: give one run file"));

    const Result<SavedRun> record = RunFileReader::read(parser.positionalArguments().first());
    if (!record) {
        out.error(QStringLiteral("replay: %1").arg(record.status().toString()));
        return 1;
    }
    if (!record->finished())
        out.error(QStringLiteral("replay: the run did not finish: the file holds its first %1 s")
                      .arg(double(record->last.tUs) / 1e6, 0, 'f', 1));
    for (const RunFileGap &g : record->gaps)
        out.error(QStringLiteral("replay: the record lost %1 %2 (%3 to %4) before they were saved")
                      .arg(g.toSeq - g.fromSeq)
                      .arg(g.what)
                      .arg(g.fromSeq)
                      .arg(g.toSeq));
    const RunSummary summary = RunSummary::of(*record);
    if (out.json()) {
        out.json(summary.toJson());
        return 0;
    }
    for (const QString &line : summaryLines(summary))
        out.line(line);
    return 0;
}

} // namespace qs::cli
