#include "demodata.h"

#include "demo/demogenerator.h"
#include "example/examplebuilder.h"
#include "record/recordwriter.h"

#include <QDir>

#include <opencv2/imgproc.hpp>

namespace qs::test {

Result<QStringList> writeDemoTfRecords(const QString &dir, const QString &stem, int files, int perFile,
                                       quint64 seed, int size)
{
    DemoOptions options;
    options.seed = seed;
    options.size = size;
    options.count = qint64(files) * perFile;
    Result<DemoGenerator> generator = DemoGenerator::create(options);
    if (!generator)
        return generator.status();
    QStringList paths;
    qint64 index = 0;
    for (int f = 0; f < files; ++f) {
        const QString path = QDir(dir).filePath(QStringLiteral("%1-%2.tfrecords").arg(stem).arg(f));
        Result<std::unique_ptr<RecordWriter>> writer = RecordWriter::create(path);
        if (!writer)
            return writer.status();
        for (int r = 0; r < perFile; ++r, ++index) {
            const DemoSample sample = generator->sample(index);
            cv::Mat rgb;
            cv::cvtColor(sample.image, rgb, cv::COLOR_BGR2RGB);
            const QByteArray pixels(reinterpret_cast<const char *>(rgb.data),
                                    qsizetype(rgb.total() * rgb.elemSize()));
            const QByteArray record = ExampleBuilder()
                                          .addBytes(QStringLiteral("img_raw"), pixels)
                                          .addInt64(QStringLiteral("label"), sample.label)
                                          .serialize();
            if (Status s = (*writer)->write(record); !s.isOk())
                return s;
        }
        if (Status s = (*writer)->commit(); !s.isOk())
            return s;
        paths << path;
    }
    return paths;
}

} // namespace qs::test
