#pragma once

// Helpers shared by the dataset tests: reading written files back the way the pipeline will
// (RecordReader -> ExampleParser -> detectFeatureSpec -> decode), comparing images, and
// running the built queuescope-cli.

#include "example/exampleparser.h"
#include "example/sampledecoder.h"
#include "example/specdetector.h"
#include "record/recordreader.h"

#include <QDir>
#include <QFile>
#include <QProcess>

#include <opencv2/core.hpp>

#include <algorithm>
#include <limits>
#include <vector>

namespace qs::test {

struct ReadBack {
    std::vector<ParsedExample> examples; // in file order, file after file
    Detection detection;                 // from the first records of the first file
    FeatureSpec spec;
    std::vector<DecodedSample> samples;
    std::vector<Compression> compressions; // detected per file
};

// Reads every record of `paths` with compression detection and every CRC checked.
inline Result<ReadBack> readDataset(const QStringList &paths)
{
    ReadBack back;
    ExampleParser parser;
    for (const QString &path : paths) {
        Result<std::unique_ptr<RecordReader>> reader = RecordReader::open(path);
        if (!reader)
            return reader.status();
        back.compressions.push_back((*reader)->compression());
        QByteArray record;
        for (;;) {
            const Location where{path, (*reader)->recordIndex(), (*reader)->offset()};
            const Status s = (*reader)->next(&record);
            if (s.kind() == ErrorKind::OutOfRange)
                break;
            if (!s)
                return s;
            Result<ParsedExample> ex = parser.parse(record, where);
            if (!ex)
                return ex.status();
            back.examples.push_back(std::move(*ex));
        }
    }
    if (back.examples.empty())
        return outOfRange(QStringLiteral("no records in %1").arg(paths.join(QLatin1Char(' '))));
    const size_t sampled = std::min<size_t>(back.examples.size(), kDetectionSampleRecords);
    back.detection = detectFeatureSpec(std::span(back.examples).first(sampled), {}, paths.front());
    Result<FeatureSpec> spec = back.detection.forTraining();
    if (!spec)
        return spec.status();
    back.spec = *spec;
    for (size_t i = 0; i < back.examples.size(); ++i) {
        Result<DecodedSample> s = decode(back.examples[i], back.spec, Location{{}, qint64(i), -1});
        if (!s)
            return s.status();
        back.samples.push_back(std::move(*s));
    }
    return back;
}

// Mean absolute difference per channel value; infinity when the shapes differ.
inline double meanAbsDiff(const cv::Mat &a, const cv::Mat &b)
{
    if (a.size() != b.size() || a.type() != b.type())
        return std::numeric_limits<double>::infinity();
    return cv::norm(a, b, cv::NORM_L1) / double(a.total() * size_t(a.channels()));
}

inline bool sameImage(const cv::Mat &a, const cv::Mat &b)
{
    return a.size() == b.size() && a.type() == b.type() && cv::norm(a, b, cv::NORM_INF) == 0;
}

inline QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline bool writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// Hidden temporaries RecordWriter leaves beside a target when something went wrong.
inline QStringList tempFiles(const QString &dir)
{
    return QDir(dir).entryList({QStringLiteral(".*.tmp-*")}, QDir::Files | QDir::Hidden);
}

inline QString cliPath()
{
    return QStringLiteral(QS_BINARY_DIR "/bin/queuescope-cli");
}

struct CliRun {
    int exitCode = -1;
    bool crashed = false;
    QString out;
    QString err;
};

inline CliRun runCli(const QStringList &args, int timeoutMs = 120000)
{
    QProcess p;
    p.start(cliPath(), args);
    CliRun run;
    if (!p.waitForStarted() || !p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        run.err = QStringLiteral("queuescope-cli did not start or finish: %1").arg(p.errorString());
        return run;
    }
    run.crashed = p.exitStatus() != QProcess::NormalExit;
    run.exitCode = p.exitCode();
    run.out = QString::fromUtf8(p.readAllStandardOutput());
    run.err = QString::fromUtf8(p.readAllStandardError());
    return run;
}

} // namespace qs::test
