#include "base/status.h"

#include <QStringList>

#include <array>

namespace qs {

namespace {
struct KindNames {
    const char *name;
    const char *key;
};
constexpr std::array<KindNames, 16> kNames{{
    {"OK", "ok"},
    {"Cancelled", "cancelled"},
    {"Unknown", "unknown"},
    {"InvalidArgument", "invalid_argument"},
    {"DeadlineExceeded", "deadline_exceeded"},
    {"NotFound", "not_found"},
    {"AlreadyExists", "already_exists"},
    {"PermissionDenied", "permission_denied"},
    {"ResourceExhausted", "resource_exhausted"},
    {"FailedPrecondition", "failed_precondition"},
    {"Aborted", "aborted"},
    {"OutOfRange", "out_of_range"},
    {"Unimplemented", "unimplemented"},
    {"Internal", "internal"},
    {"Unavailable", "unavailable"},
    {"DataLoss", "data_loss"},
}};
} // namespace

QString errorKindName(ErrorKind kind)
{
    return QString::fromLatin1(kNames[size_t(kind)].name);
}
QString errorKindKey(ErrorKind kind)
{
    return QString::fromLatin1(kNames[size_t(kind)].key);
}

ErrorKind errorKindFromName(const QString &text)
{
    for (size_t i = 0; i < kNames.size(); ++i) {
        if (text.compare(QLatin1String(kNames[i].name), Qt::CaseInsensitive) == 0 ||
            text == QLatin1String(kNames[i].key))
            return ErrorKind(i);
    }
    return ErrorKind::Unknown;
}

Status::Status(ErrorKind kind, QString message, Location where)
    : m_kind(kind)
    , m_message(std::move(message))
    , m_where(std::move(where))
{}

Status Status::withThread(const QString &thread) const
{
    Status s = *this;
    s.m_thread = thread;
    return s;
}

Status Status::withLocation(const Location &where) const
{
    Status s = *this;
    s.m_where = where;
    return s;
}

QString Status::toString() const
{
    if (isOk())
        return QStringLiteral("OK");
    QString text = errorKindName(m_kind) + QStringLiteral(": ") + m_message;
    QStringList where;
    if (!m_where.file.isEmpty())
        where << QStringLiteral("file %1").arg(m_where.file);
    if (m_where.record >= 0)
        where << QStringLiteral("record %1").arg(m_where.record);
    if (m_where.offset >= 0)
        where << QStringLiteral("offset %1").arg(m_where.offset);
    if (!where.isEmpty())
        text += QStringLiteral(" (") + where.join(QStringLiteral(", ")) + QLatin1Char(')');
    return text;
}

} // namespace qs
