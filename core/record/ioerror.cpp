#include "record/ioerror.h"

#include <QtGlobal>

#include <cerrno>

namespace qs::detail {

namespace {
ErrorKind kindOf(int err)
{
    switch (err) {
    case ENOENT:
    case ENOTDIR:
    case ENXIO:
        return ErrorKind::NotFound;
    case EACCES:
    case EPERM:
    case EROFS:
        return ErrorKind::PermissionDenied;
    case ENOSPC:
    case EDQUOT:
    case EMFILE:
    case ENFILE:
    case ENOMEM:
    case EFBIG:
        return ErrorKind::ResourceExhausted;
    case EISDIR:
    case EINVAL:
    case ENAMETOOLONG:
    case ELOOP:
        return ErrorKind::InvalidArgument;
    case EEXIST:
        return ErrorKind::AlreadyExists;
    case EINTR:
    case EAGAIN:
        return ErrorKind::Unavailable;
    default:
        return ErrorKind::Unknown;
    }
}
} // namespace

Status ioError(int err, const QString &what, const QString &path)
{
    return Status(kindOf(err), QStringLiteral("%1 %2: %3").arg(what, path, qt_error_string(err)),
                  Location{path});
}

} // namespace qs::detail
