#pragma once

#include "observe/snapshot.h"

#include <QHash>
#include <QWidget>

class QLabel;

namespace qs {

// The status bar's content: run state (and step mode, with what the next step releases), elapsed time,
// samples per second and steps, the trainer's main wait (e.g. "trainer blocked: queue empty 41%"), how the
// run ended, and the kept error with its thread and file/record, all in words and without dialogs.
class RunStatusView : public QWidget {
    Q_OBJECT
public:
    explicit RunStatusView(QWidget *parent = nullptr);

    void setSnapshot(const Snapshot &snap);
    void showMessage(const QString &text); // a transient note (an open request, ...)

    static QString runText(const Snapshot &snap);
    // Step mode: what the next step releases ("next step: close-on-stop watcher closes the
    // example queue, …"), or that nothing is held; empty outside step mode and after the run.
    static QString stepText(const Snapshot &snap);
    static QString progressText(const Snapshot &snap);
    static QString bottleneckText(const Snapshot &snap); // empty when nothing stands out
    static QString endText(const Snapshot &snap);
    static QString errorText(const Snapshot &snap);
    QString summary() const; // everything shown, joined (for tests and screen readers)

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void changeEvent(QEvent *) override;
    void resizeEvent(QResizeEvent *) override;
    bool event(QEvent *) override;

private:
    void setFigure(QLabel *label, const QString &text); // a text that changes every frame
    // The labels live in m_row, laid out by its own layout, while this widget places m_row by
    // hand. A label whose text changes (the elapsed time, every frame) relays out only m_row:
    // through a layout of its own, the change would climb to the status bar and the window,
    // which would lay out every dock again each frame.
    QWidget *m_row;
    QSize m_hint; // m_row's size hints last time; the window hears of a change, not of each text
    QSize m_minHint;
    QLabel *m_run;
    QLabel *m_step;
    QLabel *m_progress;
    QLabel *m_bottleneck;
    QLabel *m_end;
    QLabel *m_error;
    QLabel *m_message;
    Snapshot m_snap;
    QHash<const QLabel *, QString> m_figureShapes; // a figure's text as last measured (setFigure)
};

} // namespace qs
