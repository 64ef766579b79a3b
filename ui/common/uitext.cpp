#include "common/uitext.h"

#include "common/eventtext.h"

#include <QJsonArray>
#include <QLocale>
#include <QStringList>

#include <cmath>

namespace qs {

QString UiText::roleName(ThreadRole r)
{
    switch (r) {
    case ThreadRole::Producer:
        return tr("producer");
    case ThreadRole::Reader:
        return tr("reader");
    case ThreadRole::Trainer:
        return tr("trainer");
    case ThreadRole::Watcher:
        return tr("watcher");
    case ThreadRole::Worker:
        return tr("worker");
    case ThreadRole::Main:
        return tr("main");
    }
    return {};
}

QString UiText::activityName(Activity a)
{
    switch (a) {
    case Activity::None:
        return {};
    case Activity::Reading:
        return tr("reading");
    case Activity::Decoding:
        return tr("decoding");
    case Activity::Enqueuing:
        return tr("enqueuing");
    case Activity::Dequeuing:
        return tr("dequeuing");
    case Activity::Training:
        return tr("training");
    case Activity::Evaluating:
        return tr("evaluating");
    case Activity::Working:
        return tr("working");
    }
    return {};
}

QString UiText::eventKindName(EventKind k)
{
    switch (k) {
    case EventKind::ThreadStart:
        return tr("thread start");
    case EventKind::State:
        return tr("state");
    case EventKind::RequestStop:
        return tr("request stop");
    case EventKind::QueueClose:
        return tr("queue close");
    case EventKind::Error:
        return tr("error");
    case EventKind::ThreadExit:
        return tr("thread exit");
    case EventKind::Join:
        return tr("join");
    case EventKind::End:
        return tr("end");
    case EventKind::Step:
        return tr("step");
    case EventKind::Note:
        return tr("note");
    }
    return {};
}

QString UiText::runStateName(RunState r)
{
    switch (r) {
    case RunState::Idle:
        return tr("idle");
    case RunState::Running:
        return tr("running");
    case RunState::Stopping:
        return tr("stopping");
    case RunState::Finished:
        return tr("finished");
    }
    return {};
}

QString UiText::endHowName(EndHow h)
{
    switch (h) {
    case EndHow::None:
        return {};
    case EndHow::EndOfData:
        return tr("end of data");
    case EndHow::Stopped:
        return tr("stopped by request");
    case EndHow::Error:
        return tr("ended by an error");
    }
    return {};
}

QString UiText::duration(qint64 us)
{
    const QLocale loc;
    if (us < 0)
        us = 0;
    if (us < 1000)
        return tr("%1 µs").arg(us);
    if (us < 1'000'000)
        return tr("%1 ms").arg(loc.toString(double(us) / 1e3, 'f', 1));
    if (us < 60'000'000)
        return tr("%1 s").arg(loc.toString(double(us) / 1e6, 'f', 2));
    const qint64 s = us / 1'000'000;
    return tr("%1 min %2 s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

QString UiText::seconds(qint64 us)
{
    return tr("%1 s").arg(QLocale().toString(double(us) / 1e6, 'f', 3));
}

QString UiText::rate(double perSec)
{
    const QLocale loc;
    const int decimals = perSec < 10 ? 1 : 0;
    return tr("%1/s").arg(loc.toString(perSec, 'f', decimals));
}

QString UiText::count(qint64 n)
{
    return QLocale().toString(n);
}

QString UiText::error(const Status &s)
{
    if (s.isOk())
        return {};
    QString text = s.toString();
    if (!s.thread().isEmpty())
        text = tr("%1 in %2").arg(text, s.thread());
    return text;
}

QString UiText::eventDetails(const Event &e)
{
    return EventText::details(e);
}

QString UiText::topologyLabel(const QString &label)
{
    // The words the run's topology labels its threads and queues with (core/run, in English),
    // with an optional number after them ("reader 1"); any other label is shown as it is.
    static const char *const kWords[] = {QT_TR_NOOP("reader"),         QT_TR_NOOP("worker"),
                                         QT_TR_NOOP("trainer"),        QT_TR_NOOP("watchdog"),
                                         QT_TR_NOOP("coordinator"),    QT_TR_NOOP("stuck worker"),
                                         QT_TR_NOOP("input producer"), QT_TR_NOOP("close_on_stop"),
                                         QT_TR_NOOP("filename queue"), QT_TR_NOOP("example queue")};
    QString word = label;
    QString number;
    if (const qsizetype space = label.lastIndexOf(QLatin1Char(' ')); space > 0) {
        bool isNumber = false;
        (void)QStringView(label).mid(space + 1).toInt(&isNumber);
        if (isNumber) {
            word = label.left(space);
            number = label.mid(space + 1);
        }
    }
    for (const char *w : kWords) {
        if (word == QLatin1String(w)) {
            const QString translated = tr(w);
            return number.isEmpty() ? translated
                                    : tr("%1 %2", "a role word and its number").arg(translated, number);
        }
    }
    return label;
}

QString UiText::threadLabel(const Topology *topology, const QString &name)
{
    const TopologyThread *t = topology ? topology->thread(name) : nullptr;
    return t && !t->label.isEmpty() ? topologyLabel(t->label) : name;
}

QString UiText::queueLabel(const Topology *topology, const QString &name)
{
    const TopologyQueue *q = topology ? topology->queue(name) : nullptr;
    return q && !q->label.isEmpty() ? topologyLabel(q->label) : name;
}

} // namespace qs
