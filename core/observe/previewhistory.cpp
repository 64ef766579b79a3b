#include "observe/previewhistory.h"

#include <algorithm>

namespace qs {

PreviewHistory::PreviewHistory(int capacity)
    : m_capacity(std::max(2, capacity))
    , m_shared(std::make_shared<const QList<BatchPreview>>())
{}

void PreviewHistory::add(BatchPreview preview)
{
    // A preview closer than the gap to the one kept before it only stands in as "the latest"
    // until the next one arrives: it replaces the previous latest when that one was such a
    // stand-in too.
    if (!m_items.isEmpty()) {
        const qint64 prevKept =
            m_items.size() >= 2 && m_lastIsExtra ? m_items[m_items.size() - 2].tUs : m_items.last().tUs;
        if (m_lastIsExtra)
            m_items.removeLast();
        m_lastIsExtra = preview.tUs - prevKept < m_minGapUs;
    }
    m_items.append(std::move(preview));
    if (m_items.size() > m_capacity) {
        QList<BatchPreview> kept;
        kept.reserve(m_capacity / 2 + 2);
        for (int i = 0; i < m_items.size(); i += 2)
            kept.append(m_items[i]);
        if ((m_items.size() - 1) % 2 != 0)
            kept.append(m_items.last());
        m_items = std::move(kept);
        const qint64 span = m_items.last().tUs - m_items.first().tUs;
        m_minGapUs = std::max<qint64>(std::max<qint64>(1, m_minGapUs * 2), span / m_capacity);
        m_lastIsExtra = false;
    }
    m_shared = std::make_shared<const QList<BatchPreview>>(m_items);
}

const BatchPreview *PreviewHistory::at(const QList<BatchPreview> &previews, qint64 tUs)
{
    auto it = std::upper_bound(previews.begin(), previews.end(), tUs,
                               [](qint64 t, const BatchPreview &p) { return t < p.tUs; });
    return it == previews.begin() ? nullptr : &*(it - 1);
}

} // namespace qs
