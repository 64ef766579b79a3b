#pragma once

#include "observe/threadstate.h"

#include <QBrush>
#include <QColor>
#include <QCoreApplication>
#include <QList>
#include <QString>

class QPainter;
class QPainterPath;
class QRectF;

namespace qs {

// One colour per thread state, used by every view (legend, timeline, diagram, tables), from the
// colour-blind-safe Okabe-Ito palette. Colour is never the only cue: every state also has a
// translated name, a one-sentence explanation, and a pattern where two colours are near
// (joining is a striped paler waiting) or the state is an alarm (failed is hatched).
class StatePalette {
    Q_DECLARE_TR_FUNCTIONS(qs::StatePalette)
public:
    static QColor color(ThreadState s);
    static QColor textColor(ThreadState s);       // black or white, whichever reads on color(s)
    static Qt::BrushStyle pattern(ThreadState s); // drawn over color(s); Qt::NoBrush for none
    static QColor patternColor(ThreadState s);
    static bool isHatched(ThreadState s); // it has a pattern
    static QColor mixedColor();           // folded marks that hold several states

    // Fills `r` with the state's colour and, for patterned states, the pattern over it.
    static void fill(QPainter *p, const QRectF &r, ThreadState s);
    static void fill(QPainter *p, const QPainterPath &shape, ThreadState s);  // a rounded box, ...
    static void fill(QPainter *p, const QList<QRectF> &rects, ThreadState s); // many, in one call

    static QString name(ThreadState s);        // "blocked (queue full)"
    static QString explanation(ThreadState s); // one sentence
    static QList<ThreadState> legendOrder();   // the order the legend shows
};

} // namespace qs
