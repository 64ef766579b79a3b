#include "record/mappedfile.h"

#include <atomic>
#include <csetjmp>
#include <csignal>
#include <cstdint>
#include <mutex>
#include <sys/mman.h>
#include <unistd.h>

namespace qs {

namespace {

// One live mapping. A slot is claimed with `used`, then `end` and `begin` are published; the
// signal handler reads begin (acquire) then end, so it never sees a half-made range.
struct Slot {
    std::atomic<bool> used{false};
    std::atomic<uintptr_t> begin{0};
    std::atomic<uintptr_t> end{0};
    std::atomic<bool> damaged{false};
};

Slot g_slots[MappedFile::kMaxMappings];
struct sigaction g_previous {};
uintptr_t g_pageSize = 4096;

// The innermost guard of this thread. initial-exec: the handler must not go through
// __tls_get_addr, which may allocate.
__attribute__((tls_model("initial-exec"))) thread_local sigjmp_buf *t_jump = nullptr;

int slotOf(uintptr_t address)
{
    for (int i = 0; i < MappedFile::kMaxMappings; ++i) {
        const uintptr_t b = g_slots[i].begin.load(std::memory_order_acquire);
        if (b != 0 && address >= b && address < g_slots[i].end.load(std::memory_order_acquire))
            return i;
    }
    return -1;
}

// A fault that is not ours goes to whoever handled SIGBUS before us; with no one, the default
// action is restored and the faulting access, run again, ends the process as it would have.
void forward(int sig, siginfo_t *info, void *context)
{
    if (g_previous.sa_flags & SA_SIGINFO) {
        if (g_previous.sa_sigaction) {
            g_previous.sa_sigaction(sig, info, context);
            return;
        }
    } else if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
        g_previous.sa_handler(sig);
        return;
    }
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    ::sigaction(sig, &dfl, nullptr);
    if (info->si_code <= 0) // sent with kill() or raise(): nothing runs again by itself
        ::raise(sig);
}

void onSigbus(int sig, siginfo_t *info, void *context)
{
    const auto address = reinterpret_cast<uintptr_t>(info->si_addr);
    const int slot = info->si_code > 0 ? slotOf(address) : -1;
    if (slot < 0) {
        forward(sig, info, context);
        return;
    }
    g_slots[slot].damaged.store(true, std::memory_order_release);
    if (t_jump)
        siglongjmp(*t_jump, 1); // SA_NODEFER: SIGBUS is not left blocked by the jump
    // No guard: from the faulting page to the end, the file's pages give way to zeros, so this
    // access and later ones complete. mmap is a plain system call on Linux, safe here.
    const uintptr_t page = address & ~(g_pageSize - 1);
    const uintptr_t end = g_slots[slot].end.load(std::memory_order_acquire);
    void *zeros = ::mmap(reinterpret_cast<void *>(page), end - page, PROT_READ,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    if (zeros == MAP_FAILED)
        forward(sig, info, context);
}

void installHandler()
{
    g_pageSize = uintptr_t(::sysconf(_SC_PAGESIZE));
    struct sigaction sa {};
    sa.sa_sigaction = onSigbus;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    ::sigaction(SIGBUS, &sa, &g_previous);
}

} // namespace

std::shared_ptr<MappedFile> MappedFile::create(int fd, qint64 size)
{
    static std::once_flag installed;
    std::call_once(installed, installHandler);
    if (size <= 0 || quint64(size) > quint64(SIZE_MAX))
        return nullptr;
    int slot = -1;
    for (int i = 0; i < kMaxMappings && slot < 0; ++i) {
        bool expected = false;
        if (g_slots[i].used.compare_exchange_strong(expected, true, std::memory_order_acq_rel))
            slot = i;
    }
    if (slot < 0)
        return nullptr;
    void *p = ::mmap(nullptr, size_t(size), PROT_READ, MAP_SHARED, fd, 0);
    if (p == MAP_FAILED) {
        g_slots[slot].used.store(false, std::memory_order_release);
        return nullptr;
    }
    ::madvise(p, size_t(size), MADV_SEQUENTIAL);
    const auto begin = reinterpret_cast<uintptr_t>(p);
    g_slots[slot].damaged.store(false, std::memory_order_relaxed);
    g_slots[slot].end.store(begin + uintptr_t(size), std::memory_order_release);
    g_slots[slot].begin.store(begin, std::memory_order_release);
    return std::shared_ptr<MappedFile>(new MappedFile(static_cast<const char *>(p), size, slot));
}

MappedFile::MappedFile(const char *data, qint64 size, int slot)
    : m_data(data)
    , m_size(size)
    , m_slot(slot)
{}

MappedFile::~MappedFile()
{
    Slot &s = g_slots[m_slot];
    s.begin.store(0, std::memory_order_release);
    s.end.store(0, std::memory_order_release);
    ::munmap(const_cast<char *>(m_data), size_t(m_size));
    s.used.store(false, std::memory_order_release);
}

void MappedFile::release(qint64 from, qint64 to) const
{
    const qint64 page = qint64(g_pageSize);
    from = (from + page - 1) & ~(page - 1);
    to &= ~(page - 1);
    if (to > from)
        ::madvise(const_cast<char *>(m_data) + from, size_t(to - from), MADV_DONTNEED);
}

bool MappedFile::damaged() const
{
    return g_slots[m_slot].damaged.load(std::memory_order_acquire);
}

bool MappedFile::runGuarded(void (*call)(void *), void *fn)
{
    sigjmp_buf jump;
    sigjmp_buf *const outer = t_jump;
    if (sigsetjmp(jump, 0) != 0) {
        t_jump = outer;
        return false;
    }
    t_jump = &jump;
    std::atomic_signal_fence(std::memory_order_seq_cst);
    call(fn);
    std::atomic_signal_fence(std::memory_order_seq_cst);
    t_jump = outer;
    return true;
}

} // namespace qs
