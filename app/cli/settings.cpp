// queuescope-cli settings: the one table of run settings (run/knobs.h), as a Markdown table for
// the docs or as JSON, so what the README lists is what the code declares.
#include "clioutput.h"
#include "commands.h"

#include "run/knobs.h"

#include <QCommandLineParser>
#include <QJsonArray>

namespace qs::cli {

namespace {

QString shown(const QJsonValue &v)
{
    if (v.isBool())
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (v.isDouble())
        return QString::number(v.toDouble(), 'g', 12);
    if (v.isString())
        return v.toString().isEmpty() ? QStringLiteral("\"\"") : v.toString();
    if (v.isArray())
        return QStringLiteral("[]");
    return QStringLiteral("{}");
}

QString range(const Knob &k)
{
    if (k.type != KnobType::Int && k.type != KnobType::Number)
        return {};
    const QString r = QStringLiteral("%1..%2").arg(k.min, 0, 'g', 12).arg(k.max, 0, 'g', 12);
    return k.zeroMeansOff ? QStringLiteral("0 or ") + r : r;
}

} // namespace

int runSettings(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Lists every run setting once: its JSON key (scenario files, --config), flag, default, "
        "range, unit, the TensorFlow 1.x argument it stands for and what it does."));
    parser.addHelpOption();
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print one JSON array."));
    parser.addOption(json);
    processArguments(parser, args);
    Output out(parser.isSet(json));
    const RunConfig defaults;
    if (out.json()) {
        QJsonArray list;
        for (const Knob &k : knobs()) {
            QJsonObject o{{QStringLiteral("key"), QLatin1String(k.key)},
                          {QStringLiteral("default"), k.read(defaults)},
                          {QStringLiteral("unit"), QLatin1String(k.unit)},
                          {QStringLiteral("tf"), QLatin1String(k.tfArg)},
                          {QStringLiteral("help"), QLatin1String(k.help)}};
            if (*k.flag)
                o.insert(QStringLiteral("flag"), QStringLiteral("--") + QLatin1String(k.flag));
            if (k.type == KnobType::Int || k.type == KnobType::Number) {
                o.insert(QStringLiteral("min"), k.min);
                o.insert(QStringLiteral("max"), k.max);
            }
            list.append(o);
        }
        out.json(QJsonObject{{QStringLiteral("settings"), list}});
        return 0;
    }
    out.line(QStringLiteral("| key | flag | default | range | TensorFlow | what it does |"));
    out.line(QStringLiteral("|---|---|---|---|---|---|"));
    for (const Knob &k : knobs()) {
        const QString unit = *k.unit ? QStringLiteral(" ") + QLatin1String(k.unit) : QString();
        out.line(QStringLiteral("| `%1` | %2 | %3%4 | %5 | %6 | %7 |")
                     .arg(QLatin1String(k.key),
                          *k.flag ? QStringLiteral("`--%1`").arg(QLatin1String(k.flag)) : QString(),
                          shown(k.read(defaults)), unit, range(k),
                          *k.tfArg ? QStringLiteral("`%1`").arg(QLatin1String(k.tfArg)) : QString(),
                          QString::fromUtf8(k.help)));
    }
    return 0;
}

} // namespace qs::cli
