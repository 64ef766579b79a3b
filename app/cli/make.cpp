// queuescope-cli make: a TFRecord dataset from a folder with one subfolder of images per class.
#include "clioutput.h"
#include "commands.h"
#include "interruptguard.h"
#include "writeroptions.h"

#include "demo/datasetwriter.h"
#include "demo/demorandom.h"
#include "example/featurespec.h"
#include "example/imagecodecs.h"

#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>

#include <opencv2/core/utils/logger.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>

namespace qs::cli {

namespace {

constexpr qint64 kMaxImageFileBytes = qint64(1) << 30;
constexpr int kMaxSide = 16384;

struct ImageEntry {
    QString path;
    int label = -1;
};

struct ImageFolder {
    QStringList classes; // label order
    std::vector<qint64> images;
    std::vector<ImageEntry> entries;
};

struct Skipped {
    QString path;
    QString reason;
};

struct MakeRun {
    std::vector<Skipped> skipped;
    Status error; // ends the run; Cancelled when a signal stopped it
};

// Classes are the subfolders sorted by name (code point order, like Python's sorted()), so
// label i is the i-th of them; hidden folders and files are left out.
Result<ImageFolder> scanFolder(const QString &root)
{
    const QDir dir(root);
    if (!QFileInfo(root).isDir())
        return notFound(QStringLiteral("%1 is not a folder").arg(root));
    ImageFolder folder;
    folder.classes = dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::NoSort);
    std::sort(folder.classes.begin(), folder.classes.end());
    if (folder.classes.isEmpty())
        return notFound(
            QStringLiteral("%1 has no class subfolders (one per class, holding its images)").arg(root));
    for (int label = 0; label < folder.classes.size(); ++label) {
        const QDir sub(dir.filePath(folder.classes[label]));
        QStringList files = sub.entryList(QDir::Files, QDir::NoSort);
        std::sort(files.begin(), files.end());
        for (const QString &file : files)
            folder.entries.push_back({sub.filePath(file), label});
        folder.images.push_back(files.size());
    }
    if (folder.entries.empty())
        return notFound(QStringLiteral("the class subfolders of %1 hold no files").arg(root));
    return folder;
}

Result<cv::Mat> readImage(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Status(ErrorKind::NotFound, QStringLiteral("cannot open: %1").arg(file.errorString()), {path});
    if (file.size() > kMaxImageFileBytes)
        return invalidArgument(
            QStringLiteral("%1 bytes is larger than an image file should be").arg(file.size()));
    const QByteArray bytes = file.readAll();
    const ImageFormat format = sniffImageFormat(bytes);
    if (format != ImageFormat::Unknown) {
        const std::optional<ImageDims> dims = peekImageDims(bytes, format);
        if (dims && dims->width * dims->height > kMaxImagePixels)
            return invalidArgument(QStringLiteral("%1x%2 is more than %3 pixels")
                                       .arg(dims->width)
                                       .arg(dims->height)
                                       .arg(kMaxImagePixels));
    }
    // Our own decoders for JPEG, PNG and WebP; OpenCV's (loaded on demand) for the rest.
    DecodeRequest colour;
    colour.channels = 3;
    QString why;
    cv::Mat image;
    try {
        image = format == ImageFormat::Unknown ? decodeWithOpenCv(bytes, colour, &why)
                                               : decodeAny(bytes, format, colour, &why);
    } catch (const cv::Exception &e) {
        return invalidArgument(
            QStringLiteral("OpenCV cannot decode it: %1").arg(QString::fromStdString(e.msg)));
    }
    if (image.empty())
        return invalidArgument(format == ImageFormat::Unknown
                                   ? QStringLiteral("not an image file OpenCV reads (starts with %1)")
                                         .arg(leadingBytesHex(bytes))
                                   : QStringLiteral("a damaged %1 file").arg(imageFormatName(format)));
    return image;
}

cv::Mat fitSize(const cv::Mat &image, const std::optional<cv::Size> &size)
{
    if (!size || image.size() == *size)
        return image;
    const bool shrink = size->width <= image.cols && size->height <= image.rows;
    cv::Mat out;
    cv::resize(image, out, *size, 0, 0, shrink ? cv::INTER_AREA : cv::INTER_LINEAR);
    return out;
}

std::optional<cv::Size> parseSize(const QString &text)
{
    const QStringList parts = text.toLower().split(QLatin1Char('x'));
    if (parts.size() > 2)
        return std::nullopt;
    bool okW = false, okH = false;
    const int w = parts[0].toInt(&okW);
    const int h = parts.size() == 2 ? parts[1].toInt(&okH) : (okH = okW, w);
    if (!okW || !okH || w < 1 || h < 1 || w > kMaxSide || h > kMaxSide)
        return std::nullopt;
    return cv::Size(w, h);
}

void shuffle(std::vector<ImageEntry> &entries, quint64 seed)
{
    DemoRandom rng(seed); // the same permutation with any standard library
    for (qsizetype i = qsizetype(entries.size()) - 1; i > 0; --i)
        std::swap(entries[size_t(i)], entries[size_t(rng.uniformInt(0, int(i)))]);
}

MakeRun writeImages(DatasetWriter &writer, const ImageFolder &folder, const std::vector<ImageEntry> &order,
                    const std::optional<cv::Size> &size, bool strict, Output &out)
{
    MakeRun run;
    QElapsedTimer sinceProgress;
    sinceProgress.start();
    for (size_t i = 0; i < order.size(); ++i) {
        if (InterruptGuard::stopRequested()) {
            run.error = cancelled(QStringLiteral("stopped by %1").arg(InterruptGuard::signalName()));
            return run;
        }
        const ImageEntry &entry = order[i];
        Result<cv::Mat> image = readImage(entry.path);
        if (!image) {
            if (strict) {
                run.error = invalidArgument(QStringLiteral("cannot read image %1: %2 (--strict)")
                                                .arg(entry.path, image.status().message()));
                return run;
            }
            run.skipped.push_back({entry.path, image.status().message()});
            out.error(QStringLiteral("make: skipped %1: %2").arg(entry.path, image.status().message()));
            continue;
        }
        DatasetItem item{fitSize(*image, size), entry.label, folder.classes[entry.label],
                         QFileInfo(entry.path).fileName()};
        if (Status s = writer.add(item); !s) {
            run.error = s;
            return run;
        }
        if (sinceProgress.elapsed() >= 100 || i + 1 == order.size()) {
            out.progress(QStringLiteral("make: %1 of %2 images").arg(i + 1).arg(order.size()));
            sinceProgress.restart();
        }
    }
    out.endProgress();
    if (InterruptGuard::stopRequested()) // once committing starts, it finishes
        run.error = cancelled(QStringLiteral("stopped by %1").arg(InterruptGuard::signalName()));
    return run;
}

QJsonObject summaryJson(const ImageFolder &folder, const DatasetWriter &writer, const MakeRun &run,
                        const std::optional<cv::Size> &size, std::optional<quint64> shuffleSeed)
{
    QJsonArray classes;
    for (int label = 0; label < folder.classes.size(); ++label) {
        const qint64 written =
            size_t(label) < writer.labelCounts().size() ? writer.labelCounts()[size_t(label)] : 0;
        classes.append(QJsonObject{{QStringLiteral("label"), label},
                                   {QStringLiteral("name"), folder.classes[label]},
                                   {QStringLiteral("files"), folder.images[size_t(label)]},
                                   {QStringLiteral("written"), written}});
    }
    QJsonArray skipped;
    for (const Skipped &s : run.skipped)
        skipped.append(QJsonObject{{QStringLiteral("path"), s.path}, {QStringLiteral("reason"), s.reason}});
    QJsonObject o = writerOptionsJson(writer.options());
    o.insert(QStringLiteral("files"), QJsonArray::fromStringList(writer.paths()));
    o.insert(QStringLiteral("classes"), classes);
    o.insert(QStringLiteral("written"), writer.count());
    o.insert(QStringLiteral("skipped"), skipped);
    o.insert(QStringLiteral("size"),
             size ? QJsonValue(QStringLiteral("%1x%2").arg(size->width).arg(size->height)) : QJsonValue());
    o.insert(QStringLiteral("shuffle_seed"), shuffleSeed ? QJsonValue(qint64(*shuffleSeed)) : QJsonValue());
    return o;
}

} // namespace

