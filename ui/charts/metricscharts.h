#pragma once

#include "observe/snapshot.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QWidget>

#include <optional>

class QLabel;
class QTabWidget;

namespace qs {

class ConfusionModel;
class LineChart;

// A finished run drawn over the charts to compare with the shown one (the Runs list): its loss
// and held-out accuracy against the step, its samples/s against the time since its start, in
// overlayPen(colour).
struct ChartOverlay {
    QString name;
    int colour = 0;
    MetricSeries metrics;
};

// Training curves from Snapshot::metrics: loss, training accuracy and held-out accuracy against
// the step (loss on the left axis, accuracies 0..1 on the right), and samples per second
// against time. Redrawn only when a new metric point arrived, and while the run goes at most
// five times a second each (a chart needs no 30 Hz), the two charts in turn.
class MetricsCharts : public QWidget {
    Q_OBJECT
public:
    explicit MetricsCharts(QWidget *parent = nullptr);

    void setSnapshot(const Snapshot &snap);
    // The time cursor: a line at `step` on the training chart and at tUs on the throughput
    // chart, and the latest point at or before it (null: none yet) in the titles; tUs < 0: none
    // (live).
    void setCursor(qint64 tUs, qint64 step, const MetricPoint *at = nullptr);
    // Replaces the overlaid runs (at most kMaxOverlays are drawn); empty: none.
    void setOverlays(const QList<ChartOverlay> &overlays);
    int overlayCount() const { return int(m_overlays.size()); }
    int lossPoints() const;
    int evalPoints() const;
    int ratePoints() const;
    LineChart *trainingChart() const { return m_train; }
    LineChart *throughputChart() const { return m_throughput; }
    // The latest held-out confusion matrix (the Trainer's "confusion" note), in a tab beside the
    // curves; an empty note disables that tab (before the first evaluation, or with no label).
    void setConfusion(const QJsonObject &note);
    const ConfusionModel *confusionModel() const { return m_confusion; }
    bool hasConfusion() const;

protected:
    void changeEvent(QEvent *) override;

private:
    struct Shown { // what a chart was last drawn from
        qsizetype count = -1;
        qint64 lastStep = -1;
        friend bool operator==(const Shown &, const Shown &) = default;
    };
    void retranslateUi();
    void retranslateConfusion(); // the confusion tab's title: it names the evaluation's step
    void updateTraining(const MetricSeries &metrics, const Shown &shown);
    void updateThroughput(const MetricSeries &metrics, const Shown &shown);

    LineChart *m_train;
    LineChart *m_throughput;
    ConfusionModel *m_confusion;
    QWidget *m_confusionBox;
    QLabel *m_confusionTitle;
    QTabWidget *m_tabs;
    qint64 m_cursorUs = -1;
    qint64 m_cursorStep = 0;
    std::optional<MetricPoint> m_cursorPoint;
    int m_loss;
    int m_trainAcc;
    int m_evalAcc;
    int m_rate;
    QList<ChartOverlay> m_overlays;
    MetricSeries m_trainMetrics; // what each chart was last drawn from
    MetricSeries m_rateMetrics;
    Shown m_trainShown;
    Shown m_rateShown;
    bool m_trainNext = true;
    QElapsedTimer m_sinceUpdate;
};

} // namespace qs
