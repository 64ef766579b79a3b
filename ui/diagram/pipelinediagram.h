#pragma once

#include "common/textcache.h"
#include "diagram/diagramparts.h"
#include "diagram/pipelinelayout.h"
#include "observe/snapshot.h"

#include <QHash>
#include <QImage>
#include <QWidget>

namespace qs {

// The pipeline as a picture, redrawn from each snapshot: the input files, each queue as a bar
// (live occupancy, capacity, the min_after_dequeue floor, in/out rates, closed), and each thread
// as a node coloured by its state with the state written in it. Hover for details.
class PipelineDiagram : public QWidget {
    Q_OBJECT
public:
    explicit PipelineDiagram(QWidget *parent = nullptr);

    void setSnapshot(const Snapshot &snap);
    const QList<PipelineStage> &stages() const { return m_stages; }
    const Snapshot &snapshot() const { return m_snap; } // the one drawn

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    // Every text the last paint drew: where, what it showed, and the whole of it. A text too long
    // for its room is elided in the middle (names keep their start and end: "shuffle_…_queue");
    // the whole text is then in the tooltip over it.
    using Label = DiagramLabel;
    const QList<Label> &labels() const { return m_labels; }
    QString toolTipAt(const QPoint &pos) const; // the tooltip there, "" for none

protected:
    void paintEvent(QPaintEvent *) override;
    bool event(QEvent *) override;
    void changeEvent(QEvent *) override;

private:
    using Hit = DiagramHit;
    QStringList partKeys() const;
    void paintFiles(QPainter &p, const QRect &r);
    QString queueSizeText(const QueueInfo &q) const;
    bool countInBar(const QueueInfo &q, int width);
    QStringList queueLines(const QueueInfo &q, int width);
    void paintQueue(QPainter &p, const QRect &column, int queue);
    static QString queueTip(const QueueInfo &q, const QString &sizeText, const QStringList &allLines);
    static QString nodeTip(const ThreadInfo &t, const QString &label, const QString &stateText,
                           const QString &activity, qint64 nowUs);
    // paintPart(rect, paint) paints one part where the repaint reaches it (DiagramParts).
    template<typename PaintPart>
    void paintThreads(QPainter &p, const QRect &column, const QList<int> &threads, const QString &title,
                      const PaintPart &paintPart);
    static QString stateText(const ThreadInfo &t);
    // inGroup: the node sits under its group's title ("4 readers"), so where its label does not
    // fit, its last words ("reader 3") may stand for it.
    void paintNode(QPainter &p, const QRect &r, int thread, bool inGroup);
    void paintBox(QPainter &p, const QRect &r, ThreadState state); // a node's box, from m_boxes
    void paintArrow(QPainter &p, int x0, int x1, int y, const QString &label);
    // Draws `text` in `r` on one line, elided in the middle when it does not fit, and records it.
    QRect drawLabel(QPainter &p, const QRect &r, int align, const QString &text);
    QString arrowLabel(int stage) const;
    QString groupTitle(ThreadRole role, int count) const;

    Snapshot m_snap;
    QList<PipelineStage> m_stages;
    QList<int> m_others;
    // A tf.data graph: its buffers hand elements on without enqueue/dequeue, so its arrows carry
    // no words and take less room, which the stages' names get instead.
    bool m_dataset = false;
    QList<Hit> m_hits;              // rebuilt by every paint, read by tooltips
    QList<Label> m_labels;          // rebuilt by every paint
    TextCache m_text;               // the labels' shapes, kept between frames
    QHash<quint64, QImage> m_boxes; // nodes' boxes drawn once (paintBox)
    DiagramParts m_parts;           // what each part showed, where, with its labels and hits
    // What stays from frame to frame, painted once for its key (size, scale, font, palette and
    // the words in it): the background, the arrows and the files, with their labels and hits.
    struct Layer {
        QString key;
        QImage image;
        QList<Hit> hits;
        QList<Label> labels;
    };
    Layer m_layer;
};

} // namespace qs
