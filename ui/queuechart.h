#pragma once

#include "observe/snapshot.h"

#include <QChartView>

QT_BEGIN_NAMESPACE
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace qs {

// Queue occupancy over time: one line per queue from QueueInfo::history, seconds on x,
// elements on y (up to the largest capacity). Series are replaced whole, and only when the
// history moved on.
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
    QStringList m_names;
    QList<qint64> m_lastT; // per series, the newest sample drawn
};

} // namespace qs
