#include "dataset/stagecancel.h"

namespace qs {

StageCancel::StageCancel(CancellationManager *owner, std::function<void()> wake)
    : m_owner(owner)
{
    m_wakeToken = m_own.getCancellationToken();
    m_own.registerCallback(m_wakeToken, std::move(wake));
    if (m_owner) {
        m_ownerToken = m_owner->getCancellationToken();
        if (!m_owner->registerCallback(m_ownerToken, [this] { m_own.startCancel(); })) {
            m_ownerToken = CancellationManager::kInvalidToken;
            m_own.startCancel();
        }
    }
}

StageCancel::~StageCancel()
{
    if (m_owner && m_ownerToken != CancellationManager::kInvalidToken)
        m_owner->deregisterCallback(m_ownerToken);
    m_own.deregisterCallback(m_wakeToken);
}

} // namespace qs
