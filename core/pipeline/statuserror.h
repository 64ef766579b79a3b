#pragma once

#include "base/status.h"

#include <QByteArray>

#include <exception>
#include <utility>

namespace qs {

// An exception that carries a Status, for code that must unwind through layers that cannot
// return one. Everything in this room that catches exceptions (CoordinatedThread,
// Coordinator::stopOnException, QueueRunner) reports a StatusError's Status unchanged, so a
// thrown OutOfRange still counts as a clean stop; any other exception becomes Unknown.
class StatusError : public std::exception {
public:
    explicit StatusError(Status status)
        : m_status(std::move(status))
        , m_what(m_status.toString().toUtf8())
    {}
    const Status &status() const noexcept { return m_status; }
    const char *what() const noexcept override { return m_what.constData(); }

private:
    Status m_status;
    QByteArray m_what;
};

// Calls body() and returns its Status, or the Status of the exception that escaped it.
template<typename Body> Status callCatching(Body &&body) noexcept
{
    try {
        return std::forward<Body>(body)();
    } catch (const StatusError &e) {
        return e.status();
    } catch (const std::exception &e) {
        return Status(ErrorKind::Unknown, QString::fromLocal8Bit(e.what()));
    } catch (...) {
        return Status(ErrorKind::Unknown, QStringLiteral("unknown exception"));
    }
}

} // namespace qs
