#include "run/runconfig.h"

#include "example/specoverrides.h"

#include <QJsonDocument>

#include <cmath>
#include <functional>
#include <vector>

namespace qs {

QString feedModeKey(FeedMode mode)
{
    return mode == FeedMode::Naive ? QStringLiteral("naive") : QStringLiteral("shuffle_batch");
}

namespace {

Status bad(const QString &message)
{
    return Status(ErrorKind::InvalidArgument, QStringLiteral("run config: ") + message);
}

// One trainer key bound to one field: how to write it and how to read it back.
struct Field {
    const char *key;
    std::function<QJsonValue(const TrainerConfig &)> write;
    std::function<Status(TrainerConfig &, const QJsonValue &)> read;
};

template<typename Int> Field intField(const char *key, Int TrainerConfig::*member)
{
    return {key, [member](const TrainerConfig &c) { return QJsonValue(qint64(c.*member)); },
            [key, member](TrainerConfig &c, const QJsonValue &v) {
                const double d = v.toDouble(std::nan(""));
                constexpr double limit = sizeof(Int) == 4 ? 2147483647.0 : 9007199254740991.0;
                if (!v.isDouble() || d != std::floor(d) || std::abs(d) > limit)
                    return bad(QStringLiteral("'%1' must be an integer").arg(QLatin1String(key)));
                c.*member = Int(d);
                return Status();
            }};
}

Field doubleField(const char *key, double TrainerConfig::*member)
{
    return {key, [member](const TrainerConfig &c) { return QJsonValue(c.*member); },
            [key, member](TrainerConfig &c, const QJsonValue &v) {
                if (!v.isDouble() || !std::isfinite(v.toDouble()))
                    return bad(QStringLiteral("'%1' must be a number").arg(QLatin1String(key)));
                c.*member = v.toDouble();
                return Status();
            }};
}

Field boolField(const char *key, bool TrainerConfig::*member)
{
    return {key, [member](const TrainerConfig &c) { return QJsonValue(c.*member); },
            [key, member](TrainerConfig &c, const QJsonValue &v) {
                if (!v.isBool())
                    return bad(QStringLiteral("'%1' must be true or false").arg(QLatin1String(key)));
                c.*member = v.toBool();
                return Status();
            }};
}

Field stringField(const char *key, QString TrainerConfig::*member)
{
    return {key, [member](const TrainerConfig &c) { return QJsonValue(c.*member); },
            [key, member](TrainerConfig &c, const QJsonValue &v) {
                if (!v.isString())
                    return bad(QStringLiteral("'%1' must be a string").arg(QLatin1String(key)));
                c.*member = v.toString();
                return Status();
            }};
}

// "spec" is written as the overrides object itself; read from an object or from JSON text.
// It is kept as compact text, empty when there are no overrides.
Field specField()
{
    return {"spec",
            [](const TrainerConfig &c) {
                const QJsonDocument doc = QJsonDocument::fromJson(c.specJson.toUtf8());
                return doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(QJsonObject());
            },
            [](TrainerConfig &c, const QJsonValue &v) {
                QJsonObject object;
                if (v.isObject()) {
                    object = v.toObject();
                } else if (v.isString()) {
                    if (v.toString().trimmed().isEmpty()) {
                        c.specJson.clear();
                        return Status();
                    }
                    QJsonParseError err{};
                    const QJsonDocument doc = QJsonDocument::fromJson(v.toString().toUtf8(), &err);
                    if (err.error != QJsonParseError::NoError || !doc.isObject())
                        return bad(QStringLiteral("'spec' is not a JSON object (%1 at byte %2)")
                                       .arg(err.errorString())
                                       .arg(err.offset));
                    object = doc.object();
                } else if (!v.isNull()) {
                    return bad(QStringLiteral("'spec' must be an object of feature-spec overrides"));
                }
                c.specJson = object.isEmpty()
                                 ? QString()
                                 : QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
                return Status();
            }};
}

Field feedField()
{
    return {"feed", [](const TrainerConfig &c) { return QJsonValue(feedModeKey(c.feed)); },
            [](TrainerConfig &c, const QJsonValue &v) {
                const QString s = v.toString();
                if (s == QLatin1String("shuffle_batch"))
                    c.feed = FeedMode::ShuffleBatch;
                else if (s == QLatin1String("naive"))
                    c.feed = FeedMode::Naive;
                else
                    return bad(QStringLiteral("'feed' must be \"shuffle_batch\" or \"naive\""));
                return Status();
            }};
}

const std::vector<Field> &trainerFields()
{
    static const std::vector<Field> all = {
        feedField(),
        intField("max_steps", &TrainerConfig::maxSteps),
        intField("eval_every", &TrainerConfig::evalEvery),
        stringField("eval_file", &TrainerConfig::evalFile),
        doubleField("eval_fraction", &TrainerConfig::evalFraction),
        intField("eval_max_samples", &TrainerConfig::evalMaxSamples),
        intField("hidden", &TrainerConfig::hidden),
        intField("num_classes", &TrainerConfig::numClasses),
        specField(),
        doubleField("grace_period_s", &TrainerConfig::gracePeriodS),
        boolField("start_queue_runners", &TrainerConfig::startQueueRunners),
        doubleField("hang_s", &TrainerConfig::hangSeconds),
        intField("preview_count", &TrainerConfig::previewCount),
        doubleField("speed", &TrainerConfig::speed),
        intField("workers", &TrainerConfig::workers),
        intField("worker_step_ms", &TrainerConfig::workerStepMs),
        doubleField("stop_probability", &TrainerConfig::stopProbability),
        doubleField("stop_after_s", &TrainerConfig::stopAfterS),
    };
    return all;
}

const Field *trainerField(const QString &key)
{
    for (const Field &f : trainerFields()) {
        if (key == QLatin1String(f.key))
            return &f;
    }
    return nullptr;
}

} // namespace

Status TrainerConfig::validate() const
{
    const TrainerConfig &t = *this;
    auto range = [](const char *key, double value, double min, double max) {
        return value >= min && value <= max ? Status()
                                            : bad(QStringLiteral("%1 must be from %2 to %3 (got %4)")
                                                      .arg(QLatin1String(key))
                                                      .arg(min)
                                                      .arg(max)
                                                      .arg(value));
    };
    const Status checks[] = {
        range("max_steps", double(t.maxSteps), 0, 1e15),
        range("eval_every", t.evalEvery, 0, 1e9),
        range("eval_fraction", t.evalFraction, 0, 0.5),
        range("eval_max_samples", t.evalMaxSamples, 0, 1000000),
        range("hidden", t.hidden, 2, 4096),
        t.numClasses == 0 ? Status() : range("num_classes", t.numClasses, 2, 1000),
        range("grace_period_s", t.gracePeriodS, 0, 3600),
        t.hangSeconds > 0 ? range("hang_s", t.hangSeconds, 0, 3600)
                          : bad(QStringLiteral("hang_s must be more than 0 (got %1)").arg(t.hangSeconds)),
        range("preview_count", t.previewCount, 0, 256),
        t.speed > 0 ? range("speed", t.speed, 0.01, 1)
                    : bad(QStringLiteral("speed must be from 0.01 to 1 (got %1)").arg(t.speed)),
        range("workers", t.workers, 1, 64),
        range("worker_step_ms", t.workerStepMs, 0, 60000),
        range("stop_probability", t.stopProbability, 0, 1),
        range("stop_after_s", t.stopAfterS, 0, 1e7),
    };
    for (const Status &s : checks) {
        if (!s.isOk())
            return s;
    }
    if (!t.specJson.isEmpty()) {
        const QJsonDocument doc = QJsonDocument::fromJson(t.specJson.toUtf8());
        if (!doc.isObject())
            return bad(QStringLiteral("spec is not a JSON object"));
        if (Result<SpecOverrides> o = SpecOverrides::fromJson(doc.object()); !o)
            return bad(QStringLiteral("spec: ") + o.status().message());
    }
    return {};
}

QJsonObject RunConfig::toJson() const
{
    QJsonObject json = pipeline.toJson();
    for (const Field &f : trainerFields())
        json.insert(QLatin1String(f.key), f.write(trainer));
    return json;
}

Result<RunConfig> RunConfig::fromJson(const QJsonObject &json, const RunConfig &base)
{
    RunConfig config = base;
    QJsonObject pipelineJson = base.pipeline.toJson();
    if (const QJsonValue side = json.value(QLatin1String("input_size")); !side.isUndefined()) {
        if (!side.isDouble() || side.toDouble() != double(side.toInt()))
            return bad(QStringLiteral("'input_size' must be an integer"));
        // An explicit image_width or image_height is laid over these by the loop below.
        pipelineJson.insert(QStringLiteral("image_width"), side.toInt());
        pipelineJson.insert(QStringLiteral("image_height"), side.toInt());
    }
    for (auto it = json.begin(); it != json.end(); ++it) {
        if (it.key() == QLatin1String("input_size"))
            continue;
        if (const Field *f = trainerField(it.key())) {
            if (Status s = f->read(config.trainer, it.value()); !s.isOk())
                return s;
        } else {
            pipelineJson.insert(it.key(), it.value()); // PipelineConfig names unknown keys
        }
    }
    Result<PipelineConfig> pipeline = PipelineConfig::fromJson(pipelineJson);
    if (!pipeline)
        return pipeline.status();
    config.pipeline = *pipeline;
    return config;
}

Status RunConfig::validate() const
{
    if (Status s = pipeline.validate(); !s.isOk())
        return s;
    return trainer.validate();
}

} // namespace qs
