#include "record/inputfiles.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

namespace qs {

namespace {
bool hasWildcard(QStringView text)
{
    return text.contains(QLatin1Char('*')) || text.contains(QLatin1Char('?')) ||
           text.contains(QLatin1Char('['));
}

Result<QStringList> expandOne(const QString &pattern)
{
    const QFileInfo info(pattern);
    if (!hasWildcard(pattern)) {
        if (info.isDir()) {
            return Status(ErrorKind::InvalidArgument,
                          QStringLiteral("%1 is a directory; name its files, e.g. %1/*").arg(pattern),
                          Location{pattern});
        }
        if (!info.exists())
            return notFound(QStringLiteral("no such file: %1").arg(pattern)).withLocation(Location{pattern});
        return QStringList{pattern};
    }
    const qsizetype slash = pattern.lastIndexOf(QLatin1Char('/'));
    const QString dirPart = slash < 0 ? QString() : pattern.left(slash + 1);
    const QString namePart = pattern.mid(slash + 1);
    if (hasWildcard(dirPart)) {
        return Status(ErrorKind::InvalidArgument,
                      QStringLiteral("%1: wildcards are only supported in the file name").arg(pattern),
                      Location{pattern});
    }
    const QDir dir(dirPart.isEmpty() ? QStringLiteral(".") : dirPart);
    if (!dir.exists())
        return notFound(QStringLiteral("no such directory: %1 (in pattern %2)").arg(dir.path(), pattern))
            .withLocation(Location{pattern});
    const QRegularExpression re(QRegularExpression::wildcardToRegularExpression(namePart));
    QStringList matches;
    const QStringList names = dir.entryList(QDir::Files | QDir::Hidden, QDir::Name);
    for (const QString &name : names) {
        if (re.match(name).hasMatch())
            matches << dirPart + name;
    }
    if (matches.isEmpty())
        return notFound(QStringLiteral("no files match %1").arg(pattern)).withLocation(Location{pattern});
    return matches;
}
} // namespace

Result<QStringList> expandInputs(const QStringList &patterns)
{
    if (patterns.isEmpty())
        return Status(ErrorKind::InvalidArgument, QStringLiteral("no input files given"));
    QStringList files;
    QSet<QString> seen;
    for (const QString &pattern : patterns) {
        Result<QStringList> matched = expandOne(pattern);
        if (!matched)
            return matched.status();
        for (const QString &file : *matched) {
            if (!seen.contains(file)) {
                seen.insert(file);
                files << file;
            }
        }
    }
    return files;
}

} // namespace qs
