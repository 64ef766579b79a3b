#pragma once

#include "observe/rundigest.h"

#include <QWidget>

class QLabel;
class QSplitter;
class QTableView;

namespace qs {

class RunsModel;
class StateSecondsView;

// The Runs dock: the list of this session's runs and the opened ones (RunsModel), and beside it
// the thread time of the compared runs side by side (StateSecondsView). Ticking Compare beside
// a run also overlays its curves on the metrics charts: whoever owns those listens to
// comparedChanged() and reads compared().
class RunsPanel : public QWidget {
    Q_OBJECT
public:
    explicit RunsPanel(QWidget *parent = nullptr);

    RunsModel *model() const { return m_model; }
    const StateSecondsView *stateSeconds() const { return m_seconds; }
    int addRun(const RunDigest &digest);    // the row it has
    void setShownPath(const QString &path); // the run the views show ("" none in the list)
    bool setCompared(int row, bool on);

signals:
    void comparedChanged();

protected:
    void changeEvent(QEvent *) override;
    void resizeEvent(QResizeEvent *) override; // the list beside the bars, or above them when narrow

private:
    void retranslateUi();
    void updateComparison();

    RunsModel *m_model;
    QTableView *m_table;
    QSplitter *m_split;
    QLabel *m_secondsTitle;
    StateSecondsView *m_seconds;
};

} // namespace qs
