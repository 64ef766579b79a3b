// The targets measured with whole processes (start-up, inspect --verify against cat) and with
// the JPEG decoder (scaled against full decoding at the model's input size).
#include "bench/jpegbench.h"
#include "bench/processtiming.h"
#include "bench/targetbench_p.h"
#include "record/recordreader.h"
#include "record/recordwriter.h"
#include "run/runconfig.h"

#include <QFileInfo>
#include <QTemporaryDir>

namespace qs::benchtargets {

namespace {

// The file's first record alone, in `dir`: inspect's cost that does not depend on the data.
Result<QString> firstRecordFile(const QString &file, const QTemporaryDir &dir)
{
    Result<std::unique_ptr<RecordReader>> reader = RecordReader::open(file);
    if (!reader)
        return reader.status();
    QByteArray record;
    if (Status s = (*reader)->next(&record); !s.isOk())
        return s;
    const QString path = dir.filePath(QStringLiteral("one-record.tfrecords"));
    Result<std::unique_ptr<RecordWriter>> writer = RecordWriter::create(path);
    if (!writer)
        return writer.status();
    if (Status s = (*writer)->write(record); !s.isOk())
        return s;
    if (Status s = (*writer)->commit(); !s.isOk())
        return s;
    return path;
}

// `args` as a whole process, `runs` times: seconds each.
Result<QList<double>> timeRuns(const QStringList &args, int runs)
{
    QList<double> seconds;
    for (int i = 0; i < runs; ++i) {
        Result<double> s = timeProcess(args);
        if (!s)
            return s.status();
        seconds << *s;
    }
    return seconds;
}

QList<double> milliseconds(const QList<double> &seconds)
{
    QList<double> ms;
    for (double s : seconds)
        ms << s * 1e3;
    return ms;
}

} // namespace

Result<QList<TargetFigure>> processTargets(const QString &file, const QString &fileWhat,
                                           const BenchOptions &o)
{
    QList<TargetFigure> out;
    const int runs = std::max(11, 7 * o.repeats);
    say(o, QStringLiteral("start-up: %1 --version, %2 runs").arg(QFileInfo(o.cli).fileName()).arg(runs));
    Result<QList<double>> startupRuns = timeRuns({o.cli, QStringLiteral("--version")}, runs);
    if (!startupRuns)
        return startupRuns.status();
    const QList<double> &startup = *startupRuns;
    const double startupMs = median(milliseconds(startup));
    TargetFigure t = figure("startup", "queuescope-cli --version, whole process (median)", startupMs, "ms",
                            QStringLiteral("<= 20 ms"), startupMs <= 20);
    t.detail = {{QStringLiteral("runs_ms"), jsonList(milliseconds(startup))},
                {QStringLiteral("shared_libraries"), o.libraries}};
    out << t;
    if (o.libraries >= 0) {
        TargetFigure l = figure("shared_libraries", "shared libraries queuescope-cli loads at start",
                                o.libraries, "", QString(), std::nullopt);
        out << l;
    }

    const int pairs = std::max(5, 3 * o.repeats);
    say(o, QStringLiteral("inspect --verify vs cat (%1 pairs of processes)").arg(pairs));
    if (Result<double> warm = timeProcess({QStringLiteral("cat"), file}); !warm)
        return warm.status(); // the first read puts the file in the page cache
    Result<ProcessPairs> p =
        timeProcessPairs({QStringLiteral("cat"), file},
                         {o.cli, QStringLiteral("inspect"), QStringLiteral("--verify"), file}, pairs);
    if (!p)
        return p.status();
    const double ratio = median(ratios(p->a, p->b));
    TargetFigure v = figure("inspect_vs_cat", "cat vs inspect --verify, whole processes", ratio, "x",
                            QStringLiteral(">= 0.80"), ratio >= 0.8);
    v.detail = {{QStringLiteral("file"), fileWhat},
                {QStringLiteral("bytes"), QFileInfo(file).size()},
                {QStringLiteral("cat_ms"), jsonList(milliseconds(p->a))},
                {QStringLiteral("inspect_ms"), jsonList(milliseconds(p->b))}};
    out << v;

    // What inspect costs before it reads any data: start-up and detection (no engine: no OpenCV).
    const QTemporaryDir dir(tempPattern(o));
    Result<QString> one = firstRecordFile(file, dir);
    if (!one)
        return one.status();
    Result<QList<double>> fixedRuns =
        timeRuns({o.cli, QStringLiteral("inspect"), QStringLiteral("--verify"), *one}, runs);
    if (!fixedRuns)
        return fixedRuns.status();
    const QList<double> &fixed = *fixedRuns;
    const double fixedMs = median(milliseconds(fixed));
    TargetFigure f = figure("inspect_fixed_cost", "inspect --verify of the first record alone (median)",
                            fixedMs, "ms", QString(), std::nullopt);
    f.detail = {{QStringLiteral("runs_ms"), jsonList(milliseconds(fixed))},
                {QStringLiteral("cat_ms_median"), median(milliseconds(p->a))}};
    out << f;
    return out;
}

Result<QList<TargetFigure>> jpegTargets(const BenchOptions &o)
{
    const int side = RunConfig().pipeline.imageWidth; // the demo model's input
    const double perSide = std::max(0.05, 0.2 * o.seconds);
    const int rounds = std::max(3, o.repeats);
    QList<std::pair<QString, QList<QByteArray>>> sets;
    for (const QString &f : o.jpegFiles) {
        Result<QList<QByteArray>> jpegs = jpegsInFile(f);
        if (!jpegs)
            return Status(jpegs.status().kind(), QStringLiteral("%1: %2").arg(f, jpegs.status().message()));
        if (!jpegs->isEmpty())
            sets.append({QFileInfo(f).fileName(), *jpegs});
    }
    sets.append(
        {QStringLiteral("made 256x256 shapes (q90)"), madeJpegs(std::clamp(int(100 * o.seconds), 20, 200))});

    QList<TargetFigure> out;
    for (const auto &[name, jpegs] : sets) {
        say(o, QStringLiteral("JPEG decode at %1x%1, scaled vs full: %2").arg(side).arg(name));
        Result<JpegDecodeFigures> f = compareJpegDecode(name, jpegs, side, rounds, perSide);
        if (!f)
            return f.status();
        const double speedup = f->speedup();
        TargetFigure t =
            figure("jpeg_scaled_decode", "", speedup, "x", QStringLiteral(">= 3.00"), speedup >= 3);
        const QString shortName =
            name.size() > 30 ? name.left(14) + QStringLiteral("..") + name.right(14) : name;
        t.what = QStringLiteral("JPEG to %1x%1, scaled vs full: %2").arg(side).arg(shortName);
        t.detail = f->toJson();
        out << t;
        // Where the row above stands against what no DCT scale skips (jpegbench.h): near 1,
        // the scaled decode costs what entropy decoding alone does.
        TargetFigure c =
            figure("jpeg_scaled_vs_entropy", QStringLiteral("  the same, scaled over entropy decoding alone"),
                   f->scaledOverEntropy(), "x", QString(), std::nullopt);
        c.detail = {{QStringLiteral("set"), name},
                    {QStringLiteral("entropy_only_us_per_image"),
                     t.detail.value(QStringLiteral("entropy_only_us_per_image"))}};
        out << c;
    }
    return out;
}

} // namespace qs::benchtargets
