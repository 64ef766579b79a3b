#pragma once

#include "observe/snapshot.h"

#include <QElapsedTimer>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QChartView;
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace qs {

// Training curves from Snapshot::metrics: loss, training accuracy and held-out accuracy against
// the step (loss on the left axis, accuracies 0..1 on the right), and samples per second
// against time. Redrawn only when a new metric point arrived, and while the run goes at most
// five times a second (a chart needs no 30 Hz, and a long history is costly to lay out).
class MetricsCharts : public QWidget {
    Q_OBJECT
public:
    explicit MetricsCharts(QWidget *parent = nullptr);

    void setSnapshot(const Snapshot &snap);
    int lossPoints() const;
    int evalPoints() const;
    int ratePoints() const;

protected:
    void changeEvent(QEvent *) override;

private:
    void retranslateUi();

    QChartView *m_trainView;
    QChartView *m_rateView;
    QLineSeries *m_loss;
    QLineSeries *m_trainAcc;
    QLineSeries *m_evalAcc;
    QLineSeries *m_rate;
    QValueAxis *m_step;
    QValueAxis *m_lossAxis;
    QValueAxis *m_accAxis;
    QValueAxis *m_time;
    QValueAxis *m_rateAxis;
    qsizetype m_lastCount = -1;
    qint64 m_lastStep = -1;
    QElapsedTimer m_sinceUpdate;
};

} // namespace qs
