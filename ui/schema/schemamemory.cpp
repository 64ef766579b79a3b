#include "schema/schemamemory.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSettings>

namespace qs {

namespace {

const QString kGroup = QStringLiteral("schema/files");
const QString kOrder = QStringLiteral("schema/order"); // keys, the most recent last

} // namespace

QString SchemaMemory::keyFor(const QString &file)
{
    const QFileInfo info(file);
    if (!info.exists())
        return {};
    const QString identity = QStringLiteral("%1\n%2\n%3")
                                 .arg(info.absoluteFilePath())
                                 .arg(info.size())
                                 .arg(info.lastModified().toMSecsSinceEpoch());
    return QString::fromLatin1(QCryptographicHash::hash(identity.toUtf8(), QCryptographicHash::Sha1).toHex());
}

std::optional<SpecOverrides> SchemaMemory::recall(const QString &file) const
{
    const QString key = keyFor(file);
    if (key.isEmpty())
        return std::nullopt;
    const QString json = QSettings().value(kGroup + QLatin1Char('/') + key).toString();
    if (json.isEmpty())
        return std::nullopt;
    const QJsonDocument doc = QJsonDocument::fromJson(json.toUtf8());
    Result<SpecOverrides> o = SpecOverrides::fromJson(doc.object());
    if (!doc.isObject() || !o)
        return std::nullopt; // written by another version: detect again
    return *o;
}

void SchemaMemory::remember(const QString &file, const SpecOverrides &overrides)
{
    const QString key = keyFor(file);
    if (key.isEmpty())
        return;
    if (!overrides.any()) {
        forget(file);
        return;
    }
    QSettings settings;
    settings.setValue(kGroup + QLatin1Char('/') + key,
                      QString::fromUtf8(QJsonDocument(overrides.toJson()).toJson(QJsonDocument::Compact)));
    QStringList order = settings.value(kOrder).toStringList();
    order.removeAll(key);
    order << key;
    while (order.size() > kMaxFiles)
        settings.remove(kGroup + QLatin1Char('/') + order.takeFirst());
    settings.setValue(kOrder, order);
}

void SchemaMemory::forget(const QString &file)
{
    const QString key = keyFor(file);
    if (key.isEmpty())
        return;
    QSettings settings;
    settings.remove(kGroup + QLatin1Char('/') + key);
    QStringList order = settings.value(kOrder).toStringList();
    order.removeAll(key);
    settings.setValue(kOrder, order);
}

} // namespace qs
