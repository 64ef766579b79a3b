// queuescope-cli bench: each stage of the input pipeline in isolation, then the whole pipeline
// with 1..N reader threads, the bottleneck and the knob to turn, and the targets.
#include "clioutput.h"
#include "commands.h"
#include "knobflags.h"

#include "bench/benchsuite.h"
#include "bench/benchtext.h"
#include "bench/processtiming.h"

#include <QCoreApplication>

#include <QCommandLineParser>
#include <QJsonArray>

namespace qs::cli {

int runBench(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Measures the input pipeline: record scanning, Example parsing, decoding and preprocessing,\n"
        "the queue hand-off and the training step each alone, then the whole pipeline with 1, 2, ... N\n"
        "reader threads. Names the bottleneck, the share of time the trainer waits for input, and the\n"
        "knob to turn; then measures the performance targets (each a ratio within this run).\n"
        "With no file it benchmarks the demo dataset. Evaluation is off during the runs."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("files"), QStringLiteral("TFRecord files or glob patterns"),
                                 QStringLiteral("[FILE...]"));
    const KnobFlags knobFlags(KnobFlags::For::Bench);
    const QCommandLineOption readers(
        QStringLiteral("readers"),
        QStringLiteral("Measure with 1..N reader threads (default: the larger of the "
                       "config's reader_threads and the core count)."),
        QStringLiteral("N"));
    const QCommandLineOption config(QStringLiteral("config"),
                                    QStringLiteral("Run settings as JSON text or a file (flags go on top)."),
                                    QStringLiteral("JSON"));
    const QCommandLineOption seconds(
        QStringLiteral("seconds"),
        QStringLiteral("Time per measurement; a pipeline run takes about 3x. Default 1."),
        QStringLiteral("S"));
    const QCommandLineOption repeat(
        QStringLiteral("repeat"), QStringLiteral("Interleaved runs per side of each comparison. Default 3."),
        QStringLiteral("N"));
    const QCommandLineOption noTargets(QStringLiteral("no-targets"),
                                       QStringLiteral("Only the stages, the reader sweep and the verdict."));
    const QCommandLineOption bigFile(
        QStringLiteral("big-file-gb"),
        QStringLiteral(
            "First stream one epoch of a temporary file of G GB (raw 256x256 images) and report the "
            "peak RSS; the file is deleted afterwards."),
        QStringLiteral("G"));
    const QCommandLineOption tempDir(QStringLiteral("temp-dir"),
                                     QStringLiteral("Where temporary datasets go. Default: the system's."),
                                     QStringLiteral("DIR"));
    const QCommandLineOption jpeg(
        QStringLiteral("jpeg"),
        QStringLiteral("Also time scaled against full JPEG decoding on the JPEG images of this TFRecord "
                       "file (repeatable; a made 256x256 set is always timed)."),
        QStringLiteral("FILE"));
    const QCommandLineOption json(QStringLiteral("json"),
                                  QStringLiteral("Print the results as one JSON object."));
    knobFlags.addTo(parser);
    parser.addOptions({readers, config, seconds, repeat, noTargets, bigFile, tempDir, jpeg, json});
    processArguments(parser, args);
    Output out(parser.isSet(json));

    RunConfig base;
    if (parser.isSet(config)) {
        Result<QJsonObject> j = parseJsonArgument(parser.value(config));
        Result<RunConfig> c = j ? RunConfig::fromJson(*j) : Result<RunConfig>(j.status());
        if (!c)
            return out.fail(QStringLiteral("bench: --config: %1").arg(c.status().message()));
        base = *c;
    }
    Result<QJsonObject> given = knobFlags.json(parser);
    if (!given)
        return out.fail(QStringLiteral("bench: %1").arg(given.status().message()));
    QJsonObject flags = *given;
    if (!parser.positionalArguments().isEmpty())
        flags.insert(QStringLiteral("files"), QJsonArray::fromStringList(parser.positionalArguments()));
    Result<RunConfig> runConfig = RunConfig::fromJson(flags, base);
    if (!runConfig)
        return out.fail(QStringLiteral("bench: %1").arg(runConfig.status().message()));

    BenchOptions options;
    auto number = [&](const QCommandLineOption &o, double *to) {
        bool ok = true;
        if (parser.isSet(o))
            *to = parser.value(o).toDouble(&ok);
        return ok;
    };
    double readerCount = 0;
    double repeats = options.repeats;
    if (!number(seconds, &options.seconds) || !number(readers, &readerCount) || !number(repeat, &repeats) ||
        !number(bigFile, &options.bigFileGb))
        return out.fail(
            QStringLiteral("bench: --seconds, --readers, --repeat and --big-file-gb take numbers"));
    if (parser.isSet(readers) && readerCount < 1)
        return out.fail(QStringLiteral("bench: --readers must be at least 1"));
    options.maxReaders = int(readerCount);
    options.repeats = int(repeats);
    options.targets = !parser.isSet(noTargets);
    options.tempDir = parser.value(tempDir);
    options.cli = QCoreApplication::applicationFilePath();
    if (const Result<QStringList> libraries = startupLibraries(options.cli))
        options.libraries = int(libraries->size()); // else unknown (-1), and the bench says so
    options.jpegFiles = parser.values(jpeg);
    options.progress = [&out](const QString &what) {
        out.progress(QStringLiteral("bench: ") + what + QStringLiteral("..."));
    };
    if (Status s = options.validate(); !s.isOk())
        return out.fail(s.message());

    Result<BenchReport> report = runBench(*runConfig, options);
    out.endProgress();
    if (!report) {
        return out.fail(QStringLiteral("bench: %1").arg(report.status().toString()), 1);
    }
    if (out.json())
        out.json(report->toJson());
    else
        for (const QString &line : benchReportLines(*report))
            out.line(line);
    return 0;
}

} // namespace qs::cli
