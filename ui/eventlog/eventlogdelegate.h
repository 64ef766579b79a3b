#pragma once

#include "common/textcache.h"

#include <QStyledItemDelegate>

namespace qs {

// Paints the event log's cells as QStyledItemDelegate does (the style's panel, selection and
// focus; the text in the role's font and colour, aligned and elided as the view asks), with each
// cell's text shaped once (TextCache). Qt's item views lay every visible cell's text out anew at
// each repaint, and each new row repaints the whole view: at full speed that made the frames
// that showed a new event the slowest. GUI thread only.
class EventLogDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;

private:
    mutable TextCache m_text;
};

} // namespace qs
