// queuescope-cli run: one headless run of the pipeline and its trainer, with progress, a summary,
// and the event log / trace exports.
#include "clioutput.h"
#include "commands.h"
#include "interruptguard.h"
#include "knobflags.h"
#include "summarytext.h"

#include "demo/bundleddata.h"
#include "observe/runfilewriter.h"
#include "record/inputfiles.h"
#include "run/pipeline.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonObject>

#include <chrono>
#include <limits>

#include <unistd.h>

namespace qs::cli {

namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

QString progressLine(const Snapshot &s)
{
    QString line = QStringLiteral("step %1").arg(s.steps);
    if (!s.metrics.isEmpty()) {
        const MetricPoint &m = s.metrics.constLast();
        line += QStringLiteral("  loss %1  train %2").arg(m.loss, 0, 'f', 3).arg(percent(m.trainAccuracy));
        if (!s.metrics.evaluations().isEmpty())
            line += QStringLiteral("  held-out %1")
                        .arg(percent(s.metrics.evaluations().constLast().evalAccuracy));
    }
    const TopologyQueue *examples = s.topology ? s.topology->queueOf(QueueRole::Examples) : nullptr;
    for (const QueueInfo &q : s.queues) {
        if (examples && q.name == examples->name)
            line += QStringLiteral("  %1 %2/%3").arg(examples->label).arg(q.size).arg(q.capacity);
    }
    line += QStringLiteral("  %1 samples/s").arg(s.samplesPerSec, 0, 'f', 0);
    return line;
}

} // namespace

