#include "demo/demodataset.h"

#include "demo/demogenerator.h"

namespace qs {

quint64 demoEvalSeed(quint64 seed)
{
    return seed + 1000003; // a prime offset; DemoRandom::mix decorrelates neighbouring seeds
}

Status addDemoSamples(DatasetWriter &writer, const DemoOptions &demo, const WriteControl &control)
{
    Result<DemoGenerator> generator = DemoGenerator::create(demo);
    if (!generator)
        return generator.status();
    const QStringList names = generator->classNames();
    QString ext = QStringLiteral("raw");
    if (writer.options().layout == DatasetLayout::Encoded)
        ext = writer.options().format == ImageFormat::Jpeg ? QStringLiteral("jpg") : QStringLiteral("png");
    qint64 done = 0;
    while (!generator->atEnd()) {
        if (control.shouldStop && control.shouldStop())
            return cancelled(
                QStringLiteral("stopped after %1 of %2 samples").arg(done).arg(generator->count()));
        DemoSample sample = *generator->next();
        DatasetItem item;
        item.image = std::move(sample.image);
        item.label = sample.label;
        item.className = names.value(sample.label);
        item.filename = QStringLiteral("%1-%2.%3")
                            .arg(item.className)
                            .arg(sample.index, 6, 10, QLatin1Char('0'))
                            .arg(ext);
        if (Status s = writer.add(item); !s)
            return s;
        ++done;
        if (control.progress)
            control.progress(done);
    }
    return Status::ok();
}

Result<std::vector<DemoSplitResult>> writeDemoSplits(std::span<const DemoSplit> splits,
                                                     const DatasetWriterOptions &options,
                                                     const WriteControl &control)
{
    for (const DemoSplit &split : splits) {
        if (Status s = split.demo.validate(); !s)
            return s;
    }
    std::vector<std::unique_ptr<DatasetWriter>> writers; // each drops its temporaries unless committed
    qint64 before = 0;
    for (const DemoSplit &split : splits) {
        Result<std::unique_ptr<DatasetWriter>> writer = DatasetWriter::create(split.path, options);
        if (!writer)
            return writer.status();
        WriteControl inner{control.shouldStop, {}};
        if (control.progress)
            inner.progress = [&](qint64 done) { control.progress(before + done); };
        if (Status s = addDemoSamples(**writer, split.demo, inner); !s)
            return s;
        before += (*writer)->count();
        writers.push_back(std::move(*writer));
    }
    if (control.shouldStop && control.shouldStop())
        return cancelled(
            QStringLiteral("stopped after all %1 samples were written, before renaming them into place")
                .arg(before));
    std::vector<DemoSplitResult> results;
    for (const auto &writer : writers) {
        if (Status s = writer->commit(); !s)
            return s;
        results.push_back({writer->paths(), writer->count(), writer->labelCounts()});
    }
    return results;
}

Status writeDemoDataset(const QString &path, const DemoOptions &demo, const DatasetWriterOptions &options,
                        const WriteControl &control)
{
    const DemoSplit split{path, demo};
    const Result<std::vector<DemoSplitResult>> written = writeDemoSplits({&split, 1}, options, control);
    return written ? Status::ok() : written.status();
}

} // namespace qs
