// queuescope-cli inspect: what is in TFRecord files, and can QueueScope train on them.
#include "clioutput.h"
#include "commands.h"
#include "engineloader.h"
#include "inspectscan.h"

#include "base/statusjson.h"

#include "example/classnamelist.h"
#include "example/imagecheck.h"
#include "example/imageformat.h"
#include "example/specdetector.h"
#include "example/specoverrides.h"
#include "record/inputfiles.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <optional>
#include <vector>

namespace qs::cli {

namespace {

struct InspectOptions {
    bool verify = false;
    QString thumbsDir;
    int thumbCount = 8;
    int summaryRecords = 3;
    SpecOverrides overrides;
    RecordReaderOptions reader;
};

struct FileReport {
    QString file;
    Compression compression = Compression::None;
    qint64 bytes = 0;
    qint64 records = 0;
    qint64 sequenceRecords = 0;
    Schema schema;
    std::optional<Detection> detection;
    QStringList firstRecords; // one line each
    QStringList thumbs;       // written files
    Status error;             // the first error that ended the scan
    QList<Status> problems;   // per-record problems that did not end it (decode failures)
};

FileReport inspectFile(const QString &path, const InspectOptions &options)
{
    FileReport report;
    report.file = path;
    report.bytes = QFileInfo(path).size();
    RecordReaderOptions readerOptions = options.reader;
    readerOptions.verifyCrc = options.verify;
    RecordsSeen seen = seeRecords(path, readerOptions, options.summaryRecords);
    report.compression = seen.compression;
    report.records = seen.records;
    report.schema = std::move(seen.schema);
    report.firstRecords = std::move(seen.firstRecords);
    report.error = seen.error;
    const std::vector<ParsedExample> &samples = seen.samples;
    report.sequenceRecords = report.schema.sequenceRecords();
    if (samples.empty())
        return report;
    // Detection decodes the sampled images with our own decoders, here; BMP, GIF and TIFF only
    // OpenCV reads, and thumbnails are resized and written by it: those are the engine's work.
    const bool openCvImages = needsOpenCvDecoder(samples);
    const Result<const EngineApi *> api = openCvImages || !options.thumbsDir.isEmpty()
                                              ? engine()
                                              : Result(static_cast<const EngineApi *>(nullptr));
    if (!api) {
        if (report.error.isOk())
            report.error = api.status();
        else
            report.problems << api.status();
        return report;
    }
    report.detection = openCvImages ? (*api)->detect(samples, options.overrides, path)
                                    : detectFeatureSpec(samples, options.overrides, path, checkImage);
    const Result<FeatureSpec> spec = report.detection->forTraining();
    if (spec && spec->image && !options.thumbsDir.isEmpty()) {
        Thumbnails t = (*api)->thumbnails(samples, *spec->image, path, options.thumbsDir, options.thumbCount);
        report.thumbs = std::move(t.written);
        report.problems << t.problems;
    }
    return report;
}

QJsonObject reportJson(const FileReport &r)
{
    QJsonObject o;
    o.insert(QStringLiteral("file"), r.file);
    o.insert(QStringLiteral("compression"), compressionName(r.compression));
    o.insert(QStringLiteral("bytes"), r.bytes);
    o.insert(QStringLiteral("records"), r.records);
    o.insert(QStringLiteral("sequence_records"), r.sequenceRecords);
    o.insert(QStringLiteral("features"), r.schema.toJson());
    QJsonValue image = QJsonValue::Null, label = QJsonValue::Null, imageProblem = QJsonValue::Null;
    if (r.detection) {
        const QJsonObject spec = r.detection->spec.toJson();
        image = spec.value(QStringLiteral("image"));
        label = spec.value(QStringLiteral("label"));
        if (!r.detection->imageStatus.isOk())
            imageProblem = r.detection->imageStatus.toString();
    }
    o.insert(QStringLiteral("image"), image);
    o.insert(QStringLiteral("label"), label);
    o.insert(QStringLiteral("image_problem"), imageProblem);
    o.insert(QStringLiteral("first_records"), QJsonArray::fromStringList(r.firstRecords));
    if (!r.thumbs.isEmpty())
        o.insert(QStringLiteral("thumbnails"), QJsonArray::fromStringList(r.thumbs));
    QJsonArray problems;
    for (const Status &p : r.problems)
        problems.append(p.toString());
    o.insert(QStringLiteral("problems"), problems);
    o.insert(QStringLiteral("error"), statusToJson(r.error));
    return o;
}

void printReport(Output &out, const FileReport &r, bool verified)
{
    out.line(QStringLiteral("%1").arg(r.file));
    out.line(QStringLiteral("  compression  %1").arg(compressionName(r.compression)));
    out.line(QStringLiteral("  size         %1 bytes").arg(r.bytes));
    if (r.records == 0 && r.bytes == 0 && r.error.isOk()) {
        out.line(QStringLiteral("  records      0 records (the file is empty)"));
        return;
    }
    out.line(QStringLiteral("  records      %1%2%3")
                 .arg(r.records)
                 .arg(r.sequenceRecords ? QStringLiteral(" (%1 SequenceExample)").arg(r.sequenceRecords)
                                        : QString())
                 .arg(verified && r.error.isOk() ? QStringLiteral(", every CRC verified") : QString()));
    if (r.schema.records() > 0) {
        out.line(QStringLiteral("  features     (key, kind, values per record, records with it)"));
        for (const QString &l : r.schema.toTextLines())
            out.line(QStringLiteral("    ") + l);
    }
    if (r.detection) {
        const FeatureSpec &spec = r.detection->spec;
        if (spec.image) {
            const ImageSpec &im = *spec.image;
            out.line(QStringLiteral("  image        %1 '%2'%3 — %4")
                         .arg(imageEncodingName(im.encoding), im.key,
                              im.encoding == ImageEncoding::Encoded
                                  ? QStringLiteral(" (%1)").arg(imageFormatName(im.format))
                              : im.encoding == ImageEncoding::FloatPixels
                                  ? QStringLiteral(" (float32)") // a float_list: its values are float32
                                  : QStringLiteral(" (%1)").arg(pixelTypeName(im.dtype)),
                              im.reason));
        } else {
            out.line(QStringLiteral("  image        none: %1").arg(r.detection->imageStatus.message()));
        }
        if (spec.label)
            out.line(QStringLiteral("  label        '%1' (%2) — %3")
                         .arg(spec.label->key, labelEncodingName(spec.label->encoding), spec.label->reason));
        else if (!r.detection->labelStatus.isOk() && !r.detection->labelStatus.message().isEmpty())
            out.line(QStringLiteral("  label        none: %1").arg(r.detection->labelStatus.message()));
        else
            out.line(QStringLiteral("  label        none: %1; name one with --label-feature KEY")
                         .arg(r.detection->labelRejected.isEmpty()
                                  ? QStringLiteral("no feature looks like a class label")
                                  : r.detection->labelRejected.join(QStringLiteral("; "))));
        if (spec.label && spec.label->encoding == LabelEncoding::ClassName) {
            const QStringList &names = spec.label->classNames;
            out.line(QStringLiteral("  classes      %1%2 (%3; `run` scans the files for the full list)")
                         .arg(names.mid(0, 12).join(QStringLiteral(", ")),
                              names.size() > 12 ? QStringLiteral(", ...") : QString(),
                              ClassNameList::describe(*spec.label)));
        }
    }
    if (!r.firstRecords.isEmpty()) {
        out.line(QStringLiteral("  first records"));
        for (const QString &l : r.firstRecords)
            out.line(QStringLiteral("    ") + l);
    }
    for (const QString &t : r.thumbs)
        out.line(QStringLiteral("  thumbnail    %1").arg(t));
    for (const Status &p : r.problems)
        out.line(QStringLiteral("  problem      %1").arg(p.toString()));
    if (!r.error.isOk())
        out.line(QStringLiteral("  error        %1").arg(r.error.toString()));
}

} // namespace

int runInspect(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Shows what TFRecord files hold: compression, record count, the feature schema, the image and\n"
        "label QueueScope would train on, and the first records. Accepts globs and shard sets.\n"
        "Exit status: 0 every file read, 1 a file is damaged or not a TFRecord file, 2 a usage error\n"
        "or a missing input. With --json every early error is one JSON object with an \"error\" field."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("files"), QStringLiteral("TFRecord files or glob patterns"),
                                 QStringLiteral("FILE..."));
    const QCommandLineOption json(QStringLiteral("json"),
                                  QStringLiteral("One JSON object per file (JSON Lines)."));
    const QCommandLineOption verify(QStringLiteral("verify"),
                                    QStringLiteral("Check every CRC of every record."));
    const QCommandLineOption thumbs(QStringLiteral("thumbs"),
                                    QStringLiteral("Save the first images as PNG in DIR."),
                                    QStringLiteral("DIR"));
    const QCommandLineOption thumbCount(
        QStringLiteral("thumb-count"), QStringLiteral("How many images --thumbs saves per file (default 8)."),
        QStringLiteral("N"), QStringLiteral("8"));
    const QCommandLineOption compression(
        QStringLiteral("compression"), QStringLiteral("none, gzip, zlib or auto (default: auto, detected)."),
        QStringLiteral("TYPE"));
    const QCommandLineOption spec(
        QStringLiteral("spec"),
        QStringLiteral("Feature spec overrides as JSON, e.g. '{\"image\":{\"key\":\"img\"}}'."),
        QStringLiteral("JSON"));
    parser.addOptions({json, verify, thumbs, thumbCount, compression, spec});
    processArguments(parser, args);

