#include "knobflags.h"

#include "run/knobs.h"

#include <QCommandLineParser>
#include <QJsonDocument>

namespace qs::cli {

KnobFlags::KnobFlags(For command)
    : m_for(command)
{
    for (const Knob &k : knobs()) {
        if (!*k.flag || (command == For::Bench && !k.benchFlag))
            continue;
        const QString help = knobFlagHelp(k);
        if (k.type == KnobType::Bool)
            m_flags << Flag{QCommandLineOption(QLatin1String(k.flag), help), k.key};
        else
            m_flags << Flag{QCommandLineOption(QLatin1String(k.flag), help, QLatin1String(k.valueName)),
                            k.key};
    }
    m_flags << Flag{QCommandLineOption(QStringLiteral("input-size"),
                                       QStringLiteral("Shorthand for --image-width N --image-height N."),
                                       QStringLiteral("N")),
                    ""};
    m_flags << Flag{QCommandLineOption(QStringLiteral("no-shuffle"),
                                       QStringLiteral("tf.train.batch (a FIFOQueue) and files in order: "
                                                      "--no-shuffle-queue --no-shuffle-files.")),
                    ""};
    // Shorthands for the "spec" overrides (example/specoverrides.h), merged into --spec.
    m_flags << Flag{QCommandLineOption(QStringLiteral("image-feature"),
                                       QStringLiteral("The feature that holds the image: --spec "
                                                      "'{\"image\":{\"key\":KEY}}'."),
                                       QStringLiteral("KEY")),
                    ""};
    m_flags << Flag{QCommandLineOption(QStringLiteral("label-feature"),
                                       QStringLiteral("The feature that holds the label, or none: --spec "
                                                      "'{\"label\":{\"key\":KEY}}' ('{\"label\":null}')."),
                                       QStringLiteral("KEY|none")),
                    ""};
    m_flags << Flag{QCommandLineOption(QStringLiteral("image-shape"),
                                       QStringLiteral("Raw pixels' height, width and channels, e.g. 28x28x1: "
                                                      "the spec's image height, width, channels."),
                                       QStringLiteral("HxWxC")),
                    ""};
    m_flags << Flag{QCommandLineOption(QStringLiteral("image-dtype"),
                                       QStringLiteral("Raw pixels' type: uint8, int16 or float32 (the spec's "
                                                      "image dtype)."),
                                       QStringLiteral("TYPE")),
                    ""};
    if (command == For::Run) {
        m_flags << Flag{
            QCommandLineOption(QStringLiteral("seed"),
                               QStringLiteral("Seed of the file and example shuffles: --file-seed S "
                                              "--shuffle-seed S."),
                               QStringLiteral("S")),
            ""};
        m_flags << Flag{QCommandLineOption(QStringLiteral("naive"),
                                           QStringLiteral("The trainer reads sample by sample: no queues "
                                                          "(--feed naive).")),
                        ""};
    }
}

void KnobFlags::addTo(QCommandLineParser &parser) const
{
    for (const Flag &f : m_flags)
        parser.addOption(f.option);
}

Result<QJsonObject> KnobFlags::json(const QCommandLineParser &parser) const
{
    QJsonObject json;
    QJsonObject image, label; // from the spec shorthands
    bool noLabel = false;
    auto needsNumber = [](const QString &flag, const QString &value) {
        return invalidArgument(QStringLiteral("--%1 needs a number (got '%2')").arg(flag, value));
    };
    for (const Flag &f : m_flags) {
        if (!parser.isSet(f.option))
            continue;
        const QString name = f.option.names().first();
        const QString value = f.option.valueName().isEmpty() ? QString() : parser.value(f.option);
        if (!*f.key) { // the shorthands
            bool ok = true;
            if (name == QLatin1String("input-size")) {
                json.insert(QStringLiteral("input_size"), value.toLongLong(&ok));
            } else if (name == QLatin1String("no-shuffle")) {
                json.insert(QStringLiteral("use_shuffle_queue"), false);
                json.insert(QStringLiteral("shuffle_files"), false);
            } else if (name == QLatin1String("seed")) {
                const qint64 seed = value.toLongLong(&ok);
                json.insert(QStringLiteral("file_seed"), seed);
                json.insert(QStringLiteral("shuffle_seed"), seed);
            } else if (name == QLatin1String("naive")) {
                json.insert(QStringLiteral("feed"), QStringLiteral("naive"));
            } else if (name == QLatin1String("image-feature")) {
                image.insert(QStringLiteral("key"), value);
            } else if (name == QLatin1String("label-feature")) {
                noLabel = value.compare(QLatin1String("none"), Qt::CaseInsensitive) == 0;
                if (!noLabel)
                    label.insert(QStringLiteral("key"), value);
            } else if (name == QLatin1String("image-dtype")) {
                image.insert(QStringLiteral("dtype"), value);
            } else if (name == QLatin1String("image-shape")) {
                const QStringList parts = value.split(QLatin1Char('x'));
                QList<int> dims;
                for (const QString &p : parts)
                    dims << p.toInt(&ok);
                if (!ok || dims.size() < 2 || dims.size() > 3)
                    return invalidArgument(
                        QStringLiteral("--image-shape needs HxW or HxWxC, e.g. 28x28x1 (got '%1')")
                            .arg(value));
                image.insert(QStringLiteral("height"), dims[0]);
                image.insert(QStringLiteral("width"), dims[1]);
                if (dims.size() == 3)
                    image.insert(QStringLiteral("channels"), dims[2]);
            }
            if (!ok)
                return needsNumber(name, value);
            continue;
        }
        const QString key = QLatin1String(f.key);
        const Knob *k = findKnob(key);
        bool ok = true;
        switch (k->type) {
        case KnobType::Int:
        case KnobType::Seed:
            json.insert(key, value.toLongLong(&ok));
            break;
        case KnobType::Number:
            json.insert(key, value.toDouble(&ok));
            break;
        case KnobType::Bool:
            json.insert(key, !k->read(RunConfig{}).toBool());
            break;
        case KnobType::Text:
        case KnobType::Choice:
        case KnobType::Json: // RunConfig takes the spec as JSON text
            json.insert(key, value);
            break;
        case KnobType::Files:
            break;
        }
        if (!ok)
            return needsNumber(name, value);
    }
    if (!image.isEmpty() || !label.isEmpty() || noLabel) {
        QJsonObject spec;
        if (json.contains(QStringLiteral("spec"))) {
            QJsonParseError error{};
            const QJsonDocument doc =
                QJsonDocument::fromJson(json.value(QStringLiteral("spec")).toString().toUtf8(), &error);
            if (!doc.isObject())
                return invalidArgument(QStringLiteral("--spec is not a JSON object"));
            spec = doc.object();
        }
        auto merge = [&](const QString &key, const QJsonObject &add) {
            QJsonObject o = spec.value(key).toObject();
            for (auto it = add.begin(); it != add.end(); ++it)
                o.insert(it.key(), it.value());
            spec.insert(key, o);
        };
        if (!image.isEmpty())
            merge(QStringLiteral("image"), image);
        if (noLabel)
            spec.insert(QStringLiteral("label"), QJsonValue::Null);
        else if (!label.isEmpty())
            merge(QStringLiteral("label"), label);
        json.insert(QStringLiteral("spec"),
                    QString::fromUtf8(QJsonDocument(spec).toJson(QJsonDocument::Compact)));
    }
    return json;
}

} // namespace qs::cli
