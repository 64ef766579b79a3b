#pragma once

#include <QString>
#include <QtGlobal>

namespace qs {

// The error kinds of TensorFlow's status codes, with the same numbers, so a message reads the
// way TensorFlow would print it ("OutOfRange: FIFOQueue 'q' is closed ...").
enum class ErrorKind : quint8 {
    Ok = 0,
    Cancelled = 1,
    Unknown = 2,
    InvalidArgument = 3,
    DeadlineExceeded = 4,
    NotFound = 5,
    AlreadyExists = 6,
    PermissionDenied = 7,
    ResourceExhausted = 8,
    FailedPrecondition = 9,
    Aborted = 10,
    OutOfRange = 11,
    Unimplemented = 12,
    Internal = 13,
    Unavailable = 14,
    DataLoss = 15,
};

QString errorKindName(ErrorKind kind);        // "OutOfRange"
QString errorKindKey(ErrorKind kind);         // "out_of_range" (JSON)
ErrorKind errorKindFromName(const QString &); // accepts either spelling; Unknown when neither

// Where in the input an error applies. Fields are unset (-1 / empty) when they do not apply.
struct Location {
    QString file;
    qint64 record = -1; // 0-based record index
    qint64 offset = -1; // byte offset in the (decompressed) record stream

    friend bool operator==(const Location &, const Location &) = default;
};

// A value type: ok, or an error kind with a message, where it happened and which thread
// raised it. Cheap to copy (implicitly shared QStrings).
class Status {
public:
    Status() = default;
    Status(ErrorKind kind, QString message, Location where = {});

    static Status ok() { return {}; }

    bool isOk() const { return m_kind == ErrorKind::Ok; }
    explicit operator bool() const { return isOk(); }

    ErrorKind kind() const { return m_kind; }
    const QString &message() const { return m_message; }
    const Location &where() const { return m_where; }
    const QString &thread() const { return m_thread; }

    Status withThread(const QString &thread) const;
    Status withLocation(const Location &where) const;

    // "DataLoss: corrupted record at offset 120 (file a.tfrecords, record 3)"
    QString toString() const;

    friend bool operator==(const Status &, const Status &) = default;

private:
    ErrorKind m_kind = ErrorKind::Ok;
    QString m_message;
    Location m_where;
    QString m_thread;
};

inline Status cancelled(const QString &m)
{
    return {ErrorKind::Cancelled, m};
}
inline Status invalidArgument(const QString &m)
{
    return {ErrorKind::InvalidArgument, m};
}
inline Status outOfRange(const QString &m)
{
    return {ErrorKind::OutOfRange, m};
}
inline Status deadlineExceeded(const QString &m)
{
    return {ErrorKind::DeadlineExceeded, m};
}
inline Status internalError(const QString &m)
{
    return {ErrorKind::Internal, m};
}
inline Status notFound(const QString &m)
{
    return {ErrorKind::NotFound, m};
}
inline Status dataLoss(const QString &m, Location where = {})
{
    return {ErrorKind::DataLoss, m, std::move(where)};
}

} // namespace qs
