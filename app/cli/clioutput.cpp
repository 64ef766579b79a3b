#include "clioutput.h"

#include "example/specoverrides.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>

#include <cstdio>
#include <cstdlib>
#include <unistd.h>

namespace qs::cli {

Output::Output(bool json)
    : m_json(json)
    , m_out(stdout)
    , m_err(stderr)
{}

void Output::line(const QString &text)
{
    endProgress();
    m_out << text << '\n';
    m_out.flush();
}

void Output::json(const QJsonObject &object)
{
    m_out << QJsonDocument(object).toJson(QJsonDocument::Compact) << '\n';
    m_out.flush();
}

void Output::error(const QString &text)
{
    endProgress();
    m_err << text << '\n';
    m_err.flush();
}

void Output::progress(const QString &text)
{
    if (!isatty(STDERR_FILENO))
        return;
    m_err << '\r' << text << "\x1b[K";
    m_err.flush();
    m_progressOpen = true;
}

void Output::endProgress()
{
    if (!m_progressOpen)
        return;
    m_err << '\n';
    m_err.flush();
    m_progressOpen = false;
}

int Output::fail(const QString &text, int status)
{
    error(text);
    if (m_json)
        json(QJsonObject{{QStringLiteral("error"), text}});
    return status;
}

void processArguments(QCommandLineParser &parser, const QStringList &args)
{
    if (args.contains(QLatin1String("--help")) || args.contains(QLatin1String("-h"))) {
        QString text = parser.helpText();
        const QString usage = QStringLiteral("Usage: ");
        const qsizetype end = text.indexOf(QLatin1Char('\n'));
        const QString first = text.left(end);
        const qsizetype options = first.indexOf(QLatin1String(" ["));
        text = usage + args.value(0) + (options >= 0 ? first.mid(options) : QString()) + text.mid(end);
        QTextStream(stdout) << text;
        ::exit(0);
    }
    parser.process(args);
}

Result<QJsonObject> parseJsonArgument(const QString &textOrPath)
{
    QByteArray bytes = textOrPath.toUtf8();
    if (!textOrPath.trimmed().startsWith(QLatin1Char('{'))) {
        QFile file(textOrPath);
        if (!file.open(QIODevice::ReadOnly))
            return notFound(
                QStringLiteral("%1 is neither a JSON object nor a readable file").arg(textOrPath));
        bytes = file.readAll();
    }
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &err);
    if (err.error != QJsonParseError::NoError || !doc.isObject())
        return invalidArgument(
            QStringLiteral("not a JSON object (%1 at byte %2)").arg(err.errorString()).arg(err.offset));
    return doc.object();
}

Result<SpecOverrides> parseOverrides(const QString &textOrPath)
{
    Result<QJsonObject> json = parseJsonArgument(textOrPath);
    if (!json)
        return json.status();
    return SpecOverrides::fromJson(*json);
}

} // namespace qs::cli
