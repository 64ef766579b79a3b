#include "feed/pacer.h"

#include <algorithm>

namespace qs {

Pacer::Pacer(double speed)
    : m_speed(1)
{
    setSpeed(speed);
}

void Pacer::setSpeed(double speed)
{
    if (!(speed > 0)) // also NaN
        speed = kMinSpeed;
    m_speed.store(std::clamp(speed, kMinSpeed, 1.0), std::memory_order_relaxed);
}

double Pacer::speed() const
{
    return m_speed.load(std::memory_order_relaxed);
}

std::chrono::microseconds Pacer::extraPerStage() const
{
    const double s = speed();
    if (s >= 1)
        return std::chrono::microseconds(0);
    const double us = (1 / s - 1) * double(std::chrono::microseconds(kStageUnit).count());
    return std::chrono::microseconds(static_cast<long long>(us));
}

void Pacer::stage(std::chrono::milliseconds base)
{
    const auto total = std::chrono::duration_cast<std::chrono::microseconds>(base) + extraPerStage();
    if (total.count() <= 0)
        return;
    std::unique_lock lock(m_mu);
    m_cv.wait_for(lock, total, [this] { return m_interrupted; });
}

void Pacer::interrupt()
{
    {
        std::lock_guard lock(m_mu);
        m_interrupted = true;
    }
    m_cv.notify_all();
}

bool Pacer::isInterrupted() const
{
    std::lock_guard lock(m_mu);
    return m_interrupted;
}

} // namespace qs