int runMake(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Makes a TFRecord dataset of tf.train.Example records from IMAGE_DIR, which holds one subfolder\n"
        "of images per class. Label i is the i-th subfolder by name in code point order (upper case\n"
        "first, as Python's sorted() has it); hidden files and folders are left out. Every file is\n"
        "decoded with OpenCV (as colour); one that is no readable image is named on stderr and skipped,\n"
        "and the summary counts it (--strict makes it an error instead). The output is written to a\n"
        "temporary file and renamed into place at the end, so a failed or interrupted run (SIGINT,\n"
        "SIGTERM) leaves an existing OUT as it was.\n"
        "Exit status: 0 written, 1 failed (nothing written), 2 usage error, 130/143 stopped by\n"
        "SIGINT/SIGTERM."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("image_dir"),
                                 QStringLiteral("One subfolder of images per class."),
                                 QStringLiteral("IMAGE_DIR"));
    const QCommandLineOption output(
        {QStringLiteral("o"), QStringLiteral("output")},
        QStringLiteral("The TFRecord file to write (the shards' base name with --shards)."),
        QStringLiteral("OUT"));
    const QCommandLineOption size(
        QStringLiteral("size"),
        QStringLiteral("Resize every image to WxH (or N for NxN). The raw layout stores "
                       "one size for all: default 64x64 there; the encoded layout keeps "
                       "each image's size unless given."),
        QStringLiteral("WxH"));
    const QCommandLineOption shuffleOpt(
        QStringLiteral("shuffle"), QStringLiteral("Write the examples in a random order (see --seed) instead "
                                                  "of class by class."));
    const QCommandLineOption seed(QStringLiteral("seed"), QStringLiteral("Seed of --shuffle (default 1)."),
                                  QStringLiteral("S"), QStringLiteral("1"));
    const QCommandLineOption strict(
        QStringLiteral("strict"),
        QStringLiteral("Fail on the first unreadable file instead of skipping it."));
    const WriterOptionSet writerOptions(DatasetLayout::Raw, ImageFormat::Jpeg);
    parser.addOptions({output, size, shuffleOpt, seed, strict});
    writerOptions.addTo(parser);
    processArguments(parser, args);

    Output out(writerOptions.json(parser));
    Result<DatasetWriterOptions> options = writerOptions.read(parser);
    if (!options)
        return out.fail(QStringLiteral("make: %1").arg(options.status().message()));
    if (parser.positionalArguments().size() != 1)
        return out.fail(QStringLiteral("make: give exactly one IMAGE_DIR (see --help)"));
    if (!parser.isSet(output) || parser.value(output).isEmpty())
        return out.fail(QStringLiteral("make: -o OUT is required"));
    std::optional<cv::Size> targetSize;
    if (parser.isSet(size)) {
        targetSize = parseSize(parser.value(size));
        if (!targetSize)
            return out.fail(QStringLiteral("make: --size must be WxH or N with sides in [1, %1], not '%2'")
                                .arg(kMaxSide)
                                .arg(parser.value(size)));
    } else if (options->layout == DatasetLayout::Raw) {
        targetSize = cv::Size(64, 64);
    }
    const Result<qint64> seedValue =
        parseCount(parser.value(seed), QStringLiteral("--seed"), 0, qint64(1) << 62);
    if (!seedValue)
        return out.fail(QStringLiteral("make: %1").arg(seedValue.status().message()));
    const std::optional<quint64> shuffleSeed =
        parser.isSet(shuffleOpt) ? std::optional<quint64>(quint64(*seedValue)) : std::nullopt;

    const Result<ImageFolder> folder = scanFolder(parser.positionalArguments().front());
    if (!folder) {
        return out.fail(QStringLiteral("make: %1").arg(folder.status().message()),
                        QFileInfo(parser.positionalArguments().front()).isDir() ? 1 : 2);
    }
    if (!out.json()) {
        out.line(QStringLiteral("classes (label, folder, files)"));
        for (int label = 0; label < folder->classes.size(); ++label)
            out.line(QStringLiteral("  %1  %2  %3")
                         .arg(QString::number(label), folder->classes[label],
                              QString::number(folder->images[size_t(label)])));
    }
    std::vector<ImageEntry> order = folder->entries;
    if (shuffleSeed)
        shuffle(order, *shuffleSeed);

    const QString target = parser.value(output);
    if (const QString parent = QFileInfo(target).absolutePath(); !QDir().mkpath(parent))
        return out.fail(QStringLiteral("make: cannot create the folder %1").arg(parent), 1);
    Result<std::unique_ptr<DatasetWriter>> writer = DatasetWriter::create(target, *options);
    if (!writer) {
        return out.fail(QStringLiteral("make: %1").arg(writer.status().toString()), 1);
    }
    cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_ERROR); // we name bad files ourselves
    const InterruptGuard guard;
    MakeRun run = writeImages(**writer, *folder, order, targetSize, parser.isSet(strict), out);
    if (run.error.isOk() && (*writer)->count() == 0)
        run.error = notFound(QStringLiteral("none of the %1 files is a readable image").arg(order.size()));
    if (run.error.isOk())
        run.error = (*writer)->commit();
    if (!run.error.isOk()) {
        (*writer)->abort();
        const bool stopped = run.error.kind() == ErrorKind::Cancelled && InterruptGuard::stopRequested();
        out.error(QStringLiteral("make: %1; %2 left as it was").arg(run.error.toString(), target));
        return stopped ? InterruptGuard::exitStatus() : 1;
    }
    if (out.json()) {
        out.json(summaryJson(*folder, **writer, run, targetSize, shuffleSeed));
        return 0;
    }
    out.line(QStringLiteral("wrote %1 examples to %2 (%3%4%5)")
                 .arg((*writer)->count())
                 .arg((*writer)->paths().join(QStringLiteral(", ")), describeWriterOptions(*options),
                      targetSize ? QStringLiteral(", %1x%2").arg(targetSize->width).arg(targetSize->height)
                                 : QString(),
                      shuffleSeed ? QStringLiteral(", shuffled with seed %1").arg(*shuffleSeed) : QString()));
    out.line(
        run.skipped.empty()
            ? QStringLiteral("every file was a readable image")
            : QStringLiteral("skipped %1 unreadable file(s), named above on stderr").arg(run.skipped.size()));
    return 0;
}

} // namespace qs::cli
