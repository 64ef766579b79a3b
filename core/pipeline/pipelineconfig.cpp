#include "pipeline/pipelineconfig.h"

#include <QJsonArray>

#include <cmath>
#include <functional>
#include <tuple>
#include <vector>

namespace qs {

namespace {

Status bad(const QString &message)
{
    return Status(ErrorKind::InvalidArgument, QStringLiteral("pipeline config: ") + message);
}

// One JSON key bound to one field: how to write it and how to read it back.
struct Field {
    const char *key;
    std::function<QJsonValue(const PipelineConfig &)> write;
    std::function<Status(PipelineConfig &, const QJsonValue &)> read;
};

Field intField(const char *key, int PipelineConfig::*member)
{
    return {key, [member](const PipelineConfig &c) { return QJsonValue(c.*member); },
            [key, member](PipelineConfig &c, const QJsonValue &v) {
                const double d = v.toDouble(std::nan(""));
                if (!v.isDouble() || d != std::floor(d) || std::abs(d) > 2147483647.0)
                    return bad(QStringLiteral("'%1' must be an integer").arg(QLatin1String(key)));
                c.*member = int(d);
                return Status();
            }};
}

Field boolField(const char *key, bool PipelineConfig::*member)
{
    return {key, [member](const PipelineConfig &c) { return QJsonValue(c.*member); },
            [key, member](PipelineConfig &c, const QJsonValue &v) {
                if (!v.isBool())
                    return bad(QStringLiteral("'%1' must be true or false").arg(QLatin1String(key)));
                c.*member = v.toBool();
                return Status();
            }};
}

Field seedField(const char *key, quint64 PipelineConfig::*member)
{
    return {key, [member](const PipelineConfig &c) { return QJsonValue(qint64(c.*member)); },
            [key, member](PipelineConfig &c, const QJsonValue &v) {
                const double d = v.toDouble(-1);
                if (!v.isDouble() || d < 0 || d != std::floor(d) || d > double(PipelineConfig::kMaxSeed))
                    return bad(
                        QStringLiteral("'%1' must be an integer from 0 to 2^53 - 1").arg(QLatin1String(key)));
                c.*member = quint64(v.toInteger());
                return Status();
            }};
}

const std::vector<Field> &fields()
{
    static const std::vector<Field> all = {
        {"files", [](const PipelineConfig &c) { return QJsonValue(QJsonArray::fromStringList(c.files)); },
         [](PipelineConfig &c, const QJsonValue &v) {
             if (!v.isArray())
                 return bad(QStringLiteral("'files' must be an array of strings"));
             QStringList files;
             for (const QJsonValue &f : v.toArray()) {
                 if (!f.isString())
                     return bad(QStringLiteral("'files' must be an array of strings"));
                 files << f.toString();
             }
             c.files = files;
             return Status();
         }},
        intField("num_epochs", &PipelineConfig::numEpochs),
        boolField("shuffle_files", &PipelineConfig::shuffleFiles),
        seedField("file_seed", &PipelineConfig::fileSeed),
        intField("reader_threads", &PipelineConfig::readerThreads),
        intField("filename_capacity", &PipelineConfig::filenameCapacity),
        intField("example_capacity", &PipelineConfig::exampleCapacity),
        intField("min_after_dequeue", &PipelineConfig::minAfterDequeue),
        boolField("use_shuffle_queue", &PipelineConfig::useShuffleQueue),
        intField("batch_size", &PipelineConfig::batchSize),
        boolField("allow_smaller_final_batch", &PipelineConfig::allowSmallerFinalBatch),
        seedField("shuffle_seed", &PipelineConfig::shuffleSeed),
        intField("image_width", &PipelineConfig::imageWidth),
        intField("image_height", &PipelineConfig::imageHeight),
        boolField("skip_corrupt", &PipelineConfig::skipCorrupt),
        intField("reader_delay_ms", &PipelineConfig::readerDelayMs),
        intField("decode_delay_ms", &PipelineConfig::decodeDelayMs),
        intField("trainer_delay_ms", &PipelineConfig::trainerDelayMs),
    };
    return all;
}

} // namespace

QJsonObject PipelineConfig::toJson() const
{
    QJsonObject json;
    for (const Field &f : fields())
        json.insert(QLatin1String(f.key), f.write(*this));
    return json;
}

Result<PipelineConfig> PipelineConfig::fromJson(const QJsonObject &json)
{
    PipelineConfig config;
    for (auto it = json.begin(); it != json.end(); ++it) {
        const Field *field = nullptr;
        for (const Field &f : fields()) {
            if (it.key() == QLatin1String(f.key))
                field = &f;
        }
        if (!field)
            return bad(QStringLiteral("unknown key '%1'").arg(it.key()));
        if (Status s = field->read(config, it.value()); !s.isOk())
            return s;
    }
    return config;
}

Status PipelineConfig::validate() const
{
    auto atLeast = [](const char *key, int value, int min) {
        return value >= min ? Status()
                            : bad(QStringLiteral("%1 must be at least %2 (got %3)")
                                      .arg(QLatin1String(key))
                                      .arg(min)
                                      .arg(value));
    };
    if (files.isEmpty())
        return bad(QStringLiteral("files must name at least one file"));
    for (const auto &[key, value, min] :
         {std::tuple{"num_epochs", numEpochs, 0}, std::tuple{"reader_threads", readerThreads, 1},
          std::tuple{"filename_capacity", filenameCapacity, 1},
          std::tuple{"example_capacity", exampleCapacity, 1}, std::tuple{"batch_size", batchSize, 1},
          std::tuple{"image_width", imageWidth, 2}, std::tuple{"image_height", imageHeight, 2},
          std::tuple{"reader_delay_ms", readerDelayMs, 0}, std::tuple{"decode_delay_ms", decodeDelayMs, 0},
          std::tuple{"trainer_delay_ms", trainerDelayMs, 0}}) {
        if (Status s = atLeast(key, value, min); !s.isOk())
            return s;
    }
    for (const auto &[key, value] :
         {std::pair{"image_width", imageWidth}, std::pair{"image_height", imageHeight}}) {
        if (value > kMaxImageSide)
            return bad(QStringLiteral("%1 must be at most %2 (got %3)")
                           .arg(QLatin1String(key))
                           .arg(kMaxImageSide)
                           .arg(value));
    }
    if (useShuffleQueue) {
        if (minAfterDequeue < 0)
            return atLeast("min_after_dequeue", minAfterDequeue, 0);
        if (exampleCapacity <= minAfterDequeue)
            return bad(QStringLiteral("example_capacity %1 must be bigger than min_after_dequeue %2.")
                           .arg(exampleCapacity)
                           .arg(minAfterDequeue));
    }
    if (fileSeed > kMaxSeed || shuffleSeed > kMaxSeed)
        return bad(QStringLiteral("seeds must be at most 2^53 - 1"));
    return {};
}

} // namespace qs