int runRun(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Runs the input pipeline and trains the model on TFRecord files, the way a TensorFlow 1.x\n"
        "script would: string_input_producer, reader threads, shuffle_batch, a training loop with a\n"
        "Coordinator. Settings are layered: defaults, the scenario's config, --config, then flags.\n"
        "Exit status: 0 when the run ended at the end of the data or by a stop, 1 on a data or run\n"
        "error, 2 on a usage error or a missing input. With --json every error is also printed as\n"
        "one JSON object with an \"error\" field."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("files"), QStringLiteral("TFRecord files or glob patterns"),
                                 QStringLiteral("[FILE...]"));
    const KnobFlags knobFlags(KnobFlags::For::Run);
    const QCommandLineOption scenarioOpt(QStringLiteral("scenario"),
                                         QStringLiteral("A built-in scenario or a .json file."),
                                         QStringLiteral("NAME|FILE"));
    const QCommandLineOption events(QStringLiteral("events"),
                                    QStringLiteral("Write the event log (JSON Lines) to F."),
                                    QStringLiteral("F"));
    const QCommandLineOption trace(
        QStringLiteral("trace"), QStringLiteral("Write a Chrome/Perfetto trace to F."), QStringLiteral("F"));
    const QCommandLineOption json(QStringLiteral("json"),
                                  QStringLiteral("Print the run summary as one JSON object."));
    const QCommandLineOption config(QStringLiteral("config"),
                                    QStringLiteral("Run settings as JSON text or a file."),
                                    QStringLiteral("JSON"));
    const QCommandLineOption record(
        QStringLiteral("record"),
        QStringLiteral(
            "Save the run record to F (SQLite, see README \"Saved runs\"), written as the run goes\n"
            "into F.partial, which becomes F when the run ends (a killed run leaves F.partial)."),
        QStringLiteral("F"));
    knobFlags.addTo(parser);
    parser.addOptions({scenarioOpt, events, trace, json, config, record});
    processArguments(parser, args);
    Output out(parser.isSet(json));

    std::optional<Scenario> scenario;
    RunConfig base;
    if (parser.isSet(scenarioOpt)) {
        Result<Scenario> s = Scenario::load(parser.value(scenarioOpt));
        if (!s)
            return out.fail(QStringLiteral("run: %1").arg(s.status().message()));
        Result<RunConfig> c = RunConfig::fromJson(s->config, base);
        if (!c)
            return out.fail(QStringLiteral("run: scenario %1: %2").arg(s->name, c.status().message()));
        base = *c;
        if (s->stopAfterSeconds > 0) // headless: the scenario's own stop
            base.trainer.stopAfterS = s->stopAfterSeconds;
        scenario = *s;
    }
    if (parser.isSet(config)) {
        Result<QJsonObject> j = parseJsonArgument(parser.value(config));
        Result<RunConfig> c = j ? RunConfig::fromJson(*j, base) : Result<RunConfig>(j.status());
        if (!c)
            return out.fail(QStringLiteral("run: --config: %1").arg(c.status().message()));
        base = *c;
    }
    Result<QJsonObject> flags = knobFlags.json(parser);
    if (!flags)
        return out.fail(QStringLiteral("run: %1").arg(flags.status().message()));
    if (!parser.positionalArguments().isEmpty())
        flags->insert(QStringLiteral("files"), QJsonArray::fromStringList(parser.positionalArguments()));
    Result<RunConfig> runConfig = RunConfig::fromJson(*flags, base);
    if (!runConfig)
        return out.fail(QStringLiteral("run: %1").arg(runConfig.status().message()));

    const bool workers = scenario && scenario->mode == RunMode::Workers;
    if (runConfig->pipeline.files.isEmpty() && !workers) { // the bundled demo dataset
        const BundledDemo demo = bundledDemo();
        if (!demo.isFound())
            return out.fail(QStringLiteral("run: ") + bundledDemoMissingMessage());
        runConfig->pipeline.files = {demo.trainFile};
        if (runConfig->trainer.evalFile.isEmpty())
            runConfig->trainer.evalFile = demo.evalFile;
        out.error(QStringLiteral("run: no files given: training on the bundled demo dataset %1")
                      .arg(runConfig->pipeline.files.first()));
    }

    Result<std::unique_ptr<Pipeline>> pipeline = Pipeline::create(*runConfig, scenario);
    if (!pipeline) {
        // A missing file or a folder is a usage error (2), as in inspect; the rest is the data's (1).
        const bool inputMissing =
            !runConfig->pipeline.files.isEmpty() && !expandInputs(runConfig->pipeline.files).isOk();
        return out.fail(QStringLiteral("run: %1").arg(pipeline.status().toString()), inputMissing ? 2 : 1);
    }
    Pipeline &p = **pipeline;
    for (const QString &notice : p.plan().notices)
        out.error(QStringLiteral("run: note: %1").arg(notice));
    for (const QString &warning : p.plan().warnings)
        out.error(QStringLiteral("run: warning: %1").arg(warning));
    std::unique_ptr<RunFileWriter> recordWriter; // destroyed before the pipeline
    if (parser.isSet(record)) {
        RunFileWriter::Options o;
        o.meta.insert(QStringLiteral("command"), args.join(QLatin1Char(' ')));
        Result<std::unique_ptr<RunFileWriter>> w =
            RunFileWriter::start(parser.value(record), p.recorder(), o);
        if (!w) {
            out.error(QStringLiteral("run: --record: %1").arg(w.status().toString()));
            return 1;
        }
        recordWriter = std::move(*w);
    }
    // Ctrl-C (or SIGTERM) = request_stop and a clean join, polled below; a second one ends the
    // process at once.
    InterruptGuard interrupts;
    if (Status s = p.start(); !s.isOk())
        return out.fail(QStringLiteral("run: %1").arg(s.toString()), 1);

    out.error(QStringLiteral("run: started (Ctrl-C requests a stop)"));
    const bool terminal = isatty(STDERR_FILENO);
    const auto progressEvery = terminal ? 250ms : 2000ms;
    auto lastProgress = Clock::now();
    bool stopAsked = false;
    while (!p.waitFinished(50ms)) {
        if (InterruptGuard::stopRequested() && !stopAsked) {
            stopAsked = true;
            out.error(QStringLiteral("run: stopping (request_stop); press Ctrl-C again to quit at once"));
            p.requestStop();
        }
        if (Clock::now() - lastProgress >= progressEvery) {
            lastProgress = Clock::now();
            const QString line = progressLine(*p.snapshot(std::numeric_limits<qint64>::max()));
            terminal ? out.progress(line) : out.error(line);
        }
    }
    out.endProgress();

    const RunSummary summary = p.summary();
    int status = summary.how == EndHow::Error ? 1 : 0;
    if (recordWriter) {
        if (Status s = recordWriter->finish(); !s.isOk()) {
            out.error(QStringLiteral("run: --record: %1").arg(s.toString()));
            status = 1;
        }
    }
    for (const QString &line : summaryLines(summary))
        out.json() ? out.error(line) : out.line(line);
    if (!summary.error.isOk() && !out.json()) // problems go to stderr too, whatever stdout is piped to
        out.error(QStringLiteral("run: %1").arg(summary.error.toString()));
    if (parser.isSet(events)) {
        if (Status s = p.writeEvents(parser.value(events)); !s.isOk()) {
            out.error(QStringLiteral("run: --events: %1").arg(s.toString()));
            status = 1;
        }
    }
    if (parser.isSet(trace)) {
        if (Status s = p.writeTrace(parser.value(trace)); !s.isOk()) {
            out.error(QStringLiteral("run: --trace: %1").arg(s.toString()));
            status = 1;
        }
    }
    if (out.json())
        out.json(summary.toJson());
    return status;
}

} // namespace qs::cli
