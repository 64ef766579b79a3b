#include "scenario/scenario.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

static void initScenarioResources()
{
    Q_INIT_RESOURCE(scenarios);
}

namespace qs {

namespace {

const QString kBuiltinDir = QStringLiteral(":/scenarios");

Result<Fault> faultFromJson(const QJsonObject &o, const QString &origin)
{
    Fault f;
    const QString type = o.value(QLatin1String("type")).toString();
    if (type == QLatin1String("corrupt_record")) {
        f.type = Fault::Type::CorruptRecord;
        f.file = o.value(QLatin1String("file")).toInt(0);
        f.record = o.value(QLatin1String("record")).toInteger(0);
        f.how = o.value(QLatin1String("how")).toString(QStringLiteral("flip_data_crc"));
        if (f.how != QLatin1String("flip_data_crc") && f.how != QLatin1String("flip_length_crc") &&
            f.how != QLatin1String("truncate"))
            return invalidArgument(QStringLiteral("%1: unknown corrupt_record 'how': %2").arg(origin, f.how));
    } else if (type == QLatin1String("throw")) {
        f.type = Fault::Type::Throw;
        f.where = o.value(QLatin1String("where")).toString();
        f.afterRecords = o.value(QLatin1String("after_records")).toInteger(-1);
        f.atStep = o.value(QLatin1String("at_step")).toInteger(-1);
        if (f.where != QLatin1String("reader") && f.where != QLatin1String("trainer"))
            return invalidArgument(
                QStringLiteral("%1: a throw fault needs \"where\": \"reader\" or \"trainer\"").arg(origin));
    } else if (type == QLatin1String("stuck_worker")) {
        f.type = Fault::Type::StuckWorker;
    } else if (type == QLatin1String("corrupt_image")) {
        f.type = Fault::Type::CorruptImage;
        f.file = o.value(QLatin1String("file")).toInt(0);
        f.record = o.value(QLatin1String("record")).toInteger(0);
    } else if (type == QLatin1String("slow_file")) {
        f.type = Fault::Type::SlowFile;
        f.file = o.value(QLatin1String("file")).toInt(0);
        f.delayMs = o.value(QLatin1String("delay_ms")).toInt(0);
        if (f.delayMs <= 0 || f.delayMs > 10000)
            return invalidArgument(
                QStringLiteral("%1: a slow_file fault needs \"delay_ms\" between 1 and 10000").arg(origin));
    } else {
        return invalidArgument(QStringLiteral("%1: unknown fault type '%2'").arg(origin, type));
    }
    return f;
}

} // namespace

QString Scenario::titleIn(const QString &lang) const
{
    const QString v = localized.value(QStringLiteral("title_") + lang).toString();
    return v.isEmpty() ? title : v;
}

QString Scenario::descriptionIn(const QString &lang) const
{
    const QString v = localized.value(QStringLiteral("description_") + lang).toString();
    return v.isEmpty() ? description : v;
}

Result<Scenario> Scenario::fromJson(const QJsonObject &json, const QString &origin)
{
    Scenario s;
    s.name = json.value(QLatin1String("name")).toString();
    s.title = json.value(QLatin1String("title")).toString();
    s.description = json.value(QLatin1String("description")).toString();
    if (s.name.isEmpty() || s.title.isEmpty())
        return invalidArgument(QStringLiteral("%1: a scenario needs a \"name\" and a \"title\"").arg(origin));
    for (auto it = json.begin(); it != json.end(); ++it) {
        if (it.key().startsWith(QLatin1String("title_")) ||
            it.key().startsWith(QLatin1String("description_")))
            s.localized.insert(it.key(), it.value());
    }
    const QString mode = json.value(QLatin1String("mode")).toString(QStringLiteral("pipeline"));
    if (mode == runModeKey(RunMode::Workers))
        s.mode = RunMode::Workers;
    else if (mode != runModeKey(RunMode::Pipeline))
        return invalidArgument(QStringLiteral("%1: unknown mode '%2'").arg(origin, mode));
    s.config = json.value(QLatin1String("config")).toObject();
    s.expect = json.value(QLatin1String("expect")).toObject();
    s.stopAfterSeconds = json.value(QLatin1String("stop_after_s")).toDouble(0);
    s.stopAfterInWindow = json.value(QLatin1String("stop_after_s_in_window")).toBool(true);
    s.shards = json.value(QLatin1String("shards")).toInt(0);
    if (s.shards < 0 || s.shards > 64)
        return invalidArgument(QStringLiteral("%1: \"shards\" must be between 0 and 64").arg(origin));
    const QJsonValue pace = json.value(QLatin1String("pace"));
    if (!pace.isUndefined()) {
        s.pace = pace.toDouble(-1);
        if (!pace.isDouble() || s.pace < 0.01 || s.pace > 1)
            return invalidArgument(QStringLiteral("%1: \"pace\" must be a speed from 0.01 to 1").arg(origin));
    }
    const QJsonArray faults = json.value(QLatin1String("faults")).toArray();
    for (const QJsonValue &v : faults) {
        Result<Fault> f = faultFromJson(v.toObject(), origin);
        if (!f)
            return f.status();
        s.faults.append(*f);
    }
    return s;
}

Result<Scenario> Scenario::load(const QString &nameOrPath)
{
    initScenarioResources();
    QString path = nameOrPath;
    if (!QFileInfo(path).isFile() || !path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
        path = kBuiltinDir + QLatin1Char('/') + nameOrPath + QStringLiteral(".json");
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return notFound(QStringLiteral("no scenario '%1' (built-in ones: %2)")
                            .arg(nameOrPath, builtinNames().join(QStringLiteral(", "))));
    }
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &err);
    if (err.error != QJsonParseError::NoError || !doc.isObject()) {
        return invalidArgument(QStringLiteral("%1: not a JSON object (%2 at byte %3)")
                                   .arg(path, err.errorString())
                                   .arg(err.offset));
    }
    return fromJson(doc.object(), path);
}

QStringList Scenario::builtinNames()
{
    initScenarioResources();
    QStringList names;
    const QStringList files =
        QDir(kBuiltinDir).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (const QString &f : files)
        names << QFileInfo(f).completeBaseName();
    return names;
}

QString runModeKey(RunMode mode)
{
    return mode == RunMode::Workers ? QStringLiteral("workers") : QStringLiteral("pipeline");
}

} // namespace qs
