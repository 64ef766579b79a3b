#pragma once

#include "observe/rundigest.h"

#include <QWidget>

namespace qs {

// Thread-seconds per state of compared runs, side by side: for every thread role the runs had
// (producers, readers, trainer, watchers, ...), one bar per run, split by state in the legend's
// colours and drawn to one scale, so a run whose readers sat blocked_full next to one whose
// trainer waited on an empty queue is one look. Hovering a part names the state, its seconds and
// its share.
class StateSecondsView : public QWidget {
    Q_OBJECT
public:
    struct Run {
        QString name;
        int colour = 0; // overlayColor's index
        QList<RoleTime> roles;
    };
    explicit StateSecondsView(QWidget *parent = nullptr);

    void setRuns(const QList<Run> &runs);
    int runCount() const { return int(m_runs.size()); }
    // The rows drawn, top to bottom (one per role and run): for tests and tooltips.
    struct Bar {
        ThreadRole role;
        int run; // index in setRuns' list
        QRect rect;
    };
    QList<Bar> bars() const;
    QString toolTipAt(const QPoint &pos) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *) override;
    bool event(QEvent *e) override;

private:
    struct Layout {
        QList<Bar> bars;
        QList<QPair<ThreadRole, int>> headers; // role, y of its first row
        int roleWidth = 0;
        int labelWidth = 0;
        int totalWidth = 0;
        int rowHeight = 0;
        int height = 0;
    };
    Layout layout() const;
    QList<ThreadRole> roles() const; // present in any run, in ThreadRole order
    qint64 maxTotalUs() const;
    QRect barArea(const Bar &bar, const Layout &l) const;

    QList<Run> m_runs;
};

} // namespace qs
