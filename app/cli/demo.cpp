// queuescope-cli demo: the synthetic shapes dataset as TFRecord files.
#include "clioutput.h"
#include "commands.h"
#include "interruptguard.h"
#include "writeroptions.h"

#include "demo/bundleddata.h"
#include "demo/demodataset.h"

#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QRegularExpression>

namespace qs::cli {

namespace {

// "data/demo.tfrecords" -> "data/demo-eval.tfrecords"; "data/demo" -> "data/demo-eval".
QString evalPathFor(const QString &train)
{
    static const QRegularExpression ext(QStringLiteral("\\.(tfrecords?|tfr)$"),
                                        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = ext.match(train);
    if (m.hasMatch())
        return train.left(m.capturedStart()) + QStringLiteral("-eval") + m.captured();
    return train + QStringLiteral("-eval");
}

QString labelCountsText(const std::vector<qint64> &counts)
{
    QStringList parts;
    for (const qint64 c : counts)
        parts << QString::number(c);
    return parts.join(QLatin1Char(' '));
}

struct Plan {
    std::vector<DemoSplit> splits;
    std::vector<QString> names; // "train", "eval"
    DatasetWriterOptions writer;
};

int write(const Plan &plan, Output &out)
{
    qint64 total = 0;
    for (const DemoSplit &split : plan.splits)
        total += split.demo.count;
    QElapsedTimer sinceProgress;
    sinceProgress.start();
    WriteControl control;
    control.shouldStop = [] { return InterruptGuard::stopRequested(); };
    control.progress = [&](qint64 done) {
        if (sinceProgress.elapsed() >= 100 || done == total) {
            out.progress(QStringLiteral("demo: %1 of %2 samples").arg(done).arg(total));
            sinceProgress.restart();
        }
    };
    const QStringList classes = demoClassNames(plan.splits.front().demo.classes);
    if (!out.json()) {
        out.line(QStringLiteral("classes (label, shape)"));
        for (int label = 0; label < classes.size(); ++label)
            out.line(QStringLiteral("  %1  %2").arg(label).arg(classes[label]));
    }

    const InterruptGuard guard;
    const Result<std::vector<DemoSplitResult>> written = writeDemoSplits(plan.splits, plan.writer, control);
    out.endProgress();
    if (!written) {
        QStringList targets;
        for (const DemoSplit &split : plan.splits)
            targets << split.path;
        const bool stopped =
            written.status().kind() == ErrorKind::Cancelled && InterruptGuard::stopRequested();
        const QString why =
            stopped ? QStringLiteral("%1 (%2)").arg(written.status().message(), InterruptGuard::signalName())
                    : written.status().toString();
        out.error(
            QStringLiteral("demo: %1; %2 left as it was").arg(why, targets.join(QStringLiteral(" and "))));
        return stopped ? InterruptGuard::exitStatus() : 1;
    }

    QJsonArray splitsJson;
    for (size_t i = 0; i < written->size(); ++i) {
        const DemoSplitResult &r = (*written)[i];
        const DemoOptions &demo = plan.splits[i].demo;
        if (out.json()) {
            QJsonArray counts;
            for (const qint64 c : r.labelCounts)
                counts.append(c);
            splitsJson.append(QJsonObject{{QStringLiteral("split"), plan.names[i]},
                                          {QStringLiteral("files"), QJsonArray::fromStringList(r.paths)},
                                          {QStringLiteral("count"), r.count},
                                          {QStringLiteral("seed"), qint64(demo.seed)},
                                          {QStringLiteral("label_counts"), counts}});
            continue;
        }
        out.line(QStringLiteral("wrote %1 %2 examples to %3 (seed %4; per label %5)")
                     .arg(QString::number(r.count), plan.names[i], r.paths.join(QStringLiteral(", ")),
                          QString::number(demo.seed), labelCountsText(r.labelCounts)));
    }
    const DemoOptions &first = plan.splits.front().demo;
    if (out.json()) {
        QJsonObject o = writerOptionsJson(plan.writer);
        o.insert(QStringLiteral("classes"), QJsonArray::fromStringList(classes));
        o.insert(QStringLiteral("size"), first.size);
        o.insert(QStringLiteral("splits"), splitsJson);
        out.json(o);
    } else {
        out.line(QStringLiteral("%1x%2 images, %3")
                     .arg(first.size)
                     .arg(first.size)
                     .arg(describeWriterOptions(plan.writer)));
    }
    return 0;
}

} // namespace

int runDemo(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Writes the synthetic shapes dataset (bright shapes on noisy backgrounds, one class per shape) as\n"
        "TFRecord files. The same options give the same bytes on every machine. Files are written to\n"
        "temporaries and renamed into place only when every one is complete, so a failed or interrupted\n"
        "run (SIGINT, SIGTERM) leaves existing files as they were.\n"
        "Exit status: 0 written, 1 failed (nothing written), 2 usage error, 130/143 stopped by "
        "SIGINT/SIGTERM."));
    parser.addHelpOption();
    const QCommandLineOption output(
        {QStringLiteral("o"), QStringLiteral("output")},
        QStringLiteral("The TFRecord file to write (the shards' base name with --shards)."),
        QStringLiteral("OUT"));
    const QCommandLineOption count(QStringLiteral("count"),
                                   QStringLiteral("Samples to write (default 1000)."), QStringLiteral("N"),
                                   QStringLiteral("1000"));
    const QCommandLineOption size(QStringLiteral("size"),
                                  QStringLiteral("Square images of NxN pixels, %1..%2 (default 32).")
                                      .arg(kDemoMinSize)
                                      .arg(kDemoMaxSize),
                                  QStringLiteral("N"), QStringLiteral("32"));
    const QCommandLineOption classes(
        QStringLiteral("classes"),
        QStringLiteral("Number of classes, 2..%1 (default 4).").arg(kDemoMaxClasses), QStringLiteral("K"),
        QStringLiteral("4"));
    const QCommandLineOption seed(QStringLiteral("seed"), QStringLiteral("Seed of the samples (default 1)."),
                                  QStringLiteral("S"), QStringLiteral("1"));
    const QCommandLineOption evalCount(
        QStringLiteral("eval-count"),
        QStringLiteral("Also write M held-out samples, drawn from their own seed "
                       "stream (seed + 1000003), to the --eval-output file."),
        QStringLiteral("M"), QStringLiteral("0"));
    const QCommandLineOption evalOutput(
        QStringLiteral("eval-output"),
        QStringLiteral("Where --eval-count goes (default: OUT with -eval before its "
                       ".tfrecords extension, or OUT-eval)."),
        QStringLiteral("PATH"));
    const QCommandLineOption bundled(
        QStringLiteral("bundled"),
        QStringLiteral("Write the dataset QueueScope ships (%1 and %2) into DIR, with "
                       "its fixed settings; takes no other dataset option.")
            .arg(QLatin1String(kBundledDemoTrainFile), QLatin1String(kBundledDemoEvalFile)),
        QStringLiteral("DIR"));
    const QCommandLineOption locate(
        QStringLiteral("locate"),
        QStringLiteral("Print the folder that holds the bundled dataset, as QueueScope "
                       "finds it (exit status 1 when there is none)."));
    const WriterOptionSet writerOptions(DatasetLayout::Raw, ImageFormat::Png);
    parser.addOptions({output, count, size, classes, seed, evalCount, evalOutput, bundled, locate});
    writerOptions.addTo(parser);
    processArguments(parser, args);

