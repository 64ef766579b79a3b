#pragma once

#include <QString>
#include <QtGlobal>

#include <memory>

namespace qs {

// A regular file mapped read-only (PROT_READ, MAP_SHARED, MADV_SEQUENTIAL), so that records can
// be verified and handed out in place, without copying them out of the page cache.
//
// The danger of a mapping is a file cut shorter while it is mapped: touching a page past the
// new end raises SIGBUS, which would kill the process. Two defences, installed once per process
// by the first create() (a sigaction for SIGBUS that hands faults it does not own to the handler
// that was there before):
//  - guarded(fn) runs fn with a per-thread sigsetjmp guard: a SIGBUS inside any live mapping
//    while fn runs unwinds back into guarded(), which returns false. fn must only read mapped
//    bytes and write into memory it already owns (no allocation, no locks): it is abandoned
//    part way. The reader verifies and copies records this way, then reports DataLoss.
//  - a SIGBUS inside a live mapping outside any guard (a caller reading a view after the file was
//    cut) replaces the faulting page with a page of zeros and marks the mapping damaged(); the
//    access then completes and reads zeros. The reader checks damaged() before every record.
// The mapping itself never changes once made: a file that grows is mapped again, whole, by a new
// MappedFile, so views into the old one stay valid while they hold it.
//
// Mappings are kept in a fixed, lock-free table of kMaxMappings slots (a signal handler cannot
// lock); create() returns nullptr when it is full and the caller reads with read() instead.
class MappedFile {
public:
    static constexpr int kMaxMappings = 512;

    // Maps the first `size` bytes of the open descriptor `fd` (which it does not keep).
    // nullptr when the bytes cannot be mapped (size 0, mmap failed, table full).
    static std::shared_ptr<MappedFile> create(int fd, qint64 size);
    ~MappedFile();
    MappedFile(const MappedFile &) = delete;
    MappedFile &operator=(const MappedFile &) = delete;

    const char *data() const { return m_data; }
    qint64 size() const { return m_size; }
    // Drops the whole pages of [from, to) from the mapping (MADV_DONTNEED): the page cache keeps
    // the bytes and a view there faults them back in, so the reader bounds its RSS this way.
    void release(qint64 from, qint64 to) const;
    // True once a page of this mapping faulted (the file was cut): bytes read since may be zeros.
    bool damaged() const;

    // Runs fn(); false when fn was cut short by a SIGBUS in a mapping (see above).
    template<typename F> static bool guarded(F &&fn)
    {
        return runGuarded([](void *f) { (*static_cast<F *>(f))(); }, &fn);
    }

private:
    MappedFile(const char *data, qint64 size, int slot);
    static bool runGuarded(void (*call)(void *), void *fn);

    const char *m_data;
    qint64 m_size;
    int m_slot;
};

} // namespace qs
