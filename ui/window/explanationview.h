#pragma once

#include "observe/snapshot.h"
#include "run/throughputverdict.h"

#include <QTextBrowser>

#include <optional>

namespace qs {

// The "Explanation" panel: the run's situation in full sentences of the UI's language, all of
// it visible, selectable and copyable (the status bar has room for one line only). What ended
// the run, the error with its file, record and offset and the thread that raised it, what
// followed (the first stop request, the queues closed, the threads cancelled or failed, what
// join found) and a hint for the lesson (start the queue runners, skip corrupt records, check
// should_stop in every loop). explainEvent() shows one event of the log instead, with what that
// kind of event means; a link goes back to the whole run.
// While a run goes, and at a time cursor inside a run, it also says what limits throughput
// then: ThroughputVerdict (the rule `queuescope-cli bench` names its bottleneck by) over the
// kVerdictWindowUs before the snapshot's instant (from its first second on), from the snapshot's
// record, with the knob to turn.
class ExplanationView : public QTextBrowser {
    Q_OBJECT
public:
    explicit ExplanationView(QWidget *parent = nullptr);

    void setSnapshot(const Snapshot &snap); // keeps the run's notable events (bounded)
    void clear();                           // a new run
    void explainEvent(const Event &e);      // until showRun()
    void showRun();
    bool isShowingEvent() const { return m_event.has_value(); }

    QString runText() const; // the whole run's explanation as HTML (also for tests)
    static constexpr qint64 kVerdictWindowUs = 3'000'000;
    const ThroughputVerdict &verdict() const { return m_verdict; } // Unknown when not shown
    static QString verdictText(const ThroughputVerdict &v);        // one paragraph; empty for Unknown

protected:
    void changeEvent(QEvent *) override;

private:
    QString eventText(const Event &e) const;
    QString hint() const;
    QString followUp() const;
    QString label(const QString &thread) const;
    void updateVerdict(const Snapshot &snap);
    void render();

    RunState m_run = RunState::Idle;
    EndHow m_how = EndHow::None;
    Status m_error;
    qint64 m_skipped = 0;
    TopologyPtr m_topology;
    QList<Event> m_notable; // request_stop, queue_close, error, unclean exits, join, end
    qint64 m_lastSeq = -1;
    std::optional<Event> m_event;
    ThroughputVerdict m_verdict;
    qint64 m_verdictAtUs = -1; // the instant m_verdict was judged at
    QString m_shown;           // the HTML on screen, to redraw only on a change
};

} // namespace qs
