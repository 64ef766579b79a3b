#pragma once

#include "base/status.h"

#include <optional>
#include <utility>

namespace qs {

// A value or the Status that explains why there is none (TensorFlow's StatusOr).
template<typename T> class Result {
public:
    Result(T value)
        : m_value(std::move(value))
    {}
    Result(Status error)
        : m_status(std::move(error))
    {
        Q_ASSERT(!m_status.isOk());
    }

    bool isOk() const { return m_value.has_value(); }
    explicit operator bool() const { return isOk(); }
    const Status &status() const { return m_status; }

    T &value() & { return *m_value; }
    const T &value() const & { return *m_value; }
    T &&value() && { return std::move(*m_value); }
    T *operator->() { return &*m_value; }
    const T *operator->() const { return &*m_value; }
    T &operator*() { return *m_value; }
    const T &operator*() const { return *m_value; }

private:
    std::optional<T> m_value;
    Status m_status;
};

} // namespace qs
