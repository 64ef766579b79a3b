#pragma once

#include "observe/snapshot.h"

#include <QWidget>

class QLabel;

namespace qs {

// The status bar's content: run state (and step mode), elapsed time, samples per second and
// steps, the trainer's main wait (e.g. "trainer blocked: queue empty 41%"), how the run ended,
// and the kept error with its thread and file/record, all in words and without dialogs.
class RunStatusView : public QWidget {
    Q_OBJECT
public:
    explicit RunStatusView(QWidget *parent = nullptr);

    void setSnapshot(const Snapshot &snap);
    void showMessage(const QString &text); // a transient note (an open request, ...)

    static QString runText(const Snapshot &snap);
    static QString progressText(const Snapshot &snap);
    static QString bottleneckText(const Snapshot &snap); // empty when nothing stands out
    static QString endText(const Snapshot &snap);
    static QString errorText(const Snapshot &snap);
    QString summary() const; // everything shown, joined (for tests and screen readers)

protected:
    void changeEvent(QEvent *) override;

private:
    QLabel *m_run;
    QLabel *m_progress;
    QLabel *m_bottleneck;
    QLabel *m_end;
    QLabel *m_error;
    QLabel *m_message;
    Snapshot m_snap;
};

} // namespace qs
