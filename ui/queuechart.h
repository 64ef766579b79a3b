#pragma once

#include "observe/snapshot.h"

#include <QChartView>
#include <QElapsedTimer>

QT_BEGIN_NAMESPACE
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace qs {

// Queue occupancy over time: one line per queue from QueueInfo::history, seconds on x and the
// share of the queue's capacity on y (so a 32-slot filename queue and a 1000-slot shuffle queue
// read alike), with a dotted min_after_dequeue floor. Series are replaced whole, and only when
// the history moved on.
class QueueChart : public QChartView {
    Q_OBJECT
public:
    explicit QueueChart(QWidget *parent = nullptr);

    void setSnapshot(const Snapshot &snap);
    int seriesCount() const { return int(m_series.size()); }
    int pointCount(int series) const;

protected:
    void changeEvent(QEvent *) override;

private:
    void retranslateUi();

    QValueAxis *m_x;
    QValueAxis *m_y;
    QList<QLineSeries *> m_series;
    QList<QLineSeries *> m_floors; // min_after_dequeue, per queue
    QStringList m_names;
    QElapsedTimer m_sinceUpdate;
};

} // namespace qs
