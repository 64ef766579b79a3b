#include "interruptguard.h"

#include <atomic>
#include <csignal>

namespace qs::cli {

namespace {

std::atomic<int> g_signal{0};
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler may only touch lock-free atomics");

struct sigaction g_oldInt {};
struct sigaction g_oldTerm {};

extern "C" void onStopSignal(int sig)
{
    g_signal.store(sig, std::memory_order_relaxed);
    // A second signal should not be swallowed: from now on the default action applies.
    ::signal(SIGINT, SIG_DFL);
    ::signal(SIGTERM, SIG_DFL);
}

} // namespace

InterruptGuard::InterruptGuard()
{
    g_signal.store(0, std::memory_order_relaxed);
    struct sigaction action {};
    action.sa_handler = onStopSignal;
    sigemptyset(&action.sa_mask);
    sigaddset(&action.sa_mask, SIGINT);
    sigaddset(&action.sa_mask, SIGTERM);
    action.sa_flags = SA_RESTART; // blocking writes resume; the loop checks the flag after them
    ::sigaction(SIGINT, &action, &g_oldInt);
    ::sigaction(SIGTERM, &action, &g_oldTerm);
}

InterruptGuard::~InterruptGuard()
{
    ::sigaction(SIGINT, &g_oldInt, nullptr);
    ::sigaction(SIGTERM, &g_oldTerm, nullptr);
}

bool InterruptGuard::stopRequested()
{
    return g_signal.load(std::memory_order_relaxed) != 0;
}

int InterruptGuard::signalNumber()
{
    return g_signal.load(std::memory_order_relaxed);
}

int InterruptGuard::exitStatus()
{
    return 128 + signalNumber();
}

QString InterruptGuard::signalName()
{
    switch (signalNumber()) {
    case SIGINT:
        return QStringLiteral("SIGINT");
    case SIGTERM:
        return QStringLiteral("SIGTERM");
    default:
        return QStringLiteral("signal %1").arg(signalNumber());
    }
}

} // namespace qs::cli