    Output out(writerOptions.json(parser));
    if (!parser.positionalArguments().isEmpty())
        return out.fail(QStringLiteral("demo: unexpected argument '%1' (see --help)")
                            .arg(parser.positionalArguments().front()));
    if (parser.isSet(locate)) {
        const QString dir = bundledDemoDir();
        if (dir.isEmpty()) {
            return out.fail(QStringLiteral("demo: no bundled dataset in %1")
                                .arg(bundledDemoSearchPath().join(QStringLiteral(", "))),
                            1);
        }
        out.line(dir);
        return 0;
    }
    Plan plan;
    if (parser.isSet(bundled)) {
        QList<QCommandLineOption> others{output, count, size, classes, seed, evalCount, evalOutput};
        others << writerOptions.all();
        for (const QCommandLineOption &o : others) {
            if (parser.isSet(o))
                return out.fail(QStringLiteral("demo: --bundled takes no --%1").arg(o.names().constLast()));
        }
        if (!QDir().mkpath(parser.value(bundled))) {
            return out.fail(QStringLiteral("demo: cannot create the folder %1").arg(parser.value(bundled)),
                            1);
        }
        const QDir dir(parser.value(bundled));
        plan.writer = bundledDemoWriterOptions();
        plan.splits = {{dir.filePath(QLatin1String(kBundledDemoTrainFile)), bundledDemoTrainOptions()},
                       {dir.filePath(QLatin1String(kBundledDemoEvalFile)), bundledDemoEvalOptions()}};
        plan.names = {QStringLiteral("train"), QStringLiteral("eval")};
        return write(plan, out);
    }

    Result<DatasetWriterOptions> options = writerOptions.read(parser);
    if (!options)
        return out.fail(QStringLiteral("demo: %1").arg(options.status().message()));
    plan.writer = *options;
    if (!parser.isSet(output) || parser.value(output).isEmpty())
        return out.fail(QStringLiteral("demo: -o OUT is required (or --bundled DIR)"));
    const Result<qint64> n = parseCount(parser.value(count), QStringLiteral("--count"), 1, qint64(1) << 40);
    const Result<qint64> side =
        parseCount(parser.value(size), QStringLiteral("--size"), kDemoMinSize, kDemoMaxSize);
    const Result<qint64> k =
        parseCount(parser.value(classes), QStringLiteral("--classes"), 2, kDemoMaxClasses);
    const Result<qint64> s = parseCount(parser.value(seed), QStringLiteral("--seed"), 0, qint64(1) << 62);
    const Result<qint64> m =
        parseCount(parser.value(evalCount), QStringLiteral("--eval-count"), 0, qint64(1) << 40);
    for (const Result<qint64> *r : {&n, &side, &k, &s, &m}) {
        if (!*r)
            return out.fail(QStringLiteral("demo: %1").arg(r->status().message()));
    }
    if (parser.isSet(evalOutput) && *m == 0)
        return out.fail(QStringLiteral("demo: --eval-output needs --eval-count"));

    DemoOptions train;
    train.count = *n;
    train.size = int(*side);
    train.classes = int(*k);
    train.seed = quint64(*s);
    plan.splits.push_back({parser.value(output), train});
    plan.names.push_back(QStringLiteral("train"));
    if (*m > 0) {
        DemoOptions eval = train;
        eval.count = *m;
        eval.seed = demoEvalSeed(train.seed);
        const QString evalPath =
            parser.isSet(evalOutput) ? parser.value(evalOutput) : evalPathFor(parser.value(output));
        if (evalPath == parser.value(output))
            return out.fail(QStringLiteral("demo: --eval-output must differ from OUT"));
        plan.splits.push_back({evalPath, eval});
        plan.names.push_back(QStringLiteral("eval"));
    }
    return write(plan, out);
}

} // namespace qs::cli
