#pragma once

#include "observe/snapshot.h"

#include <QElapsedTimer>
#include <QWidget>

namespace qs {

class LineChart;

// Queue occupancy over time: one line per queue from QueueInfo::history, seconds on x and the
// share of the queue's capacity on y (so a 32-slot filename queue and a 1000-slot shuffle queue
// read alike), with a dotted min_after_dequeue floor. Series are replaced whole, and while the
// run goes at most five times a second.
class QueueChart : public QWidget {
    Q_OBJECT
public:
    explicit QueueChart(QWidget *parent = nullptr);

    void setSnapshot(const Snapshot &snap);
    void setCursorUs(qint64 tUs); // the time cursor's line; < 0: none (live)
    int seriesCount() const { return int(m_series.size()); }
    int pointCount(int series) const;
    LineChart *chart() const { return m_chart; }

protected:
    void changeEvent(QEvent *) override;

private:
    void retranslateUi();

    LineChart *m_chart;
    QList<int> m_series; // the chart's line per queue
    QList<int> m_floors; // its min_after_dequeue floor
    QStringList m_names;
    QElapsedTimer m_sinceUpdate;
};

} // namespace qs
