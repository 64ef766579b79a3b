#include "bench/benchdataset.h"

#include "demo/datasetwriter.h"
#include "demo/demogenerator.h"
#include "record/recordwriter.h"

#include <QFileInfo>

#include <vector>

namespace qs {

namespace {

Status bad(const QString &message)
{
    return Status(ErrorKind::InvalidArgument, QStringLiteral("bench dataset: ") + message);
}

// The dataset writers' own encoding (core/demo), so a bench record is what `make` and `demo` write.
Result<QByteArray> recordOf(const DemoSample &s, const BenchDatasetOptions &o)
{
    DatasetWriterOptions w;
    w.layout = o.encoding == BenchEncoding::Raw ? DatasetLayout::Raw : DatasetLayout::Encoded;
    w.format = ImageFormat::Jpeg;
    w.jpegQuality = o.jpegQuality;
    DatasetItem item;
    item.image = s.image;
    item.label = s.label;
    item.className = demoClassName(s.label);
    item.filename = QStringLiteral("%1-%2.jpg").arg(item.className).arg(s.index, 6, 10, QLatin1Char('0'));
    return encodeDatasetExample(item, w);
}

} // namespace

Status BenchDatasetOptions::validate() const
{
    if (count < 1)
        return bad(QStringLiteral("count must be at least 1 (got %1)").arg(count));
    if (imageSize < 16 || imageSize > 1024)
        return bad(QStringLiteral("image size must be in [16, 1024] (got %1)").arg(imageSize));
    if (jpegQuality < 1 || jpegQuality > 100)
        return bad(QStringLiteral("JPEG quality must be in [1, 100] (got %1)").arg(jpegQuality));
    if (distinct < 0)
        return bad(QStringLiteral("distinct must not be negative (got %1)").arg(distinct));
    if (classes < 2 || classes > 8)
        return bad(QStringLiteral("classes must be in [2, 8] (got %1)").arg(classes));
    return {};
}

BenchDatasetOptions withTotalBytes(BenchDatasetOptions options, qint64 bytes)
{
    // A raw record is the pixels plus ~40 bytes of Example and 16 of framing; a JPEG one is
    // estimated from a sample encoding.
    qint64 perRecord = qint64(options.imageSize) * options.imageSize * 3 + 56;
    if (options.encoding == BenchEncoding::Jpeg) {
        DemoOptions d;
        d.size = options.imageSize;
        d.classes = options.classes;
        d.seed = options.seed;
        if (Result<DemoGenerator> gen = DemoGenerator::create(d)) {
            if (Result<QByteArray> r = recordOf(gen->sample(0), options))
                perRecord = r->size() + 16;
        }
    }
    options.count = std::max<qint64>(1, bytes / perRecord);
    return options;
}

Result<BenchDatasetInfo> writeBenchDataset(const QString &path, const BenchDatasetOptions &options,
                                           const std::function<bool()> &stop)
{
    if (Status s = options.validate(); !s.isOk())
        return s;
    DemoOptions d;
    d.count = options.distinct > 0 ? std::min<qint64>(options.distinct, options.count) : options.count;
    d.size = options.imageSize;
    d.classes = options.classes;
    d.seed = options.seed;
    Result<DemoGenerator> gen = DemoGenerator::create(d);
    if (!gen)
        return gen.status();
    auto writer = RecordWriter::create(path, Compression::None);
    if (!writer)
        return writer.status();

    std::vector<QByteArray> pool; // the distinct records, encoded once
    for (qint64 i = 0; i < options.count; ++i) {
        if (stop && stop()) {
            (*writer)->abort();
            return Status(
                ErrorKind::Cancelled,
                QStringLiteral("bench dataset: stopped after %1 of %2 records").arg(i).arg(options.count));
        }
        const qint64 k = i % d.count;
        QByteArray record;
        if (qint64(pool.size()) > k) {
            record = pool[size_t(k)];
        } else {
            Result<QByteArray> r = recordOf(gen->sample(k), options);
            if (!r)
                return r.status();
            record = *r;
            if (options.distinct > 0)
                pool.push_back(record);
        }
        if (Status s = (*writer)->write(record); !s.isOk())
            return s;
    }
    if (Status s = (*writer)->commit(); !s.isOk())
        return s;
    return BenchDatasetInfo{path, options.count, QFileInfo(path).size()};
}

} // namespace qs
