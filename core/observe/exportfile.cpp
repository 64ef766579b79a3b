#include "observe/exportfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace qs {

Status saveAtomically(const QString &path, const std::function<bool(QIODevice *)> &write)
{
    const Location where{path, -1, -1};
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        const QFileInfo info(path);
        if (!info.absoluteDir().exists())
            return {ErrorKind::NotFound,
                    QStringLiteral("cannot write '%1': folder '%2' does not exist")
                        .arg(path, info.absolutePath()),
                    where};
        return {ErrorKind::PermissionDenied,
                QStringLiteral("cannot write '%1': %2").arg(path, file.errorString()), where};
    }
    if (!write(&file) || file.error() != QFileDevice::NoError) {
        const QString why = file.errorString();
        file.cancelWriting();
        return {ErrorKind::DataLoss, QStringLiteral("writing '%1' failed: %2").arg(path, why), where};
    }
    if (!file.commit())
        return {ErrorKind::DataLoss, QStringLiteral("cannot save '%1': %2").arg(path, file.errorString()),
                where};
    return Status::ok();
}

Status copyAtomically(const QString &from, const QString &to)
{
    QFile in(from);
    if (!in.open(QIODevice::ReadOnly))
        return {ErrorKind::NotFound, QStringLiteral("cannot read '%1': %2").arg(from, in.errorString()),
                Location{from, -1, -1}};
    return saveAtomically(to, [&in](QIODevice *out) {
        while (!in.atEnd()) {
            const QByteArray chunk = in.read(1 << 20);
            if (chunk.isEmpty() || out->write(chunk) != chunk.size())
                return false;
        }
        return true;
    });
}

} // namespace qs
