#include "writeroptions.h"

namespace qs::cli {

WriterOptionSet::WriterOptionSet(DatasetLayout defaultLayout, ImageFormat defaultFormat)
    : m_defaultLayout(defaultLayout)
    , m_defaultFormat(defaultFormat)
    , m_layout(
          QStringLiteral("layout"),
          QStringLiteral("raw (img_raw + label, the dogs-and-cats tutorial) or encoded (image/encoded ..., "
                         "the ImageNet build script). Default: %1.")
              .arg(datasetLayoutName(defaultLayout)),
          QStringLiteral("LAYOUT"))
    , m_format(QStringLiteral("format"),
               QStringLiteral("Image file format of the encoded layout: png or jpeg. Default: %1.")
                   .arg(imageFormatName(defaultFormat)),
               QStringLiteral("FORMAT"))
    , m_quality(QStringLiteral("quality"), QStringLiteral("JPEG quality 1..100 (default 95)."),
                QStringLiteral("Q"), QStringLiteral("95"))
    , m_compression(QStringLiteral("compression"), QStringLiteral("none, gzip or zlib (default none)."),
                    QStringLiteral("TYPE"), QStringLiteral("none"))
    , m_shards(QStringLiteral("shards"),
               QStringLiteral("Write N files OUT-0000i-of-0000N, records dealt round-robin (default 1: OUT "
                              "itself)."),
               QStringLiteral("N"), QStringLiteral("1"))
    , m_json(QStringLiteral("json"), QStringLiteral("Print the summary as one JSON object."))
{}

void WriterOptionSet::addTo(QCommandLineParser &parser) const
{
    parser.addOptions({m_layout, m_format, m_quality, m_compression, m_shards, m_json});
}

Result<qint64> parseCount(const QString &text, const QString &what, qint64 lo, qint64 hi)
{
    bool ok = false;
    const qint64 v = text.toLongLong(&ok);
    if (!ok || v < lo || v > hi)
        return invalidArgument(QStringLiteral("%1 must be a whole number in [%2, %3], not '%4'")
                                   .arg(what)
                                   .arg(lo)
                                   .arg(hi)
                                   .arg(text));
    return v;
}

Result<DatasetWriterOptions> WriterOptionSet::read(const QCommandLineParser &parser) const
{
    DatasetWriterOptions o;
    o.layout = m_defaultLayout;
    o.format = m_defaultFormat;
    if (parser.isSet(m_layout)) {
        const std::optional<DatasetLayout> layout = datasetLayoutFromName(parser.value(m_layout));
        if (!layout)
            return invalidArgument(
                QStringLiteral("--layout must be raw or encoded, not '%1'").arg(parser.value(m_layout)));
        o.layout = *layout;
    }
    if (parser.isSet(m_format)) {
        const std::optional<ImageFormat> format = imageFormatFromName(parser.value(m_format).toLower());
        if (format != ImageFormat::Png && format != ImageFormat::Jpeg)
            return invalidArgument(
                QStringLiteral("--format must be png or jpeg, not '%1'").arg(parser.value(m_format)));
        if (o.layout != DatasetLayout::Encoded)
            return invalidArgument(
                QStringLiteral("--format applies to the encoded layout only (add --layout encoded)"));
        o.format = *format;
    }
    const Result<qint64> quality = parseCount(parser.value(m_quality), QStringLiteral("--quality"), 1, 100);
    if (!quality)
        return quality.status();
    o.jpegQuality = int(*quality);
    const std::optional<Compression> c = parseCompression(parser.value(m_compression));
    if (!c || *c == Compression::Auto)
        return invalidArgument(QStringLiteral("--compression must be none, gzip or zlib, not '%1'")
                                   .arg(parser.value(m_compression)));
    o.compression = *c;
    const Result<qint64> shards = parseCount(parser.value(m_shards), QStringLiteral("--shards"), 1, 99999);
    if (!shards)
        return shards.status();
    o.shards = int(*shards);
    return o;
}

QString describeWriterOptions(const DatasetWriterOptions &o)
{
    QString layout = QStringLiteral("%1 layout").arg(datasetLayoutName(o.layout));
    if (o.layout == DatasetLayout::Encoded) {
        layout += o.format == ImageFormat::Jpeg ? QStringLiteral(" (jpeg, quality %1)").arg(o.jpegQuality)
                                                : QStringLiteral(" (png)");
    }
    const QString compression = o.compression == Compression::None ? QStringLiteral("no compression")
                                                                   : compressionName(o.compression);
    const QString files =
        o.shards == 1 ? QStringLiteral("1 file") : QStringLiteral("%1 shards").arg(o.shards);
    return QStringLiteral("%1, %2, %3").arg(layout, compression, files);
}

QJsonObject writerOptionsJson(const DatasetWriterOptions &o)
{
    QJsonObject j{{QStringLiteral("layout"), datasetLayoutName(o.layout)},
                  {QStringLiteral("compression"), compressionName(o.compression)},
                  {QStringLiteral("shards"), o.shards}};
    if (o.layout == DatasetLayout::Encoded) {
        j.insert(QStringLiteral("format"), imageFormatName(o.format));
        if (o.format == ImageFormat::Jpeg)
            j.insert(QStringLiteral("quality"), o.jpegQuality);
    }
    return j;
}

} // namespace qs::cli
