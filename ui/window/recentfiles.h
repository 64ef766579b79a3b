#pragma once

#include <QStringList>

namespace qs {

// The most recently opened input files, newest first, kept in QSettings under "recentFiles".
class RecentFiles {
public:
    explicit RecentFiles(int max = 10);

    QStringList files() const;
    void add(const QStringList &files); // moves them to the front, drops the oldest past max
    void clear();
    int max() const { return m_max; }

private:
    int m_max;
};

} // namespace qs
