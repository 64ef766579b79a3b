#include "diagram/diagramparts.h"

namespace qs {

QRegion DiagramParts::changed(const QStringList &keys, bool *all)
{
    *all = keys.size() != m_parts.size();
    if (*all) {
        m_parts.clear();
        m_parts.resize(keys.size());
    }
    QRegion region;
    for (qsizetype i = 0; i < keys.size(); ++i) {
        Part &part = m_parts[i];
        if (part.key == keys[i])
            continue;
        part.key = keys[i];
        if (part.rect.isEmpty())
            *all = true; // never painted: where it goes is not known yet
        else
            region += part.rect;
    }
    return region;
}

bool DiagramParts::wanted(int index, const QRect &rect, const QRegion &dirty, QList<DiagramHit> *hits,
                          QList<DiagramLabel> *labels)
{
    if (index >= m_parts.size())
        m_parts.resize(index + 1);
    Part &part = m_parts[index];
    if (part.rect.isEmpty() || part.rect != rect || dirty.intersects(rect)) {
        part.rect = rect;
        return true;
    }
    hits->append(part.hits);
    labels->append(part.labels);
    return false;
}

void DiagramParts::done(int index, const QList<DiagramHit> &hits, qsizetype hitsFrom,
                        const QList<DiagramLabel> &labels, qsizetype labelsFrom)
{
    Part &part = m_parts[index];
    part.hits = hits.mid(hitsFrom);
    part.labels = labels.mid(labelsFrom);
}

void DiagramParts::truncate(int count)
{
    if (count < m_parts.size())
        m_parts.resize(count);
}

} // namespace qs
