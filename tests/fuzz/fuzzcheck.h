#pragma once

// Shared by the libFuzzer targets: invariant checks that stop the run (libFuzzer then saves
// the input as crash-*), and an in-memory file the code under test opens by path.

#include <QByteArrayView>
#include <QString>

#include <cstdio>
#include <cstdlib>
#include <sys/mman.h>
#include <unistd.h>

namespace qs::fuzz {

[[noreturn]] inline void fail(const char *what, const QString &detail = {})
{
    std::fprintf(stderr, "\n*** fuzz invariant broken: %s\n    %s\n", what, qPrintable(detail));
    std::abort();
}

inline void check(bool holds, const char *what, const QString &detail = {})
{
    if (!holds)
        fail(what, detail);
}

// A memfd reached through /proc/self/fd/N: every open() of the path is a fresh descriptor
// at offset 0 on the same bytes, and fstat() reports a regular file with the written size,
// so readers see exactly what they would see on disk, without touching the disk.
class MemFile {
public:
    explicit MemFile(const char *name)
        : m_fd(::memfd_create(name, MFD_CLOEXEC))
    {
        if (m_fd < 0)
            fail("memfd_create failed");
        m_path = QStringLiteral("/proc/self/fd/%1").arg(m_fd);
    }
    ~MemFile() { ::close(m_fd); }
    MemFile(const MemFile &) = delete;
    MemFile &operator=(const MemFile &) = delete;

    void assign(QByteArrayView bytes)
    {
        if (::ftruncate(m_fd, 0) != 0)
            fail("ftruncate failed");
        qsizetype done = 0;
        while (done < bytes.size()) {
            const ssize_t n = ::pwrite(m_fd, bytes.data() + done, size_t(bytes.size() - done), done);
            if (n <= 0)
                fail("pwrite failed");
            done += n;
        }
    }
    // Cuts the file to `size` bytes under whatever reads or maps it.
    void shrink(qint64 size)
    {
        if (::ftruncate(m_fd, size) != 0)
            fail("ftruncate failed");
    }
    const QString &path() const { return m_path; }

private:
    int m_fd;
    QString m_path;
};

} // namespace qs::fuzz
