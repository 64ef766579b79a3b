#include "base/statusjson.h"

#include <QJsonObject>

namespace qs {

QJsonValue statusToJson(const Status &status)
{
    if (status.isOk())
        return QJsonValue();
    QJsonObject o{{QStringLiteral("kind"), errorKindName(status.kind())},
                  {QStringLiteral("message"), status.message()}};
    if (!status.thread().isEmpty())
        o.insert(QStringLiteral("thread"), status.thread());
    const Location &where = status.where();
    if (!where.file.isEmpty())
        o.insert(QStringLiteral("file"), where.file);
    if (where.record >= 0)
        o.insert(QStringLiteral("record"), where.record);
    if (where.offset >= 0)
        o.insert(QStringLiteral("offset"), where.offset);
    return o;
}

Status statusFromJson(const QJsonValue &json)
{
    if (!json.isObject())
        return {};
    const QJsonObject o = json.toObject();
    Location where;
    where.file = o.value(QStringLiteral("file")).toString();
    where.record = o.value(QStringLiteral("record")).toInteger(-1);
    where.offset = o.value(QStringLiteral("offset")).toInteger(-1);
    const ErrorKind kind = errorKindFromName(o.value(QStringLiteral("kind")).toString());
    Status s(kind == ErrorKind::Ok ? ErrorKind::Unknown : kind, o.value(QStringLiteral("message")).toString(),
             where);
    const QString thread = o.value(QStringLiteral("thread")).toString();
    return thread.isEmpty() ? s : s.withThread(thread);
}

} // namespace qs
