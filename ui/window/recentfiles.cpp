#include "window/recentfiles.h"

#include <QSettings>

namespace qs {

namespace {
const QString kKey = QStringLiteral("recentFiles");
}

RecentFiles::RecentFiles(int max)
    : m_max(max)
{}

QStringList RecentFiles::files() const
{
    return QSettings().value(kKey).toStringList();
}

void RecentFiles::add(const QStringList &added)
{
    QStringList list = files();
    for (auto it = added.crbegin(); it != added.crend(); ++it) {
        list.removeAll(*it);
        list.prepend(*it);
    }
    while (list.size() > m_max)
        list.removeLast();
    QSettings().setValue(kKey, list);
}

void RecentFiles::clear()
{
    QSettings().remove(kKey);
}

} // namespace qs
