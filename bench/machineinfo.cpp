#include "bench/machineinfo.h"

#include <QFile>
#include <QSysInfo>

#include <sys/resource.h>
#include <unistd.h>

namespace qs {

LoadAverage LoadAverage::now()
{
    LoadAverage load;
    QFile f(QStringLiteral("/proc/loadavg"));
    if (!f.open(QIODevice::ReadOnly))
        return load;
    const QList<QByteArray> parts = f.readLine().split(' ');
    if (parts.size() < 3)
        return load;
    load.one = parts[0].toDouble();
    load.five = parts[1].toDouble();
    load.fifteen = parts[2].toDouble();
    return load;
}

QJsonObject LoadAverage::toJson() const
{
    return {{QStringLiteral("1m"), one}, {QStringLiteral("5m"), five}, {QStringLiteral("15m"), fifteen}};
}

QString LoadAverage::toString() const
{
    if (one < 0)
        return QStringLiteral("unknown");
    return QStringLiteral("%1 %2 %3").arg(one, 0, 'f', 2).arg(five, 0, 'f', 2).arg(fifteen, 0, 'f', 2);
}

MachineInfo MachineInfo::current()
{
    MachineInfo m;
    m.cores = int(::sysconf(_SC_NPROCESSORS_ONLN));
    m.cpuModel = QStringLiteral("unknown");
    QFile f(QStringLiteral("/proc/cpuinfo"));
    if (f.open(QIODevice::ReadOnly)) {
        // Files in /proc report size 0, so read them whole rather than testing atEnd().
        const QList<QByteArray> lines = f.readAll().split('\n');
        for (const QByteArray &line : lines) {
            if (line.startsWith("model name")) {
                const qsizetype colon = line.indexOf(':');
                if (colon > 0)
                    m.cpuModel = QString::fromUtf8(line.mid(colon + 1)).trimmed();
                break;
            }
        }
    }
    m.kernel = QSysInfo::kernelType() + QLatin1Char(' ') + QSysInfo::kernelVersion();
    return m;
}

QJsonObject MachineInfo::toJson() const
{
    return {{QStringLiteral("nproc"), cores},
            {QStringLiteral("cpu"), cpuModel},
            {QStringLiteral("kernel"), kernel}};
}

qint64 peakRssBytes()
{
    rusage usage{};
    if (::getrusage(RUSAGE_SELF, &usage) != 0)
        return -1;
    return qint64(usage.ru_maxrss) * 1024; // Linux reports kilobytes
}

qint64 currentRssBytes()
{
    QFile f(QStringLiteral("/proc/self/statm"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QList<QByteArray> parts = f.readLine().split(' ');
    if (parts.size() < 2)
        return -1;
    return parts[1].toLongLong() * ::sysconf(_SC_PAGESIZE);
}

bool resetRssHighWater()
{
    QFile f(QStringLiteral("/proc/self/clear_refs"));
    return f.open(QIODevice::WriteOnly) && f.write("5") == 1;
}

} // namespace qs
