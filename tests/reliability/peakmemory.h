#pragma once

// The peak resident memory of this process over a piece of work, from /proc/self/status.
// clear_refs "5" resets VmHWM to the current RSS (Linux >= 4.0), so the peak is the work's own;
// where the reset is refused, the peak before the work is the baseline and the figure is a
// lower bound (reset() says which).

#include <QFile>
#include <QtGlobal>

namespace qs::test {

// Under AddressSanitizer freed memory sits in quarantine and realloc() never grows in place, and
// ThreadSanitizer keeps shadow memory several times the size of what the program touches, so
// resident sizes say more about the sanitizer than about the program: bounds are not checked.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kMemoryBoundsHold = false;
#else
inline constexpr bool kMemoryBoundsHold = true;
#endif

// A field of /proc/self/status in KiB ("VmRSS", "VmHWM"); -1 when it cannot be read.
inline qint64 procStatusKb(const char *field)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return -1;
    const QByteArray prefix = QByteArray(field) + ':';
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith(prefix))
            return line.mid(prefix.size()).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

class PeakMemory {
public:
    PeakMemory() { reset(); }

    // Starts a new measurement; false when the peak could not be reset.
    bool reset()
    {
        QFile clear(QStringLiteral("/proc/self/clear_refs"));
        m_exact = clear.open(QIODevice::WriteOnly) && clear.write("5") == 1;
        clear.close();
        m_baseKb = procStatusKb(m_exact ? "VmRSS" : "VmHWM");
        return m_exact;
    }
    // How far the peak rose above the resident size at reset(), in MiB.
    double riseMiB() const { return double(procStatusKb("VmHWM") - m_baseKb) / 1024.0; }
    bool exact() const { return m_exact; }

private:
    qint64 m_baseKb = 0;
    bool m_exact = false;
};

} // namespace qs::test
