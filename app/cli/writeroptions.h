#pragma once

#include "base/result.h"
#include "demo/datasetwriter.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QJsonObject>

namespace qs::cli {

// The options `make` and `demo` share for how a dataset is written: --layout, --format,
// --quality, --compression, --shards and --json.
class WriterOptionSet {
public:
    WriterOptionSet(DatasetLayout defaultLayout, ImageFormat defaultFormat);
    void addTo(QCommandLineParser &parser) const;
    // InvalidArgument naming the option when a value is not understood.
    Result<DatasetWriterOptions> read(const QCommandLineParser &parser) const;
    bool json(const QCommandLineParser &parser) const { return parser.isSet(m_json); }
    QList<QCommandLineOption> all() const { return {m_layout, m_format, m_quality, m_compression, m_shards}; }

private:
    DatasetLayout m_defaultLayout;
    ImageFormat m_defaultFormat;
    QCommandLineOption m_layout;
    QCommandLineOption m_format;
    QCommandLineOption m_quality;
    QCommandLineOption m_compression;
    QCommandLineOption m_shards;
    QCommandLineOption m_json;
};

// "raw layout, no compression, 1 file" / "encoded layout (jpeg, quality 95), gzip, 4 shards"
QString describeWriterOptions(const DatasetWriterOptions &options);
QJsonObject writerOptionsJson(const DatasetWriterOptions &options);

// A whole number in [lo, hi] from option text, or InvalidArgument naming `what`.
Result<qint64> parseCount(const QString &text, const QString &what, qint64 lo, qint64 hi);

} // namespace qs::cli
