#include "window/explanationview.h"

#include "common/eventtext.h"
#include "common/uitext.h"

#include <QEvent>
#include <QJsonArray>
#include <QJsonObject>

namespace qs {

namespace {
constexpr int kMaxNotable = 2000; // a run's coordination story is short; a stuck loop's is not
// A live run's verdict is judged again at most this often: a range query per frame is waste.
constexpr qint64 kVerdictEveryUs = 250'000;
constexpr qint64 kVerdictMinUs = 1'000'000;

bool isNotable(const Event &e)
{
    switch (e.kind) {
    case EventKind::RequestStop:
    case EventKind::QueueClose:
    case EventKind::Error:
    case EventKind::Join:
    case EventKind::End:
        return true;
    case EventKind::ThreadExit:
        return e.details.value(QStringLiteral("how")).toString() != QLatin1String("clean");
    default:
        return false;
    }
}

QString para(const QString &text)
{
    return QStringLiteral("<p>%1</p>").arg(text.toHtmlEscaped());
}
} // namespace

ExplanationView::ExplanationView(QWidget *parent)
    : QTextBrowser(parent)
{
    setObjectName(QStringLiteral("explanation"));
    setOpenLinks(false);
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard |
                            Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    connect(this, &QTextBrowser::anchorClicked, this, [this] { showRun(); });
    render();
}

void ExplanationView::setSnapshot(const Snapshot &snap)
{
    if (snap.nextEventSeq < m_lastSeq + 1)
        clear(); // a new run
    m_run = snap.run;
    m_how = snap.how;
    m_error = snap.error;
    m_skipped = snap.skippedRecords;
    m_topology = snap.topology;
    updateVerdict(snap);
    for (const Event &e : snap.events) {
        if (e.seq <= m_lastSeq)
            continue;
        m_lastSeq = e.seq;
        if (isNotable(e) && m_notable.size() < kMaxNotable)
            m_notable.append(e);
    }
    render();
}

void ExplanationView::clear()
{
    m_notable.clear();
    m_lastSeq = -1;
    m_event.reset();
    m_run = RunState::Idle;
    m_how = EndHow::None;
    m_error = Status();
    m_skipped = 0;
    m_verdict = {};
    m_verdictAtUs = -1;
    render();
}

void ExplanationView::updateVerdict(const Snapshot &snap)
{
    // Only while the run goes at the instant shown (live, or at a cursor before its stop), and
    // once a second of it can be judged: the first moments are the queue filling up.
    if (snap.run != RunState::Running || snap.tUs < kVerdictMinUs) {
        m_verdict = {};
        m_verdictAtUs = -1;
        return;
    }
    if (m_verdictAtUs >= 0 && snap.tUs >= m_verdictAtUs && snap.tUs - m_verdictAtUs < kVerdictEveryUs)
        return;
    m_verdictAtUs = snap.tUs;
    m_verdict = ThroughputVerdict::judge(ThroughputShares::before(snap, kVerdictWindowUs));
}

QString ExplanationView::verdictText(const ThroughputVerdict &v)
{
    const ThroughputShares &s = v.shares;
    auto pct = [](double share) { return QString::number(std::max(0.0, share) * 100, 'f', 0); };
    const QString window = UiText::duration(s.toUs - s.fromUs);
    const QString until = UiText::seconds(s.toUs);
    switch (v.bound) {
    case Bound::Input:
        return tr("<b>Throughput: input-bound.</b> In the %1 up to %2 the trainer waited for the example "
                  "queue %3% of the time: the readers cannot keep up. The knob to turn: more reader threads "
                  "(Reader threads, reader_threads, now %4), or cheaper reading and decoding (smaller "
                  "stored images, uncompressed files).")
            .arg(window, until, pct(s.trainerWaiting))
            .arg(s.readers);
    case Bound::Model:
        return tr("<b>Throughput: model-bound.</b> In the %1 up to %2 the reader threads were blocked on the "
                  "full example queue %3% of their time and the trainer waited only %4%: the training step "
                  "is the limit. More readers will not help; the knob to turn is the model: fewer hidden "
                  "units (Hidden units) or a smaller input image.")
            .arg(window, until, pct(s.readersBlockedFull), pct(s.trainerWaiting));
    case Bound::Balanced:
        return tr("<b>Throughput: balanced.</b> In the %1 up to %2 the trainer waited for input %3% of the "
                  "time and the readers were blocked on a full queue %4% of theirs: neither side holds the "
                  "other up much, so no one knob would gain much alone.")
            .arg(window, until, pct(s.trainerWaiting), pct(s.readersBlockedFull));
    case Bound::Unknown:
        break;
    }
    return {};
}

void ExplanationView::explainEvent(const Event &e)
{
    m_event = e;
    render();
}

void ExplanationView::showRun()
{
    m_event.reset();
    render();
}

QString ExplanationView::label(const QString &thread) const
{
    const QString short_ = UiText::threadLabel(m_topology.get(), thread);
    return short_ == thread ? thread : tr("%1 (%2)").arg(short_, thread);
}

QString ExplanationView::followUp() const
{
    QStringList lines;
    int laterStops = 0;
    bool firstSeen = false;
    QStringList cancelled, failed;
    for (const Event &e : m_notable) {
        switch (e.kind) {
        case EventKind::RequestStop:
            if (!firstSeen && e.details.value(QStringLiteral("first")).toBool()) {
                firstSeen = true;
                const QString who = EventText::threadCell(e, m_topology.get());
                const QString err = EventText::error(e.details.value(QStringLiteral("error")));
                lines << (err.isEmpty()
                              ? tr("%1 asked every thread to stop (coord.request_stop), without an error.")
                                    .arg(who)
                              : tr("%1 asked every thread to stop (coord.request_stop) with the error.")
                                    .arg(who));
            } else {
                ++laterStops;
            }
            break;
        case EventKind::QueueClose: {
            const QString queue = e.details.value(QStringLiteral("queue")).toString();
            lines << (e.details.value(QStringLiteral("cancel_pending")).toBool()
                          ? tr("%1 closed %2, cancelling the enqueues still waiting.")
                          : tr("%1 closed %2."))
                         .arg(EventText::threadCell(e, m_topology.get()), queue);
            break;
        }
        case EventKind::ThreadExit:
            (e.details.value(QStringLiteral("how")).toString() == QLatin1String("cancelled") ? cancelled
                                                                                             : failed)
                << UiText::threadLabel(m_topology.get(), e.thread);
            break;
        case EventKind::Join: {
            const QString result = e.details.value(QStringLiteral("result")).toString();
            QStringList still;
            for (const QJsonValue &v : e.details.value(QStringLiteral("still_running")).toArray())
                still << v.toString();
            if (result == QLatin1String("timeout"))
                lines << tr("coord.join() waited its grace period and gave up; still running: %1.")
                             .arg(still.join(QStringLiteral(", ")));
            else if (result == QLatin1String("error"))
                lines << tr("coord.join() found every thread ended and re-raised the kept error.");
            else
                lines << tr("coord.join() returned: every thread had ended.");
            break;
        }
        default:
            break;
        }
    }
    if (laterStops > 0)
        lines << tr("%n later stop request(s) changed nothing: the first one wins.", nullptr, laterStops);
    if (!cancelled.isEmpty())
        lines << tr("Cancelled (their queue was closed under them): %1.")
                     .arg(cancelled.join(QStringLiteral(", ")));
    if (!failed.isEmpty())
        lines << tr("Ended with an error: %1.").arg(failed.join(QStringLiteral(", ")));
    if (lines.isEmpty())
        return {};
    QString html = QStringLiteral("<p><b>%1</b></p><ol>").arg(tr("What happened next").toHtmlEscaped());
    for (const QString &l : std::as_const(lines))
        html += QStringLiteral("<li>%1</li>").arg(l.toHtmlEscaped());
    return html + QStringLiteral("</ol>");
}

QString ExplanationView::hint() const
{
    QStringList stragglers;
    for (const Event &e : m_notable)
        if (e.kind == EventKind::Join)
            for (const QJsonValue &v : e.details.value(QStringLiteral("still_running")).toArray())
                stragglers << v.toString();
    const TopologyThread *raiser = m_topology ? m_topology->thread(m_error.thread()) : nullptr;
    if (!stragglers.isEmpty())
        return tr("A thread that never checks coord.should_stop() holds up the shutdown: coord.join() waits "
                  "stop_grace_period_secs, then names the threads still running (%1). Make every loop check "
                  "should_stop(), or give its blocking calls a timeout.")
            .arg(stragglers.join(QStringLiteral(", ")));
    if (m_error.kind() == ErrorKind::FailedPrecondition && raiser && raiser->role == ThreadRole::Watcher)
        return tr("The trainer waited on a queue that no live thread feeds. Were the queue runners started? "
                  "Call tf.train.start_queue_runners(sess=sess, coord=coord) before the training loop.");
    if (m_error.kind() == ErrorKind::DataLoss)
        return tr(
            "A record's checksum did not match: the file is damaged there. Skip the bad records (the "
            "\"Skip corrupt records\" setting, as tf.data's ignore_errors() does, or a reader that catches "
            "tf.errors.DataLossError) or write the file again.");
    if (!m_error.isOk())
        return tr(
            "The first real error stops the whole run: stop_on_exception hands it to "
            "coord.request_stop(), should_stop() turns true in every thread, and coord.join() re-raises it.");
    if (m_how == EndHow::EndOfData)
        return tr("The input ran out after its epochs: the example queue was closed and drained, and the "
                  "trainer's dequeue raised OutOfRangeError, which ends the loop. This is the normal end.");
    if (m_how == EndHow::Stopped)
        return tr("A stop without an error (the Stop button, stop_after_s or a worker): the close-on-stop "
                  "watchers closed the queues with cancel_pending_enqueues=True, which released the blocked "
                  "readers, and join returned cleanly.");
    return {};
}

QString ExplanationView::runText() const
{
    QString html;
    switch (m_run) {
    case RunState::Idle:
        html += para(tr("No run yet. Press Start to run the pipeline (on the bundled demo data when no file "
                        "is open), or choose a scenario first."));
        break;
    case RunState::Running:
        html += para(tr("The pipeline is running."));
        break;
    case RunState::Stopping:
        html += para(tr("A stop was requested; the threads are finishing."));
        break;
    case RunState::Finished:
        html += QStringLiteral("<p><b>%1</b></p>")
                    .arg(tr("The run has ended: %1.").arg(UiText::endHowName(m_how)).toHtmlEscaped());
        break;
    }
    if (!m_error.isOk()) {
        html += QStringLiteral("<p><b>%1</b><br>%2</p>")
                    .arg(tr("What went wrong").toHtmlEscaped(),
                         tr("%1: %2").arg(errorKindName(m_error.kind()), m_error.message()).toHtmlEscaped());
        QStringList where;
        if (!m_error.thread().isEmpty())
            where << tr("raised by %1").arg(label(m_error.thread()));
        if (!m_error.where().file.isEmpty())
            where << tr("in the file %1").arg(m_error.where().file);
        if (m_error.where().record >= 0)
            where << tr("at record %1").arg(m_error.where().record);
        if (m_error.where().offset >= 0)
            where << tr("at byte offset %1").arg(m_error.where().offset);
        if (!where.isEmpty()) {
            html += QStringLiteral("<ul>");
            for (const QString &w : std::as_const(where))
                html += QStringLiteral("<li>%1</li>").arg(w.toHtmlEscaped());
            html += QStringLiteral("</ul>");
        }
    }
    if (const QString v = verdictText(m_verdict); !v.isEmpty())
        html += QStringLiteral("<p>%1</p>").arg(v);
    // The hint before the story of the stop: on a small screen it is what must be seen first.
    if (const QString h = hint(); !h.isEmpty())
        html += QStringLiteral("<p><b>%1</b> %2</p>").arg(tr("Hint:").toHtmlEscaped(), h.toHtmlEscaped());
    if (m_skipped > 0)
        html += para(tr("%n record(s) skipped; the log's notes say where and why.", nullptr, int(m_skipped)));
    html += followUp();
    return html;
}

QString ExplanationView::eventText(const Event &e) const
{
    QString html = QStringLiteral("<p><b>%1</b></p>")
                       .arg(tr("At %1, %2: %3")
                                .arg(UiText::seconds(e.tUs),
                                     e.thread.isEmpty() ? EventText::threadCell(e) : label(e.thread),
                                     UiText::eventKindName(e.kind))
                                .toHtmlEscaped());
    html += para(EventText::details(e, m_topology.get()));
    QString meaning;
    switch (e.kind) {
    case EventKind::RequestStop:
        meaning =
            tr("coord.request_stop(): from now on coord.should_stop() is true in every thread. The first "
               "request with a real error decides the run's error; later ones change nothing.");
        break;
    case EventKind::QueueClose:
        meaning =
            tr("queue.close(): no more enqueues. With cancel_pending_enqueues the enqueues already waiting "
               "fail at once; dequeues drain what is left, then raise OutOfRangeError.");
        break;
    case EventKind::Error:
        meaning =
            tr("An error in a coordinated thread: stop_on_exception hands it to coord.request_stop(). Only "
               "the first real error is kept.");
        break;
    case EventKind::ThreadExit:
        meaning =
            tr("The thread's function returned: cleanly, cancelled (its queue was closed under it) or with "
               "an error.");
        break;
    case EventKind::Join:
        meaning =
            tr("coord.join(threads): waits for every thread, at most stop_grace_period_secs once a stop "
               "was requested, then re-raises the kept error.");
        break;
    case EventKind::ThreadStart:
        meaning = tr("A thread began: a QueueRunner's thread, the trainer (the script's main loop) or a "
                     "watcher.");
        break;
    case EventKind::End:
        meaning = tr("The run is over; its result is what join reported.");
        break;
    default:
        break;
    }
    if (!meaning.isEmpty())
        html += para(meaning);
    return html +
           QStringLiteral("<p><a href=\"run\">%1</a></p>").arg(tr("Back to the whole run").toHtmlEscaped());
}

void ExplanationView::render()
{
    const QString html = m_event ? eventText(*m_event) : runText();
    if (html == m_shown)
        return;
    m_shown = html;
    setHtml(html);
}

void ExplanationView::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange) {
        m_shown.clear();
        render();
    }
    QTextBrowser::changeEvent(e);
}

} // namespace qs
