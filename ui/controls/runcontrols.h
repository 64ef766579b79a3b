#pragma once

#include "observe/snapshot.h"

#include <QObject>

class QAction;
class QComboBox;
class QLabel;
class QWidget;

namespace qs {

// The run's actions (Open, Start, Stop, Step mode, Next step) and the speed choice, with their
// enabled and checked states following the latest snapshot. User actions become signals; a
// snapshot never emits one (step mode shown as on because the pipeline says so is not a toggle).
class RunControls : public QObject {
    Q_OBJECT
public:
    explicit RunControls(QWidget *parent);

    QAction *openAction() const { return m_open; }
    QAction *startAction() const { return m_start; }
    QAction *stopAction() const { return m_stop; }
    QAction *stepModeAction() const { return m_stepMode; }
    QAction *nextStepAction() const { return m_nextStep; }
    QComboBox *speedBox() const { return m_speed; }
    QLabel *speedLabel() const { return m_speedLabel; }

    void setSnapshot(const Snapshot &snap);
    // Why Start must wait (no input, an invalid setting), shown as its tooltip; empty lets it go.
    void setStartBlocked(const QString &reason);
    QString startBlockReason() const { return m_startBlock; }
    double speed() const;
    bool setSpeed(double factor); // picks the closest choice; false when none is within 1%
    void retranslateUi();

signals:
    void openRequested();
    void startRequested();
    void stopRequested();
    void stepModeToggled(bool on);
    void nextStepRequested();
    void speedChanged(double factor); // 1 = full speed, 0.1 = ten times slower

private:
    QAction *m_open;
    QAction *m_start;
    QAction *m_stop;
    QAction *m_stepMode;
    QAction *m_nextStep;
    QComboBox *m_speed;
    QLabel *m_speedLabel;
    bool m_lastStepMode = false;
    bool m_live = false;
    QString m_startBlock;
};

} // namespace qs
