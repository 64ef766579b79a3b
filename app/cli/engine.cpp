// queuescope-cli's engine (engine.h): the commands and the steps of inspect that need OpenCV.
#include "engine.h"

#include "example/imagecodecs.h"
#include "example/sampledecoder.h"

#include <QDir>
#include <QFileInfo>

#include <opencv2/core.hpp>

namespace qs::cli {

int runMake(const QStringList &args);
int runDemo(const QStringList &args);
int runRun(const QStringList &args);
int runBench(const QStringList &args);

namespace {

Status writeThumbnail(const QString &path, const cv::Mat &image)
{
    bool ok = false;
    try {
        ok = writeImageFile(path, image);
    } catch (const cv::Exception &e) {
        return Status(ErrorKind::Internal,
                      QStringLiteral("cannot write %1: %2").arg(path, QString::fromStdString(e.msg)));
    }
    if (!ok)
        return Status(ErrorKind::Internal, QStringLiteral("cannot write %1").arg(path));
    return {};
}

Thumbnails thumbnails(std::span<const ParsedExample> samples, const ImageSpec &spec, const QString &file,
                      const QString &dir, int count)
{
    Thumbnails out;
    for (qsizetype i = 0; i < qsizetype(samples.size()) && i < count; ++i) {
        const Result<cv::Mat> image = decodeImage(samples[size_t(i)], spec, Location{file, i, -1});
        if (!image) {
            out.problems << image.status();
            continue;
        }
        const QString path = QDir(dir).filePath(
            QStringLiteral("%1-%2.png").arg(QFileInfo(file).fileName()).arg(i, 5, 10, QLatin1Char('0')));
        const Status written = writeThumbnail(path, *image);
        if (written.isOk())
            out.written << path;
        else
            out.problems << written;
    }
    return out;
}

Detection detect(std::span<const ParsedExample> samples, const SpecOverrides &overrides, const QString &file)
{
    return detectFeatureSpec(samples, overrides, file, checkImageAnyFormat);
}

const EngineApi kApi{kEngineAbi, QS_VERSION, runMake, runDemo, runRun, runBench, detect, thumbnails};

} // namespace

} // namespace qs::cli

extern "C" Q_DECL_EXPORT const qs::cli::EngineApi *qs_cli_engine()
{
    return &qs::cli::kApi;
}
