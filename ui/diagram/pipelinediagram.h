#pragma once

#include "diagram/pipelinelayout.h"
#include "observe/snapshot.h"

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

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *) override;
    bool event(QEvent *) override;
    void changeEvent(QEvent *) override;

private:
    struct Hit {
        QRect rect;
        QString tip;
    };
    void paintFiles(QPainter &p, const QRect &r);
    void paintQueue(QPainter &p, const QRect &column, const QueueInfo &q);
    void paintThreads(QPainter &p, const QRect &column, const QList<int> &threads, const QString &title);
    void paintNode(QPainter &p, const QRect &r, const ThreadInfo &t);
    void paintArrow(QPainter &p, int x0, int x1, int y, const QString &label);
    QString arrowLabel(int stage) const;
    QString groupTitle(ThreadRole role, int count) const;

    Snapshot m_snap;
    QList<PipelineStage> m_stages;
    QList<int> m_others;
    QList<Hit> m_hits; // rebuilt by every paint, read by tooltips
};

} // namespace qs
