#pragma once

#include "pipeline/cancellationmanager.h"

#include <functional>

namespace qs {

// The cancellation of one stage that has threads or blocking waits: a CancellationManager of its
// own, chained to its owner's, so cancelling any stage cancels every stage inside it.
//
// Contract:
//  - wake runs once, on the cancelling thread, when this stage or any owner is cancelled (or
//    in the constructor when the owner already is). It must only set the stage's flag under
//    the stage's mutex and notify its condition variables; it must not block.
//  - manager() is what the stage hands its inputs (their IteratorEnv::cancel).
//  - cancel() is idempotent. The destructor deregisters from the owner; if the owner's
//    cancellation is running it waits for this stage's part of it to finish, so the stage may
//    then be destroyed. Destroy it only after the stage's threads were joined.
//
//   StageCancel m_cancel{env.cancel, [this] { { std::lock_guard l(m_mu); m_stop = true; } m_cv.notify_all();
//   }};
class StageCancel {
public:
    StageCancel(CancellationManager *owner, std::function<void()> wake);
    ~StageCancel();
    StageCancel(const StageCancel &) = delete;
    StageCancel &operator=(const StageCancel &) = delete;

    CancellationManager *manager() { return &m_own; }
    void cancel() { m_own.startCancel(); }

private:
    CancellationManager m_own;
    CancellationManager *m_owner;
    CancellationManager::Token m_ownerToken = CancellationManager::kInvalidToken;
    CancellationManager::Token m_wakeToken = CancellationManager::kInvalidToken;
};

} // namespace qs
