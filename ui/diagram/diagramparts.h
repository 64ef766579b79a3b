#pragma once

#include <QList>
#include <QRect>
#include <QRegion>
#include <QString>
#include <QStringList>

#include <functional>

namespace qs {

// A text the diagram drew: the room it was given, what it showed, the whole of it, and the
// width of what it showed in the font it was drawn in.
struct DiagramLabel {
    QRect rect;
    QString shown;
    QString full;
    int width = 0;
};

// A place of the diagram with a tooltip, made when it is asked for (most paints are never
// hovered). A tip reads the diagram's current snapshot, so a part that was not repainted still
// tells what it is now.
struct DiagramHit {
    QRect rect;
    std::function<QString()> tip;
};

// The diagram's parts that change on their own — a queue's column, a thread's node, a group's
// title — so that a frame repaints (and sends to the display) only the parts whose look changed.
// At full speed most of the picture stands still from frame to frame: the files, the arrows, the
// producer and the trainer, the coordination row.
//
// Each snapshot gives every part a key, a string of all it shows; changed() compares the keys
// with the last ones and returns the rectangles (from the last paint) of the parts to repaint.
// During a paint, wanted() says whether a part must be painted (the paint's region reaches it, it
// moved, or it was never painted); a part left out appends the labels and hits it drew last time,
// so the diagram's lists stay whole. GUI thread only.
class DiagramParts {
public:
    // The region to repaint for `keys` (one a part, in paint order). *all is set when the
    // parts cannot be compared (a first frame, another number of parts): repaint everything.
    QRegion changed(const QStringList &keys, bool *all);
    void clear() { m_parts.clear(); }

    // Part `index` covers `rect` in this paint; true: paint it now and call done() after.
    // false: its kept labels and hits were appended to the lists.
    bool wanted(int index, const QRect &rect, const QRegion &dirty, QList<DiagramHit> *hits,
                QList<DiagramLabel> *labels);
    // Part `index` was painted: keeps what it added to the lists since `hitsFrom`/`labelsFrom`.
    void done(int index, const QList<DiagramHit> &hits, qsizetype hitsFrom, const QList<DiagramLabel> &labels,
              qsizetype labelsFrom);
    void truncate(int count); // after a paint: the parts it had

private:
    struct Part {
        QRect rect; // empty until painted
        QString key;
        QList<DiagramHit> hits;
        QList<DiagramLabel> labels;
    };
    QList<Part> m_parts;
};

} // namespace qs
