#pragma once

// Real TFRecord files for the run tests: the demo shapes written in the classic tutorial's raw
// layout (img_raw: RGB bytes, label: int64) with our own writer, into a folder the test owns.

#include "demo/demogenerator.h"
#include "example/examplebuilder.h"
#include "record/recordwriter.h"
#include "run/pipeline.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <opencv2/imgproc.hpp>

namespace qs::test {

inline QByteArray rawRgb(const cv::Mat &bgr)
{
    cv::Mat rgb;
    cv::cvtColor(bgr, rgb, cv::COLOR_BGR2RGB);
    return QByteArray(reinterpret_cast<const char *>(rgb.data), qsizetype(rgb.total() * rgb.elemSize()));
}

// Writes `files` files of `perFile` records each ("<stem>-<i>.tfrecords"), samples numbered on
// from `first` of one demo generator. Returns the paths; aborts the test on any error.
inline QStringList writeDemoFiles(const QString &dir, const QString &stem, int files, int perFile,
                                  quint64 seed = 1, qint64 first = 0, int size = 32)
{
    DemoOptions o;
    o.seed = seed;
    o.size = size;
    o.count = first + qint64(files) * perFile;
    Result<DemoGenerator> gen = DemoGenerator::create(o);
    if (!gen)
        qFatal("demo generator: %s", qPrintable(gen.status().toString()));
    QStringList paths;
    qint64 index = first;
    for (int f = 0; f < files; ++f) {
        const QString path = QDir(dir).filePath(QStringLiteral("%1-%2.tfrecords").arg(stem).arg(f));
        auto writer = RecordWriter::create(path);
        if (!writer)
            qFatal("writer: %s", qPrintable(writer.status().toString()));
        for (int r = 0; r < perFile; ++r, ++index) {
            const DemoSample s = gen->sample(index);
            const QByteArray record = ExampleBuilder()
                                          .addBytes(QStringLiteral("img_raw"), rawRgb(s.image))
                                          .addInt64(QStringLiteral("label"), s.label)
                                          .serialize();
            if (Status st = (*writer)->write(record); !st)
                qFatal("write: %s", qPrintable(st.toString()));
        }
        if (Status st = (*writer)->commit(); !st)
            qFatal("commit: %s", qPrintable(st.toString()));
        paths << path;
    }
    return paths;
}

// A small, fast run over `files`: tiny queues, a few reader threads, evaluation off.
inline RunConfig smallConfig(const QStringList &files)
{
    RunConfig c;
    c.pipeline.files = files;
    c.pipeline.numEpochs = 1;
    c.trainer.minSteps = 0; // exactly one epoch
    c.pipeline.batchSize = 8;
    c.pipeline.exampleCapacity = 48;
    c.pipeline.minAfterDequeue = 16;
    c.pipeline.readerThreads = 2;
    c.pipeline.shuffleSeed = 7;
    c.pipeline.fileSeed = 3;
    c.trainer.hidden = 16;
    c.pipeline.imageWidth = c.pipeline.imageHeight = 8;
    c.pipeline.inputFollowsData = false;
    c.trainer.evalEvery = 0;
    c.trainer.evalMaxSamples = 50;
    c.trainer.gracePeriodS = 5;
    return c;
}

} // namespace qs::test
