#include "demo/datasetwriter.h"

#include "example/examplebuilder.h"
#include "example/imagecodecs.h"
#include "record/recordwriter.h"
#include "record/shardedwriter.h"

#include <opencv2/imgproc.hpp>

namespace qs {

namespace {

QString itemName(const DatasetItem &item)
{
    return item.filename.isEmpty() ? QStringLiteral("the image") : item.filename;
}

Result<cv::Mat> toBgr(const DatasetItem &item)
{
    const cv::Mat &in = item.image;
    if (in.empty())
        return invalidArgument(QStringLiteral("%1 is empty").arg(itemName(item)));
    if (in.depth() != CV_8U)
        return invalidArgument(QStringLiteral("%1 is not an 8-bit image").arg(itemName(item)));
    cv::Mat out;
    switch (in.channels()) {
    case 1:
        cv::cvtColor(in, out, cv::COLOR_GRAY2BGR);
        return out;
    case 3:
        return in;
    case 4:
        cv::cvtColor(in, out, cv::COLOR_BGRA2BGR);
        return out;
    default:
        return invalidArgument(QStringLiteral("%1 has %2 channels, not 1, 3 or 4")
                                   .arg(itemName(item), QString::number(in.channels())));
    }
}

QByteArray rawRgbBytes(const cv::Mat &bgr)
{
    cv::Mat rgb;
    cv::cvtColor(bgr, rgb, cv::COLOR_BGR2RGB); // a fresh Mat is continuous
    return QByteArray(reinterpret_cast<const char *>(rgb.data), qsizetype(rgb.total() * rgb.elemSize()));
}

Result<QByteArray> encodedBytes(const cv::Mat &bgr, const DatasetItem &item, const DatasetWriterOptions &o)
{
    const bool jpeg = o.format == ImageFormat::Jpeg;
    QByteArray encoded;
    try {
        encoded = jpeg ? encodeJpeg(bgr, o.jpegQuality) : encodePng(bgr);
    } catch (const cv::Exception &e) {
        return internalError(
            QStringLiteral("cannot encode %1 as %2: %3")
                .arg(itemName(item), imageFormatName(o.format), QString::fromStdString(e.msg)));
    }
    const bool ok = !encoded.isEmpty();
    if (!ok)
        return internalError(
            QStringLiteral("cannot encode %1 as %2").arg(itemName(item), imageFormatName(o.format)));
    return encoded;
}

} // namespace

QString datasetLayoutName(DatasetLayout layout)
{
    return layout == DatasetLayout::Raw ? QStringLiteral("raw") : QStringLiteral("encoded");
}

std::optional<DatasetLayout> datasetLayoutFromName(QStringView name)
{
    if (name.compare(u"raw", Qt::CaseInsensitive) == 0)
        return DatasetLayout::Raw;
    if (name.compare(u"encoded", Qt::CaseInsensitive) == 0)
        return DatasetLayout::Encoded;
    return std::nullopt;
}

Status DatasetWriterOptions::validate() const
{
    if (layout == DatasetLayout::Encoded && format != ImageFormat::Png && format != ImageFormat::Jpeg)
        return invalidArgument(
            QStringLiteral("dataset: format must be png or jpeg, not %1").arg(imageFormatName(format)));
    if (jpegQuality < 1 || jpegQuality > 100)
        return invalidArgument(
            QStringLiteral("dataset: JPEG quality must be in [1, 100] (got %1)").arg(jpegQuality));
    if (compression == Compression::Auto)
        return invalidArgument(QStringLiteral("dataset: compression must be none, gzip or zlib"));
    if (shards < 1 || shards > 99999)
        return invalidArgument(QStringLiteral("dataset: shards must be in [1, 99999] (got %1)").arg(shards));
    return Status::ok();
}

Result<QByteArray> encodeDatasetExample(const DatasetItem &item, const DatasetWriterOptions &options)
{
    if (item.label < 0)
        return invalidArgument(
            QStringLiteral("%1 has no label (%2)").arg(itemName(item), QString::number(item.label)));
    const Result<cv::Mat> bgr = toBgr(item);
    if (!bgr)
        return bgr.status();
    ExampleBuilder b;
    if (options.layout == DatasetLayout::Raw) {
        b.addBytes(QStringLiteral("img_raw"), rawRgbBytes(*bgr))
            .addInt64(QStringLiteral("label"), item.label);
        if (bgr->rows != bgr->cols) {
            b.addInt64(QStringLiteral("height"), bgr->rows)
                .addInt64(QStringLiteral("width"), bgr->cols)
                .addInt64(QStringLiteral("depth"), 3);
        }
        return b.serialize();
    }
    Result<QByteArray> encoded = encodedBytes(*bgr, item, options);
    if (!encoded)
        return encoded.status();
    const bool jpeg = options.format == ImageFormat::Jpeg;
    b.addBytes(QStringLiteral("image/encoded"), *encoded)
        .addBytes(QStringLiteral("image/format"), jpeg ? QByteArrayLiteral("JPEG") : QByteArrayLiteral("PNG"))
        .addInt64(QStringLiteral("image/class/label"), item.label)
        .addBytes(QStringLiteral("image/class/text"), item.className.toUtf8())
        .addInt64(QStringLiteral("image/height"), bgr->rows)
        .addInt64(QStringLiteral("image/width"), bgr->cols)
        .addInt64(QStringLiteral("image/channels"), 3)
        .addBytes(QStringLiteral("image/colorspace"), QByteArrayLiteral("RGB"))
        .addBytes(QStringLiteral("image/filename"), item.filename.toUtf8());
    return b.serialize();
}

QStringList datasetPaths(const QString &path, int shards)
{
    if (shards <= 1)
        return {path};
    QStringList paths;
    for (int i = 0; i < shards; ++i)
        paths << shardName(path, i, shards);
    return paths;
}

Result<std::unique_ptr<DatasetWriter>> DatasetWriter::create(const QString &path,
                                                             const DatasetWriterOptions &options)
{
    if (Status s = options.validate(); !s)
        return s;
    std::unique_ptr<RecordWriter> single;
    std::unique_ptr<ShardedWriter> sharded;
    if (options.shards == 1) {
        Result<std::unique_ptr<RecordWriter>> w = RecordWriter::create(path, options.compression);
        if (!w)
            return w.status();
        single = std::move(*w);
    } else {
        Result<std::unique_ptr<ShardedWriter>> w =
            ShardedWriter::create(path, options.shards, options.compression);
        if (!w)
            return w.status();
        sharded = std::move(*w);
    }
    return std::unique_ptr<DatasetWriter>(new DatasetWriter(options, std::move(single), std::move(sharded)));
}

DatasetWriter::DatasetWriter(DatasetWriterOptions options, std::unique_ptr<RecordWriter> single,
                             std::unique_ptr<ShardedWriter> sharded)
    : m_options(std::move(options))
    , m_single(std::move(single))
    , m_sharded(std::move(sharded))
{}

DatasetWriter::~DatasetWriter() = default; // the record writers drop uncommitted temporaries

Status DatasetWriter::add(const DatasetItem &item)
{
    const Result<QByteArray> record = encodeDatasetExample(item, m_options);
    if (!record)
        return record.status();
    const Status s = m_single ? m_single->write(*record) : m_sharded->write(*record);
    if (!s)
        return s;
    ++m_count;
    if (size_t(item.label) >= m_labelCounts.size())
        m_labelCounts.resize(size_t(item.label) + 1, 0);
    ++m_labelCounts[size_t(item.label)];
    return Status::ok();
}

Status DatasetWriter::commit()
{
    return m_single ? m_single->commit() : m_sharded->commit();
}

void DatasetWriter::abort()
{
    if (m_single)
        m_single->abort();
    else
        m_sharded->abort();
}

QStringList DatasetWriter::paths() const
{
    return m_single ? QStringList{m_single->path()} : m_sharded->paths();
}

} // namespace qs
