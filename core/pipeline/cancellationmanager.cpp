#include "pipeline/cancellationmanager.h"

namespace qs {

CancellationManager::Token CancellationManager::getCancellationToken()
{
    std::lock_guard lock(m_mu);
    return m_next++;
}

bool CancellationManager::registerCallback(Token token, std::function<void()> callback)
{
    std::lock_guard lock(m_mu);
    if (m_cancelling || m_cancelled)
        return false;
    m_callbacks.emplace(token, std::move(callback));
    return true;
}

bool CancellationManager::deregisterCallback(Token token)
{
    std::unique_lock lock(m_mu);
    if (m_cancelling) {
        // The callback may be running right now: wait until every callback has finished.
        m_doneCv.wait(lock, [this] { return m_cancelled; });
        return false;
    }
    if (m_cancelled)
        return false;
    m_callbacks.erase(token);
    return true;
}

void CancellationManager::startCancel()
{
    std::map<Token, std::function<void()>> callbacks;
    {
        std::lock_guard lock(m_mu);
        if (m_cancelling || m_cancelled)
            return;
        m_cancelling = true;
        callbacks.swap(m_callbacks);
    }
    for (auto &[token, callback] : callbacks)
        callback();
    {
        std::lock_guard lock(m_mu);
        m_cancelling = false;
        m_cancelled = true;
    }
    m_doneCv.notify_all();
}

bool CancellationManager::isCancelled() const
{
    std::lock_guard lock(m_mu);
    return m_cancelling || m_cancelled;
}

} // namespace qs