    Output out(parser.isSet(json));
    InspectOptions options;
    options.verify = parser.isSet(verify);
    options.thumbsDir = parser.value(thumbs);
    options.thumbCount = parser.value(thumbCount).toInt();
    if (parser.isSet(compression)) {
        const std::optional<Compression> c = parseCompression(parser.value(compression));
        if (!c)
            return out.fail(QStringLiteral("inspect: unknown compression '%1' (none, gzip, zlib, auto)")
                                .arg(parser.value(compression)));
        options.reader.compression = *c;
    }
    if (parser.isSet(spec)) {
        Result<SpecOverrides> o = parseOverrides(parser.value(spec));
        if (!o)
            return out.fail(QStringLiteral("inspect: --spec: %1").arg(o.status().message()));
        options.overrides = *o;
    }
    if (!options.thumbsDir.isEmpty() && !QDir().mkpath(options.thumbsDir))
        return out.fail(QStringLiteral("inspect: cannot create %1").arg(options.thumbsDir));
    if (parser.positionalArguments().isEmpty())
        return out.fail(QStringLiteral("inspect: no file given (see --help)"));
    Result<QStringList> files = expandInputs(parser.positionalArguments());
    if (!files)
        return out.fail(QStringLiteral("inspect: %1").arg(files.status().message()));

    if (!options.thumbsDir.isEmpty())
        preloadEngine(); // while the first file is scanned
    int failures = 0;
    for (const QString &file : *files) {
        const FileReport report = inspectFile(file, options);
        if (out.json())
            out.json(reportJson(report));
        else
            printReport(out, report, options.verify);
        if (!report.error.isOk()) {
            ++failures;
            out.error(QStringLiteral("inspect: %1").arg(report.error.toString()));
        }
    }
    return failures == 0 ? 0 : 1;
}

} // namespace qs::cli
